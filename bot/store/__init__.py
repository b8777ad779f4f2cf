"""Persistence in SQLite or PostgreSQL: every SQL statement of the bot lives in this package.

The store knows no rules: it imports nothing of bot.games, bot.play, bot.texts, the Discord
layer or render (a test and the import contracts keep it so). A game's engine state reaches it
as a ``Position`` (snapshot text and the facts it indexes) made by bot.play; where a change
needs the rules inside its transaction (starting a full table, rebuilding the ratings), the
caller hands them in (``Opening``, ``bot.store.ratings.Rebuild``).

``Store.from_settings(settings)`` opens the one database: PostgreSQL when ``DATABASE_URL`` is
set (bot.store.postgres), else the SQLite file (WAL, synchronous=FULL, foreign keys, schema
migrated by ``PRAGMA user_version``); the SQL is written once for both (bot.store.connection).
Everything else is a typed async method of ``Store``, one part per module (lobby, moves,
queries, outbox, settings, consent, follows, claims, ratings, boards, away, copy),
returning the frozen records of ``bot.store.records``; the rest of the bot is typed against
``Store`` itself. A change that queues posts takes ``announce=`` and queues them in its own
transaction.
"""

from bot.store.away import AwayOutcome, NoDaysLeft
from bot.store.core import Defaults
from bot.store.errors import (
    GameNotFound,
    InvalidValue,
    LobbyError,
    StoreError,
    StoreOpenError,
    VersionConflict,
)
from bot.store.logs import LoggedAction
from bot.store.queries import GamePage
from bot.store.records import (
    GameRecord,
    GuildSettings,
    NewGame,
    Opening,
    OutboxDraft,
    OutboxEntry,
    Position,
    RatedGame,
    RatingChange,
    RatingRow,
    SeasonStart,
    Seat,
    StoredGame,
    StoredResult,
    UndoPost,
    UndoRequest,
    UserSettings,
)
from bot.store.settings import KEEP
from bot.store.store import Store

__all__ = [
    "KEEP",
    "AwayOutcome",
    "Defaults",
    "GameNotFound",
    "GamePage",
    "GameRecord",
    "GuildSettings",
    "InvalidValue",
    "LobbyError",
    "LoggedAction",
    "NewGame",
    "NoDaysLeft",
    "Opening",
    "OutboxDraft",
    "OutboxEntry",
    "Position",
    "RatedGame",
    "RatingChange",
    "RatingRow",
    "SeasonStart",
    "Seat",
    "Store",
    "StoreError",
    "StoreOpenError",
    "StoredGame",
    "StoredResult",
    "UndoPost",
    "UndoRequest",
    "UserSettings",
    "VersionConflict",
]
