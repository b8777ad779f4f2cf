"""Ratings' raw material: finished games' results, season starts, who is named on global boards.

A result is written by ``write_state`` in the transaction that finishes its game (and removed by
the one that makes it run again); here it is read back in order. The store never reads a
result's JSON: bot.play makes it and bot.ratings derives every rating from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.core import StoreCore
from bot.store.records import SeasonStart, StoredResult

RESULT_COLUMNS = "seq, game_id, guild_id, kind, finished_at, rated, result"


@dataclass(frozen=True)
class ResultsMark:
    """A cheap look at the stored results up to a ``seq``: how many there are and the sum of
    their numbers (a process compares them with the results it has applied), and how many
    season starts there are in all."""

    results: int
    seq_sum: int
    seasons: int


class ResultsMixin(StoreCore):
    """Read results and season starts (or a mark of them); record a season start; who opted
    into global boards."""

    async def results(self, *, guild_id: int | None = None, after: int = 0) -> list[StoredResult]:
        """Finished games' results in the order they ended (then the order they were recorded);
        of one server, or of all; only those recorded after ``seq`` ``after``."""
        where = "seq > ?"
        params: list[int] = [after]
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        rows = await self._db.fetchall(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE {where} ORDER BY finished_at, seq",
            params,
        )
        return [
            StoredResult(
                seq=row["seq"],
                game_id=row["game_id"],
                guild_id=row["guild_id"],
                kind=row["kind"],
                finished_at=row["finished_at"],
                rated=bool(row["rated"]),
                result=row["result"],
            )
            for row in rows
        ]

    async def results_mark(self, upto: int) -> ResultsMark:
        """How many results numbered up to ``upto`` are stored and the sum of their numbers,
        and how many season starts: what another process may have changed meanwhile."""
        rows = await self._db.fetchall(
            "SELECT COUNT(*) AS n, COALESCE(SUM(seq), 0) AS total, "
            "(SELECT COUNT(*) FROM seasons) AS seasons FROM results WHERE seq <= ?",
            (upto,),
        )
        row = rows[0]
        return ResultsMark(int(row["n"]), int(row["total"]), int(row["seasons"]))

    async def result_of(self, game_id: int) -> StoredResult | None:
        """The stored result of a game (None while it is not finished)."""
        rows = await self._db.fetchall(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = ?", (game_id,)
        )
        if not rows:
            return None
        row = rows[0]
        return StoredResult(
            row["seq"],
            row["game_id"],
            row["guild_id"],
            row["kind"],
            row["finished_at"],
            bool(row["rated"]),
            row["result"],
        )

    async def start_season(self, guild_id: int) -> SeasonStart:
        """Record that a server's new season starts now."""
        now = self._now()
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO seasons (guild_id, started_at) VALUES (?, ?)", (guild_id, now)
            )
        return SeasonStart(guild_id, now)

    async def season_starts(self, guild_id: int | None = None) -> list[SeasonStart]:
        """Every season start (of one server, or of all), oldest first."""
        if guild_id is None:
            rows = await self._db.fetchall(
                "SELECT guild_id, started_at FROM seasons ORDER BY started_at, id"
            )
        else:
            rows = await self._db.fetchall(
                "SELECT guild_id, started_at FROM seasons WHERE guild_id = ? "
                "ORDER BY started_at, id",
                (guild_id,),
            )
        return [SeasonStart(row["guild_id"], row["started_at"]) for row in rows]

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
