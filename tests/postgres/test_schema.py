"""The PostgreSQL schema on a real server: migrations, refusals, SQLite's shape and constraints."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator

import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints
import pytest

from bot.store import StoreOpenError, schema
from bot.store.postgres import migrate, schema_version
from bot.store.schema import BASELINE_VERSION, LATEST

T = 1_700_000_000.0


@pytest.fixture
async def conn(postgres_url: str) -> AsyncIterator[asyncpg.Connection]:
    """A connection to a fresh, empty database."""
    connection = await asyncpg.connect(postgres_url)
    try:
        yield connection
    finally:
        await connection.close()


@pytest.fixture
async def db(conn: asyncpg.Connection) -> asyncpg.Connection:
    """A connection to a database at the latest schema version."""
    await migrate(conn)
    return conn


async def test_migrates_an_empty_database_and_again_changes_nothing(
    conn: asyncpg.Connection,
) -> None:
    assert await schema_version(conn) == 0
    assert await migrate(conn) == 0
    assert await schema_version(conn) == LATEST
    assert await migrate(conn) == LATEST
    assert await conn.fetchval("SELECT count(*) FROM schema_version") == 1


async def test_upgrades_step_by_step_from_the_baseline(conn: asyncpg.Connection) -> None:
    assert await migrate(conn, target=BASELINE_VERSION) == 0
    for target in range(BASELINE_VERSION + 1, LATEST + 1):
        assert await migrate(conn, target=target) == target - 1
        assert await schema_version(conn) == target


async def test_refuses_a_database_newer_than_the_code(conn: asyncpg.Connection) -> None:
    await migrate(conn)
    await conn.execute("UPDATE schema_version SET version = $1", LATEST + 1)
    with pytest.raises(StoreOpenError) as refused:
        await migrate(conn)
    assert refused.value.code == "schema_too_new"
    assert await schema_version(conn) == LATEST + 1


async def test_refuses_a_database_that_is_not_ours(conn: asyncpg.Connection) -> None:
    await conn.execute("CREATE TABLE invoices (id int)")
    with pytest.raises(StoreOpenError) as refused:
        await migrate(conn)
    assert refused.value.code == "not_ours"
    assert await conn.fetchval("SELECT to_regclass('games')") is None


async def test_a_failing_step_leaves_the_database_as_it_was(
    conn: asyncpg.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    await migrate(conn)
    # A migration whose second statement fails: the whole run rolls back.
    failing = ("ALTER TABLE games ADD COLUMN extra TEXT", "CREATE TABLE games (x INTEGER)")
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, failing))
    with pytest.raises(StoreOpenError) as refused:
        await migrate(conn, target=LATEST + 1)
    assert refused.value.code == "migration_failed"
    assert await schema_version(conn) == LATEST
    assert not await conn.fetchval(
        "SELECT count(*) FROM information_schema.columns WHERE column_name = 'extra'"
    )


async def test_refuses_a_version_from_before_the_baseline(conn: asyncpg.Connection) -> None:
    await migrate(conn)
    await conn.execute("UPDATE schema_version SET version = $1", BASELINE_VERSION - 1)
    with pytest.raises(StoreOpenError) as refused:
        await migrate(conn)
    assert refused.value.code == "schema_too_old"


async def test_two_processes_migrating_at_once_both_succeed(postgres_url: str) -> None:
    first = await asyncpg.connect(postgres_url)
    second = await asyncpg.connect(postgres_url)
    try:
        old = await asyncio.gather(migrate(first), migrate(second))
        assert sorted(old) == [0, LATEST]
    finally:
        await first.close()
        await second.close()


def _sqlite_shape() -> tuple[dict[str, dict[str, tuple[bool, bool]]], set[str]]:
    conn = sqlite3.connect(":memory:")
    for _, statements in schema.steps(0, LATEST, "sqlite"):
        for statement in statements:
            conn.execute(statement)
    tables: dict[str, dict[str, tuple[bool, bool]]] = {}
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in names:
        if table.startswith("sqlite_"):
            continue
        columns = conn.execute(f"PRAGMA table_info({table})").fetchall()
        # (not null, has a default); primary-key columns are NOT NULL in PostgreSQL anyway.
        tables[table] = {c[1]: (bool(c[3]) or bool(c[5]), c[4] is not None) for c in columns}
    indexes = {
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        )
    }
    conn.close()
    return tables, indexes


async def test_same_tables_columns_and_indexes_as_sqlite(db: asyncpg.Connection) -> None:
    sqlite_tables, sqlite_indexes = _sqlite_shape()
    rows = await db.fetch(
        "SELECT table_name, column_name, is_nullable, column_default, is_identity "
        "FROM information_schema.columns WHERE table_schema = current_schema()"
    )
    pg_tables: dict[str, dict[str, tuple[bool, bool]]] = {}
    for r in rows:
        default = r["column_default"] is not None or r["is_identity"] == "YES"
        pg_tables.setdefault(r["table_name"], {})[r["column_name"]] = (
            r["is_nullable"] == "NO",
            default,
        )
    del pg_tables["schema_version"]
    # AUTOINCREMENT keys have no declared default in SQLite; identity columns count as one here.
    identities = (("games", "id"), ("outbox", "id"), ("seasons", "id"), ("results", "seq"))
    for table, key in (*identities, ("away", "id"), ("tournaments", "id")):
        pg_tables[table][key] = (True, False)
    assert pg_tables == sqlite_tables
    pg_indexes = {
        r[0]
        for r in await db.fetch(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() "
            "AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'"
        )
    }
    assert pg_indexes == sqlite_indexes


async def _game(
    db: asyncpg.Connection, *, status: str = "active", rematch_of: int | None = None
) -> int:
    return int(
        await db.fetchval(
            "INSERT INTO games (kind, guild_id, channel_id, status, creator_id, max_players, "
            "seed, created_at, updated_at, rematch_of) "
            "VALUES ('fish', 1, 2, $1, 3, 2, 7, $2, $2, $3) RETURNING id",
            status,
            T,
            rematch_of,
        )
    )


async def test_one_rematch_per_game_unless_cancelled(db: asyncpg.Connection) -> None:
    old = await _game(db, status="finished")
    first = await _game(db, status="lobby", rematch_of=old)
    with pytest.raises(asyncpg.UniqueViolationError):
        await _game(db, status="lobby", rematch_of=old)
    await db.execute("UPDATE games SET status = 'cancelled' WHERE id = $1", first)
    await _game(db, status="lobby", rematch_of=old)


async def test_seats_are_unique_and_a_person_or_a_computer(db: asyncpg.Connection) -> None:
    game = await _game(db)
    seat = "INSERT INTO seats (game_id, slot, seat, user_id, bot_level, joined_at) VALUES "
    await db.execute(seat + "($1, 0, 0, 10, NULL, $2)", game, T)
    with pytest.raises(asyncpg.UniqueViolationError):
        await db.execute(seat + "($1, 1, 0, 11, NULL, $2)", game, T)  # the same seat
    with pytest.raises(asyncpg.UniqueViolationError):
        await db.execute(seat + "($1, 1, 1, 10, NULL, $2)", game, T)  # the same person
    with pytest.raises(asyncpg.UniqueViolationError):
        await db.execute(seat + "($1, 0, 1, 12, NULL, $2)", game, T)  # the same slot
    with pytest.raises(asyncpg.CheckViolationError):
        await db.execute(seat + "($1, 1, 1, 11, 2, $2)", game, T)  # both
    with pytest.raises(asyncpg.CheckViolationError):
        await db.execute(seat + "($1, 1, 1, NULL, NULL, $2)", game, T)  # neither
    await db.execute(seat + "($1, 1, 1, NULL, 2, $2)", game, T)  # a computer


async def test_checks_keys_and_cascades_like_sqlite(db: asyncpg.Connection) -> None:
    with pytest.raises(asyncpg.CheckViolationError):
        await _game(db, status="paused")
    game = await _game(db)
    await db.execute(
        "INSERT INTO actions (game_id, seq, seat, text, created_at) VALUES ($1, 1, 0, 'A1', $2)",
        game,
        T,
    )
    with pytest.raises(asyncpg.UniqueViolationError):
        await db.execute(
            "INSERT INTO actions (game_id, seq, seat, text, created_at) "
            "VALUES ($1, 1, 1, 'B1', $2)",
            game,
            T,
        )
    with pytest.raises(asyncpg.ForeignKeyViolationError):
        await db.execute(
            "INSERT INTO actions (game_id, seq, seat, text, created_at) "
            "VALUES (999, 1, 0, 'A1', $1)",
            T,
        )
    outbox = (
        "INSERT INTO outbox (game_id, dedupe_key, channel_id, user_id, kind, payload, created_at, "
        "next_attempt_at) VALUES ($1, $2, $3, $4, 'post', '{}', $5, $5)"
    )
    await db.execute(outbox, game, "turn:1", 5, None, T)
    with pytest.raises(asyncpg.UniqueViolationError):
        await db.execute(outbox, game, "turn:1", 5, None, T)
    with pytest.raises(asyncpg.CheckViolationError):
        await db.execute(outbox, game, "turn:2", 5, 6, T)  # a channel and a person
    await db.execute("DELETE FROM games WHERE id = $1", game)
    assert await db.fetchval("SELECT count(*) FROM actions") == 0
    assert await db.fetchval("SELECT count(*) FROM outbox") == 0
    assert await db.fetchval("SELECT notify_dm FROM user_settings") is None
    await db.execute("INSERT INTO user_settings (user_id, updated_at) VALUES (1, $1)", T)
    assert await db.fetchval("SELECT notify_dm FROM user_settings") == 0  # opt-in since v4
