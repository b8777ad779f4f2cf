"""What boards, profiles and seasons read of the stored ratings and results: pages of a board
in its order (the ``ratings_board`` index), a position, a person's rows and rating course, a
season's best, a game's or a person's results, the names people sat down with. Each reads by
index; none reads in proportion to the history, only (for a position or a deep page) to the
players ranked before it.

A result is written by ``write_state`` in the transaction that finishes its game (and removed by
the one that makes it run again). The store never reads a result's JSON: bot.play makes it and
bot.ratings derives ratings and profiles from it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.core import StoreCore
from bot.store.ratings import RATING_COLUMNS, RESULT_COLUMNS, SCOPE, read_rows
from bot.store.records import RatingRow, StoredResult
from bot.store.rows import from_row

# A board ranks people only (``u<user id>`` keys; computer levels are ``c<level>``): the
# condition reads the ratings_board index itself, which holds the key.
_BOARD = f"{SCOPE} AND player LIKE 'u%'"
# The board's order (the ratings_board index): best first, the player's key breaking ties.
_ORDER = "rating DESC, ordinal DESC, games DESC, player"


class BoardsMixin(StoreCore):
    """Read boards, positions, a person's ratings, course and results, a season's best, a
    game's result and the names people sat down with."""

    async def board_size(self, guild_id: int, season: int, kind: str) -> int:
        """How many players a board has."""
        rows = await self._db.fetchall(
            f"SELECT count(*) AS n FROM ratings WHERE {_BOARD}", (guild_id, season, kind)
        )
        return int(rows[0]["n"])

    async def board_rows(
        self, guild_id: int, season: int, kind: str, *, offset: int, limit: int
    ) -> list[tuple[RatingRow, int, bool]]:
        """A stretch of a board, best first: each row, its position (equal ratings share one)
        and whether its person chose to be named on global boards."""
        before = min(offset, 1)  # the row before the stretch: does the first row tie with it?
        rows = await self._db.fetchall(
            f"SELECT {RATING_COLUMNS}, coalesce((SELECT global_board FROM user_settings u "
            "WHERE u.user_id = ratings.user_id), 0) AS named "
            f"FROM ratings WHERE {_BOARD} ORDER BY {_ORDER} LIMIT ? OFFSET ?",
            (guild_id, season, kind, limit + before, offset - before),
        )
        found = [(from_row(RatingRow, row), bool(row["named"])) for row in rows]
        shown: list[tuple[RatingRow, int, bool]] = []
        for index, (row, named) in enumerate(found[before:]):
            if shown and shown[-1][0].rating == row.rating:
                position = shown[-1][1]
            elif index == 0 and before and found[0][0].rating == row.rating:
                position = 1 + await self._better(guild_id, season, kind, row.rating)
            else:
                position = offset + index + 1
            shown.append((row, position, named))
        return shown

    async def _better(self, guild_id: int, season: int, kind: str, rating: int) -> int:
        rows = await self._db.fetchall(
            f"SELECT count(*) AS n FROM ratings WHERE {_BOARD} AND rating > ?",
            (guild_id, season, kind, rating),
        )
        return int(rows[0]["n"])

    async def board_index(self, guild_id: int, season: int, kind: str, player: str) -> int | None:
        """How many players stand before ``player`` on a board (None: not on it)."""
        async with self._db.read() as conn:
            found = await read_rows(conn, [(guild_id, season, kind, player)])
            if not found:
                return None
            me = next(iter(found.values()))
            rows = await conn.execute_fetchall(
                f"SELECT count(*) AS n FROM ratings WHERE {_BOARD} AND (rating > ? OR "
                "(rating = ? AND (ordinal > ? OR (ordinal = ? AND (games > ? OR "
                "(games = ? AND player < ?))))))",
                (guild_id, season, kind, me.rating, me.rating, me.ordinal, me.ordinal, me.games,
                 me.games, player),
            )  # fmt: skip
        return int(rows[0]["n"])

    async def ratings_of(
        self, player: str, guild_id: int, season: int, kinds: Sequence[str]
    ) -> list[RatingRow]:
        """A player's rows in one scope, of those ``kinds`` they were rated in (each one read
        by its key)."""
        async with self._db.read() as conn:
            found = await read_rows(conn, [(guild_id, season, kind, player) for kind in kinds])
        return [found[key] for key in sorted(found)]

    async def rating_course(
        self, player: str, kind: str, guild_id: int, season: int
    ) -> list[tuple[int, float, int]]:
        """A player's rating after each of their rated games in one scope and kind, oldest
        first: (game id, when it ended, the rating after it)."""
        rows = await self._db.fetchall(
            "SELECT game_id, finished_at, rating FROM rating_changes WHERE player = ? "
            "AND kind = ? AND guild_id = ? AND season = ? ORDER BY finished_at, game_id",
            (player, kind, guild_id, season),
        )
        return [(int(r["game_id"]), float(r["finished_at"]), int(r["rating"])) for r in rows]

    async def podium(self, guild_id: int, season: int, kind: str, places: int) -> list[RatingRow]:
        """The best of a board down to its ``places``-th row, and those tied with it."""
        rows = await self._db.fetchall(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE {_BOARD} AND rating >= coalesce(("
            f"SELECT rating FROM ratings WHERE {_BOARD} ORDER BY {_ORDER} LIMIT 1 OFFSET ?), 0) "
            f"ORDER BY {_ORDER}",
            (guild_id, season, kind, guild_id, season, kind, places - 1),
        )
        return [from_row(RatingRow, row) for row in rows]

    async def results_of_player(self, user_id: int, guild_id: int | None) -> list[StoredResult]:
        """The results of the games a person sat in (or whose seat a computer took over from
        them), of one server or of all. Read by the person's seats, then kept for the server:
        a server's own index would read every game of a busy server."""
        rows = await self._db.fetchall(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id IN (SELECT game_id FROM seats "
            "WHERE user_id = ? UNION SELECT game_id FROM seats WHERE handed_from = ?) "
            "ORDER BY finished_at, seq",
            (user_id, user_id),
        )
        found = [from_row(StoredResult, row) for row in rows]
        return [r for r in found if guild_id is None or r.guild_id == guild_id]

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
