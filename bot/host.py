"""The host the cogs run in: the bot's shared services, with no command and no cog of its own.

Settings, the store, the clock, the pool of drawing processes, where a game's posts go, what
happens after a change, the language of a server's posts. ``bot.client.PenguinBot`` adds the
wiring (loading the cogs, the error handler, syncing commands); the cogs know only this class,
so nothing imports the client and the layers have no circle.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
from collections.abc import Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.clock import Clock, SystemClock
from bot.config import Settings
from bot.play.access import BACKGROUND, open_record
from bot.play.check import SnapshotReport
from bot.play.move import Move
from bot.play.ratings import Rater
from bot.store import GameRecord, Store, StoreError
from bot.texts.mentions import CommandMentions
from render.draw import picture, warm

log = logging.getLogger(__name__)

#: How long closing waits for the commands and clicks being answered: a restart lets an answer
#: finish its follow-up work (a refreshed post, a thread's first picture) rather than cutting it
#: off half done; well inside the ten seconds a container is given to stop.
HANDLER_GRACE = 5.0
#: The names discord.py gives the tasks that run an application command, a component's
#: callback (a view's or a DynamicItem's) and a modal's submission.
HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
)


async def finish_handlers(grace: float) -> None:
    """Wait up to ``grace`` seconds for the interaction handlers running now to end."""
    here = asyncio.current_task()
    running = [
        task
        for task in asyncio.all_tasks()
        if task is not here and not task.done() and task.get_name().startswith(HANDLER_TASKS)
    ]
    if running:
        _, cut_off = await asyncio.wait(running, timeout=grace)
        if cut_off:
            log.warning("closing with %d interaction(s) still being answered", len(cut_off))


@runtime_checkable
class Speaks(Protocol):
    """The Languages cog: which language a server's public posts are in."""

    async def public_language(self, guild_id: int) -> str:
        """The server's public language."""


@runtime_checkable
class Follows(Protocol):
    """The Scheduler cog: it looks at a game again after every change."""

    def changed(self, record: GameRecord) -> None:
        """Note that a game changed."""

    def turned(self, move: Move) -> None:
        """Note a turn that queued its own direct messages."""


#: How long a person seen on a server is taken to be still there (seconds on the bot's clock):
#: Discord rate-limits member lookups; someone who left is noticed at most this much later.
MEMBER_SEEN_FOR = 300.0


class MemberCache:
    """When each person was last seen on each server, forgotten after MEMBER_SEEN_FOR."""

    #: Past this many notes, the stale ones are dropped when the next is made.
    MOST = 10_000

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._seen_at: dict[tuple[int, int], float] = {}

    def remember(self, guild_id: int, user_id: int) -> None:
        """Note that a person was just seen on a server."""
        now = self._clock.now()
        if len(self._seen_at) > self.MOST:
            stale = [key for key, at in self._seen_at.items() if now - at >= MEMBER_SEEN_FOR]
            for key in stale:
                del self._seen_at[key]
        self._seen_at[(guild_id, user_id)] = now

    def seen(self, guild_id: int, user_id: int) -> bool:
        """The person was seen on the server less than MEMBER_SEEN_FOR ago."""
        at = self._seen_at.get((guild_id, user_id))
        return at is not None and self._clock.now() - at < MEMBER_SEEN_FOR

    def forget(self, guild_id: int, user_id: int) -> None:
        """The person is known to be gone from the server."""
        self._seen_at.pop((guild_id, user_id), None)

    def __len__(self) -> int:
        return len(self._seen_at)


class Settling:
    """The games whose new table is being placed (its message, then its thread): their posts
    wait, so none lands in the channel before the thread exists."""

    def __init__(self) -> None:
        self._placing: dict[int, asyncio.Event] = {}

    @contextlib.contextmanager
    def placing(self, game_id: int) -> Iterator[None]:
        """While the block runs, posts of the game wait; after it (however it ends) they go."""
        settled = self._placing.setdefault(game_id, asyncio.Event())
        try:
            yield
        finally:
            settled.set()
            self._placing.pop(game_id, None)

    async def wait(self, game_id: int, timeout: float = 10) -> None:
        """Wait (at most ``timeout`` seconds) while the game's table is being placed."""
        settled = self._placing.get(game_id)
        if settled is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(settled.wait(), timeout=timeout)

    def __len__(self) -> int:
        return len(self._placing)


class Host(commands.Bot):
    """The penguin games bot's shared services (see the module's docstring)."""

    store: Store
    #: Where ratings are worked out and shown; they live in the database (bot.play.rater).
    ratings: Rater

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        clock: Clock | None = None,
        **options: Any,
    ) -> None:
        # Only the guilds intent: interactions carry the acting member and their locale, so no
        # privileged intent (members, presences, message content) is needed.
        intents = discord.Intents.none()
        intents.guilds = True
        # The bot never joins a voice channel: discord.py's warnings about missing voice
        # libraries (PyNaCl, davey) would only send an operator looking for a problem.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        self.settings = settings
        self._given_store = store
        #: The time reminders, timeouts and undo requests are measured on (tests move it).
        self.clock: Clock = clock or SystemClock()
        # Drawing is CPU-bound Python: in worker processes it cannot starve the event loop of
        # the GIL, so interactions are answered in time however many games post at once.
        self.drawing = ProcessPoolExecutor(
            max_workers=settings.drawing_workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=warm,
        )
        self.computers_available = False  # until the computer players' cog is loaded
        #: How posts name commands: as mentions once the synced commands' ids are known.
        self.mentions = CommandMentions.of((), {})
        #: Games whose thread is being created: their posts wait, so none lands in the channel.
        self.settling = Settling()
        #: Who was last seen on which server, and when (bot.cogs.common.still_member).
        self.members_seen = MemberCache(self.clock)
        #: The check of running games against their action logs, started by setup_hook.
        self.snapshot_check: asyncio.Task[SnapshotReport | None] | None = None

    async def close(self) -> None:
        """Let the commands and clicks being answered finish, stop background work, then close
        the store."""
        await finish_handlers(HANDLER_GRACE)
        await super().close()
        if self.snapshot_check is not None and not self.snapshot_check.done():
            self.snapshot_check.cancel()
            await asyncio.gather(self.snapshot_check, return_exceptions=True)
        self.drawing.shutdown(wait=False, cancel_futures=True)
        if self._given_store is None and hasattr(self, "store"):
            await self.store.close()

    # --- what cogs share -----------------------------------------------------------------------

    async def public_language(self, guild_id: int) -> str:
        """The language of public posts in a server: its choice (``/settings language``), else its
        Discord language, else the bot's default (the Languages cog knows; before it is loaded,
        the default)."""
        cog = self.get_cog("Languages")
        if isinstance(cog, Speaks):
            return await cog.public_language(guild_id)
        return self.settings.language

    def after_change(self, record: GameRecord) -> None:
        """Wake the background work that follows a change (delivery; computer players;
        the scheduler, which notifies whoever is to move next and their followers)."""
        self.store.outbox_ready.set()
        self.dispatch("game_changed", record)
        scheduler = self.get_cog("Scheduler")
        if isinstance(scheduler, Follows):
            scheduler.changed(record)

    def after_turn(self, move: Move) -> None:
        """Wake the background work that follows a turn, whose direct messages went with its
        commit (the scheduler only gives up the seat of a next player found gone)."""
        self.store.outbox_ready.set()
        self.dispatch("game_changed", move.record)
        scheduler = self.get_cog("Scheduler")
        if isinstance(scheduler, Follows):
            scheduler.turned(move)

    async def game_channel(self, game_id: int, fallback: int) -> int:
        """Where a game's posts go now: its thread once it has one (waiting while it is made)."""
        await self.settling.wait(game_id)
        try:
            # The bot's own delivery asks, not a person: every game is within its reach.
            record = await open_record(self.store, game_id, BACKGROUND)
        except StoreError:
            return fallback
        return record.thread_id or record.channel_id

    async def draw(self, request: Mapping[str, Any]) -> bytes:
        """A picture (render.draw.picture), drawn in a worker process."""
        return await self._off_loop(picture, dict(request))

    async def _off_loop(self, function: Any, *args: Any, **kwargs: Any) -> bytes:
        loop = asyncio.get_running_loop()
        job = functools.partial(function, *args, **kwargs)
        result: bytes = await loop.run_in_executor(self.drawing, job)
        return result
