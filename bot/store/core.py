"""What every part of the store shares: the database, the clock and the bot's defaults."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.config import AWAY_DAYS
from bot.store.connection import Connection, Database
from bot.store.outbox_rows import insert_drafts
from bot.store.records import OutboxDraft, OutboxEntry
from bot.store.rows import stamp


@dataclass(frozen=True)
class Defaults:
    """The bot's own defaults where neither a game nor its server chose (see bot.config)."""

    reminder_hours: float = 24.0
    timeout_days: float = 7.0
    away_days: int = AWAY_DAYS  # time away per person, server and calendar month


class StoreCore:
    """State shared by the store's parts (lobby, moves, queries, outbox, settings)."""

    def __init__(self, db: Database, defaults: Defaults) -> None:
        self._db = db
        self.defaults = defaults
        #: Set whenever a commit queued outbox messages: the delivery task waits on it.
        self.outbox_ready = asyncio.Event()

    @property
    def path(self) -> str:
        """Where the data is: the SQLite file, or the PostgreSQL URL without its password."""
        return self._db.name

    @property
    def shared(self) -> bool:
        """Whether other bot processes may use the same database (PostgreSQL)."""
        return self._db.shared

    async def hold_exclusive(self, name: str, seconds: float) -> None:
        """Wait until no process on this database holds the lock ``name``, then hold it for
        ``seconds`` (e.g. Discord's identify buckets across shard processes)."""
        await self._db.hold_exclusive(name, seconds)

    def _now(self, now: datetime | None = None) -> float:
        return self._db.clock() if now is None else stamp(now)

    async def _enqueue(
        self, conn: Connection, drafts: Iterable[OutboxDraft], now: float
    ) -> tuple[OutboxEntry, ...]:
        """Queue messages inside the caller's transaction (they commit with the change)."""
        entries = await insert_drafts(conn, drafts, now)
        if entries:
            # Setting it early is harmless: the delivery task reads the outbox after the commit.
            self.outbox_ready.set()
        return entries
