"""Computer players: whenever one is to move, it decides in a worker process and plays.

The search runs in a process pool so the event loop (and the gateway heartbeat) never waits for
it. A computer player is given only its own seat's view, never the full game.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, cast

from discord.ext import commands

from bot.ai import choose_action
from bot.cogs.common import notifier
from bot.cogs.leases import leases_of
from bot.games.base import Game, IllegalAction
from bot.play.access import BACKGROUND, open_game
from bot.play.move import Move
from bot.play.turns import act
from bot.store import GameRecord, StoreError, VersionConflict
from bot.texts import announce
from bot.texts.alone import alone_drafts, computers_alone

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)


class Computers(commands.Cog):
    """Plays the seats of computer players."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.pool = new_pool(bot.settings.ai_workers)
        self.playing: dict[int, asyncio.Task[None]] = {}
        self.recheck: set[int] = set()  # games changed while their task was already looking
        #: The version each game's task last made itself: its own change needs no second look.
        self.made: dict[int, int] = {}
        self.fallback: set[int] = set()  # games whose computer must decide at random once

    async def cog_load(self) -> None:
        """Computer players are available from now on."""
        self.leases = await leases_of(self.bot)
        self.bot.computers_available = True

    async def cog_unload(self) -> None:
        """Stop thinking; the games wait for the next start."""
        for task in self.playing.values():
            task.cancel()
        await asyncio.gather(*self.playing.values(), return_exceptions=True)
        self.pool.shutdown(wait=False, cancel_futures=True)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a (re)start: move for every computer player whose turn it is."""
        for guild in self.bot.guilds:
            for record in await self.bot.store.games_in_guild(guild.id, ("active",)):
                self.nudge(record.id)

    @commands.Cog.listener()
    async def on_game_changed(self, record: GameRecord) -> None:
        """A game changed: a computer player may be next (the changed record says whose turn it
        is, so a person's turn costs no read; a task already looking reads again)."""
        if record.status != "active" or self.made.get(record.id) == record.version:
            return
        seat = record.to_move_seat
        task = self.playing.get(record.id)
        if (seat is not None and record.player(seat).is_computer) or (task and not task.done()):
            self.nudge(record.id)

    def nudge(self, game_id: int, *, changed: bool = True) -> None:
        """Make sure one task plays the computer seats of a game (never two at once); a task
        already running reads the game again if it ``changed`` (not for a periodic look)."""
        task = self.playing.get(game_id)
        if task is None or task.done():
            # Named apart in the logs: a periodic look may find the computer has moved already.
            name = f"computer players of game #{game_id}" + ("" if changed else ", a periodic look")
            self.playing[game_id] = asyncio.create_task(self.play_for(game_id), name=name)
        elif changed:
            self.recheck.add(game_id)  # the running task may have read the game before this

    async def play_for(self, game_id: int) -> None:
        """Play while the seat to move belongs to a computer player, holding the game's lease
        (with several processes, the one that holds it plays; the others leave it alone).
        A table this process is placing is waited for: its first post goes before any move."""
        await self.bot.settling.wait(game_id)
        async with self.leases.game(game_id) as held:
            if held:
                await self._play_for(game_id)

    async def _play_for(self, game_id: int) -> None:
        store = self.bot.store
        after: Move | None = None  # the game as this task's last move left it
        while True:
            game: Game | None
            if after is not None and game_id not in self.recheck:
                record, game = after.record, after.game
            else:
                self.recheck.discard(game_id)
                record, game = await open_game(store, game_id, BACKGROUND)
            after = None
            mover = None if game is None else game.to_move
            if record.status != "active" or game is None or mover is None:
                self.made.pop(game_id, None)
                return
            if not record.player(mover).is_computer:
                if game_id in self.recheck:
                    continue  # changed while it was read: look once more
                return
            action = await self.decide(record, game)
            lang = await self.bot.public_language(record.guild_id)
            # Left alone, the computers' moves are told in one post at the end, not each.
            drafts = alone_drafts if computers_alone(record, game) else announce.move_drafts
            try:
                move = await act(
                    store,
                    record,
                    game,
                    mover,
                    action,
                    announce=functools.partial(drafts, lang=lang),
                    notify=notifier(self.bot),
                )
            except VersionConflict:
                continue  # someone resigned or the game changed meanwhile: look again
            except (IllegalAction, StoreError) as error:
                # The action text may name a card of the computer's hand: log the reason only.
                log.error("game #%s refused the computer player's action (%s)", game_id, error)
                if isinstance(error, IllegalAction) and action not in game.legal_actions():
                    self.fallback.add(game_id)  # decide at random next time round
                    continue
                return
            self.made[game_id] = move.record.version
            self.bot.after_turn(move)
            after = move  # read again only if someone else changes it meanwhile

    async def decide(self, record: GameRecord, game: Game) -> str:
        """The computer player's action, from its seat's view in a worker process.

        Should the search fail (a crashed worker, a bug), the seat plays a random legal action
        rather than stall the game for everyone; the failure is logged.
        """
        assert game.to_move is not None
        seat = record.player(game.to_move)
        legal = game.legal_actions()
        rng = random.Random(computer_seed(record.seed, len(game.log), record.version))
        if record.id in self.fallback:
            self.fallback.discard(record.id)
            return rng.choice(legal)
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self.pool,
                decide,
                record.kind,
                game.view(game.to_move),
                seat.bot_level or 2,
                rng.randrange(1 << 63),
                self.bot.settings.ai_budget,
            )
        except Exception as error:
            log.exception("the computer player of game #%s could not decide", record.id)
            if isinstance(error, BrokenProcessPool | RuntimeError):  # a dead or shut pool
                self.pool = new_pool(self.bot.settings.ai_workers)
            return rng.choice(legal)


def computer_seed(seed: int, played: int, version: int) -> int:
    """The seed of a computer decision: from the game's seed, the log length and the game's
    version, but unrelated to the deal's own random numbers (the game's seed never reaches the
    worker). The version grows with every change, undos included, so a position reached again
    after an undo is thought about afresh instead of replaying the move taken back."""
    digest = hashlib.sha256(f"computer/{seed}/{played}/{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def new_pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes for the search; "spawn": a fresh interpreter, nothing inherited."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


def decide(kind: str, view: dict[str, object], level: int, seed: int, budget: float) -> str:
    """In a worker process: the computer's decision."""
    return choose_action(kind, dict(view), level, seed=seed, budget=budget)


def computers_of(bot: Host) -> Computers | None:
    """The running Computers cog, or None where computer players are not loaded (by name, then
    cast, as bot.cogs.common.loaded_cog says why)."""
    cog = bot.get_cog("Computers")
    return None if cog is None else cast(Computers, cog)


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Computers(bot))
