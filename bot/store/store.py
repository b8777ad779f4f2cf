"""The Store: every game, seat, move, queued message and setting, behind typed async methods."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from bot.config import Settings
from bot.store.check import CheckMixin
from bot.store.consent import ConsentMixin
from bot.store.core import Defaults
from bot.store.db import Database, Synchronous
from bot.store.follows import FollowsMixin
from bot.store.lobby import LobbyMixin
from bot.store.moves import MovesMixin
from bot.store.outbox import OutboxMixin
from bot.store.queries import QueriesMixin
from bot.store.results import ResultsMixin
from bot.store.settings import SettingsMixin


class Store(
    LobbyMixin,
    MovesMixin,
    QueriesMixin,
    OutboxMixin,
    SettingsMixin,
    CheckMixin,
    FollowsMixin,
    ConsentMixin,
    ResultsMixin,
):
    """The bot's persistence: one SQLite database, opened once, shared by everything."""

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        defaults: Defaults | None = None,
        clock: Callable[[], float] = time.time,
        synchronous: Synchronous = "FULL",
    ) -> Store:
        """Open the database (creating it and its folder if needed) and migrate it.

        Raises StoreOpenError with a clear message if the file cannot be used or was written by
        a newer version of the bot. Nothing is loaded eagerly. ``synchronous`` stays FULL in
        the bot (every committed move survives a power cut); lower is for throw-away databases.
        """
        db = await Database.open(Path(path), clock=clock, synchronous=synchronous)
        return cls(db, defaults or Defaults())

    @classmethod
    async def from_settings(
        cls, settings: Settings, *, clock: Callable[[], float] = time.time
    ) -> Store:
        """Open the database the bot's settings name, with their reminder and timeout defaults."""
        return await cls.open(
            settings.database,
            defaults=Defaults(
                reminder_hours=settings.reminder_hours, timeout_days=settings.timeout_days
            ),
            clock=clock,
        )

    async def pragmas(self) -> dict[str, Any]:
        """journal_mode, synchronous (2 = FULL), foreign_keys, busy_timeout and user_version."""
        return await self._db.pragmas()

    async def integrity_problems(self) -> list[str]:
        """Damage SQLite finds in the file or dangling references (empty: none)."""
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
