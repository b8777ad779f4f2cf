"""The move transaction: round trips to the end, illegal and stale submissions, concurrency."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.games import replay
from bot.games.base import IllegalAction
from bot.play.check import check_snapshots
from bot.play.games import load_game
from bot.play.lobby import create_game
from bot.play.move import Move
from bot.play.turns import apply_action, truncate_log
from bot.store import LobbyError, NewGame, OutboxDraft, Store, StoreError, VersionConflict
from bot.store.state import places
from tests.store.conftest import USERS, Clock, open_store, play_random, started


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_play_to_the_end_and_record_the_result(store: Store, kind: str, players: int) -> None:
    """Every action is logged in order; at the end the ranking, scores and places are stored
    (F-15, U-26: tied seats share a place)."""
    record = await started(store, kind, players, seed=players)
    record, game = await play_random(store, record.id, random.Random(players))
    assert game.is_over
    assert record.status == "finished" and record.finished_at is not None
    assert record.to_move_seat is None and record.next_reminder_at is None
    assert record.ranking == tuple(tuple(g) for g in game.ranking())
    place_of = places(game.ranking())
    for seat in record.seats:
        assert seat.seat is not None
        assert seat.score == game.scores[seat.seat]
        assert seat.place == place_of[seat.seat]
    log = await store.action_log(record.id)
    assert [a.text for a in log] == game.log
    assert [a.seq for a in log] == list(range(1, len(game.log) + 1))
    rebuilt = replay(kind, players, record.seed, dict(record.options), [a.text for a in log])
    assert rebuilt.to_dict() == game.to_dict()
    with pytest.raises(LobbyError) as over:
        await apply_action(store, record.id, 0, "A1", expected_version=record.version)
    assert over.value.code == "finished"


def test_places_share_ties() -> None:
    """Ranking groups become places 1, 1, 3 (a shared place skips the next)."""
    assert places([[2, 0], [1]]) == {2: 1, 0: 1, 1: 3}
    assert places([[0], [1], [2, 3]]) == {0: 1, 1: 2, 2: 3, 3: 3}


async def test_a_move_bumps_the_version_and_restarts_the_turn_clock(
    store: Store, clock: Clock
) -> None:
    """After a move: version + 1, seq 1, the clock and the reminder restart for the next seat."""
    record = await started(store, seed=3)
    _, game = await load_game(store, record.id)
    assert game is not None
    clock.advance(3600)
    move = await apply_action(
        store, record.id, 0, game.legal_actions()[0], expected_version=record.version
    )
    assert move.seq == 1 and move.seat == 0 and move.text == game.legal_actions()[0]
    assert move.events and all("type" in e for e in move.events)
    after = move.record
    assert after.version == record.version + 1
    assert after.to_move_seat == move.game.to_move == 1
    assert after.turn_started_at is not None and after.turn_started_at.timestamp() == clock.now
    assert after.next_reminder_at is not None
    assert after.next_reminder_at.timestamp() == clock.now + after.reminder_hours * 3600
    assert after.deadline_at is not None
    assert after.deadline_at.timestamp() == clock.now + after.timeout_days * 86400
    assert await load_game(store, record.id) == (after, move.game)


async def test_the_text_is_stored_as_the_engine_logged_it(store: Store) -> None:
    """Lower-case input is logged in the notation (what replay will feed the engine)."""
    record = await started(store, seed=3)
    _, game = await load_game(store, record.id)
    assert game is not None
    floe = game.legal_actions()[0]
    move = await apply_action(store, record.id, 0, floe.lower(), expected_version=record.version)
    assert [a.text for a in await store.action_log(record.id)] == [floe]
    assert move.text == floe


async def test_an_illegal_action_writes_nothing(store: Store) -> None:
    """IllegalAction from the engine: no log entry, same snapshot, same version."""
    record = await started(store, seed=3)
    before = await load_game(store, record.id)
    for seat, text, code in [(0, "Z9", None), (1, "A1", "not_your_turn")]:
        with pytest.raises(IllegalAction) as caught:
            await apply_action(store, record.id, seat, text, expected_version=record.version)
        if code:
            assert caught.value.code == code
    assert await load_game(store, record.id) == before
    assert await store.action_log(record.id) == []


async def test_a_stale_version_is_a_conflict_and_writes_nothing(store: Store) -> None:
    """A submission prepared on an older version is refused with a clear message."""
    record = await started(store, seed=3)
    _, game = await load_game(store, record.id)
    assert game is not None
    first, second = game.legal_actions()[:2]
    move = await apply_action(store, record.id, 0, first, expected_version=record.version)
    with pytest.raises(VersionConflict) as caught:
        await apply_action(store, record.id, 1, second, expected_version=record.version)
    assert caught.value.params == {
        "game_id": record.id,
        "expected": record.version,
        "found": record.version + 1,
    }
    assert "nothing was applied" in caught.value.message
    assert await load_game(store, record.id) == (move.record, move.game)
    assert len(await store.action_log(record.id)) == 1


async def test_moves_need_a_running_game(store: Store) -> None:
    """No moves in a lobby or a cancelled game, nor in a game that does not exist."""
    lobby = await create_game(store, NewGame("fish", guild_id=1, channel_id=2, creator_id=USERS[0]))
    with pytest.raises(LobbyError) as waiting:
        await apply_action(store, lobby.id, 0, "A1", expected_version=lobby.version)
    assert waiting.value.code == "still_lobby"
    cancelled = await store.cancel((await started(store)).id)
    with pytest.raises(LobbyError) as gone:
        await apply_action(store, cancelled.id, 0, "A1", expected_version=cancelled.version)
    assert gone.value.code == "cancelled"
    with pytest.raises(StoreError) as missing:
        await apply_action(store, 404, 0, "A1", expected_version=0)
    assert missing.value.code == "no_game"


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
async def test_fifty_concurrent_submissions_one_wins(store: Store, kind: str) -> None:
    """50 tasks submit the same turn at once: exactly one applies, 49 get VersionConflict."""
    record = await started(store, kind, seed=11)
    _, game = await load_game(store, record.id)
    assert game is not None and game.to_move is not None
    choices = game.legal_actions()
    seat = game.to_move

    async def submit(i: int) -> Move | StoreError:
        try:
            return await apply_action(
                store, record.id, seat, choices[i % len(choices)], expected_version=record.version
            )
        except StoreError as error:
            return error

    results = await asyncio.gather(*(submit(i) for i in range(50)))
    moves = [r for r in results if isinstance(r, Move)]
    conflicts = [r for r in results if isinstance(r, VersionConflict)]
    assert len(moves) == 1 and len(conflicts) == 49
    log = await store.action_log(record.id)
    assert [a.text for a in log] == [moves[0].text]
    assert (await store.get_game(record.id)).version == record.version + 1


async def test_two_connections_cannot_both_apply(target: Path | str, clock: Clock) -> None:
    """Two stores on one database (two connections, as two processes) racing for the same turn:
    one wins."""
    async with await open_store(target, clock) as first:
        record = await started(first, seed=5)
        _, game = await load_game(first, record.id)
        assert game is not None
        a, b = game.legal_actions()[:2]
        async with await open_store(target, clock) as second:
            results = await asyncio.gather(
                *(
                    apply_action(store, record.id, 0, text, expected_version=record.version)
                    for _ in range(10)
                    for store, text in ((first, a), (second, b))
                ),
                return_exceptions=True,
            )
        assert sum(isinstance(r, Move) for r in results) == 1
        assert sum(isinstance(r, VersionConflict) for r in results) == 19
        assert len(await first.action_log(record.id)) == 1


async def test_announcements_commit_with_the_move(store: Store) -> None:
    """The messages built from the move are queued in its transaction, deduplicated by key."""
    record = await started(store, seed=3)
    _, game = await load_game(store, record.id)
    assert game is not None

    def announce(move: Move) -> list[OutboxDraft]:
        return [
            OutboxDraft(
                "turn",
                {"seq": move.seq, "events": list(move.events), "next": move.record.to_move_user},
                channel_id=move.record.channel_id,
                game_id=move.record.id,
                dedupe_key=f"game:{move.record.id}:seq:{move.seq}",
            )
        ]

    move = await apply_action(
        store,
        record.id,
        0,
        game.legal_actions()[0],
        expected_version=record.version,
        announce=announce,
    )
    assert len(move.outbox) == 1
    (pending,) = await store.pending()
    assert pending == move.outbox[0]
    assert pending.payload["seq"] == 1 and pending.payload["next"] == move.record.to_move_user


async def test_a_failing_announcement_undoes_the_move(store: Store) -> None:
    """If the messages cannot be built, the move is not stored (nothing half-written)."""
    record = await started(store, seed=3)
    before = await load_game(store, record.id)
    assert before[1] is not None

    def broken(move: Move) -> list[OutboxDraft]:
        return [OutboxDraft("turn", {"bad": object()}, channel_id=1)]

    with pytest.raises(StoreError) as caught:
        await apply_action(
            store,
            record.id,
            0,
            before[1].legal_actions()[0],
            expected_version=record.version,
            announce=broken,
        )
    assert caught.value.code == "outbox_payload"
    assert await load_game(store, record.id) == before
    assert await store.action_log(record.id) == []


async def test_computer_to_move_gets_no_reminder(store: Store) -> None:
    """Reminders and deadlines are for people; a computer's turn has neither."""
    record = await started(store, players=2, bots=1, seed=1)
    computer = next(s.seat for s in record.seats if s.is_computer)
    human = next(s.seat for s in record.seats if not s.is_computer)
    record, game = await play_random(store, record.id, random.Random(0), moves=1)
    assert record.to_move_seat == game.to_move
    if game.to_move == computer:
        assert record.next_reminder_at is None and record.deadline_at is None
        record, game = await play_random(store, record.id, random.Random(0), moves=1)
    assert human is not None and game.to_move == human
    assert record.next_reminder_at is not None and record.deadline_at is not None
    assert record.to_move_user == record.player(human).user_id


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
async def test_truncate_log_rebuilds_from_the_kept_actions(store: Store, kind: str) -> None:
    """Undo support: cut the log back and the snapshot is the replay of what is left."""
    record = await started(store, kind, seed=9)
    record, game = await play_random(store, record.id, random.Random(9), moves=12)
    full_log = list(game.log)
    record, game = await truncate_log(store, record.id, 5, expected_version=record.version)
    assert game.log == full_log[:5]
    assert [a.text for a in await store.action_log(record.id)] == full_log[:5]
    assert await load_game(store, record.id) == (record, game)
    assert record.to_move_seat == game.to_move
    with pytest.raises(VersionConflict):
        await truncate_log(store, record.id, 2, expected_version=record.version - 1)
    with pytest.raises(StoreError) as too_many:
        await truncate_log(store, record.id, 6, expected_version=record.version)
    assert too_many.value.code == "keep"
    report = await check_snapshots(store)
    assert report.repaired == () and report.broken == ()


async def test_truncating_a_finished_game_reopens_it(store: Store) -> None:
    """Taking back the last action of a finished game makes it active, without a result."""
    record = await started(store, seed=2)
    record, game = await play_random(store, record.id, random.Random(2))
    assert record.status == "finished"
    record, game = await truncate_log(
        store, record.id, len(game.log) - 1, expected_version=record.version
    )
    assert record.status == "active" and not game.is_over
    assert record.ranking is None and record.finished_at is None
    assert all(s.score is None and s.place is None for s in record.seats)
    assert record.to_move_seat == game.to_move
