"""What ratings are made from besides their own rows: finished games' results, the names
people sat down with, who is named on global boards.

A result is written by ``write_state`` in the transaction that finishes its game (and removed by
the one that makes it run again). The store never reads a result's JSON: bot.play makes it and
bot.ratings derives ratings and profiles from it.
"""

from __future__ import annotations

from bot.store.core import StoreCore
from bot.store.ratings import RESULT_COLUMNS
from bot.store.records import StoredResult
from bot.store.rows import from_row


class ResultsMixin(StoreCore):
    """Read a game's result; the names people sat down with; who opted into global boards."""

    async def result_of(self, game_id: int) -> StoredResult | None:
        """The stored result of a game (None while it is not finished)."""
        rows = await self._db.fetchall(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = ?", (game_id,)
        )
        return from_row(StoredResult, rows[0]) if rows else None

    async def seat_names(self, user_ids: list[int]) -> dict[int, str]:
        """The name each person last sat down at a table with (people never named are left
        out)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        rows = await self._db.fetchall(
            f"SELECT user_id, name FROM seats WHERE user_id IN ({marks}) AND name IS NOT NULL "
            "ORDER BY joined_at",
            user_ids,
        )
        return {int(row["user_id"]): str(row["name"]) for row in rows}

    async def on_global_board(self, user_ids: list[int] | None = None) -> frozenset[int]:
        """The people who chose to be named on boards across servers (of ``user_ids``, or all)."""
        if user_ids is None:
            rows = await self._db.fetchall(
                "SELECT user_id FROM user_settings WHERE global_board = 1"
            )
        else:
            marks = ", ".join("?" * len(user_ids)) or "NULL"
            rows = await self._db.fetchall(
                f"SELECT user_id FROM user_settings WHERE global_board = 1 "
                f"AND user_id IN ({marks})",
                user_ids,
            )
        return frozenset(int(row["user_id"]) for row in rows)
