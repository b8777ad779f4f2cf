"""Computer players: whenever one is to move, it decides in a worker process and plays.

The search runs in a process pool so the event loop (and the gateway heartbeat) never waits for
it. A computer player is given only its own seat's view, never the full game.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

from discord.ext import commands

from bot.ai import choose_action
from bot.games.base import IllegalAction
from bot.store import GameRecord, StoreError, VersionConflict
from bot.ui import announce

if TYPE_CHECKING:
    from bot.client import PenguinBot

log = logging.getLogger(__name__)


class Computers(commands.Cog):
    """Plays the seats of computer players."""

    def __init__(self, bot: PenguinBot) -> None:
        self.bot = bot
        # "spawn": a fresh interpreter per worker, nothing inherited from the running bot.
        self.pool = ProcessPoolExecutor(
            max_workers=bot.settings.ai_workers, mp_context=multiprocessing.get_context("spawn")
        )
        self.playing: dict[int, asyncio.Task[None]] = {}

    async def cog_load(self) -> None:
        """Computer players are available from now on."""
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
        """A game changed: a computer player may be next."""
        if record.status == "active":
            self.nudge(record.id)

    def nudge(self, game_id: int) -> None:
        """Make sure one task plays the computer seats of a game (never two at once)."""
        task = self.playing.get(game_id)
        if task is None or task.done():
            self.playing[game_id] = asyncio.create_task(
                self.play_for(game_id), name=f"computer players of game #{game_id}"
            )

    async def play_for(self, game_id: int) -> None:
        """Play while the seat to move belongs to a computer player."""
        store = self.bot.store
        loop = asyncio.get_running_loop()
        while True:
            record, game = await store.load_game(game_id)
            if record.status != "active" or game is None or game.to_move is None:
                return
            seat = record.player(game.to_move)
            if not seat.is_computer:
                return
            view = game.view(game.to_move)
            try:
                action = await loop.run_in_executor(
                    self.pool,
                    _decide,
                    record.kind,
                    view,
                    seat.bot_level or 2,
                    (record.seed + len(game.log)) % (1 << 63),
                    self.bot.settings.ai_budget,
                )
            except Exception:
                log.exception("the computer player of game #%s could not decide", game_id)
                return
            lang = await self.bot.public_language(record.guild_id)
            try:
                move = await store.apply_action(
                    game_id,
                    game.to_move,
                    action,
                    expected_version=record.version,
                    announce=lambda m, lang=lang: announce.move_drafts(m, lang),
                )
            except VersionConflict:
                continue  # someone resigned or the game changed meanwhile: look again
            except (IllegalAction, StoreError):
                log.exception("game #%s refused the computer's %r", game_id, action)
                return
            self.bot.after_change(move.record)


def _decide(kind: str, view: dict[str, object], level: int, seed: int, budget: float) -> str:
    """In a worker process: the computer's decision."""
    return choose_action(kind, dict(view), level, seed=seed, budget=budget)


async def setup(bot: PenguinBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Computers(bot))
