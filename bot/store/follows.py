"""Who follows a game by direct message (``/game follow``), besides its players."""

from __future__ import annotations

from bot.store.core import StoreCore
from bot.store.errors import LobbyError
from bot.store.rows import fetch_record


class FollowsMixin(StoreCore):
    """Subscribe people to a game's updates and list them."""

    async def follow(self, game_id: int, user_id: int, on: bool = True) -> bool:
        """Start (or with ``on=False`` stop) following a game; True if that changed anything.

        Finished and cancelled games cannot be followed any more (there is nothing to come).
        """
        async with self._db.transaction() as conn:
            record = await fetch_record(conn, game_id)
            if on and record.status not in ("lobby", "active"):
                raise LobbyError(
                    "not_running",
                    f"game #{game_id} is over: there is nothing left to follow",
                    game_id=game_id,
                )
            if on:
                changed = await conn.execute(
                    "INSERT INTO follows (game_id, user_id, created_at) VALUES (?, ?, ?) "
                    "ON CONFLICT DO NOTHING",
                    (game_id, user_id, self._now()),
                )
            else:
                changed = await conn.execute(
                    "DELETE FROM follows WHERE game_id = ? AND user_id = ?", (game_id, user_id)
                )
            return changed == 1

    async def followers(self, game_id: int) -> list[int]:
        """The people following a game, in the order they started."""
        rows = await self._db.fetchall(
            "SELECT user_id FROM follows WHERE game_id = ? ORDER BY created_at, user_id",
            (game_id,),
        )
        return [int(row["user_id"]) for row in rows]
