"""Moving over: every row of an SQLite database copied into an empty PostgreSQL one, verified.

Both schemas are at the same version with the same tables and columns (bot.store.schema), so
rows go over one to one, ids included, in one PostgreSQL transaction: either everything is copied
or nothing is. Rows move in batches read in key order (each batch starts after the last key of
the one before), so memory holds one batch whatever the size of the database. The copy is then
verified twice, batch by batch again: every table holds the same rows on both sides, and every
started game, replayed from its log by the caller's ``rebuild`` (the rules; the store knows
none), equals its stored snapshot.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.store.check import STARTED, Rebuild
from bot.store.connection import Connection
from bot.store.store import Store

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
)
#: Tables keyed by text: ordered differently by the two backends (PostgreSQL's collation), so
#: read whole and sorted here. They hold a handful of rows (the bot's own bookkeeping).
_SMALL = {"meta"}
BATCH = 1000
#: Told how many rows of a table were handled so far (a progress bar, or nothing).
Progress = Callable[[str, int, int], None]


class CopyRefused(Exception):
    """The copy could not be made or verified; the message says why (for the operator, in
    English: it is never shown in Discord)."""


@dataclass(frozen=True)
class CopyReport:
    """What was copied: rows per table, and how many started games were replayed."""

    rows: dict[str, int]
    replayed: int


def _quiet(table: str, done: int, total: int) -> None:
    """No progress shown."""


async def _columns(store: Store, table: str) -> list[str]:
    rows = await store._db.fetchall(f"PRAGMA table_info({table})")
    return [str(row["name"]) for row in rows]


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


async def copy_database(
    source: str | Path, target: str, *, rebuild: Rebuild, progress: Progress = _quiet
) -> CopyReport:
    """Copy the SQLite database at ``source`` into the empty PostgreSQL database ``target``.

    Raises CopyRefused when there is no source, when the target holds any row (nothing is
    written), or when the verification finds a difference (the copy stays for a look).
    ``progress`` is told how far each table has come.
    """
    if not Path(source).is_file():
        raise CopyRefused(f"there is no SQLite database at {source}")
    async with await Store.open(source) as sqlite, await Store.open(target) as postgres:
        for table, _key in TABLES:
            found = await postgres._db.fetchall(f"SELECT 1 FROM {table} LIMIT 1")
            if found:
                raise CopyRefused(
                    f"the PostgreSQL database {postgres.path} already holds {table}: the copy "
                    "goes into an empty database only (create a new one)"
                )
        columns = {table: await _columns(sqlite, table) for table, _key in TABLES}
        rows: dict[str, int] = {}
        async with sqlite._db.read() as source_conn, postgres._db.transaction() as target_conn:
            for table, key in TABLES:
                rows[table] = await _copy_table(
                    source_conn, target_conn, table, columns[table], key, progress
                )
            # The next new id follows the copied ones.
            for table, column in (
                ("games", "id"),
                ("outbox", "id"),
                ("results", "seq"),
                ("seasons", "id"),
                ("away", "id"),
                ("tournaments", "id"),
            ):
                await target_conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                    f"coalesce((SELECT max({column}) FROM {table}), 0) + 1, false)"
                )
        async with sqlite._db.read() as source_conn, postgres._db.read() as target_conn:
            for table, key in TABLES:
                if not await _same_rows(source_conn, target_conn, table, columns[table], key):
                    raise CopyRefused(f"the copied {table} differ from the original")
        report = await postgres.check_snapshots(rebuild, STARTED)
        if report.repaired or report.broken:
            raise CopyRefused(
                f"replaying the copied games found {len(report.repaired)} snapshot(s) that "
                f"differ from their log and {len(report.broken)} game(s) that do not replay "
                "(the original has the same problem: run the bot on it once to repair them)",
            )
        return CopyReport(rows=rows, replayed=report.checked)
