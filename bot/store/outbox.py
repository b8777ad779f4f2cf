"""The outbox: Discord messages queued with the change they announce, sent after the commit."""

from __future__ import annotations

from datetime import datetime

from bot.store.core import OUTBOX_COLUMNS, StoreCore, entry_of_row
from bot.store.errors import StoreError
from bot.store.queries import HOT_QUERIES
from bot.store.records import OutboxDraft, OutboxEntry
from bot.store.rows import maybe_when, stamp

#: What a settled post keeps: no drawing data, no text, no lease (only exactly-once's part).
SETTLE = "payload = '{}', claimed_by = NULL, claimed_until = NULL"
#: Why an unsent message was dropped by ``drop_if_stale`` (its last_error).
STALE = "stale: the game changed since this was queued"


class OutboxMixin(StoreCore):
    """Queue, list and settle outgoing messages (retried after a restart until settled)."""

    async def enqueue(self, *drafts: OutboxDraft) -> tuple[OutboxEntry, ...]:
        """Queue messages on their own (changes queue theirs through ``announce``)."""
        async with self._db.transaction() as conn:
            return await self._enqueue(conn, drafts, self._now())

    async def pending(self, now: datetime | None = None, limit: int = 50) -> list[OutboxEntry]:
        """Unsent messages whose next attempt is due, oldest first."""
        sql = HOT_QUERIES["outbox_pending"][0]
        rows = await self._db.fetchall(sql, (self._now(now), limit))
        return [entry_of_row(row) for row in rows]

    async def next_attempt_at(self) -> datetime | None:
        """When the earliest unsent message is due (None: nothing waits), to sleep until then."""
        rows = await self._db.fetchall(
            "SELECT min(next_attempt_at) AS due FROM outbox "
            "WHERE sent_at IS NULL AND gave_up_at IS NULL"
        )
        due = rows[0]["due"] if rows else None
        return maybe_when(due)

    async def mark_sent(self, entry_id: int, message_id: int | None = None) -> None:
        """Record that a message was delivered (with the Discord message id, if any); the
        post keeps only its key and message id, and gives its lease back."""
        await self._settle(
            entry_id,
            f"UPDATE outbox SET sent_at = ?, message_id = ?, {SETTLE} "
            "WHERE id = ? AND sent_at IS NULL AND gave_up_at IS NULL",
            (self._now(), message_id, entry_id),
        )

    async def mark_failed(
        self, entry_id: int, error: str, retry_at: datetime | None = None
    ) -> None:
        """Record a failed attempt: try again at ``retry_at``, or give up when it is None."""
        now = self._now()
        if retry_at is None:
            sql = (
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, gave_up_at = ?, "
                f"{SETTLE} WHERE id = ? AND sent_at IS NULL AND gave_up_at IS NULL"
            )
            params: tuple[object, ...] = (error, now, entry_id)
        else:
            sql = (
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? "
                "WHERE id = ? AND sent_at IS NULL AND gave_up_at IS NULL"
            )
            params = (error, stamp(retry_at), entry_id)
        await self._settle(entry_id, sql, params)

    async def drop_if_stale(self, entry_id: int) -> bool:
        """Give up an unsent message queued for a version its game has left (or a game that
        is gone); whether it was dropped. Messages not bound to a version are never stale."""
        dropped = await self._db.write_one(
            f"UPDATE outbox SET gave_up_at = ?, last_error = ?, {SETTLE} "
            "WHERE id = ? AND sent_at IS NULL AND gave_up_at IS NULL AND for_version IS NOT NULL "
            "AND for_version IS NOT (SELECT version FROM games WHERE games.id = outbox.game_id)",
            (self._now(), STALE, entry_id),
        )
        return dropped == 1

    async def get_outbox_entry(self, entry_id: int) -> OutboxEntry:
        """One outbox entry, whatever its state."""
        rows = await self._db.fetchall(
            f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE id = ?", (entry_id,)
        )
        if not rows:
            raise StoreError("no_message", f"there is no queued message #{entry_id}", id=entry_id)
        return entry_of_row(rows[0])

    async def _settle(self, entry_id: int, sql: str, params: tuple[object, ...]) -> None:
        # One statement on its own: delivery settles a post per message it sends, so this is
        # on every turn's path. A settled entry stays settled, so the reason read after a miss
        # is still the reason.
        if await self._db.write_one(sql, params) == 1:
            return
        rows = await self._db.fetchall(
            "SELECT sent_at, gave_up_at FROM outbox WHERE id = ?", (entry_id,)
        )
        if not rows:
            raise StoreError("no_message", f"there is no queued message #{entry_id}", id=entry_id)
        state = "sent" if rows[0]["sent_at"] is not None else "given up"
        raise StoreError(
            "message_settled",
            f"queued message #{entry_id} was already {state}",
            id=entry_id,
            state=state,
        )
