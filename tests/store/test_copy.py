"""``python -m bot.admin copy``: every row from SQLite into an empty PostgreSQL, verified by
replaying every game; a database that is not empty is refused."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

import bot.store.copy as copy_module
from bot.admin.copy import CopyRefused, copy_database
from bot.play.lobby import create_game
from bot.store import NewGame, OutboxDraft, Store, UndoPost
from bot.store.copy import TABLES
from tests.store.conftest import USERS, Clock, play_random, started

ROOT = Path(__file__).resolve().parents[2]


async def fill(store: Store, clock: Clock) -> None:
    """Games in every state, with followers, an undo request, posts, settings, a finished
    game's result and season starts."""
    await create_game(store, NewGame("fish", guild_id=1, channel_id=2, creator_id=3))  # a lobby
    for seed in range(4):
        record = await started(store, "ultimatum" if seed % 2 else "fish", seed=seed, bots=seed % 2)
        await play_random(store, record.id, random.Random(seed), moves=None if seed == 3 else 8)
    running = await started(store, seed=9)
    record, _ = await play_random(store, running.id, random.Random(9), moves=3)
    await store.follow(running.id, 77)
    request = await store.request_undo(
        running.id,
        requester_id=USERS[0],
        keep=2,
        expected_version=record.version,
        waiting=[USERS[1]],
        channel_id=2,
        expires_at=clock.now_datetime() + timedelta(hours=24),
    )
    assert await store.posted_undo(request, UndoPost(2, 4242, "who asks what (schema 10)"))
    (entry,) = await store.enqueue(OutboxDraft("post", {"text": "ü"}, channel_id=5))
    await store.mark_sent(entry.id, 123)
    await store.enqueue(OutboxDraft("dm", {"text": "x"}, user_id=USERS[0], dedupe_key="k"))
    await store.update_user_settings(USERS[0], notify_dm=True, language="de")
    await store.update_guild_settings(1, reminder_hours=6.5)
    await store.set_meta("commands:global", "abc")
    for guild in (1, 100, 1):
        await store.start_season(guild)
        clock.advance(60)


async def test_copies_every_row_and_replays_every_game(
    sqlite_store: Store, clock: Clock, postgres_url: str
) -> None:
    await fill(sqlite_store, clock)
    source = sqlite_store.path
    await sqlite_store.close()
    report = await copy_database(source, postgres_url)
    assert report.replayed == 5 and report.rows["games"] == 6 and report.rows["meta"] == 1
    assert report.rows["seasons"] == 3 and report.rows["results"] >= 1
    assert set(report.rows) == {table for table, _ in TABLES}
    async with await Store.open(source) as before, await Store.open(postgres_url) as after:
        for game_id in range(1, 7):
            assert await after.load(game_id) == await before.load(game_id)
            assert await after.action_log(game_id) == await before.action_log(game_id)
        assert await after.pending() == await before.pending()
        undo = await after.undo_request(6)  # the running game's request, with its post
        assert undo == await before.undo_request(6) and undo is not None and undo.post
        assert await after.user_settings(USERS[0]) == await before.user_settings(USERS[0])
        games = range(1, 7)
        results = [await after.result_of(game) for game in games]
        assert results == [await before.result_of(game) for game in games] != [None] * 6
        for guild in (1, 100):
            assert await after.season_starts(guild) == await before.season_starts(guild)
        assert len(await after.season_starts(1)) == 2
        # New ids follow the copied ones.
        fresh = await create_game(after, NewGame("fish", guild_id=1, channel_id=2, creator_id=3))
        assert fresh.id == 7
        await after.start_season(100)  # a new season start is numbered after the copied ones
        assert len(await after.season_starts(100)) == 2
    with pytest.raises(CopyRefused, match="empty database only"):  # not into a used one
        await copy_database(source, postgres_url)


async def test_the_command_copies_and_refuses(
    sqlite_store: Store, postgres_url: str, tmp_path: Path
) -> None:
    await started(sqlite_store)
    source = sqlite_store.path
    await sqlite_store.close()
    command = [sys.executable, "-m", "bot.admin", "copy", "--from", source, "--to", postgres_url]
    (tmp_path / "empty.env").touch()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ENV_FILE": str(tmp_path / "empty.env")}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "1 started games replayed" in done.stdout
    assert "games: 100%" in done.stderr  # a progress bar per table
    again = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert again.returncode == 2 and "empty database only" in again.stderr


async def test_rows_move_in_batches_with_progress(
    sqlite_store: Store, clock: Clock, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With batches of three rows, every table (keys of one and two columns) still arrives
    whole and verified, and the progress reaches each table's count."""
    await fill(sqlite_store, clock)
    source = sqlite_store.path
    await sqlite_store.close()
    monkeypatch.setattr(copy_module, "BATCH", 3)
    seen: dict[str, list[tuple[int, int]]] = {}
    report = await copy_database(
        source,
        postgres_url,
        progress=lambda table, done, total: seen.setdefault(table, []).append((done, total)),
    )
    assert report.rows["actions"] > 3 and report.replayed == 5
    for table, count in report.rows.items():
        steps = seen[table]
        assert steps[0] == (0, count) and steps[-1] == (count, count)
        if table not in ("meta",):
            assert all(b[0] - a[0] <= 3 for a, b in itertools.pairwise(steps))


async def test_every_table_of_the_schema_is_copied(sqlite_store: Store) -> None:
    """A table the schema gains is copied too (the copy names its tables and keys itself)."""
    rows = await sqlite_store._db.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    )
    assert {str(row["name"]) for row in rows} == {table for table, _ in TABLES}
