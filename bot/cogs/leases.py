"""This process's leases on background work (bot.store.claims), shared by the background cogs.

The scheduler (reminders, timeouts, undo expiry), the computer players and the outbox delivery
each hold a game or a destination's posts only under a lease, so that with several bot
processes on one PostgreSQL every job is done by one of them. ``Leases`` keeps count of this
process's holders of each game (the scheduler may hand a game it claimed to the computer
players: the lease is let go when the last holder is done) and renews every lease it holds
while the process lives; a process that dies stops renewing, and another takes its work over
once the leases lapse (``LEASE_SECONDS``, 60 by default).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from discord.ext import commands

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

#: A background loop looks again at least this often, even with nothing due.
MAX_SLEEP = 3600.0
#: After a pass that failed, a background loop waits this long before trying what failed again.
AFTER_FAILURE = 5.0


def worker_id() -> str:
    """This process's name in the database: host, process id and a random part (a restarted
    process with a reused pid is another worker)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Leases(commands.Cog):
    """Claims games for this process, counts their holders and renews every lease it holds."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.worker = worker_id()
        self.lease = bot.settings.lease_seconds
        self.holders: dict[int, int] = {}
        self._lock = asyncio.Lock()
        self.task: asyncio.Task[None] | None = None

    @property
    def poll(self) -> float:
        """How often background work looks for jobs of processes that died (shared database)."""
        return max(0.5, self.lease / 3)

    def next_look(self, due: float | None, *, failed: bool = False) -> float:
        """When a background loop looks again: after a pause when its pass failed (what failed is
        still due), else at ``due`` (its next due moment, if any) but within ``MAX_SLEEP`` and,
        with several processes on one database, within a poll: other processes' work may fall
        to this one (their process died)."""
        now = self.bot.clock.now()
        if failed:
            return now + AFTER_FAILURE
        deadline = now + MAX_SLEEP
        if due is not None:
            deadline = min(deadline, due)
        if self.bot.store.shared:
            deadline = min(deadline, now + self.poll)
        return deadline

    async def cog_load(self) -> None:
        """Start renewing; on an SQLite file (one process) forget the leases of its last run."""
        if not self.bot.store.shared:
            await self.bot.store.release_all_claims()
        self.task = asyncio.create_task(self.renew(), name="lease renewal")

    async def cog_unload(self) -> None:
        """Stop renewing (the leases lapse by themselves)."""
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    async def renew(self) -> None:
        """Renew every lease this process holds, three times per lease."""
        while True:
            await asyncio.sleep(self.poll)
            try:
                await self.bot.store.renew_claims(self.worker, lease=self.lease)
            except Exception:  # a missed renewal is retried; the lease has room for two
                log.exception("renewing this process's leases failed")
                continue
            heartbeat = self.bot.settings.heartbeat_file
            if heartbeat is not None:
                with contextlib.suppress(OSError):
                    heartbeat.touch()

    async def claim_due(self, limit: int = 100) -> list[int]:
        """Claim games with due work that no other process holds; each must be let go."""
        async with self._lock:
            claimed = await self.bot.store.claim_due_games(
                self.worker, lease=self.lease, limit=limit
            )
            for game_id in claimed:
                self.holders[game_id] = self.holders.get(game_id, 0) + 1
        return claimed

    async def take(self, game_id: int) -> bool:
        """Hold a game (claiming it unless this process holds it already); False when another
        process holds it. Each True must be let go."""
        async with self._lock:
            store = self.bot.store
            if not self.holders.get(game_id) and not await store.claim_game(
                game_id, self.worker, lease=self.lease
            ):
                return False
            self.holders[game_id] = self.holders.get(game_id, 0) + 1
            return True

    async def let_go(self, game_id: int) -> None:
        """One holder is done with a game; the last one gives the lease back."""
        async with self._lock:
            left = self.holders.get(game_id, 0) - 1
            if left > 0:
                self.holders[game_id] = left
                return
            self.holders.pop(game_id, None)
            try:
                await self.bot.store.release_game(game_id, self.worker)
            except Exception:  # the lease lapses by itself
                log.exception("game #%s: giving its lease back failed", game_id)

    @property
    def hold(self) -> tuple[str, float]:
        """This process's claim on a game it creates (``create_game(hold=…)``)."""
        return (self.worker, self.lease)

    @contextlib.asynccontextmanager
    async def placing(self, game_id: int) -> AsyncIterator[None]:
        """While a new table is placed (its message, its thread, its first post) by this
        process, which holds the game since creating it with ``hold``: the posts of the game
        and its computer players here wait (``Settling``), and other processes leave it alone;
        afterwards the lease is given back like any other holder's."""
        async with self._lock:
            self.holders[game_id] = self.holders.get(game_id, 0) + 1
        try:
            with self.bot.settling.placing(game_id):
                yield
        finally:
            await self.let_go(game_id)

    @contextlib.asynccontextmanager
    async def game(self, game_id: int) -> AsyncIterator[bool]:
        """``async with leases.game(id) as held``: hold the game for the block if possible."""
        held = await self.take(game_id)
        try:
            yield held
        finally:
            if held:
                await self.let_go(game_id)


async def leases_of(bot: Host) -> Leases:
    """The process's Leases cog, added by whichever background cog needs it first."""
    cog = bot.get_cog("Leases")
    if cog is None:
        cog = Leases(bot)
        await bot.add_cog(cog)
    assert isinstance(cog, Leases)
    return cog
