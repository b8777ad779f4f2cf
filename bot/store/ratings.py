"""Ratings as rows: each player's current rating per scope and kind, and what each rated game
changed (bot.store.schema, version 11).

A game's end writes its rating changes in the transaction that ends it (``rate``, from
``write_state``), after checking that the rows bot.play worked them out from still stand; an
undo that reopens the game restores the rows from before it (``unrate``), which is only exact
while none of its players has finished another rated game of that kind since: otherwise the
undo is refused (StoreError ``rated_since``). Every change to ratings (a game's end, its undo,
a season start, a rebuild) holds the ratings lock (``Connection.lock``), so ratings are
changed in one order, the order of the results' ``seq``, which a rebuild follows. Each board's
count row (``board_sizes``) moves in the same transaction as the people a change puts on a
board or takes off it.

Boards, profiles and seasons read these rows by index (bot.store.boards); nothing here reads in
proportion to the history, except the rebuild (``results_after``, ``replace_ratings``), which
pages through it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from bot.store.connection import Connection
from bot.store.core import StoreCore
from bot.store.errors import StoreError
from bot.store.records import RatedGame, RatingChange, RatingRow, SeasonStart, StoredResult
from bot.store.rows import from_row
from bot.store.schema import COUNT_BOARDS

RATING_COLUMNS = (
    "guild_id, season, kind, player, user_id, mu, sigma, rating, ordinal, games, wins, last_game"
)
RESULT_COLUMNS = "seq, game_id, guild_id, kind, finished_at, rated, result, season"
#: One board: a server's season (or the global scope) and a kind of game.
SCOPE = "guild_id = ? AND season = ? AND kind = ?"
_PERSON = "u"
# A board's count row moved by a number of players come or gone.
_COUNT_BOARD = (
    "INSERT INTO board_sizes (guild_id, season, kind, players) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (guild_id, season, kind) DO UPDATE "
    "SET players = board_sizes.players + excluded.players"
)
_UNCOUNT_BOARD = f"UPDATE board_sizes SET players = players - ? WHERE {SCOPE}"
# What a game changed, each change with the player's row as it is now (if any).
_CHANGES_AND_ROWS = (
    "FROM rating_changes c LEFT JOIN ratings r ON r.guild_id = c.guild_id "
    "AND r.season = c.season AND r.kind = c.kind AND r.player = c.player WHERE c.game_id = ?"
)
_INSERT_RATING = (
    f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (guild_id, season, kind, player) DO UPDATE SET user_id = excluded.user_id, "
    "mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, "
    "ordinal = excluded.ordinal, games = excluded.games, wins = excluded.wins, "
    "last_game = excluded.last_game"
)
_INSERT_CHANGE = (
    "INSERT INTO rating_changes (game_id, guild_id, season, kind, player, finished_at, won, "
    "mu_before, sigma_before, games_before, wins_before, last_game_before, mu, sigma, "
    "rating_before, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


class RatingsMoved(StoreError):
    """The ratings a game's end was worked out from changed meanwhile (another game of its
    players ended, or a season started): nothing was written; work them out again."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            "ratings_moved",
            f"the ratings of game #{game_id}'s players changed while it ended; nothing was "
            "applied — work them out again",
            game_id=game_id,
        )


def _values(row: RatingRow) -> tuple[object, ...]:
    return (row.guild_id, row.season, row.kind, row.player, row.user_id, row.mu, row.sigma,
            row.rating, row.ordinal, row.games, row.wins, row.last_game)  # fmt: skip


def _change_values(game_id: int, finished_at: float, change: RatingChange) -> tuple[object, ...]:
    before, after = change.before, change.after
    return (
        game_id, after.guild_id, after.season, after.kind, after.player, finished_at,
        int(change.won), None if before is None else before.mu,
        None if before is None else before.sigma, 0 if before is None else before.games,
        0 if before is None else before.wins, None if before is None else before.last_game,
        after.mu, after.sigma, 0 if before is None else before.rating, after.rating,
    )  # fmt: skip


async def read_rows(
    conn: Connection, keys: Iterable[tuple[int, int, str, str]]
) -> dict[tuple[int, int, str, str], RatingRow]:
    """The stored rows of these (scope, kind, player) keys (absent ones are left out)."""
    found: dict[tuple[int, int, str, str], RatingRow] = {}
    for key in keys:
        rows = await conn.execute_fetchall(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE {SCOPE} AND player = ?", key
        )
        if rows:
            row = from_row(RatingRow, rows[0])
            found[row.key] = row
    return found


async def season_number(conn: Connection, guild_id: int) -> int:
    """A server's current season: 1, and one more for each season an admin started."""
    rows = await conn.execute_fetchall(
        "SELECT count(*) AS n FROM seasons WHERE guild_id = ?", (guild_id,)
    )
    return 1 + int(rows[0]["n"])


async def rate(
    conn: Connection, game_id: int, guild_id: int, finished_at: float, rated: RatedGame
) -> None:
    """Apply a game's rating changes in the transaction that ends it: RatingsMoved (nothing
    written) when the rows they were worked out from, or the server's season, moved on."""
    await conn.lock("ratings")
    if await season_number(conn, guild_id) != rated.season:
        raise RatingsMoved(game_id)
    stored = await read_rows(conn, (c.after.key for c in rated.changes))
    if any(stored.get(c.after.key) != c.before for c in rated.changes):
        raise RatingsMoved(game_id)
    await conn.executemany(_INSERT_RATING, [_values(c.after) for c in rated.changes])
    await _count_boards(conn, [c.after.key for c in rated.changes if c.before is None], 1)
    await record_changes(conn, game_id, finished_at, rated.changes)


async def _count_boards(
    conn: Connection, keys: Iterable[tuple[int, int, str, str]], step: int
) -> None:
    """Move the count rows of the boards these players came onto (``step`` 1) or left (-1)."""
    moved = Counter((guild, season, kind) for guild, season, kind, player in keys
                    if player.startswith(_PERSON))  # fmt: skip
    rows = sorted(moved.items())
    if step > 0:
        await conn.executemany(_COUNT_BOARD, [(*board, n) for board, n in rows])
    else:
        # The board a player leaves has its row (an upsert's new row would fail its check).
        await conn.executemany(_UNCOUNT_BOARD, [(n, *board) for board, n in rows])


async def record_changes(
    conn: Connection, game_id: int, finished_at: float, changes: Sequence[RatingChange]
) -> None:
    """Keep what a rated game changed (its row before and after, per player and scope)."""
    await conn.executemany(
        _INSERT_CHANGE, [_change_values(game_id, finished_at, c) for c in changes]
    )


async def unrate(conn: Connection, game_id: int) -> None:
    """Restore the ratings from before a finished game that runs again (an undo): StoreError
    ``rated_since`` (nothing written) when one of its players has finished another rated game
    of that kind since, whose rating would be lost."""
    await conn.lock("ratings")
    changes = await conn.execute_fetchall(
        "SELECT c.guild_id, c.season, c.kind, c.player, c.mu_before, c.sigma_before, "
        "c.games_before, c.wins_before, c.last_game_before, c.rating_before, "
        f"r.last_game AS now_last, r.user_id {_CHANGES_AND_ROWS}",
        (game_id,),
    )
    later = [int(c["now_last"]) for c in changes if c["now_last"] not in (None, game_id)]
    if later:
        raise StoreError(
            "rated_since",
            f"a player of game #{game_id} has finished another rated game of its kind since "
            f"(#{later[0]}): its end can no longer be taken back",
            game_id=game_id,
            later=later[0],
        )
    gone = []
    for c in changes:
        key = (c["guild_id"], c["season"], c["kind"], c["player"])
        if c["games_before"] == 0:
            await conn.execute(f"DELETE FROM ratings WHERE {SCOPE} AND player = ?", key)
            gone.append(key)
            continue
        mu, sigma = c["mu_before"], c["sigma_before"]
        await conn.execute(
            "UPDATE ratings SET mu = ?, sigma = ?, rating = ?, ordinal = ?, games = ?, wins = ?, "
            f"last_game = ? WHERE {SCOPE} AND player = ?",
            (mu, sigma, c["rating_before"], mu - 3 * sigma, c["games_before"],
             c["wins_before"], c["last_game_before"], *key),
        )  # fmt: skip
    await _count_boards(conn, gone, -1)
    await conn.execute("DELETE FROM rating_changes WHERE game_id = ?", (game_id,))


class RatingsMixin(StoreCore):
    """Players' rows for a game's end, the undo check, seasons, the rebuild (what boards and
    profiles read is in bot.store.boards)."""

    async def rating_rows(
        self, keys: Iterable[tuple[int, int, str, str]]
    ) -> dict[tuple[int, int, str, str], RatingRow]:
        """The stored rows of these (guild, season, kind, player) keys; absent ones left out."""
        async with self._db.read() as conn:
            return await read_rows(conn, keys)

    async def rated_since(self, game_id: int) -> int | None:
        """A rated game one of this finished game's players finished since (in its kind), which
        keeps an undo from reopening it; None when there is none."""
        rows = await self._db.fetchall(
            f"SELECT r.last_game {_CHANGES_AND_ROWS} AND r.last_game <> c.game_id LIMIT 1",
            (game_id,),
        )
        return int(rows[0]["last_game"]) if rows else None

    async def season_number(self, guild_id: int) -> int:
        """A server's current season (1 until an admin starts another)."""
        async with self._db.single() as conn:
            return await season_number(conn, guild_id)

    async def start_season(self, guild_id: int) -> SeasonStart:
        """Record that a server's new season starts now (its ratings start afresh; the ended
        season keeps its rows)."""
        async with self._db.transaction() as conn:
            await conn.lock("ratings")
            now = self._now()  # read under the lock: after every game that ended before
            await conn.execute(
                "INSERT INTO seasons (guild_id, started_at) VALUES (?, ?)", (guild_id, now)
            )
        return SeasonStart(guild_id, now)

    async def season_starts(self, guild_id: int) -> list[SeasonStart]:
        """A server's season starts, oldest first."""
        rows = await self._db.fetchall(
            "SELECT guild_id, started_at FROM seasons WHERE guild_id = ? ORDER BY started_at, id",
            (guild_id,),
        )
        return [SeasonStart(row["guild_id"], row["started_at"]) for row in rows]

    async def results_after(self, seq: int, limit: int) -> list[StoredResult]:
        """Up to ``limit`` rated results recorded after ``seq``, in the order they were rated
        (a rebuild pages through them)."""
        async with self._db.single() as conn:
            return await _results_after(conn, seq, limit)

    async def rated_count(self) -> int:
        """How many rated results are kept (how far a rebuild has to go)."""
        rows = await self._db.fetchall("SELECT count(*) AS n FROM results WHERE rated = 1")
        return int(rows[0]["n"])

    async def all_rating_rows(
        self, after: tuple[int, int, str, str], limit: int
    ) -> list[RatingRow]:
        """Up to ``limit`` stored rows after the key ``after``, in key order (a rebuild compares
        them page by page)."""
        rows = await self._db.fetchall(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE (guild_id, season, kind, player) > "
            "(?, ?, ?, ?) ORDER BY guild_id, season, kind, player LIMIT ?",
            (*after, limit),
        )
        return [from_row(RatingRow, row) for row in rows]

    async def replace_ratings(self, rebuild: Rebuild, batch: int = 2000) -> int:
        """Replace every stored rating and rating change by those ``rebuild`` works out from
        the rated results, in the order they were rated, in one transaction holding the
        ratings lock (games that end meanwhile wait for it); the number of results read."""
        read = 0
        async with self._db.transaction() as conn:
            await conn.lock("ratings")
            await conn.execute("DELETE FROM rating_changes")
            await conn.execute("DELETE FROM ratings")
            seq = 0
            while results := await _results_after(conn, seq, batch):
                for game_id, finished_at, changes in rebuild.rate(results):
                    await record_changes(conn, game_id, finished_at, changes)
                seq = results[-1].seq
                read += len(results)
            await conn.executemany(_INSERT_RATING, [_values(row) for row in rebuild.rows()])
            await conn.execute("DELETE FROM board_sizes")
            await conn.execute(COUNT_BOARDS)
            await conn.execute("DELETE FROM meta WHERE key = 'ratings_stale'")
        return read

    async def ratings_stale(self) -> bool:
        """Whether the stored ratings wait for a rebuild (results were kept before ratings)."""
        rows = await self._db.fetchall("SELECT 1 FROM meta WHERE key = 'ratings_stale'")
        return bool(rows)


class Rebuild(Protocol):
    """Works out every rating from the results, fed in the order they were rated (bot.play)."""

    def rate(self, results: Sequence[StoredResult]) -> Iterable[GameChanges]:
        """Apply these results; per rated game: its id, when it ended, what it changed."""
        ...

    def rows(self) -> Iterable[RatingRow]:
        """Every rating the results applied so far give."""
        ...


#: What one rated game changed: its id, when it ended, each change.
GameChanges = tuple[int, float, Sequence[RatingChange]]


async def _results_after(conn: Connection, seq: int, limit: int) -> list[StoredResult]:
    rows = await conn.execute_fetchall(
        f"SELECT {RESULT_COLUMNS} FROM results WHERE rated = 1 AND seq > ? ORDER BY seq LIMIT ?",
        (seq, limit),
    )
    return [from_row(StoredResult, row) for row in rows]
