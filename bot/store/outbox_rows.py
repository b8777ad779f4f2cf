"""Outbox rows: inserting drafts (inside any transaction) and reading entries back."""

from __future__ import annotations

import json
from collections.abc import Iterable
from types import MappingProxyType

from bot.store.connection import Connection, Row
from bot.store.errors import InvalidValue
from bot.store.records import OutboxDraft, OutboxEntry
from bot.store.rows import from_row

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


async def insert_drafts(
    conn: Connection, drafts: Iterable[OutboxDraft], now: float
) -> tuple[OutboxEntry, ...]:
    """Queue drafts; one whose dedupe_key is already queued (or was sent) is skipped."""
    entries: list[OutboxEntry] = []
    for draft in drafts:
        if draft.for_version is not None and draft.game_id is None:
            raise InvalidValue(
                "outbox_version", "a message for a version of a game needs that game (game_id)"
            )
        rows = list(
            await conn.execute_fetchall(
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
        )
        entries.extend(entry_of_row(row) for row in rows)
    return tuple(entries)
