"""The Store: every game, seat, move, queued message and setting, behind typed async methods."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from bot.config import Settings
from bot.store.away import AwayMixin
from bot.store.boards import BoardsMixin
from bot.store.claims import ClaimsMixin
from bot.store.connection import Database
from bot.store.consent import ConsentMixin
from bot.store.copy import CopyMixin
from bot.store.core import Defaults
from bot.store.db import SqliteDatabase, Synchronous
from bot.store.follows import FollowsMixin
from bot.store.lobby import LobbyMixin
from bot.store.moves import MovesMixin
from bot.store.outbox import OutboxMixin
from bot.store.postgres import PostgresDatabase
from bot.store.queries import QueriesMixin
from bot.store.ratings import RatingsMixin
from bot.store.settings import SettingsMixin
from bot.store.tournament_runs import TournamentRunsMixin
from bot.store.tournaments import TournamentsMixin


class Store(
    LobbyMixin,
    MovesMixin,
    QueriesMixin,
    OutboxMixin,
    SettingsMixin,
    FollowsMixin,
    ConsentMixin,
    ClaimsMixin,
    RatingsMixin,
    BoardsMixin,
    AwayMixin,
    CopyMixin,
    TournamentsMixin,
    TournamentRunsMixin,
):
    """The bot's persistence: one database (SQLite or PostgreSQL), opened once, shared by
    everything. The parts' SQL runs on either (``bot.store.connection``)."""

    _db: Database

    @classmethod
    async def open(
        cls,
        target: str | Path,
        *,
        defaults: Defaults | None = None,
        clock: Callable[[], float] = time.time,
        synchronous: Synchronous = "FULL",
        pool_size: int = 10,
    ) -> Store:
        """Open and migrate the database: a ``postgresql://`` URL is a PostgreSQL database (a
        pool of ``pool_size`` connections), anything else an SQLite file's path (created with
        its folder if needed).

        Raises StoreOpenError with a clear message if it cannot be used, is not the bot's or was
        written by a newer version of the bot. Nothing is loaded eagerly. ``synchronous`` stays
        FULL in the bot (every committed move survives a power cut); lower is for throw-away
        SQLite databases.
        """
        db: Database
        if is_postgres_url(str(target)):
            db = await PostgresDatabase.open(str(target), clock=clock, max_size=pool_size)
        else:
            db = await SqliteDatabase.open(Path(target), clock=clock, synchronous=synchronous)
        return cls(db, defaults or Defaults())

    @classmethod
    async def from_settings(
        cls, settings: Settings, *, clock: Callable[[], float] = time.time
    ) -> Store:
        """Open the database the bot's settings name (``DATABASE_URL``, else the SQLite file
        ``DATABASE_PATH``), with their reminder and timeout defaults."""
        return await cls.open(
            settings.database_url or settings.database,
            defaults=Defaults(
                reminder_hours=settings.reminder_hours,
                timeout_days=settings.timeout_days,
                away_days=settings.away_days,
            ),
            clock=clock,
        )

    async def pragmas(self) -> dict[str, Any]:
        """SQLite: journal_mode, synchronous (2 = FULL), foreign_keys, busy_timeout and
        user_version; PostgreSQL: the schema version (as user_version) and durability settings."""
        return await self._db.pragmas()

    async def integrity_problems(self) -> list[str]:
        """Damage the database finds or dangling references (empty: none)."""
        return await self._db.integrity_problems()

    async def close(self) -> None:
        """Close the database."""
        await self._db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.close()


def is_postgres_url(target: str) -> bool:
    """Whether a database setting names a PostgreSQL server rather than an SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))
