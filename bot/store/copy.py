"""Copying a database: every row of every table into another store of the same schema version,
in key order, a batch at a time (``python -m bot.admin copy`` moves SQLite to PostgreSQL).

Rows go over one to one, ids included, in one transaction of the target: either everything is
copied or nothing is. Each batch starts after the last key of the one before, so memory holds
one batch whatever the size of the database; comparing two databases reads them the same way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

from bot.store.connection import Connection
from bot.store.core import StoreCore

#: Every table, parents before children, with the key the rows are ordered by.
TABLES: tuple[tuple[str, str], ...] = (
    ("games", "id"),
    ("seats", "game_id, slot"),
    ("actions", "game_id, seq"),
    ("follows", "game_id, user_id"),
    ("undo_requests", "game_id"),
    ("outbox", "id"),
    ("user_settings", "user_id"),
    ("guild_settings", "guild_id"),
    ("meta", "key"),
    ("results", "seq"),
    ("seasons", "id"),
    ("away", "id"),
    ("tournaments", "id"),
    ("tournament_entrants", "tournament_id, user_id"),
    ("tournament_rounds", "tournament_id, number"),
    ("tournament_tables", "game_id"),
    # Text keys in byte order on both sides (SQLite's BINARY; PostgreSQL's "C"), so that both
    # backends page and compare these tables alike whatever the server's collation.
    ("ratings", "guild_id, season, kind COLLATE BINARY, player COLLATE BINARY"),
    ("rating_changes", "game_id, guild_id, season, player COLLATE BINARY"),
    ("board_sizes", "guild_id, season, kind COLLATE BINARY"),
)
#: Tables keyed by text: ordered differently by the two backends (PostgreSQL's collation), so
#: read whole and sorted here. They hold a handful of rows (the bot's own bookkeeping).
_SMALL = {"meta"}
BATCH = 1000
#: Told how many rows of a table were handled so far (a progress bar, or nothing).
Progress = Callable[[str, int, int], None]


async def _batches(
    conn: Connection, table: str, columns: list[str], key: str
) -> AsyncIterator[list[tuple[Any, ...]]]:
    """A table's rows in key order, BATCH at a time (keyset paging: each read starts after
    the last key seen, so it costs one batch however far into the table it is)."""
    names = ", ".join(columns)
    if table in _SMALL:
        rows = await conn.execute_fetchall(f"SELECT {names} FROM {table}")
        yield sorted(tuple(row[c] for c in columns) for row in rows)
        return
    keys = [k.split()[0] for k in key.split(",")]
    last: tuple[Any, ...] | None = None
    while True:
        after = "" if last is None else f"WHERE ({key}) > ({', '.join('?' * len(keys))}) "
        rows = await conn.execute_fetchall(
            f"SELECT {names} FROM {table} {after}ORDER BY {key} LIMIT {BATCH}", last or ()
        )
        if not rows:
            return
        yield [tuple(row[c] for c in columns) for row in rows]
        last = tuple(rows[-1][k] for k in keys)


async def _count(conn: Connection, table: str) -> int:
    rows = await conn.execute_fetchall(f"SELECT count(*) AS n FROM {table}")
    return int(rows[0]["n"])


async def _copy_table(
    source: Connection, target: Connection, table: str, names: list[str], key: str,
    progress: Progress,
) -> int:  # fmt: skip
    total = await _count(source, table)
    insert = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
    done = 0
    progress(table, done, total)
    async for rows in _batches(source, table, names, key):
        await target.executemany(insert, rows)
        done += len(rows)
        progress(table, done, total)
    return done


async def _same_rows(
    source: Connection, target: Connection, table: str, names: list[str], key: str
) -> bool:
    """Whether both sides hold the same rows, compared a batch at a time in key order."""
    theirs = _batches(target, table, names, key)
    async for mine in _batches(source, table, names, key):
        if mine != await anext(theirs, None):
            return False
    return await anext(theirs, None) is None


class CopyMixin(StoreCore):
    """Copy every row into another store, and compare two stores row by row."""

    async def first_table_with_rows(self) -> str | None:
        """The first table that holds a row (None: the database is empty)."""
        for table, _key in TABLES:
            if await self._db.fetchall(f"SELECT 1 FROM {table} LIMIT 1"):
                return table
        return None

    async def copy_into(self, target: CopyMixin, progress: Progress) -> dict[str, int]:
        """Copy every row of this SQLite database into the empty PostgreSQL ``target``, in
        one transaction of the target; the rows copied per table. ``progress`` is told how far
        each table has come."""
        columns = {table: await self._columns(table) for table, _key in TABLES}
        rows: dict[str, int] = {}
        async with self._db.read() as source, target._db.transaction() as conn:
            for table, key in TABLES:
                rows[table] = await _copy_table(source, conn, table, columns[table], key, progress)
            # The next new id follows the copied ones.
            for table, column in (
                ("games", "id"),
                ("outbox", "id"),
                ("results", "seq"),
                ("seasons", "id"),
                ("away", "id"),
                ("tournaments", "id"),
            ):
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                    f"coalesce((SELECT max({column}) FROM {table}), 0) + 1, false)"
                )
        return rows

    async def first_difference(self, other: CopyMixin) -> str | None:
        """The first table whose rows differ from those of ``other`` (None: all the same)."""
        columns = {table: await self._columns(table) for table, _key in TABLES}
        async with self._db.read() as mine, other._db.read() as theirs:
            for table, key in TABLES:
                if not await _same_rows(mine, theirs, table, columns[table], key):
                    return table
        return None

    async def _columns(self, table: str) -> list[str]:
        """The columns of a table of this SQLite database, in their order."""
        rows = await self._db.fetchall(f"PRAGMA table_info({table})")
        return [str(row["name"]) for row in rows]
