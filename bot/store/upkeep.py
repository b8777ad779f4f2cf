"""What a write keeps up to date beyond its own columns: a game's due moment, and the settled
posts a game that has ended no longer needs."""

from __future__ import annotations

from bot.store.connection import Connection
from bot.store.schema import DUE_AT

#: A post that was sent or given up.
SETTLED = "(sent_at IS NOT NULL OR gave_up_at IS NOT NULL)"
#: What a settled post keeps: no drawing data, no text, no lease (only exactly-once's part).
SETTLE = "payload = '{}', claimed_by = NULL, claimed_until = NULL"


async def refresh_due(conn: Connection, game_id: int) -> None:
    """Work out a game's next due moment again (after its reminder, deadline, seats, undo
    request or status changed), inside the caller's transaction."""
    await conn.execute(f"UPDATE games SET due_at = {DUE_AT} WHERE id = ?", (game_id,))


async def forget_settled_posts(conn: Connection, game_id: int) -> None:
    """Drop the settled posts of a game that has ended: no later change of it can repeat
    them (an undo that reopens it renames the keys of what it queued before)."""
    await conn.execute(f"DELETE FROM outbox WHERE game_id = ? AND {SETTLED}", (game_id,))
