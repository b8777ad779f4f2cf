"""Who follows a game by direct message (``/game follow``), besides its players."""

from __future__ import annotations

from typing import Literal

from bot.store.core import StoreCore
from bot.store.errors import LobbyError
from bot.store.rows import fetch_record

#: What a follower hears: every change of mover, or only the result.
Hears = Literal["turns", "results"]


class FollowsMixin(StoreCore):
    """Subscribe people to a game's updates and list them."""

    async def follow(
        self, game_id: int, user_id: int, on: bool = True, what: Hears = "turns"
    ) -> bool:
        """Start (or with ``on=False`` stop) following a game, hearing ``what``; True if that
        changed anything (following already, with another ``what``, changes it).

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
                    "INSERT INTO follows (game_id, user_id, created_at, what) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (game_id, user_id) DO UPDATE SET what = excluded.what "
                    "WHERE follows.what <> excluded.what",
                    (game_id, user_id, self._now(), what),
                )
            else:
                changed = await conn.execute(
                    "DELETE FROM follows WHERE game_id = ? AND user_id = ?", (game_id, user_id)
                )
            return changed == 1

    async def followers(self, game_id: int, what: Hears | None = None) -> list[int]:
        """The people following a game (with ``what``: only those hearing that), in the order
        they started."""
        rows = await self._db.fetchall(
            "SELECT user_id FROM follows WHERE game_id = ? AND what = coalesce(?, what) "
            "ORDER BY created_at, user_id",
            (game_id, what),
        )
        return [int(row["user_id"]) for row in rows]
