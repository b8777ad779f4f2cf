"""What the store's SQL runs on: one connection and one database interface, two backends.

Every part of the store (lobby, moves, queries, outbox, settings, …) writes its SQL once, in
SQLite's dialect, against ``Connection``; the backend hands it a connection and a ``Database``
(transactions, one-off statements, the clock). Two backends implement them:

- ``bot.store.db`` — SQLite through aiosqlite: one connection, serialised by a lock, WAL;
- ``bot.store.postgres`` — PostgreSQL through an asyncpg pool: the same statements, translated
  once per statement text (``?`` and ``:name`` become ``$n``; the few SQLite-only fragments —
  JSON lists bound as one parameter, the seat list aggregated as JSON, ``IS NOT`` on a
  sub-query — have exact PostgreSQL counterparts).

Where the two behave differently the interface says what both guarantee: ``execute`` returns
the number of rows changed, a broken constraint raises ``IntegrityError`` (whatever the driver
calls it), and ``lock_game`` makes a write transaction the only one changing that game until it
ends (SQLite's write transactions are serial anyway; PostgreSQL takes the game's row lock).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from typing import Any, ClassVar, Literal, Protocol

#: A statement's parameters: positional (``?``) or named (``:name``).
Params = Sequence[Any] | Mapping[str, Any]


class IntegrityError(Exception):
    """A statement broke a constraint (unique, foreign key, check); nothing of it was written."""


class Row(Protocol):
    """A result row: by column name or position (sqlite3.Row and asyncpg.Record both are)."""

    def __getitem__(self, key: int | str, /) -> Any: ...


#: The locks a write transaction may take besides a game's: claiming background work
#: (``bot.store.claims``), changing ratings (``bot.store.ratings``).
Lock = Literal["claims", "ratings"]


class Connection(ABC):
    """A connection inside a transaction (or on its own, for one statement)."""

    #: What the driver raises when a statement breaks a constraint.
    integrity_error: ClassVar[type[Exception]]

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run a statement; the number of rows it changed."""
        with self._constraints():
            return await self._execute(sql, params)

    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Row]:
        """Run a query; all its rows."""
        with self._constraints():
            return await self._fetchall(sql, params)

    async def executemany(self, sql: str, params: Iterable[Params]) -> None:
        """Run a statement once per set of parameters."""
        with self._constraints():
            await self._executemany(sql, params)

    @abstractmethod
    async def lock_game(self, game_id: int) -> None:
        """In a write transaction: no other transaction changes this game until this one ends."""

    @abstractmethod
    async def lock(self, name: Lock) -> None:
        """In a write transaction: no other transaction takes the lock ``name`` until this one
        ends."""

    @contextmanager
    def _constraints(self) -> Iterator[None]:
        try:
            yield
        except self.integrity_error as error:
            raise IntegrityError(str(error)) from error

    @abstractmethod
    async def _execute(self, sql: str, params: Params) -> int: ...

    @abstractmethod
    async def _fetchall(self, sql: str, params: Params) -> Sequence[Row]: ...

    @abstractmethod
    async def _executemany(self, sql: str, params: Iterable[Params]) -> None: ...


class Database(ABC):
    """A backend: transactions on its connections, one-off statements and the store's clock."""

    clock: Callable[[], float]
    #: Whether other processes may use the same database at once (PostgreSQL).
    shared: bool

    @property
    @abstractmethod
    def name(self) -> str:
        """Where the data is, for messages (a file path, or a URL without its password)."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """A write transaction: everything inside commits together or not at all."""

    @abstractmethod
    def read(self) -> AbstractAsyncContextManager[Connection]:
        """A read transaction: every query inside sees the same committed state."""

    @abstractmethod
    def single(self) -> AbstractAsyncContextManager[Connection]:
        """A connection for one statement on its own (atomic without a transaction)."""

    async def write_one(self, sql: str, params: Params = ()) -> int:
        """Run one writing statement on its own; the number of rows it changed."""
        async with self.single() as conn:
            return await conn.execute(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> Sequence[Row]:
        """Run one query on its own and return its rows."""
        async with self.single() as conn:
            return await conn.execute_fetchall(sql, params)

    @abstractmethod
    async def hold_exclusive(self, name: str, seconds: float) -> None:
        """Wait until nobody holds the lock ``name`` — in this process or, on a shared database,
        in any other — then hold it for ``seconds`` (released in the background)."""

    @abstractmethod
    async def pragmas(self) -> dict[str, Any]:
        """The settings that matter for safety, as the database reports them."""

    @abstractmethod
    async def integrity_problems(self) -> list[str]:
        """Damage or dangling references the database finds (empty: none)."""

    @abstractmethod
    async def close(self) -> None:
        """Close every connection; idempotent."""
