"""Persistence in SQLite or PostgreSQL: every SQL statement of the bot lives in this package.

The store knows no rules: it imports nothing of bot.games, bot.play, bot.texts, the Discord
layer or render (a test and the import contracts keep it so). A game's engine state reaches it
as a ``Position`` (snapshot text and the facts it indexes) made by bot.play; where a change
needs the rules inside its transaction (starting a full table, checking the log), the caller
hands in a pure function (``Opening``, ``Rebuild``).

``Store.from_settings(settings)`` opens the one database: PostgreSQL when ``DATABASE_URL`` is
set (bot.store.postgres), else the SQLite file (WAL, synchronous=FULL, foreign keys, schema
migrated by ``PRAGMA user_version``); the SQL is written once for both (bot.store.connection).
Everything else is a typed async method returning frozen records
(``bot.store.protocol.GameStore`` lists them):

- lobby: ``create_game``, ``join``, ``add_computer``, ``leave``, ``start``, ``cancel``,
  ``set_thread``, ``set_lobby_message`` (a full lobby starts by itself through ``opening``);
- play: ``load`` → (record, snapshot text), ``commit_turn(..., expected_version=)`` (one short
  transaction; VersionConflict when stale), ``hand_to_computer``, ``action_log``, ``cut_log``;
- undo by consent: ``request_undo``, ``undo_request``, ``posted_undo`` (where its question is),
  ``approve_undo``, ``drop_undo``, ``expired_undos``, ``carry_out_undo``; following a game:
  ``follow``, ``followers``;
- lookups: ``get_game``, ``games_in_channel``, ``game_of_thread``, ``games_of_user``,
  ``games_in_guild``, ``games_due_reminder`` + ``mark_reminded``, ``games_past_deadline``,
  ``next_due_at`` (when the scheduler must wake next);
- outbox: pass ``announce=`` to a change to queue its messages in the same transaction, or
  ``enqueue``; deliver with ``pending`` / ``mark_sent`` / ``mark_failed`` (``outbox_ready`` wakes
  the sender); ``drop_if_stale`` drops a message queued for a game version that is gone;
- settings: ``user_settings`` / ``update_user_settings`` / ``note_locale``, ``guild_settings`` /
  ``update_guild_settings``, ``meta`` / ``set_meta``;
- ratings: a finished game's result rides on its ``Position`` (kept with the change that
  finishes it, dropped by the undo that reopens it); ``results``, ``result_of``,
  ``start_season``, ``season_starts``, ``on_global_board`` (who opted in, ``/ratings privacy``);
- upkeep: ``check_snapshots`` (the log wins), ``integrity_problems``, ``pragmas``;
- several processes: ``claim_due_games`` / ``claim_game`` / ``claim_outbox``, ``renew_claims``,
  ``release_game`` / ``release_outbox`` (bot.store.claims), ``hold_exclusive``;
- moving over: ``python -m bot.admin copy --to postgresql://…`` (bot.store.copy).
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
from bot.store.moves import LoggedAction
from bot.store.records import (
    GameRecord,
    GuildSettings,
    Opening,
    OutboxDraft,
    OutboxEntry,
    Position,
    SeasonStart,
    Seat,
    SnapshotReport,
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
    "GameRecord",
    "GuildSettings",
    "InvalidValue",
    "LobbyError",
    "LoggedAction",
    "NoDaysLeft",
    "Opening",
    "OutboxDraft",
    "OutboxEntry",
    "Position",
    "SeasonStart",
    "Seat",
    "SnapshotReport",
    "Store",
    "StoreError",
    "StoreOpenError",
    "StoredResult",
    "UndoPost",
    "UndoRequest",
    "UserSettings",
    "VersionConflict",
]
