"""Claiming background work on PostgreSQL: leases taken with ``FOR UPDATE SKIP LOCKED``.

The design is in ``bot.store.postgres_schema``'s docstring. A claim returns the ids this process
now holds until ``now + lease``; ``renew`` extends a lease still held, ``release`` gives a row
back, ``finish_outbox`` marks a post sent — each fenced by ``claimed_by`` so that a process whose
lease lapsed (and whose row another process may have claimed since) changes nothing.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

Table = Literal["games", "outbox"]

# A game has due work when a reminder or the deadline passed, a computer player is to move, or
# an undo request waiting for consent expired.
_GAME_DUE = """
    status = 'active' AND (
        next_reminder_at <= $1
        OR deadline_at <= $1
        OR EXISTS (
            SELECT 1 FROM seats
            WHERE seats.game_id = games.id AND seats.seat = games.to_move_seat
                AND seats.bot_level IS NOT NULL
        )
        OR EXISTS (
            SELECT 1 FROM undo_requests
            WHERE undo_requests.game_id = games.id AND undo_requests.expires_at <= $1
        )
    )
"""
_OUTBOX_DUE = "sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= $1"
_FREE = "(claimed_until IS NULL OR claimed_until <= $1)"

CLAIM_GAMES = f"""
    UPDATE games SET claimed_by = $2, claimed_until = $1 + $3
    WHERE id IN (
        SELECT id FROM games WHERE {_GAME_DUE} AND {_FREE}
        ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED
    )
    RETURNING id
"""
CLAIM_OUTBOX = f"""
    UPDATE outbox SET claimed_by = $2, claimed_until = $1 + $3
    WHERE id IN (
        SELECT id FROM outbox WHERE {_OUTBOX_DUE} AND {_FREE}
        ORDER BY next_attempt_at, id LIMIT $4 FOR UPDATE SKIP LOCKED
    )
    RETURNING id
"""


class Connection(Protocol):
    """The part of ``asyncpg.Connection`` used here (asyncpg ships no type hints)."""

    async def execute(self, query: str, *args: Any) -> str: ...

    async def fetch(self, query: str, *args: Any) -> list[Any]: ...


async def claim_games(
    conn: Connection, *, worker: str, now: float, lease: float, limit: int
) -> list[int]:
    """Claim up to ``limit`` games with due work that nobody holds; their ids, oldest first."""
    rows = await conn.fetch(CLAIM_GAMES, now, worker, lease, limit)
    return sorted(int(row["id"]) for row in rows)


async def claim_outbox(
    conn: Connection, *, worker: str, now: float, lease: float, limit: int
) -> list[int]:
    """Claim up to ``limit`` due, unsent outbox rows that nobody holds; their ids."""
    rows = await conn.fetch(CLAIM_OUTBOX, now, worker, lease, limit)
    return sorted(int(row["id"]) for row in rows)


async def renew(
    conn: Connection, table: Table, row_id: int, *, worker: str, now: float, lease: float
) -> bool:
    """Extend a lease this worker still holds; False when it lapsed and another took the row."""
    status = await conn.execute(
        f"UPDATE {table} SET claimed_until = $1 + $2 "
        "WHERE id = $3 AND claimed_by = $4 AND claimed_until > $1",
        now,
        lease,
        row_id,
        worker,
    )
    return _changed(status)


async def release(conn: Connection, table: Table, row_id: int, *, worker: str) -> bool:
    """Give a claimed row back (its work is done or postponed); False if not held any more."""
    status = await conn.execute(
        f"UPDATE {table} SET claimed_by = NULL, claimed_until = NULL "
        "WHERE id = $1 AND claimed_by = $2",
        row_id,
        worker,
    )
    return _changed(status)


async def finish_outbox(
    conn: Connection, row_id: int, *, worker: str, now: float, message_id: int | None
) -> bool:
    """Mark a claimed outbox row sent and let go of it; False (nothing changed) when this
    worker no longer holds it."""
    status = await conn.execute(
        "UPDATE outbox SET sent_at = $1, message_id = $2, claimed_by = NULL, "
        "claimed_until = NULL WHERE id = $3 AND claimed_by = $4 AND sent_at IS NULL",
        now,
        message_id,
        row_id,
        worker,
    )
    return _changed(status)


def _changed(status: str) -> bool:
    # asyncpg returns the command tag, e.g. "UPDATE 1".
    return status.rsplit(" ", 1)[-1] != "0"
