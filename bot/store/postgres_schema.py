"""The PostgreSQL schema's runner: the schema of ``bot.store.schema`` in PostgreSQL's dialect.

The version lives in a one-row table ``schema_version`` (PostgreSQL has no ``user_version``),
written in the same transaction as the migration; a database that holds tables but no
``schema_version`` is not ours and is refused, as is one newer than this code.
"""

from __future__ import annotations

import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints

from bot.store.schema import LATEST, openable, run_steps

# Taken for the migration's transaction, so that processes starting together migrate one at a
# time and each sees the version the one before it left.
_MIGRATION_LOCK = 0x70656E67  # "peng"


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
