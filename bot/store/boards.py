"""What boards, profiles and seasons read of the stored ratings and results: a board's size
(its count row), pages of a board in its order (seeks along the ``ratings_board`` index from the
asker's row, or from the row before a page asked for by its number), a place on it, a person's
rows and rating course, a season's best, a game's or a person's results, the names people sat
down with. Each reads by index; none reads in proportion to the history, only (for a place, or a
page asked for by its number) to the players ranked before it, from the index alone.

A result is written by ``write_state`` in the transaction that finishes its game (and removed by
the one that makes it run again). The store never reads a result's JSON: bot.play makes it and
bot.ratings derives ratings and profiles from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from bot.store.connection import Connection
from bot.store.core import StoreCore
from bot.store.ratings import RATING_COLUMNS, RESULT_COLUMNS, SCOPE, read_rows
from bot.store.records import RatingRow, StoredResult
from bot.store.rows import from_row
from bot.store.schema import PEOPLE

# A board ranks people only: the condition reads the ratings_board index itself, which holds
# the player's key.
_BOARD = f"{SCOPE} AND {PEOPLE}"
# The board's order (the ratings_board index): best first, the player's key breaking ties.
_ORDER = "rating DESC, ordinal DESC, games DESC, player"
_REVERSED = "rating, ordinal, games, player DESC"
_FROM_TOP = ("1 = 1",)
# The rows after a row in the board's order, as four seeks that each read one range of the
# ratings_board index (its rating, ordinal and games, then its rating and ordinal, then its
# rating, then lower ratings): a single condition mixing the descending columns with the
# ascending key would make the backends read every row of its rating to find the next.
_AFTER = (
    "rating = ? AND ordinal = ? AND games = ? AND player > ?",
    "rating = ? AND ordinal = ? AND games < ?",
    "rating = ? AND ordinal < ?",
    "rating < ?",
)
# The rows before a row, nearest first in _REVERSED order; the last part: the better ratings.
_BEFORE = (
    "rating = ? AND ordinal = ? AND games = ? AND player < ?",
    "rating = ? AND ordinal = ? AND games > ?",
    "rating = ? AND ordinal > ?",
    "rating > ?",
)
_SHOWN = (
    f"{RATING_COLUMNS}, coalesce((SELECT global_board FROM user_settings u "
    "WHERE u.user_id = ratings.user_id), 0) AS named"
)
#: A row's place in the board's order: rating, ordinal, games, player.
BoardKey = tuple[int, float, int, str]


class BoardPlace(NamedTuple):
    """Where a player stands on a board."""

    before: int  # how many players stand before them
    row: RatingRow
    position: int  # their position (equal ratings share one)
    named: bool  # whether they chose to be named on global boards


def _key(row: RatingRow) -> BoardKey:
    return (row.rating, row.ordinal, row.games, row.player)


def _shown(row: Any) -> tuple[RatingRow, bool]:
    return from_row(RatingRow, row), bool(row["named"])


async def _seek(
    conn: Connection,
    place: tuple[int, int, str],
    parts: Sequence[str],
    key: Sequence[object],
    limit: int,
    order: str = _ORDER,
) -> list[tuple[RatingRow, bool]]:
    """Up to ``limit`` rows of a board from the ranges ``parts`` (each compared with the first
    of ``key`` its placeholders take), part by part, each in ``order``."""
    found: list[tuple[RatingRow, bool]] = []
    for part in parts:
        if len(found) >= limit:
            break
        rows = await conn.execute_fetchall(
            f"SELECT {_SHOWN} FROM ratings WHERE {_BOARD} AND {part} ORDER BY {order} LIMIT ?",
            (*place, *key[: part.count("?")], limit - len(found)),
        )
        found.extend(_shown(row) for row in rows)
    return found


async def _count(conn: Connection, place: tuple[int, int, str], part: str, key: BoardKey) -> int:
    """How many rows of a board one range holds (read from the index alone)."""
    rows = await conn.execute_fetchall(
        f"SELECT count(*) AS n FROM ratings WHERE {_BOARD} AND {part}",
        (*place, *key[: part.count("?")]),
    )
    return int(rows[0]["n"])


async def _key_at(conn: Connection, place: tuple[int, int, str], index: int) -> BoardKey | None:
    """The key of a board's row after ``index`` others (read from the index alone): where a
    page asked for by its number starts."""
    rows = await conn.execute_fetchall(
        f"SELECT rating, ordinal, games, player FROM ratings WHERE {_BOARD} "
        f"ORDER BY {_ORDER} LIMIT 1 OFFSET ?",
        (*place, index),
    )
    if not rows:
        return None
    row = rows[0]
    return (int(row["rating"]), float(row["ordinal"]), int(row["games"]), str(row["player"]))


class BoardsMixin(StoreCore):
    """Read boards, positions, a person's ratings, course and results, a season's best, a
    game's result and the names people sat down with."""

    async def board_size(self, guild_id: int, season: int, kind: str) -> int:
        """How many players a board has (its count row, kept by the writes that change it)."""
        rows = await self._db.fetchall(
            f"SELECT players FROM board_sizes WHERE {SCOPE}", (guild_id, season, kind)
        )
        return int(rows[0]["players"]) if rows else 0

    async def board_place(
        self, guild_id: int, season: int, kind: str, player: str
    ) -> BoardPlace | None:
        """Where ``player`` stands on a board (None: not on it): how many stand before them,
        their row, its position and whether they are named on global boards."""
        place = (guild_id, season, kind)
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {_SHOWN} FROM ratings WHERE {_BOARD} AND player = ?", (*place, player)
            )
            if not rows:
                return None
            row, named = _shown(rows[0])
            counts = [await _count(conn, place, part, _key(row)) for part in _BEFORE]
        return BoardPlace(sum(counts), row, 1 + counts[-1], named)

    async def board_rows(
        self,
        guild_id: int,
        season: int,
        kind: str,
        *,
        offset: int,
        limit: int,
        near: BoardPlace | None = None,
    ) -> list[tuple[RatingRow, int, bool]]:
        """A stretch of a board, best first: each row, its position (equal ratings share one)
        and whether its person chose to be named on global boards. Read by seeking along the
        ratings_board index from ``near`` when it falls in the stretch, else from the row
        just before the stretch (found by its place, reading the index alone)."""
        place = (guild_id, season, kind)
        prior: int | None = None  # the rating just before the stretch: does the first tie?
        async with self._db.read() as conn:
            if near is not None and offset <= near.before < offset + limit:
                ahead = near.before - offset
                before = await _seek(conn, place, _BEFORE, _key(near.row), ahead + 1, _REVERSED)
                after = await _seek(conn, place, _AFTER, _key(near.row), limit - ahead - 1)
                found = [*reversed(before[:ahead]), (near.row, near.named), *after]
                prior = before[ahead][0].rating if len(before) > ahead else None
            elif offset == 0:
                found = await _seek(conn, place, _FROM_TOP, (), limit)
            else:
                edge = await _key_at(conn, place, offset - 1)
                found = [] if edge is None else await _seek(conn, place, _AFTER, edge, limit)
                prior = None if edge is None else int(edge[0])
            shown: list[tuple[RatingRow, int, bool]] = []
            for index, (row, named) in enumerate(found):
                if shown and shown[-1][0].rating == row.rating:
                    position = shown[-1][1]
                elif index == 0 and prior == row.rating:
                    position = 1 + await _count(conn, place, _BEFORE[-1], _key(row))
                else:
                    position = offset + index + 1
                shown.append((row, position, named))
        return shown

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
