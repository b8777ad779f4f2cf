"""Delivering the outbox: every post a committed change queued, retried until Discord has it.

Posts go out after their change is committed; one that fails for a passing reason (5xx, a
dropped connection) is tried again later, also after a restart. Each post carries a nonce that
Discord enforces, so a post whose delivery was cut off after Discord took it is not doubled.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.cogs.leases import leases_of
from bot.cogs.threads import close_thread, reopen, unarchive
from bot.cogs.tournament_pictures import standings_files
from bot.i18n import t
from bot.play.access import BACKGROUND, open_record
from bot.store import GameRecord, OutboxEntry, StoreError
from bot.ui.buttons import buttons
from bot.ui.fit import fit, shorten

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

THREAD_ARCHIVED = 50083
#: Destinations claimed per round: far more than a healthy outbox ever holds.
SCAN = 1000


def backoff(attempts: int, first: float = 5.0) -> timedelta:
    """How long to wait before the next attempt: 5 s, 10 s, 20 s … at most 10 minutes."""
    return timedelta(seconds=min(600.0, first * 2 ** min(attempts, 30)))


class Delivery(commands.Cog):
    """The one background task that sends queued posts and DMs."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.task: asyncio.Task[None] | None = None
        #: One sender per destination (channel or DM) at a time.
        self.senders: dict[Any, asyncio.Task[None]] = {}
        #: Entries a running sender holds: a post re-addressed meanwhile (queued before its
        #: game's thread existed) is not handed to a second sender.
        self.in_hand: set[int] = set()
        #: Entries this process settled that a claim read just before may still list.
        self.settled: set[int] = set()
        #: Per game, its unsent posts to a channel or thread as last claimed: a direct message
        #: about the game waits for those queued before it (the thread tells first).
        self.posts: dict[int, list[int]] = {}

    async def cog_load(self) -> None:
        """Start delivering (also whatever was left undelivered before a restart)."""
        self.leases = await leases_of(self.bot)
        self.task = asyncio.create_task(self.run(), name="outbox delivery")

    async def cog_unload(self) -> None:
        """Stop delivering."""
        tasks = [t for t in (self.task, *self.senders.values()) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def run(self) -> None:
        """Deliver due posts whenever a change queues some or a retry falls due."""
        store = self.bot.store
        while not self.bot.is_closed():
            store.outbox_ready.clear()
            try:
                due = await self.deliver_due()
            except Exception:  # keep delivering whatever one batch did
                log.exception("outbox delivery failed")
                due = self.now() + timedelta(seconds=1)
            if store.shared:
                # Posts of a process that died fall to this one once their lease lapses.
                now = self.bot.clock.now()
                wake = now + self.leases.poll
                if due is not None:
                    wake = min(wake, max(due.timestamp(), now + 0.05))
                await self.bot.clock.sleep_until(wake, store.outbox_ready)
            elif due is None:
                await store.outbox_ready.wait()
            else:
                # At least a moment: a retry due already must not turn this into a busy loop.
                wake = max(due.timestamp(), self.bot.clock.now() + 0.05)
                await self.bot.clock.sleep_until(wake, store.outbox_ready)

    def now(self) -> datetime:
        """The bot's time (the store stamps entries on the same clock)."""
        return datetime.fromtimestamp(self.bot.clock.now(), UTC)

    async def deliver_due(self) -> datetime | None:
        """Start a sender for every destination with a post due; when the next retry falls due.

        Each destination has at most one sender, which keeps its posts in order; destinations
        do not wait for each other, so one slow thread never holds back the others.
        """
        now = self.now()
        queues = await self._queues()
        for queue in queues:
            target = (queue[0].channel_id, queue[0].user_id)
            sender = self.senders.get(target)
            # A sender's end wakes this loop again.
            held = self.post_ahead(queue[0]) or any(e.id in self.in_hand for e in queue)
            if (sender is None or sender.done()) and queue[0].next_attempt_at <= now and not held:
                self.in_hand.update(entry.id for entry in queue)
                self.senders[target] = asyncio.create_task(
                    self._send_queue(queue, now), name=f"outbox to {target}"
                )
        waiting = [q[0].next_attempt_at for q in queues if q[0].next_attempt_at > now]
        # A retry not due yet is claimed by nobody: wake for the earliest (one due now but
        # held by another process is that process's to send).
        upcoming = await self.bot.store.next_attempt_at()
        if upcoming is not None and upcoming > now:
            waiting.append(upcoming)
        return min(waiting, default=None)

    async def _send_queue(self, queue: list[OutboxEntry], now: datetime) -> None:
        try:
            await self._deliver_in_order(queue, now)
        except Exception:
            log.exception("outbox delivery to %s failed", queue[0].channel_id or queue[0].user_id)
        finally:
            self.in_hand.difference_update(entry.id for entry in queue)
            if self.bot.store.shared:
                # What is left waits for a retry: any process may make it.
                with contextlib.suppress(Exception):
                    await self.bot.store.release_outbox(
                        [entry.id for entry in queue], self.leases.worker
                    )
            self.bot.store.outbox_ready.set()  # look again: more may have come meanwhile

    async def _queues(self) -> list[list[OutboxEntry]]:
        """Every unsent entry of the destinations this process holds (claimed: with several
        processes on one database, one of them sends a destination's posts), one queue per
        destination, oldest first."""
        # Entries not due yet are claimed too: a post waiting for its retry holds back the
        # later posts to the same place, which would otherwise overtake it.
        claimed = await self.bot.store.claim_outbox(
            self.leases.worker, lease=self.leases.lease, limit=SCAN
        )
        # A sender may have settled some of them while they were read: not twice.
        entries = [entry for entry in claimed if entry.id not in self.settled]
        self.settled &= {entry.id for entry in claimed}
        by_target: dict[Any, list[OutboxEntry]] = defaultdict(list)
        posts: dict[int, list[int]] = defaultdict(list)
        for entry in sorted(entries, key=lambda e: e.id):
            by_target[(entry.channel_id, entry.user_id)].append(entry)
            if entry.user_id is None and entry.game_id is not None:
                posts[entry.game_id].append(entry.id)
        self.posts = posts
        return list(by_target.values())

    def post_ahead(self, entry: OutboxEntry) -> bool:
        """Whether a direct message must wait: a post about its game queued before it is not
        in the thread yet (the final post goes before the "game over" message)."""
        if entry.user_id is None or entry.game_id is None:
            return False
        ahead = self.posts.get(entry.game_id, ())
        return any(post < entry.id and post not in self.settled for post in ahead)

    async def _deliver_in_order(self, queue: list[OutboxEntry], now: datetime) -> None:
        for entry in queue:
            if entry.next_attempt_at > now or self.post_ahead(entry):
                return  # keep the order: the next look starts again from this one
            if not await self.deliver(entry):
                return  # keep the order: later posts wait for this one's retry
            self.settled.add(entry.id)

    async def deliver(self, entry: OutboxEntry) -> bool:
        """Send one entry; record the outcome. True when it is settled (sent or given up)."""
        store = self.bot.store
        if entry.for_version is not None and await store.drop_if_stale(entry.id):
            # A reminder or "your turn" held up (a retry, a rate limit) until the game moved on:
            # sent now it would ping someone for a turn that is over.
            log.info("outbox #%s: game #%s moved on meanwhile; dropped", entry.id, entry.game_id)
            return True
        kwargs = await self._compose(entry)
        # Asked after the drawing, which may take seconds on a busy machine: long enough for a
        # lease to lapse and another process to take the post over (and send it).
        if not await self._still_mine(entry):
            return True  # sent meanwhile, or taken over by another process: theirs now
        try:
            message = await self._send(entry, kwargs)
        except discord.Forbidden as error:
            await self._forbidden(entry, error)
            return True
        except discord.NotFound as error:
            log.warning("outbox #%s: the destination is gone (%s); giving up", entry.id, error)
            await store.mark_failed(entry.id, f"not found: {error.text}")
            return True
        except (discord.HTTPException, OSError, TimeoutError) as error:
            retry = self.now() + backoff(entry.attempts, self.bot.settings.retry_seconds)
            log.warning("outbox #%s failed (%s); retrying at %s", entry.id, error, retry)
            await store.mark_failed(entry.id, str(error)[:500], retry_at=retry)
            return False
        try:
            await store.mark_sent(entry.id, message.id if message else None)
        except StoreError as error:
            if error.code != "message_settled":
                raise
            # Its lease lapsed mid-send and the process that took it over sent it too: the
            # nonce made Discord hand back this same message, so nothing was doubled.
            log.info("outbox #%s: settled by another process meanwhile", entry.id)
        return True

    async def _still_mine(self, entry: OutboxEntry) -> bool:
        """Whether this process still holds the post (renewing its lease); always on SQLite,
        where one process serves the database."""
        leases = self.leases
        store = self.bot.store
        return not store.shared or await store.still_holds_post(
            entry.id, leases.worker, lease=leases.lease
        )

    async def _forbidden(self, entry: OutboxEntry, error: discord.Forbidden) -> None:
        store = self.bot.store
        if entry.user_id is not None:
            # DMs closed (50007): remember it and stop trying, nothing else fails.
            await store.update_user_settings(entry.user_id, dms_closed=True)
        else:
            log.warning("outbox #%s: no permission in channel %s", entry.id, entry.channel_id)
        await store.mark_failed(entry.id, f"forbidden: {error.text}")

    async def _compose(self, entry: OutboxEntry) -> dict[str, Any]:
        """The message's parts, its picture drawn."""
        payload = dict(entry.payload)
        # Commands are named as mentions: clickable in every reader's client language.
        text = self.bot.mentions.mention(payload.get("text", ""), payload.get("lang"))
        kwargs: dict[str, Any] = {
            "content": shorten(text, keep_last=payload.get("status_lines", 0)),
            "nonce": f"ob{entry.id}",
            "allowed_mentions": discord.AllowedMentions(users=True, everyone=False, roles=False),
        }
        if entry.kind == "turn":
            png = await self.bot.draw({**payload, "picture": "table"})
            name = f"game-{payload['game_id']}-{payload['view'].get('turn', 0)}.png"
            kwargs["files"] = [discord.File(io.BytesIO(png), filename=name)]
            view = buttons_for(payload)
            if view is not None:
                kwargs["view"] = view
        elif entry.kind == "animation":
            data = await self.bot.draw({**payload, "picture": "replay"})
            kwargs["files"] = [discord.File(io.BytesIO(data), filename=payload["filename"])]
        elif entry.kind == "standings":
            kwargs["files"] = await standings_files(self.bot, payload)
        return kwargs

    async def _send(self, entry: OutboxEntry, kwargs: dict[str, Any]) -> discord.Message | None:
        if entry.user_id is not None:
            user = self.bot.get_user(entry.user_id) or await self.bot.fetch_user(entry.user_id)
            return await user.send(**fit(**kwargs))
        assert entry.channel_id is not None
        target = entry.channel_id
        if entry.game_id is not None:
            target = await self.bot.game_channel(entry.game_id, entry.channel_id)
        channel = self.bot.get_partial_messageable(target)
        await reopen(self.bot, target)
        try:
            sent = await channel.send(**fit(**kwargs))
            if entry.payload.get("close_thread"):
                await close_thread(self.bot, target)
            return sent
        except discord.Forbidden:
            record = (
                None
                if entry.game_id is None
                else await open_record(self.bot.store, entry.game_id, BACKGROUND)
            )
            if record is None or record.thread_id != target:
                raise
            return await self._send_beside(record, entry, kwargs)
        except discord.HTTPException as error:
            if error.code != THREAD_ARCHIVED:
                raise
        await unarchive(self.bot, target)
        for file in kwargs.get("files", ()):
            file.reset()
        return await channel.send(**fit(**kwargs))

    async def _send_beside(
        self, record: GameRecord, entry: OutboxEntry, kwargs: dict[str, Any]
    ) -> discord.Message:
        """The game's thread refuses the bot (a permission taken away): post in the channel the
        game was started in, saying why, rather than leave the players without the turn."""
        # Only a turn's post carries its language.
        lang = entry.payload.get("lang") or await self.bot.public_language(record.guild_id)
        note = t(
            lang,
            "(I may not post in the thread of game #{id}, so its posts come here until someone "
            "gives me back Send Messages in Threads.)",
            id=record.id,
        )
        kwargs["content"] = shorten(
            f"{note}\n{kwargs['content']}", keep_last=entry.payload.get("status_lines", 0)
        )
        for file in kwargs.get("files", ()):
            file.reset()
        try:
            return await self.bot.get_partial_messageable(record.channel_id).send(**fit(**kwargs))
        except discord.Forbidden:
            log.warning(
                "game #%s: no permission to post in its thread %s nor in its channel %s",
                record.id,
                record.thread_id,
                record.channel_id,
            )
            raise


def buttons_for(payload: dict[str, Any]) -> discord.ui.View | None:
    """The buttons under a post: My hand during an Ultimatum game, Rematch at the end."""
    wanted = list(payload.get("buttons") or [])
    return buttons(wanted, payload["game_id"], payload.get("lang", "en")) if wanted else None


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Delivery(bot))
