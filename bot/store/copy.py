"""Moving over: every row of an SQLite database copied into an empty PostgreSQL one, verified.

Both schemas are at the same version with the same tables and columns (bot.store.schema and
bot.store.postgres_schema), so rows go over one to one, ids included, in one PostgreSQL
transaction: either everything is copied or nothing is. The copy is then verified twice: every
table holds the same rows on both sides, and every started game, replayed from its log by the
caller's ``rebuild`` (the rules; the store knows none), equals its stored snapshot.
"""

from __future__ import annotations

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
)
BATCH = 1000


class CopyRefused(Exception):
    """The copy could not be made or verified; the message says why (for the operator, in
    English: it is never shown in Discord)."""


@dataclass(frozen=True)
class CopyReport:
    """What was copied: rows per table, and how many started games were replayed."""

    rows: dict[str, int]
    replayed: int


async def _columns(store: Store, table: str) -> list[str]:
    rows = await store._db.fetchall(f"PRAGMA table_info({table})")
    return [str(row["name"]) for row in rows]


async def _rows(
    conn: Connection, table: str, columns: list[str], key: str
) -> list[tuple[Any, ...]]:
    rows = await conn.execute_fetchall(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {key}")
    return [tuple(row[c] for c in columns) for row in rows]


async def copy_database(source: str | Path, target: str, *, rebuild: Rebuild) -> CopyReport:
    """Copy the SQLite database at ``source`` into the empty PostgreSQL database ``target``.

    Raises CopyRefused when there is no source, when the target holds any row (nothing is
    written), or when the verification finds a difference (the copy stays for a look).
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
                names = columns[table]
                insert = (
                    f"INSERT INTO {table} ({', '.join(names)}) "
                    f"VALUES ({', '.join('?' * len(names))})"
                )
                data = await _rows(source_conn, table, names, key)
                for start in range(0, len(data), BATCH):
                    await target_conn.executemany(insert, data[start : start + BATCH])
                rows[table] = len(data)
            # The next new id follows the copied ones.
            for table, column in (
                ("games", "id"),
                ("outbox", "id"),
                ("results", "seq"),
                ("seasons", "id"),
                ("away", "id"),
            ):
                await target_conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                    f"coalesce((SELECT max({column}) FROM {table}), 0) + 1, false)"
                )
        async with sqlite._db.read() as source_conn, postgres._db.read() as target_conn:
            for table, key in TABLES:
                names = columns[table]
                if await _rows(source_conn, table, names, key) != await _rows(
                    target_conn, table, names, key
                ):
                    raise CopyRefused(f"the copied {table} differ from the original")
        report = await postgres.check_snapshots(rebuild, STARTED)
        if report.repaired or report.broken:
            raise CopyRefused(
                f"replaying the copied games found {len(report.repaired)} snapshot(s) that "
                f"differ from their log and {len(report.broken)} game(s) that do not replay "
                "(the original has the same problem: run the bot on it once to repair them)",
            )
        return CopyReport(rows=rows, replayed=report.checked)
