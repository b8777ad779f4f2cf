"""Schema migrations: a database written at schema version 1 is upgraded, atomically.

The version-1 rows are written with plain SQL here because no code of the current version writes
that schema any more; the DDL itself comes from the migration history (bot/store/schema.py).
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.games import new_game
from bot.play.check import check_snapshots
from bot.play.games import dump_snapshot, load_game
from bot.play.lobby import join as join_game
from bot.play.turns import apply_action
from bot.store import OutboxDraft, SnapshotReport, Store, StoreOpenError
from bot.store import db as store_db
from bot.store.db import migrate
from bot.store.schema import LATEST, V1, V2
from tests.store.conftest import START, USERS, Clock

HOUR = 3600.0


async def make_v1_database(path: Path) -> dict[str, int]:
    """A version-1 database with a running, a finished and a lobby game; returns their ids."""
    path.parent.mkdir(parents=True, exist_ok=True)
    running = new_game("fish", 2, 21)
    rng = random.Random(21)
    for _ in range(5):
        running.play(rng.choice(running.legal_actions()), seat=running.to_move)
    finished = new_game("fish", 2, 22)
    while not finished.is_over:
        finished.play(rng.choice(finished.legal_actions()), seat=finished.to_move)
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, path, target=1) == 0
        insert_game = (
            "INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, max_players, "
            "seed, snapshot, version, created_at, updated_at, turn_started_at, to_move_seat, "
            "ranking, finished_at) VALUES (?, 'fish', 1, 2, ?, ?, 2, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        )
        await conn.execute("BEGIN")
        await conn.execute(
            insert_game,
            (1, "active", USERS[0], 21, dump_snapshot(running), 7, START, START, START,
             running.to_move, None, None),
        )  # fmt: skip
        await conn.execute(
            insert_game,
            (2, "finished", USERS[0], 22, dump_snapshot(finished), 99, START, START, None,
             None, "[[0],[1]]", START),
        )  # fmt: skip
        await conn.execute(
            insert_game,
            (3, "lobby", USERS[2], 23, None, 1, START, START, None, None, None, None),
        )  # fmt: skip
        for game_id, seats in ((1, (0, 1)), (2, (1, 0)), (3, (None,))):
            for slot, seat in enumerate(seats):
                await conn.execute(
                    "INSERT INTO seats (game_id, slot, seat, user_id, joined_at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (game_id, slot, seat, USERS[slot] if game_id < 3 else USERS[2], START),
                )
        for game_id, game in ((1, running), (2, finished)):
            movers: list[int | None] = []
            replay = new_game("fish", 2, game.seed)
            for text in game.log:
                movers.append(replay.to_move)
                replay.play(text, seat=replay.to_move)
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, text, created_at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, i + 1, movers[i], t, START) for i, t in enumerate(game.log)],
            )
        await conn.execute("COMMIT")
    return {"running": 1, "finished": 2, "lobby": 3}


async def test_a_version_1_database_is_upgraded(tmp_path: Path) -> None:
    """Opening a v1 database migrates it to the latest version, keeping every game."""
    path = tmp_path / "old.sqlite3"
    ids = await make_v1_database(path)
    clock = Clock(START + 2 * HOUR)
    async with await Store.open(path, clock=clock) as store:
        assert (await store.pragmas())["user_version"] == LATEST
        running, game = await load_game(store, ids["running"])
        assert running.status == "active" and running.version == 7
        assert game is not None and len(game.log) == 5
        # v1 games had the built-in 24-hour reminder and 7-day timeout.
        assert running.reminder_hours == 24 and running.timeout_days == 7
        assert running.next_reminder_at is not None
        assert running.next_reminder_at.timestamp() == START + 24 * HOUR
        assert running.deadline_at is not None
        assert running.deadline_at.timestamp() == START + 7 * 24 * HOUR
        finished = await store.get_game(ids["finished"])
        assert finished.ranking == ((0,), (1,)) and finished.next_reminder_at is None
        lobby = await store.get_game(ids["lobby"])
        assert lobby.status == "lobby" and lobby.next_reminder_at is None
        assert await check_snapshots(store) == SnapshotReport(checked=2)
        # What version 2 added works on the upgraded data.
        assert [r.id for r in await store.games_due_reminder(clock.now_datetime())] == []
        clock.advance(23 * HOUR)
        assert [r.id for r in await store.games_due_reminder(clock.now_datetime())] == [1]
        await store.enqueue(OutboxDraft("note", {"x": 1}, channel_id=2, game_id=ids["running"]))
        assert len(await store.pending()) == 1
        assert game.to_move is not None
        move = await apply_action(
            store, ids["running"], game.to_move, game.legal_actions()[0], expected_version=7
        )
        assert move.seq == 6 and move.record.version == 8
        joined = await join_game(store, ids["lobby"], USERS[3])
        assert joined.status == "active"


async def test_a_failed_migration_leaves_the_database_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A migration step that fails rolls back entirely: still version 1, no new columns."""
    path = tmp_path / "old.sqlite3"
    await make_v1_database(path)
    monkeypatch.setattr(store_db, "MIGRATIONS", (V1, (*V2, "CREATE TABLE games (x INTEGER)")))
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(path)
    assert caught.value.code == "migration_failed"
    assert "version 1" in caught.value.message
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "reminder_hours" not in columns
    assert "outbox" not in tables
    monkeypatch.undo()
    async with await Store.open(path) as store:
        assert (await store.pragmas())["user_version"] == LATEST


async def test_migrating_twice_changes_nothing(tmp_path: Path) -> None:
    """An up-to-date database is opened as it is (no migration runs again)."""
    path = tmp_path / "db.sqlite3"
    async with await Store.open(path):
        pass
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, path) == LATEST
