"""What every part of the store shares: the database, the clock, the bot's defaults, and
queueing posts with the change they announce (the outbox's rows, read back as entries)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType

from bot.config import AWAY_DAYS
from bot.store.connection import Connection, Database, Row
from bot.store.errors import InvalidValue
from bot.store.records import OutboxDraft, OutboxEntry
from bot.store.rows import from_row, stamp

OUTBOX_COLUMNS = (
    "id, kind, payload, channel_id, user_id, game_id, dedupe_key, created_at, next_attempt_at, "
    "attempts, last_error, sent_at, message_id, gave_up_at, for_version"
)


def entry_of_row(row: Row) -> OutboxEntry:
    """An outbox entry from a row selected with OUTBOX_COLUMNS."""
    return from_row(OutboxEntry, row, payload=MappingProxyType(json.loads(row["payload"])))


def _payload(draft: OutboxDraft) -> str:
    if (draft.channel_id is None) == (draft.user_id is None):
        raise InvalidValue(
            "outbox_target",
            "a message goes either to a channel (channel_id) or to a person (user_id)",
        )
    try:
        return json.dumps(dict(draft.payload), separators=(",", ":"), sort_keys=True)
    except (TypeError, ValueError) as error:
        raise InvalidValue(
            "outbox_payload", f"a message's payload must be plain JSON data: {error}"
        ) from error


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
        """Queue messages inside the caller's transaction (they commit with the change); one
        whose dedupe_key is already queued (or was sent) is skipped."""
        entries: list[OutboxEntry] = []
        for draft in drafts:
            if draft.for_version is not None and draft.game_id is None:
                raise InvalidValue(
                    "outbox_version", "a message for a version of a game needs that game (game_id)"
                )
            rows = await conn.execute_fetchall(
                "INSERT INTO outbox (kind, payload, channel_id, user_id, game_id, dedupe_key, "
                "created_at, next_attempt_at, for_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                f"ON CONFLICT (dedupe_key) DO NOTHING RETURNING {OUTBOX_COLUMNS}",
                (
                    draft.kind,
                    _payload(draft),
                    draft.channel_id,
                    draft.user_id,
                    draft.game_id,
                    draft.dedupe_key,
                    now,
                    now,
                    draft.for_version,
                ),
            )
            entries.extend(entry_of_row(row) for row in rows)
        if entries:
            # Setting it early is harmless: the delivery task reads the outbox after the commit.
            self.outbox_ready.set()
        return tuple(entries)
