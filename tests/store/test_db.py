"""The store's one connection: a transaction SQLite refuses to commit leaves nothing behind."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store.db import SqliteDatabase as Database
from tests.store.conftest import Clock

ORPHAN_ACTION = (
    "INSERT INTO actions (game_id, seq, seat, text, created_at) VALUES (999, 1, 0, 'A1', 0)"
)


async def test_a_failed_commit_is_rolled_back_and_the_connection_goes_on(
    db_path: Path, clock: Clock
) -> None:
    """A COMMIT that SQLite refuses (here a deferred foreign key pointing at no game) is rolled
    back: nothing of it is kept, and the next transactions on the connection work."""
    db = await Database.open(db_path, clock=clock)
    try:
        with pytest.raises(sqlite3.IntegrityError):
            async with db.transaction() as conn:
                # Deferred: checked only at COMMIT, the one statement that then fails.
                await conn.execute("PRAGMA defer_foreign_keys = ON")
                await conn.execute(ORPHAN_ACTION)
        assert not db.conn.in_transaction
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value, updated_at) VALUES ('after', 'ok', 0)"
            )
        async with db.read() as conn:
            assert list(await conn.execute_fetchall("SELECT seq FROM actions")) == []
        assert [
            (r["key"], r["value"]) for r in await db.fetchall("SELECT key, value FROM meta")
        ] == [("after", "ok")]
    finally:
        await db.close()
    with sqlite3.connect(db_path) as check:
        assert check.execute("SELECT count(*) FROM actions").fetchone() == (0,)
