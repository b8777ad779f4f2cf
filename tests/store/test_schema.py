"""The one schema on both backends: a database written by the code before the schema was
written once (its DDL kept in tests/store/fixtures) opens without loss, and is the same shape
as a new one; a failing migration changes nothing; both dialects hold the same tables, columns
and indexes."""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints
import pytest

from bot.games import new_game
from bot.play.games import load_game, position_of
from bot.play.packing import pack_ended_logs
from bot.play.rater import Rebuilder
from bot.play.turns import apply_action
from bot.store import OutboxDraft, Store, StoreOpenError, schema
from bot.store.db import migrate
from bot.store.tournament_rows import NewRound, NewTournament
from tests.store.conftest import USERS, Clock, open_store, play_random, started

FIXTURES = Path(__file__).parent / "fixtures"


async def _fill(store: Store) -> None:
    """Rows in every table the play layer writes: running, finished and lobby games, settings."""
    rng = random.Random(5)
    running = await started(store, "fish", 2, seed=3)
    await play_random(store, running.id, rng, moves=4)
    finished = await started(store, "ultimatum", 2, seed=4)
    await play_random(store, finished.id, rng)
    await store.follow(running.id, USERS[3], True)
    await store.update_user_settings(USERS[0], notify_dm=True, global_board=True)
    await store.update_guild_settings(running.guild_id, reminder_hours=5.0)
    await store.start_season(running.guild_id)
    await store.set_meta("commands:global", "abc")
    await store.enqueue(OutboxDraft("post", {"text": "hi"}, channel_id=5, game_id=running.id))
    await _fill_tournament(store, running.guild_id)


async def _fill_tournament(store: Store, guild_id: int) -> None:
    """A tournament whose first round is being played (the tables its round change opened)."""
    opened = await store.create_tournament(
        NewTournament(guild_id, 5, USERS[0], "fish", "swiss", 2, 3, 2.0, 1.0, closes_at=1e9)
    )
    for user in USERS[:3]:
        opened = await store.enter_tournament(opened.id, user, f"p{user}")
    await store.change_round(
        opened.id,
        opened.version,
        results={},
        opening=NewRound(1, 2e9, ((USERS[1], USERS[0]),), (11,), byes=(USERS[2],)),
        deal=lambda kind, players, seed, options: position_of(new_game(kind, players, seed)),
    )


class Raw:
    """Plain SQL on either backend, beside the store (what the old code left is read as rows)."""

    def __init__(self, target: Path | str) -> None:
        self.target = target

    @property
    def sqlite(self) -> bool:
        """Whether the database is an SQLite file."""
        return isinstance(self.target, Path)

    async def script(self, text: str) -> None:
        """Run the statements of ``text`` (separated by ``;`` at a line's end)."""
        statements = [s for s in re.split(r";\s*\n", text) if s.strip()]
        if isinstance(self.target, Path):
            self.target.parent.mkdir(parents=True, exist_ok=True)
            with self._sqlite() as conn:
                for statement in statements:
                    conn.execute(statement)
            return
        conn = await asyncpg.connect(self.target)
        try:
            async with conn.transaction():
                for statement in statements:
                    await conn.execute(statement)
        finally:
            await conn.close()

    async def fetch(self, sql: str) -> list[tuple[Any, ...]]:
        """The rows of a query, as tuples."""
        if isinstance(self.target, Path):
            with self._sqlite() as conn:
                return [tuple(r) for r in conn.execute(sql)]
        conn = await asyncpg.connect(self.target)
        try:
            return [tuple(r) for r in await conn.fetch(sql)]
        finally:
            await conn.close()

    async def insert(self, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
        """Insert rows as they are (ids included)."""
        names = ", ".join(columns)
        if isinstance(self.target, Path):
            marks = ", ".join("?" for _ in columns)
            with self._sqlite() as conn:
                conn.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)
            return
        marks = ", ".join(f"${i + 1}" for i in range(len(columns)))
        conn = await asyncpg.connect(self.target)
        try:
            await conn.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)
            for key in ("id", "seq"):
                if key in columns and rows:
                    # Rows copied with their ids: new rows number on after them.
                    await conn.execute(
                        f"SELECT setval(pg_get_serial_sequence('{table}', '{key}'), "
                        f"(SELECT max({key}) FROM {table}))"
                    )
        finally:
            await conn.close()

    async def tables(self) -> dict[str, list[str]]:
        """Each table's columns, in order."""
        if self.sqlite:
            names = await self.fetch(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
            return {
                n: [c[1] for c in await self.fetch(f"PRAGMA table_info({n})")] for (n,) in names
            }
        found: dict[str, list[str]] = {}
        for table, column in await self.fetch(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name <> 'schema_version' "
            "ORDER BY table_name, ordinal_position"
        ):
            found.setdefault(table, []).append(column)
        return found

    async def rows(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table, in a stable order."""
        tables = await self.tables()
        return {
            table: sorted(await self.fetch(f"SELECT {', '.join(cols)} FROM {table}"), key=repr)
            for table, cols in tables.items()
        }

    async def shape(self) -> list[tuple[Any, ...]]:
        """Everything the schema declares: columns with types, defaults, keys and checks, and
        indexes (SQLite: the declarations themselves, spaces and quotes aside)."""
        if self.sqlite:
            return [
                (kind, name, re.sub(r"[\s\"]", "", sql))
                for kind, name, sql in await self.fetch(
                    "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL "
                    "ORDER BY type, name"
                )
            ]
        columns = await self.fetch(
            "SELECT table_name, column_name, ordinal_position, data_type, is_nullable, "
            "column_default, is_identity FROM information_schema.columns "
            "WHERE table_schema = current_schema() ORDER BY table_name, column_name"
        )
        constraints = await self.fetch(
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) "
            "FROM pg_constraint WHERE connamespace = current_schema()::regnamespace "
            "ORDER BY 1, 2"
        )
        indexes = await self.fetch(
            "SELECT tablename, indexname, indexdef FROM pg_indexes "
            "WHERE schemaname = current_schema() ORDER BY 1, 2"
        )
        return [*columns, *constraints, *indexes]

    @contextmanager
    def _sqlite(self) -> Iterator[sqlite3.Connection]:
        assert isinstance(self.target, Path)
        conn = sqlite3.connect(self.target)
        try:
            with conn:
                yield conn
        finally:
            conn.close()


async def test_a_database_of_the_current_version_opens_without_loss(
    target: Path | str, tmp_path: Path, clock: Clock, request: pytest.FixtureRequest
) -> None:
    """Rows written by the store, put into a database made by the DDL of the baseline version
    (every game's log a row per action, as it kept them), open as they were, the finished
    game's log read back as played before and after it is packed; once rebuilt, its ratings
    are those the store kept game by game; the store plays on in it; and it has exactly the
    shape a new database has."""
    async with await open_store(target, clock) as store:
        await _fill(store)
        logs = await _logs(store)
    new = Raw(target)
    written = await new.rows()
    assert {t for t, rows in written.items() if not rows} == {"away", "undo_requests"}
    if isinstance(target, Path):
        old = Raw(tmp_path / "old.sqlite3")
        await _open_old(old, new, logs, clock)
        fresh = tmp_path / "fresh.sqlite3"
        await (await Store.open(fresh)).close()
        assert await old.shape() == await Raw(fresh).shape()
        return
    server = request.getfixturevalue("postgres_server")
    async with server.database() as old_url, server.database() as fresh_url:
        await _open_old(Raw(old_url), new, logs, clock)
        await (await Store.open(fresh_url, pool_size=1)).close()
        assert await Raw(old_url).shape() == await Raw(fresh_url).shape()


Logs = dict[int, list[tuple[int, int, str, Any]]]


async def _logs(store: Store) -> Logs:
    """Every game's log: (seq, seat, text, when) per action."""
    games = await store._db.fetchall("SELECT id FROM games ORDER BY id")
    return {
        row["id"]: [(a.seq, a.seat, a.text, a.at) for a in await store.action_log(row["id"])]
        for row in games
    }


async def _open_old(old: Raw, new: Raw, logs: Logs, clock: Clock) -> None:
    """Make ``old`` with the fixture's DDL, copy ``new``'s rows of those tables and columns into
    it (the logs as rows), open it with the store, compare, rebuild its ratings, play on."""
    dialect = "sqlite" if old.sqlite else "postgres"
    await old.script((FIXTURES / f"{dialect}_v10.sql").read_text(encoding="utf-8"))
    columns = await old.tables()

    async def kept(raw: Raw) -> dict[str, list[tuple[Any, ...]]]:
        return {
            table: sorted(await raw.fetch(f"SELECT {', '.join(cols)} FROM {table}"), key=repr)
            for table, cols in columns.items()
        }

    before = await kept(new)
    assert columns["actions"] == ["game_id", "seq", "seat", "text", "created_at"]
    before["actions"] = sorted(
        ((game, seq, seat, text, at.timestamp()) for game, log in logs.items()
         for seq, seat, text, at in log),
        key=repr,
    )  # fmt: skip
    finished = {
        row[0] for row in before["games"] if row[columns["games"].index("status")] == "finished"
    }
    assert finished and all(logs[game] for game in finished)
    for table in ("games", *sorted(set(columns) - {"games"})):
        await old.insert(table, columns[table], before[table])
    async with await open_store(old.target, clock) as store:
        assert (await store.pragmas())["user_version"] == schema.LATEST
        assert await store.ratings_stale()
        # The finished games' logs are read from their rows until they are packed, a batch at
        # a time; then the action rows of a finished game are gone and nothing else changed.
        assert await _logs(store) == logs
        assert await old.fetch("SELECT id FROM games WHERE packed_log IS NOT NULL") == []
        assert await pack_ended_logs(store, batch=1) == len(finished)
        assert await _logs(store) == logs
        opened = await kept(old)
        assert [r for r in opened.pop("meta") if r[0] != "ratings_stale"] == before.pop("meta")
        assert opened.pop("actions") == [r for r in before.pop("actions") if r[0] not in finished]
        packed = await old.fetch("SELECT id FROM games WHERE packed_log IS NOT NULL")
        assert {row[0] for row in packed} == finished
        assert await pack_ended_logs(store) == 0
        # The seats of a finished game are marked ended; the others are open.
        marked = await old.fetch("SELECT game_id, ended FROM seats")
        assert marked and all(bool(ended) == (game in finished) for game, ended in marked)
        assert opened == before
        assert await store.replace_ratings(Rebuilder()) == 1
        assert not await store.ratings_stale()
        rated = ("ratings", "rating_changes", "results")
        assert {t: (await old.rows())[t] for t in rated} == {
            t: (await new.rows())[t] for t in rated
        }
        channel = before["games"][0][3]
        running = next(r for r in await store.games_in_channel(channel) if r.status == "active")
        record, game = await load_game(store, running.id)
        assert game is not None and game.to_move is not None
        move = await apply_action(
            store, record.id, game.to_move, game.legal_actions()[0], expected_version=record.version
        )
        assert move.record.version == record.version + 1


async def _make_old(
    old: Raw, written: dict[str, list[tuple[Any, ...]]], current: dict[str, list[str]]
) -> None:
    """A database of schema 10 (the fixture's DDL) holding the columns it has of ``written``."""
    dialect = "sqlite" if old.sqlite else "postgres"
    await old.script((FIXTURES / f"{dialect}_v10.sql").read_text(encoding="utf-8"))
    columns = await old.tables()
    for table in ("games", *sorted(set(columns) - {"games"})):
        kept = [current[table].index(c) for c in columns[table]]
        rows = [tuple(row[i] for i in kept) for row in written[table]]
        await old.insert(table, columns[table], rows)


async def test_the_due_upgrade_shrinks_sent_posts_and_works_out_due_moments(
    target: Path | str, tmp_path: Path, clock: Clock, request: pytest.FixtureRequest
) -> None:
    """Upgrading from schema 10: a running game's sent post keeps its key and message id but
    no drawing data, a finished game's sent posts go, and every running game gets its next due
    moment (the earlier of its reminder and deadline)."""
    async with await open_store(target, clock) as store:
        running = await started(store, "fish", 2, seed=3)
        done = await started(store, "fish", 2, seed=4)
        await play_random(store, done.id, random.Random(4))
        for game in (running, done):
            draft = OutboxDraft("turn", {"text": "t"}, channel_id=5, game_id=game.id)
            (entry,) = await store.enqueue(replace(draft, dedupe_key=f"turn:{game.id}"))
            await store.mark_sent(entry.id, message_id=900 + game.id)
    written, current = await Raw(target).rows(), await Raw(target).tables()
    if isinstance(target, Path):
        old = Raw(tmp_path / "old.sqlite3")
        await _upgrade_and_check(old, written, current, clock, running.id, done.id)
        return
    server = request.getfixturevalue("postgres_server")
    async with server.database() as url:
        await _upgrade_and_check(Raw(url), written, current, clock, running.id, done.id)


async def _upgrade_and_check(
    old: Raw,
    written: dict[str, list[tuple[Any, ...]]],
    current: dict[str, list[str]],
    clock: Clock,
    running: int,
    done: int,
) -> None:
    await _make_old(old, written, current)
    # Schema 10 kept a sent post's whole payload (a turn's drawing data).
    await old.script("UPDATE outbox SET payload = '{\"view\": [1, 2, 3]}'")
    async with await open_store(old.target, clock) as store:
        (kept,) = [e for e in await _posts(store) if e[0] == running]
        assert kept[1:] == ("{}", f"turn:{running}", 900 + running)
        assert [e for e in await _posts(store) if e[0] == done] == []
        record = await store.get_game(running)
        rows = await store._db.fetchall("SELECT due_at FROM games WHERE id = ?", (running,))
        assert record.next_reminder_at is not None
        assert rows[0]["due_at"] == record.next_reminder_at.timestamp()


async def _posts(store: Store) -> list[tuple[Any, ...]]:
    rows = await store._db.fetchall("SELECT game_id, payload, dedupe_key, message_id FROM outbox")
    return [(row["game_id"], row["payload"], row["dedupe_key"], row["message_id"]) for row in rows]


async def test_a_failing_migration_leaves_the_database_as_it_was(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A migration whose second statement fails rolls back entirely: the version and the
    tables stay as they were, and the database still opens."""
    await (await Store.open(db_path)).close()
    failing = ("ALTER TABLE games ADD COLUMN extra TEXT", "CREATE TABLE games (x INTEGER)")
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, failing))
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        with pytest.raises(StoreOpenError) as caught:
            await migrate(conn, db_path, target=schema.LATEST + 1)
    assert caught.value.code == "migration_failed"
    assert f"left at version {schema.LATEST}" in caught.value.message
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.LATEST
        assert "extra" not in {row[1] for row in conn.execute("PRAGMA table_info(games)")}
    monkeypatch.undo()
    async with await Store.open(db_path) as store:
        assert (await store.pragmas())["user_version"] == schema.LATEST


@pytest.mark.parametrize("version", [1, schema.BASELINE_VERSION - 1])
async def test_a_database_from_before_the_baseline_is_refused_unchanged(
    db_path: Path, version: int
) -> None:
    """Versions before the baseline were never released: such a file is refused, untouched."""
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        conn.execute(f"PRAGMA user_version = {version}")
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(db_path)
    assert caught.value.code == "schema_too_old"
    assert f"schema version {version}" in caught.value.message
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == version
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal"


async def test_migrating_twice_changes_nothing(db_path: Path) -> None:
    """An up-to-date database is opened as it is (no migration runs again)."""
    await (await Store.open(db_path)).close()
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await migrate(conn, db_path) == schema.LATEST
