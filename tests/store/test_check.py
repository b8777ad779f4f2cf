"""The snapshot is a cache of the log: rebuilding from seed + log, and the log winning.

Corrupt snapshots and logs are made with plain SQL here: no code of the bot writes them.
"""

from __future__ import annotations

import asyncio
import logging
import random
import tempfile
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import KINDS, new_game, replay
from bot.play.check import SnapshotReport, check_snapshots
from bot.play.games import dump_snapshot, load_game
from bot.play.lobby import create_game
from bot.store import GameRecord, NewGame, Store
from tests.store.conftest import Clock, play_random, started


async def corrupt(store: Store, sql: str, *params: object) -> None:
    """Change the database behind the store's back (what a bug or a bad restore could do), in
    plain SQL on its own connection, whichever the backend."""
    await store._db.write_one(sql, params)


async def test_a_consistent_database_needs_no_repair(store: Store) -> None:
    """Lobbies are skipped; started games are checked and found equal."""
    await create_game(store, NewGame("fish", guild_id=1, channel_id=2, creator_id=3))
    for seed in range(3):
        record = await started(store, seed=seed)
        await play_random(store, record.id, random.Random(seed), moves=10)
    assert await check_snapshots(store) == SnapshotReport(checked=3)


async def test_a_wrong_snapshot_is_rebuilt_from_the_log(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """A snapshot that is not the replay of the log is replaced by it, and that is logged."""
    record = await started(store, seed=5)
    record, game = await play_random(store, record.id, random.Random(5), moves=12)
    stale = new_game("fish", 2, record.seed)  # the position before any move
    await corrupt(
        store, "UPDATE games SET snapshot = ? WHERE id = ?", dump_snapshot(stale), record.id
    )
    with caplog.at_level(logging.WARNING, logger="bot.play.check"):
        report = await check_snapshots(store)
    assert report == SnapshotReport(checked=1, repaired=(record.id,))
    assert f"game #{record.id}" in caplog.text and "rebuilt it from the log" in caplog.text
    repaired, again = await load_game(store, record.id)
    assert again is not None and again.to_dict() == game.to_dict()
    assert repaired.version == record.version + 1  # a stale submission now conflicts
    assert await check_snapshots(store) == SnapshotReport(checked=1)


async def test_the_check_can_be_limited_to_running_games(store: Store) -> None:
    """With statuses=("active",) only running games are replayed (what matters at start)."""
    running = await started(store, seed=1)
    done, _ = await play_random(store, (await started(store, seed=2)).id, random.Random(2))
    stale = dump_snapshot(new_game("fish", 2, 2))
    await corrupt(store, "UPDATE games SET snapshot = ? WHERE id = ?", stale, done.id)
    assert await check_snapshots(store, ("active",)) == SnapshotReport(checked=1)
    assert await store.get_game(done.id) == done  # not looked at
    assert (await check_snapshots(store)).repaired == (done.id,)
    assert await store.get_game(running.id) == running


async def test_a_wrong_turn_or_status_is_rebuilt(store: Store) -> None:
    """Whose turn it is and the status are derived from the log too."""
    first = await started(store, seed=1)
    second = await started(store, seed=2)
    await corrupt(store, "UPDATE games SET to_move_seat = 1 - to_move_seat WHERE id = ?", first.id)
    await corrupt(store, "UPDATE games SET status = 'finished' WHERE id = ?", second.id)
    report = await check_snapshots(store)
    assert report.repaired == (first.id, second.id)
    assert (await store.get_game(first.id)).to_move_seat == first.to_move_seat
    assert (await store.get_game(second.id)).status == "active"


def turn_clock(record: GameRecord) -> tuple[object, ...]:
    """Everything that decides when the player to move is reminded and timed out."""
    return (
        record.to_move_seat,
        record.turn_started_at,
        record.next_reminder_at,
        record.deadline_at,
        record.reminders_sent,
    )


async def test_a_repair_keeps_the_running_turns_clock(store: Store, clock: Clock) -> None:
    """Rebuilding a running game whose player to move is unchanged leaves its turn clock alone:
    reminders already sent stay sent and the deadline does not move back."""
    record = await started(store, seed=4)
    for _ in range(6):
        clock.advance(600)
        record, _game = await play_random(store, record.id, random.Random(4), moves=1)
    clock.advance(record.reminder_hours * 3600 + 60)
    record = await store.mark_reminded(record.id, expected_version=record.version)
    assert record.reminders_sent == 1
    clock.advance(3 * 3600)
    stale = new_game("fish", 2, record.seed)
    assert stale.to_move == record.to_move_seat  # only the snapshot is wrong
    await corrupt(
        store, "UPDATE games SET snapshot = ? WHERE id = ?", dump_snapshot(stale), record.id
    )
    assert (await check_snapshots(store)).repaired == (record.id,)
    repaired = await store.get_game(record.id)
    assert turn_clock(repaired) == turn_clock(record)
    assert repaired.version == record.version + 1


async def test_a_repair_that_changes_the_turn_starts_it_at_the_last_action(
    store: Store, clock: Clock
) -> None:
    """When the log says another player is to move, that turn began with the last logged
    action: its reminder and deadline count from then, not from the moment of the repair."""
    record = await started(store, seed=8)
    for _ in range(5):
        clock.advance(900)
        record, _game = await play_random(store, record.id, random.Random(8), moves=1)
    last = (await store.action_log(record.id))[-1].at
    clock.advance(2 * 86400)
    await corrupt(store, "UPDATE games SET to_move_seat = 1 - to_move_seat WHERE id = ?", record.id)
    assert (await check_snapshots(store)).repaired == (record.id,)
    repaired = await store.get_game(record.id)
    assert repaired.to_move_seat == record.to_move_seat
    assert repaired.turn_started_at == last
    assert repaired.next_reminder_at == last + timedelta(hours=repaired.reminder_hours)
    assert repaired.deadline_at == last + timedelta(days=repaired.timeout_days)
    assert repaired.reminders_sent == 0


async def test_a_cancelled_game_stays_cancelled(store: Store) -> None:
    """Repairing the snapshot of a cancelled game does not bring it back."""
    record = await started(store, seed=3)
    await play_random(store, record.id, random.Random(3), moves=4)
    cancelled = await store.cancel(record.id)
    await corrupt(store, "UPDATE games SET snapshot = ? WHERE id = ?", dump_snapshot(
        new_game("fish", 2, 3)), record.id)  # fmt: skip
    assert (await check_snapshots(store)).repaired == (record.id,)
    after, game = await load_game(store, record.id)
    assert after.status == "cancelled" and after.to_move_seat is None
    assert game is not None and len(game.log) == 4 and cancelled.version + 1 == after.version


async def test_a_log_that_does_not_replay_is_reported_and_left_alone(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """A gap in the log cannot be repaired automatically: error logged, nothing rewritten."""
    record = await started(store, seed=6)
    record, _ = await play_random(store, record.id, random.Random(6), moves=10)
    await corrupt(store, "UPDATE actions SET text = 'H9' WHERE game_id = ? AND seq = 3", record.id)
    with caplog.at_level(logging.ERROR, logger="bot.play.check"):
        report = await check_snapshots(store)
    assert [game_id for game_id, _ in report.broken] == [record.id]
    assert report.repaired == ()
    assert "no longer replays" in caplog.text
    assert await store.get_game(record.id) == record


async def test_a_game_that_cannot_be_checked_holds_back_no_other_game(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """Options the engine cannot take (TypeError, not ValueError) and options that are not
    even JSON: each such game is logged and reported as broken, and the games after it are
    still checked (a wrong snapshot among them is rebuilt)."""
    records = [await started(store, seed=seed) for seed in range(5)]
    first, wrong_type, not_a_list, not_json, stale = (r.id for r in records)
    await corrupt(store, "UPDATE games SET options = ? WHERE id = ?", '{"colour": 1}', wrong_type)
    await corrupt(store, "UPDATE games SET options = ? WHERE id = ?", '{"floes": 7}', not_a_list)
    await corrupt(store, "UPDATE games SET options = ? WHERE id = ?", "{", not_json)
    await corrupt(store, "UPDATE games SET snapshot = ? WHERE id = ?", "{", stale)
    with caplog.at_level(logging.ERROR, logger="bot.play.check"):
        report = await check_snapshots(store, batch=2)
    assert report.checked == 5 and report.repaired == (stale,)
    assert [game_id for game_id, _ in report.broken] == [wrong_type, not_a_list, not_json]
    assert report.broken[0][1].startswith("TypeError: ")
    for game_id in (wrong_type, not_a_list, not_json):
        assert f"game #{game_id}" in caplog.text
    assert f"game #{first}" not in caplog.text
    _, game = await load_game(store, stale)
    assert game is not None and game.to_dict() == new_game("fish", 2, 4).to_dict()


async def test_rebuild_equals_snapshot_for_thousands_of_random_games(tmp_path: Path) -> None:
    """2,000 random games (1,000 of each kind, 2–4 players): one game of each kind in every
    sixteen is played to its end, the rest stop after a random number of actions. Every stored
    snapshot, status and result equals the replay of seed + log, and the check finds nothing to
    repair."""
    # Four databases filled side by side, so one's SQLite work overlaps another's engine work.
    await asyncio.gather(*(_random_games(tmp_path / f"many{n}.sqlite3", n, 500) for n in range(4)))


async def _random_games(path: Path, seed: int, games: int) -> None:
    rng = random.Random(seed)
    # synchronous=OFF only to keep the volume fast: durability is what test_crash.py checks.
    async with await Store.open(path, clock=Clock(), synchronous="OFF") as store:
        ids = []
        finished = {kind: 0 for kind in KINDS}
        for n in range(games):
            kind = KINDS[n % 2]
            players = 2 + rng.randrange(3)
            to_the_end = n % 16 < 2  # one game of each kind in every sixteen
            # Small icebergs (and uneven ones) keep whole Ultimatum games short; they are
            # options the replay has to honour too.
            options: dict[str, object] | None = (
                {"width": 5 + rng.randrange(3), "height": 5 + rng.randrange(3)}
                if kind == "ultimatum" and (to_the_end or rng.random() < 0.5)
                else None
            )
            # Computer seats fill the table at creation: one transaction instead of a join each.
            record = await started(
                store,
                kind,
                players,
                seed=rng.randrange(2**31),
                bots=players - 1,
                options=options,
            )
            moves = None if to_the_end else rng.randrange(0, 30)
            record, _ = await play_random(store, record.id, rng, moves=moves)
            if to_the_end:
                assert record.status == "finished" and record.ranking is not None
                finished[kind] += 1
            ids.append(record.id)
        whole = [KINDS[n % 2] for n in range(games) if n % 16 < 2]
        assert finished == {kind: whole.count(kind) for kind in KINDS}
        report = await check_snapshots(store)
        assert report == SnapshotReport(checked=games)
        for game_id in rng.sample(ids, 25):
            record, game = await load_game(store, game_id)
            assert game is not None
            log = [a.text for a in await store.action_log(game_id)]
            rebuilt = replay(record.kind, len(record.seats), record.seed, dict(record.options), log)
            assert rebuilt.to_dict() == game.to_dict()
            assert record.status == ("finished" if rebuilt.is_over else "active")
            if rebuilt.is_over:
                assert record.ranking == tuple(tuple(g) for g in rebuilt.ranking())


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(KINDS), players=st.integers(2, 4), seed=st.integers(0, 2**31))
async def test_finished_games_rebuild_equal(kind: str, players: int, seed: int) -> None:
    """Games played through the store to the end replay to the stored snapshot and result."""
    with tempfile.TemporaryDirectory() as folder:
        await _play_through_and_check(Path(folder), kind, players, seed)


async def _play_through_and_check(folder: Path, kind: str, players: int, seed: int) -> None:
    async with await Store.open(folder / "one.sqlite3", clock=Clock()) as store:
        record = await started(store, kind, players, seed=seed)
        record, game = await play_random(store, record.id, random.Random(seed))
        assert record.status == "finished"
        log = [a.text for a in await store.action_log(record.id)]
        rebuilt = replay(kind, players, seed, {}, log)
        assert rebuilt.to_dict() == game.to_dict()
        assert record.ranking == tuple(tuple(g) for g in rebuilt.ranking())
        assert await check_snapshots(store) == SnapshotReport(checked=1)
