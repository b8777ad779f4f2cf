"""Persistence in SQLite: every SQL statement of the bot lives in this package.

``Store.from_settings(settings)`` opens the one database (WAL, synchronous=FULL, foreign keys,
schema migrated by ``PRAGMA user_version``). Everything else is a typed async method returning
frozen records:

- lobby: ``create_game``, ``join``, ``add_computer``, ``leave``, ``start``, ``cancel``,
  ``set_thread``, ``set_lobby_message`` (a full lobby starts by itself, seats drawn from the seed);
- play: ``load_game`` → (record, engine game), ``apply_action(..., expected_version=)`` → Move
  (one transaction; VersionConflict when stale), ``resign`` (any seat, any time),
  ``hand_to_computer``, ``action_log``, ``truncate_log``;
- undo by consent: ``request_undo``, ``undo_request``, ``approve_undo``, ``drop_undo``,
  ``expired_undos``, ``carry_out_undo``; following a game: ``follow``, ``followers``;
- lookups: ``get_game``, ``games_in_channel``, ``game_of_thread``, ``games_of_user``,
  ``games_in_guild``, ``games_due_reminder`` + ``mark_reminded``, ``games_past_deadline``,
  ``next_due_at`` (when the scheduler must wake next);
- outbox: pass ``announce=`` to a change to queue its messages in the same transaction, or
  ``enqueue``; deliver with ``pending`` / ``mark_sent`` / ``mark_failed`` (``outbox_ready`` wakes
  the sender); ``drop_if_stale`` drops a message queued for a game version that is gone;
- settings: ``user_settings`` / ``update_user_settings`` / ``note_locale``, ``guild_settings`` /
  ``update_guild_settings``, ``meta`` / ``set_meta``;
- upkeep: ``check_snapshots`` (the log wins), ``integrity_problems``, ``pragmas``.
"""

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
    UndoRequest,
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
    "UndoRequest",
    "UserSettings",
    "VersionConflict",
]
