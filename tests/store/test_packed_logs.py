"""A finished game's log is packed into its row by the transaction that ends it: read back, it is
the log as played (every action, its seat and its time), so history, replay and the snapshot
check see the same game; an undo that reopens the game puts the kept actions back as rows and
the game plays on, to be packed again when it ends again."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from bot.cogs.history import history_lines, replay_views
from bot.play.check import SnapshotReport, check_snapshots
from bot.play.games import load_game
from bot.play.packing import pack_ended_logs
from bot.play.turns import apply_action, truncate_log
from bot.store import GameRecord, Store
from bot.store.logs import unpack_log
from tests.store.conftest import Clock, started

Entry = tuple[int, int, str, datetime]


async def _rows(store: Store, game_id: int) -> int:
    """How many action rows the game has."""
    found = await store._db.fetchall(
        "SELECT count(*) AS n FROM actions WHERE game_id = ?", (game_id,)
    )
    return int(found[0]["n"])


async def _packed(store: Store, game_id: int) -> bool:
    """Whether the game's log is packed into its row."""
    found = await store._db.fetchall("SELECT packed_log FROM games WHERE id = ?", (game_id,))
    return found[0]["packed_log"] is not None


async def _logged(store: Store, game_id: int) -> list[Entry]:
    return [(a.seq, a.seat, a.text, a.at) for a in await store.action_log(game_id)]


async def _play(
    store: Store, clock: Clock, game_id: int, rng: random.Random, stop_before_end: bool
) -> tuple[GameRecord, list[Entry]]:
    """Play random legal actions, the clock moving an odd fraction of a second between turns,
    to the end (or to the last turn before it); the record and the log as it was played."""
    record, game = await load_game(store, game_id)
    assert game is not None
    played = await _logged(store, game_id)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        action = rng.choice(game.legal_actions())
        following = game.from_dict(game.to_dict())
        following.play(action, seat=seat)
        if stop_before_end and following.is_over:
            break
        clock.advance(rng.uniform(1, 90_000) + 0.123457)
        move = await apply_action(store, game_id, seat, action, expected_version=record.version)
        played.append((move.seq, move.seat, move.text, clock.now_datetime()))
        record, game = move.record, move.game
    return record, played


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
async def test_a_finished_games_log_reads_as_it_was_played(
    store: Store, clock: Clock, kind: str
) -> None:
    """F-14, U-24: the action that ends a game leaves its log in one packed value and no action
    rows; the log read back, its history pages, its replay and the stored game used by the
    snapshot check are those of the log as played (before the end, read from rows)."""
    record = await started(store, kind, 3, seed=11)
    rng = random.Random(11)
    before_end, early = await _play(store, clock, record.id, rng, stop_before_end=True)
    assert await _logged(store, record.id) == early and await _rows(store, record.id) == len(early)
    assert not await _packed(store, record.id)
    finished, played = await _play(store, clock, record.id, rng, stop_before_end=False)
    assert finished.status == "finished" and played[: len(early)] == early
    assert await _packed(store, record.id) and await _rows(store, record.id) == 0
    log = await store.action_log(record.id)
    assert [(a.seq, a.seat, a.text, a.at) for a in log] == played
    texts = [text for _seq, _seat, text, _at in played]
    players = len(finished.seats)
    assert replay_views(finished, players, [a.text for a in log]) == replay_views(
        finished, players, texts
    )
    lines, pages = history_lines("en", finished, log, 1)
    assert pages >= 1 and lines[0].startswith("1. ")
    stored = await store.stored_game(record.id)
    assert stored.actions == tuple(texts)
    assert stored.last_at == played[-1][3].timestamp()
    assert await check_snapshots(store) == SnapshotReport(checked=1)
    assert before_end.version < finished.version


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
async def test_an_undo_of_a_finished_game_unpacks_it_and_it_plays_on(
    store: Store, clock: Clock, kind: str
) -> None:
    """F-14, U-24: undoing a finished game's last action puts every earlier action back as a
    row (seat and time as played), the game runs again from there, and when it ends again its
    log is packed again: the kept actions and the new ones, nothing lost."""
    record = await started(store, kind, 2, seed=5)
    rng = random.Random(5)
    finished, played = await _play(store, clock, record.id, rng, stop_before_end=False)
    keep = len(played) - 1
    reopened, game = await truncate_log(store, record.id, keep, expected_version=finished.version)
    assert reopened.status == "active" and not game.is_over
    assert not await _packed(store, record.id) and await _rows(store, record.id) == keep
    assert await _logged(store, record.id) == played[:keep]
    assert await check_snapshots(store) == SnapshotReport(checked=1)
    again, replayed = await _play(store, clock, record.id, rng, stop_before_end=False)
    assert again.status == "finished" and replayed[:keep] == played[:keep]
    assert await _packed(store, record.id) and await _rows(store, record.id) == 0
    assert await _logged(store, record.id) == replayed


async def test_an_undo_back_to_the_start_keeps_no_action(store: Store, clock: Clock) -> None:
    """F-14: a finished game undone to before its first action has an empty log and runs."""
    record = await started(store, "fish", 2, seed=8)
    finished, _played = await _play(store, clock, record.id, random.Random(8), False)
    reopened, _game = await truncate_log(store, record.id, 0, expected_version=finished.version)
    assert reopened.status == "active"
    assert await store.action_log(record.id) == []
    assert not await _packed(store, record.id)


async def test_a_cancelled_games_log_is_packed_as_played(store: Store, clock: Clock) -> None:
    """A running game that is cancelled keeps its log, packed like a finished game's."""
    record = await started(store, "ultimatum", 2, seed=9)
    _record, played = await _play(store, clock, record.id, random.Random(9), True)
    await store.cancel(record.id)
    assert await _packed(store, record.id) and await _rows(store, record.id) == 0
    assert await _logged(store, record.id) == played
    stored = await store.stored_game(record.id)
    assert stored.record.status == "cancelled" and stored.actions == tuple(p[2] for p in played)


async def test_an_unreadable_packed_log_is_reported_and_the_others_checked(
    store: Store, clock: Clock
) -> None:
    """A packed log this code cannot read (a bad restore) makes its game broken in the snapshot
    check, which still checks every other game."""
    finished = []
    for seed in (1, 2):
        record = await started(store, "fish", 2, seed=seed)
        finished.append((await _play(store, clock, record.id, random.Random(seed), False))[0])
    await store._db.write_one(
        "UPDATE games SET packed_log = ? WHERE id = ?", ('[[0, "A1"', finished[0].id)
    )
    report = await check_snapshots(store)
    assert report.checked == 2 and [game for game, _why in report.broken] == [finished[0].id]


async def test_games_that_ended_before_packing_are_packed_in_batches(
    store: Store, clock: Clock
) -> None:
    """Games that ended with their log in rows (a database upgraded from schema 14) are read
    from their rows, then packed a batch per transaction, each log as it was played; a running
    game keeps its rows."""
    ended = []
    for seed in (1, 2, 3):
        record = await started(store, "fish", 2, seed=seed)
        ended.append((await _play(store, clock, record.id, random.Random(seed), False))[0])
    cancelled = await started(store, "ultimatum", 2, seed=4)
    await _play(store, clock, cancelled.id, random.Random(4), True)
    await store.cancel(cancelled.id)
    running = await started(store, "fish", 2, seed=5)
    await _play(store, clock, running.id, random.Random(5), True)
    games = [game.id for game in ended] + [cancelled.id, running.id]
    logs = {game: await _logged(store, game) for game in games}
    async with store._db.transaction() as conn:  # as schema 14 kept them
        for game in games[:-1]:
            await unpack_log(conn, game, len(logs[game]))
    assert {game: await _logged(store, game) for game in games} == logs
    assert await pack_ended_logs(store, batch=3) == 4
    assert {game: await _logged(store, game) for game in games} == logs
    assert all([await _packed(store, game) for game in games[:-1]])
    assert not await _packed(store, running.id) and await _rows(store, running.id) > 0
    assert sum([await _rows(store, game) for game in games[:-1]]) == 0
    assert await pack_ended_logs(store) == 0
