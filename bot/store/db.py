"""The store's single SQLite connection: opening, pragmas, migrations and transactions."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, Literal

import aiosqlite

from bot.store import connection
from bot.store.connection import Lock, Params, Row
from bot.store.errors import StoreOpenError
from bot.store.schema import LATEST, openable, run_steps

Synchronous = Literal["FULL", "NORMAL", "OFF"]
BUSY_TIMEOUT_MS = 5000


class SqliteConnection(connection.Connection):
    """The store's connection on an aiosqlite connection."""

    __slots__ = ("raw",)
    integrity_error = sqlite3.IntegrityError

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    async def _execute(self, sql: str, params: Params) -> int:
        cursor = await self.raw.execute(sql, _params(params))
        return cursor.rowcount

    async def _fetchall(self, sql: str, params: Params) -> list[Row]:
        return list(await self.raw.execute_fetchall(sql, _params(params)))

    async def _executemany(self, sql: str, params: Iterable[Params]) -> None:
        await self.raw.executemany(sql, [_params(p) for p in params])

    async def lock_game(self, game_id: int) -> None:
        """Nothing to do: SQLite's write transactions (BEGIN IMMEDIATE) are serial already."""

    async def lock(self, name: Lock) -> None:
        """Nothing to do: SQLite's write transactions (BEGIN IMMEDIATE) are serial already."""


def _params(params: Params) -> Any:
    return params if isinstance(params, dict) else tuple(params)


class SqliteDatabase(connection.Database):
    """One aiosqlite connection owned by the store, serialised by a lock, plus the store's clock.

    Every statement goes through this one connection; the lock keeps one coroutine's transaction
    from interleaving with another's (they would otherwise share the connection's transaction).
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path, clock: Callable[[], float]) -> None:
        self.conn = conn
        self.wrapped = SqliteConnection(conn)
        self.shared = False  # one SQLite file serves one bot process
        self._named: dict[str, asyncio.Lock] = {}
        self.path = path
        self.clock = clock
        self._lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(
        cls,
        path: Path,
        *,
        clock: Callable[[], float],
        synchronous: Synchronous = "FULL",
        target: int = LATEST,
    ) -> SqliteDatabase:
        """Open (creating if needed) the database at ``path`` and bring its schema up to date."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise _cannot_open(path, f"its folder cannot be created ({error.strerror})") from error
        try:
            # Probe with a plain connection first: a failed aiosqlite connect leaves its worker
            # thread reporting to a loop that may be gone by then. The probe only reads, so a
            # database we refuse (newer than the code, or not ours) is left exactly as it was:
            # no pragma (WAL above all, which rewrites the file's header) touches it.
            version, has_tables = await asyncio.to_thread(_probe, path)
        except sqlite3.Error as error:
            raise _cannot_open(path, str(error)) from error
        _openable(path, version, has_tables)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise _cannot_open(path, str(error)) from error
        try:
            await _configure(conn, path, synchronous, new=version == 0 and not has_tables)
            await migrate(conn, path, target)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path, clock)

    async def hold_exclusive(self, name: str, seconds: float) -> None:
        """Wait for the lock ``name`` and hold it for ``seconds`` (one process: asyncio's)."""
        lock = self._named.setdefault(name, asyncio.Lock())
        await lock.acquire()
        asyncio.get_running_loop().call_later(seconds, lock.release)

    @property
    def name(self) -> str:
        """The database file's path."""
        return str(self.path)

    async def close(self) -> None:
        """Close the connection (waiting for a running transaction to finish); idempotent."""
        async with self._lock:
            if not self._closed:
                self._closed = True
                await self.conn.close()

    def transaction(self) -> AbstractAsyncContextManager[SqliteConnection]:
        """A write transaction: everything inside commits together or not at all."""
        # IMMEDIATE takes the write lock up front, so a second process waits (busy timeout)
        # instead of failing half-way through with SQLITE_BUSY on its first write.
        return self._transaction("BEGIN IMMEDIATE")

    def read(self) -> AbstractAsyncContextManager[SqliteConnection]:
        """A read transaction: every query inside sees the same committed state."""
        return self._transaction("BEGIN")

    @asynccontextmanager
    async def _transaction(self, begin: str) -> AsyncIterator[SqliteConnection]:
        async with self._lock:
            await self._begin(begin)
            try:
                yield self.wrapped
            except BaseException:
                if self.conn.in_transaction:
                    await asyncio.shield(self._finish("ROLLBACK"))
                raise
            await self._commit()

    async def _begin(self, statement: str) -> None:
        """Start a transaction; a caller cancelled meanwhile leaves no transaction open."""
        await self._to_the_end(self.conn.execute(statement))

    async def _commit(self) -> None:
        """Commit; a COMMIT that fails is rolled back, so no transaction is left open.

        SQLite keeps the transaction open when COMMIT fails (a deferred foreign key, a full
        disk, a busy database): every later BEGIN on this one connection would fail too.
        """
        await self._to_the_end(self._finish("COMMIT"))

    async def _to_the_end(self, statement: Awaitable[Any]) -> None:
        """Run a BEGIN or COMMIT to its end and roll back if it leaves a transaction open.

        The statement runs on in aiosqlite's thread even when the awaiting task is cancelled,
        so its outcome is waited for before deciding (the lock is still held, so nothing else
        can use the connection in between).
        """
        running = asyncio.ensure_future(statement)
        try:
            await asyncio.shield(running)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await running
            if self.conn.in_transaction:
                await self._finish("ROLLBACK")
            raise
        except Exception:
            if self.conn.in_transaction:
                await asyncio.shield(self._finish("ROLLBACK"))
            raise

    @asynccontextmanager
    async def single(self) -> AsyncIterator[SqliteConnection]:
        """The connection for one statement on its own (SQLite makes it atomic: no BEGIN and
        COMMIT round trips)."""
        async with self._lock:
            yield self.wrapped

    async def pragmas(self) -> dict[str, Any]:
        """The connection settings that matter for safety, as SQLite reports them."""
        names = (
            "journal_mode",
            "synchronous",
            "foreign_keys",
            "busy_timeout",
            "user_version",
            "auto_vacuum",
        )
        async with self._lock:
            return {name: await _pragma(self.conn, name) for name in names}

    async def integrity_problems(self) -> list[str]:
        """What SQLite's integrity and foreign key checks find wrong (empty: nothing)."""
        async with self._lock:
            rows = await self.conn.execute_fetchall("PRAGMA integrity_check")
            problems = [str(row[0]) for row in rows if row[0] != "ok"]
            for row in await self.conn.execute_fetchall("PRAGMA foreign_key_check"):
                problems.append(f"{row[0]} row {row[1]} points at a missing {row[2]}")
        return problems

    async def _finish(self, statement: str) -> None:
        await self.conn.execute(statement)


async def _configure(
    conn: aiosqlite.Connection, path: Path, synchronous: Synchronous, *, new: bool
) -> None:
    conn.row_factory = sqlite3.Row
    try:
        if new:
            # Only a file without tables can take it: pages freed by dropped posts go back to
            # the file with ``PRAGMA incremental_vacuum`` instead of staying in it for good.
            await conn.execute("PRAGMA auto_vacuum = INCREMENTAL")
        mode = await _pragma(conn, "journal_mode = WAL")
        await conn.execute(f"PRAGMA synchronous = {synchronous}")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        foreign_keys = await _pragma(conn, "foreign_keys")
    except sqlite3.Error as error:
        raise _cannot_open(path, str(error)) from error
    if str(mode).lower() != "wal":
        raise _cannot_open(path, f"it cannot use write-ahead logging (journal mode {mode})")
    if foreign_keys != 1:
        raise _cannot_open(path, "this SQLite build cannot enforce foreign keys")


async def migrate(conn: aiosqlite.Connection, path: Path, target: int = LATEST) -> int:
    """Apply the missing migrations up to ``target`` in one transaction; return the old version."""
    await conn.execute("BEGIN IMMEDIATE")
    try:
        # Checked again under the write lock: another process may have changed the file since
        # the probe in SqliteDatabase.open.
        version = int(await _pragma(conn, "user_version"))
        _openable(path, version, version == 0 and await _has_tables(conn))
        await run_steps(conn.execute, version, target, "sqlite", f"the database {path}")
        if target > version:
            # user_version is part of the database header, so it commits with the migration.
            await conn.execute(f"PRAGMA user_version = {int(target)}")
        await conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            await conn.execute("ROLLBACK")
        raise
    return version


def _probe(path: Path) -> tuple[int, bool]:
    """Read the file's schema version and whether it holds any tables, changing nothing;
    raise sqlite3.Error if it cannot be read as a database."""
    probe = sqlite3.connect(path)
    try:
        version = int(probe.execute("PRAGMA user_version").fetchone()[0])
        has_tables = probe.execute(_ANY_TABLE).fetchone() is not None
    finally:
        probe.close()
    return version, has_tables


def _openable(path: Path, version: int, has_tables: bool) -> None:
    """StoreOpenError unless the database at ``path`` is ours, or new."""
    ours = None if version == 0 and has_tables else version
    openable(ours, f"the database {path}", "DATABASE_PATH")


async def _pragma(conn: aiosqlite.Connection, pragma: str) -> Any:
    async with conn.execute(f"PRAGMA {pragma}") as cursor:
        row = await cursor.fetchone()
    return None if row is None else row[0]


_ANY_TABLE = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' LIMIT 1"


async def _has_tables(conn: aiosqlite.Connection) -> bool:
    return bool(await conn.execute_fetchall(_ANY_TABLE))


def _cannot_open(path: Path, reason: str) -> StoreOpenError:
    return StoreOpenError(
        "cannot_open",
        f"cannot open the database {path}: {reason}. Check DATABASE_PATH and the file's "
        "permissions",
        path=str(path),
        reason=reason,
    )
