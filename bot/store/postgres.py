"""The store on PostgreSQL: an asyncpg pool behind ``bot.store.connection``'s interface.

The store's parts run their SQL unchanged; each statement text is translated once (cached) by
``translate``: ``?`` and ``:name`` placeholders become ``$n``, and the three SQLite-only
fragments the store uses become their PostgreSQL equivalents. Everything else the store writes
(``RETURNING``, ``ON CONFLICT … DO UPDATE SET x = excluded.x``, partial indexes, ``coalesce``)
is already common to both.

Transactions: a write transaction runs at READ COMMITTED and takes the row lock of every game it
reads a record of (``lock_game``, from ``fetch_record``), so a move's version check and its
writes see no other change to that game in between — what SQLite gets from its single writer.
Reads that need one consistent view (``read``) run REPEATABLE READ, read-only.

The schema's version lives in a one-row table ``schema_version`` (PostgreSQL has no
``user_version``), written in the same transaction as the migration; a database that holds
tables but no ``schema_version`` is not ours and is refused, as is one newer than this code.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints

from bot.store import connection
from bot.store.connection import Lock, Params, Row
from bot.store.errors import StoreOpenError
from bot.store.rows import SEAT_LIST
from bot.store.schema import LATEST, PACKED_LOG, openable, run_steps

#: SQLite fragment → PostgreSQL fragment (exact text).
FRAGMENTS = {
    # The seats of a game as one JSON list: json_agg is NULL for no rows, SQLite's '[]'.
    SEAT_LIST: (
        "(SELECT coalesce(json_agg(json_build_array(slot, seat, user_id, bot_level, "
        "CAST(round(joined_at * 1000000) AS BIGINT), score, place, name, handed_from)), "
        "'[]')::text "
        "FROM seats WHERE seats.game_id = games.id) AS seat_list"
    ),
    # A finished game's log as one JSON text (json_agg is NULL for no rows, SQLite's '[]').
    PACKED_LOG["sqlite"]: PACKED_LOG["postgresql"],
    # A JSON list bound as one parameter, read as a column named "value".
    "json_each(?)": "json_array_elements_text(CAST(? AS json))",
    # NULL-safe comparison with a sub-query.
    "IS NOT (SELECT": "IS DISTINCT FROM (SELECT",
    # Byte order of text, as SQLite's default.
    "COLLATE BINARY": 'COLLATE "C"',
}
#: The advisory locks of ``Connection.lock``: claimers take "clam", every change to ratings "rate".
LOCKS: dict[Lock, int] = {"claims": 0x636C616D, "ratings": 0x72617465}
# Taken for the migration's transaction, so that processes starting together migrate one at a
# time and each sees the version the one before it left.
_MIGRATION_LOCK = 0x70656E67  # "peng"


_NAMED = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")
_LITERAL = re.compile(r"('(?:[^']|'')*')")


@lru_cache(maxsize=1024)
def translate(sql: str) -> tuple[str, tuple[str, ...] | None]:
    """A statement in PostgreSQL's dialect, and the order of its named parameters (None when
    its parameters are positional)."""
    for sqlite, postgres in FRAGMENTS.items():
        sql = sql.replace(sqlite, postgres)
    names: list[str] = []
    count = 0
    parts = _LITERAL.split(sql)  # odd items are string literals: left alone

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0) == "?":
            count += 1
            return f"${count}"
        name = match.group(1)
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    for index in range(0, len(parts), 2):
        parts[index] = re.sub(r"\?|" + _NAMED.pattern, number, parts[index])
    return "".join(parts), (tuple(names) if names else None)


def _args(names: tuple[str, ...] | None, params: Params) -> Sequence[Any]:
    if isinstance(params, Mapping):
        return [params[name] for name in names or ()]
    return params


def _changed(status: str) -> int:
    # asyncpg returns the command tag: "UPDATE 3", "INSERT 0 1", "DELETE 0".
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresConnection(connection.Connection):
    """The store's connection on one asyncpg connection."""

    __slots__ = ("raw", "writing")
    integrity_error = asyncpg.IntegrityConstraintViolationError

    def __init__(self, raw: asyncpg.Connection, *, writing: bool) -> None:
        self.raw = raw
        self.writing = writing

    async def _execute(self, sql: str, params: Params) -> int:
        text, names = translate(sql)
        return _changed(await self.raw.execute(text, *_args(names, params)))

    async def _fetchall(self, sql: str, params: Params) -> list[Row]:
        text, names = translate(sql)
        return list(await self.raw.fetch(text, *_args(names, params)))

    async def _executemany(self, sql: str, params: Iterable[Params]) -> None:
        text, names = translate(sql)
        await self.raw.executemany(text, [_args(names, p) for p in params])

    async def lock_game(self, game_id: int) -> None:
        """In a write transaction, take the game's row lock until the transaction ends."""
        if self.writing:
            await self.raw.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)

    async def lock(self, name: Lock) -> None:
        """Until the transaction ends, no other takes the lock ``name`` (an advisory lock)."""
        await self.raw.execute("SELECT pg_advisory_xact_lock($1)", LOCKS[name])


def safe_url(url: str) -> str:
    """A PostgreSQL URL without its password (for messages and logs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


class PostgresDatabase(connection.Database):
    """The PostgreSQL backend: a pool of connections, migrated on opening."""

    def __init__(self, pool: asyncpg.Pool, url: str, clock: Callable[[], float]) -> None:
        self.pool = pool
        self.url = url
        self.clock = clock
        self.shared = True
        self._closed = False
        self._held: set[asyncio.Task[None]] = set()

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        clock: Callable[[], float] = time.time,
        min_size: int = 1,
        max_size: int = 10,
    ) -> PostgresDatabase:
        """Connect to the database at ``url`` and bring its schema up to date.

        Raises StoreOpenError when the server cannot be reached or the database is not one to
        use (newer than this code, or holding tables that are not the bot's).
        """
        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StoreOpenError(
                "cannot_open",
                f"cannot connect to the PostgreSQL database {safe_url(url)}: {error}. "
                "Check DATABASE_URL and that the server is running",
                path=safe_url(url),
                reason=str(error),
            ) from error
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url, clock)

    @property
    def name(self) -> str:
        """The database's URL without its password."""
        return safe_url(self.url)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresConnection]:
        """A write transaction (READ COMMITTED; games read through ``fetch_record`` locked)."""
        async with self.pool.acquire() as raw, raw.transaction():
            yield PostgresConnection(raw, writing=True)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresConnection]:
        """A read-only transaction seeing one snapshot (REPEATABLE READ)."""
        async with (
            self.pool.acquire() as raw,
            raw.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PostgresConnection(raw, writing=False)

    @asynccontextmanager
    async def single(self) -> AsyncIterator[PostgresConnection]:
        """A connection for statements each on its own."""
        async with self.pool.acquire() as raw:
            yield PostgresConnection(raw, writing=False)

    async def hold_exclusive(self, name: str, seconds: float) -> None:
        """Wait for the advisory lock ``name`` (every process on the database) and hold it for
        ``seconds`` on a connection of its own; a process that dies lets go at once."""
        key = int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)
        raw = await self.pool.acquire()
        try:
            await raw.execute("SELECT pg_advisory_lock($1)", key)
        except BaseException:
            await self.pool.release(raw)
            raise

        async def let_go() -> None:
            try:
                await asyncio.sleep(seconds)
                await raw.execute("SELECT pg_advisory_unlock($1)", key)
            finally:
                await self.pool.release(raw)

        task = asyncio.create_task(let_go(), name=f"holding {name}")
        self._held.add(task)
        task.add_done_callback(self._held.discard)

    async def pragmas(self) -> dict[str, Any]:
        """The schema version and the server settings that matter for safety."""
        async with self.pool.acquire() as raw:
            return {
                "backend": "postgresql",
                "user_version": await schema_version(raw),
                "server_version": await raw.fetchval("SHOW server_version"),
                "fsync": await raw.fetchval("SHOW fsync"),
                "synchronous_commit": await raw.fetchval("SHOW synchronous_commit"),
                "default_transaction_isolation": await raw.fetchval(
                    "SHOW default_transaction_isolation"
                ),
            }

    async def integrity_problems(self) -> list[str]:
        """Rows pointing at a game that is not there (PostgreSQL enforces foreign keys on every
        statement, so this stays empty unless someone disabled them)."""
        problems: list[str] = []
        async with self.pool.acquire() as raw:
            for table in ("seats", "actions", "outbox", "follows", "undo_requests"):
                dangling = await raw.fetchval(
                    f"SELECT count(*) FROM {table} t WHERE t.game_id IS NOT NULL "
                    "AND NOT EXISTS (SELECT 1 FROM games g WHERE g.id = t.game_id)"
                )
                if dangling:
                    problems.append(f"{dangling} {table} rows point at a missing game")
        return problems

    async def close(self) -> None:
        """Close the pool (waiting for running transactions); idempotent."""
        if not self._closed:
            self._closed = True
            for task in list(self._held):
                task.cancel()
            await asyncio.gather(*self._held, return_exceptions=True)
            await self.pool.close()


async def schema_version(conn: asyncpg.Connection) -> int | None:
    """The database's schema version; 0 for an empty database; None when it holds tables that
    are not the bot's (no ``schema_version`` table)."""
    has_version = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if has_version:
        return int(await conn.fetchval("SELECT version FROM schema_version"))
    others = await conn.fetchval(
        "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()"
    )
    return 0 if others == 0 else None


async def migrate(conn: asyncpg.Connection, target: int = LATEST) -> int:
    """Apply the missing migrations up to ``target`` in one transaction; return the old version.

    Refuses (StoreOpenError, nothing changed) a database newer than this code or one holding
    tables that are not the bot's.
    """
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        version = openable(await schema_version(conn), "the PostgreSQL database", "DATABASE_URL")
        if version == 0 and target > 0:
            await conn.execute(
                "CREATE TABLE schema_version (version INTEGER NOT NULL, "
                "one_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one_row))"
            )
            await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
        # Leaving the transaction with an error rolls every step back.
        await run_steps(conn.execute, version, target, "postgresql", "the PostgreSQL database")
        if target > version:
            await conn.execute("UPDATE schema_version SET version = $1", target)
    return version
