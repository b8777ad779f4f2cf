"""Persistence in SQLite: every SQL statement of the bot lives in this package."""

from bot.store.core import Defaults
from bot.store.errors import (
    GameNotFound,
    InvalidValue,
    LobbyError,
    StoreError,
    StoreOpenError,
    VersionConflict,
)
from bot.store.moves import LoggedAction
from bot.store.records import (
    GameRecord,
    GuildSettings,
    Move,
    OutboxDraft,
    OutboxEntry,
    Seat,
    SnapshotReport,
    UserSettings,
)
from bot.store.settings import KEEP
from bot.store.store import Store

__all__ = [
    "KEEP",
    "Defaults",
    "GameNotFound",
    "GameRecord",
    "GuildSettings",
    "InvalidValue",
    "LobbyError",
    "LoggedAction",
    "Move",
    "OutboxDraft",
    "OutboxEntry",
    "Seat",
    "SnapshotReport",
    "Store",
    "StoreError",
    "StoreOpenError",
    "UserSettings",
    "VersionConflict",
]
