"""Games over days in the store: resignations out of turn, computer hand-over, followers, undo
requests, and the scheduler's next wake-up time (F-11, U-23 where they meet the store)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from bot.games.base import IllegalAction
from bot.play.games import load_game
from bot.play.turns import apply_action, hand_to_computer
from bot.play.turns import resign as resign_seat
from bot.play.undo import carry_out_undo
from bot.store import LobbyError, Store, StoreError, VersionConflict
from tests.store.conftest import USERS, Clock, play_random, started


async def test_f11_resign_any_seat_keeps_the_turn_clock_of_the_player_to_move(
    store: Store, clock: Clock
) -> None:
    """F-11: a resignation out of turn is logged; the mover's reminder and deadline stay."""
    record = await started(store, "fish", 3)
    assert record.to_move_seat is not None
    other = next(s for s in range(3) if s != record.to_move_seat)
    clock.advance(3600)
    move = await resign_seat(store, record.id, other, expected_version=record.version)
    assert move.text == f"resign {other}"
    assert move.record.to_move_seat == record.to_move_seat
    assert move.record.deadline_at == record.deadline_at
    assert move.record.next_reminder_at == record.next_reminder_at
    log = await store.action_log(record.id)
    assert [(a.seat, a.text) for a in log] == [(other, f"resign {other}")]


async def test_f11_resign_of_the_mover_restarts_the_clock_for_the_next(
    store: Store, clock: Clock
) -> None:
    """F-11: when the player to move resigns, the next player's turn clock starts now."""
    record = await started(store, "fish", 3)
    mover = record.to_move_seat
    assert mover is not None
    clock.advance(3600)
    move = await resign_seat(store, record.id, mover, expected_version=record.version)
    assert move.record.to_move_seat not in (None, mover)
    assert move.record.turn_started_at == clock.now_datetime()


async def test_apply_action_still_refuses_out_of_turn_moves(store: Store) -> None:
    """Only a resignation acts out of turn: the mover's own action, played by the other seat,
    is refused by the engine and nothing is written."""
    record = await started(store, "fish", 2)
    _, game = await load_game(store, record.id)
    assert game is not None and game.to_move is not None
    with pytest.raises(IllegalAction) as caught:
        await apply_action(
            store,
            record.id,
            1 - game.to_move,
            game.legal_actions()[0],
            expected_version=record.version,
        )
    assert caught.value.code == "not_your_turn"
    assert (await store.get_game(record.id)).version == record.version
    assert await store.action_log(record.id) == []


async def test_u26_two_player_resign_finishes_the_game_with_a_ranking(store: Store) -> None:
    """U-26: the last player left wins; the store records places."""
    record = await started(store, "ultimatum", 2)
    move = await resign_seat(store, record.id, 0, expected_version=record.version)
    assert move.record.status == "finished"
    assert move.record.ranking == ((1,), (0,))
    assert move.record.next_reminder_at is None and move.record.deadline_at is None


async def test_hand_to_computer_frees_the_seat_and_stops_reminders(store: Store) -> None:
    """A timed-out person's seat goes to a computer player: no reminders for it any more."""
    record = await started(store, "fish", 2)
    seat = record.to_move_seat
    assert seat is not None
    person = record.player(seat).user_id
    assert person is not None
    await store.follow(record.id, person)
    changed = await hand_to_computer(store, record.id, seat, 2, expected_version=record.version)
    assert changed.player(seat).user_id is None and changed.player(seat).bot_level == 2
    assert changed.next_reminder_at is None and changed.deadline_at is None
    assert person not in await store.followers(record.id)
    with pytest.raises(StoreError):
        await hand_to_computer(store, record.id, seat, 2, expected_version=changed.version)
    with pytest.raises(VersionConflict):
        await hand_to_computer(store, record.id, 1 - seat, 2, expected_version=record.version)


async def test_followers_follow_and_unfollow(store: Store) -> None:
    """Anyone may follow a running game (once); finished games cannot be followed."""
    record = await started(store, "fish", 2)
    assert await store.follow(record.id, 99) is True
    assert await store.follow(record.id, 99) is False
    assert await store.follow(record.id, 98) is True
    assert sorted(await store.followers(record.id)) == [98, 99]
    assert await store.follow(record.id, 99, on=False) is True
    assert await store.followers(record.id) == [98]
    finished = await resign_seat(store, record.id, 0, expected_version=record.version)
    assert finished.record.status == "finished"
    with pytest.raises(LobbyError):
        await store.follow(record.id, 97)


async def test_undo_request_approved_by_all_is_carried_out(store: Store, clock: Clock) -> None:
    """An undo approved by everyone asked cuts the log back and clears the request."""
    record = await started(store, "fish", 3)
    record, game = await play_random(store, record.id, random.Random(1), 4)
    expires = clock.now_datetime() + timedelta(hours=1)
    request = await store.request_undo(
        record.id,
        requester_id=USERS[0],
        keep=3,
        expected_version=record.version,
        waiting=[USERS[1], USERS[2]],
        channel_id=5,
        expires_at=expires,
    )
    assert request.waiting == (USERS[1], USERS[2]) and request.expires_at == expires
    with pytest.raises(StoreError) as pending:
        await store.request_undo(
            record.id,
            requester_id=USERS[1],
            keep=3,
            expected_version=record.version,
            waiting=[USERS[0]],
            channel_id=5,
            expires_at=expires,
        )
    assert pending.value.code == "undo_pending"
    with pytest.raises(StoreError) as early:
        await carry_out_undo(store, record.id)
    assert early.value.code == "undo_waiting"
    with pytest.raises(StoreError) as stranger:
        await store.approve_undo(record.id, 4242)
    assert stranger.value.code == "not_asked"
    await store.approve_undo(record.id, USERS[1])
    request = await store.approve_undo(record.id, USERS[2])
    assert request.waiting == () and request.approved == (USERS[1], USERS[2])
    undone, game, _ = await carry_out_undo(store, record.id)
    assert len(game.log) == 3 and len(await store.action_log(record.id)) == 3
    assert undone.version == record.version + 1
    assert await store.undo_request(record.id) is None


async def test_undo_is_void_once_the_game_moved_on(store: Store, clock: Clock) -> None:
    """A move after the request makes carrying it out a VersionConflict; nothing is cut."""

    record = await started(store, "fish", 2)
    record, _ = await play_random(store, record.id, random.Random(2), 2)
    await store.request_undo(
        record.id,
        requester_id=USERS[0],
        keep=1,
        expected_version=record.version,
        waiting=[USERS[1]],
        channel_id=5,
        expires_at=clock.now_datetime() + timedelta(hours=1),
    )
    await store.approve_undo(record.id, USERS[1])
    await play_random(store, record.id, random.Random(3), 1)
    with pytest.raises(VersionConflict):
        await carry_out_undo(store, record.id)
    assert len(await store.action_log(record.id)) == 3
    assert await store.drop_undo(record.id) is not None
    assert await store.drop_undo(record.id) is None, "a second drop finds nothing to tell"


async def test_undo_requests_expire_and_wake_the_scheduler(store: Store, clock: Clock) -> None:
    """Expired requests are listed; approving one is refused; next_due_at sees the earliest."""
    record = await started(store, "fish", 2)
    assert record.next_reminder_at is not None
    assert await store.next_due_at() == record.next_reminder_at
    expires = clock.now_datetime() + timedelta(minutes=30)
    await store.request_undo(
        record.id,
        requester_id=USERS[0],
        keep=0,
        expected_version=record.version,
        waiting=[USERS[1]],
        channel_id=5,
        expires_at=expires,
    )
    assert await store.next_due_at() == expires
    assert await store.expired_undos() == []
    clock.advance(31 * 60)
    assert [r.game_id for r in await store.expired_undos()] == [record.id]
    with pytest.raises(StoreError) as late:
        await store.approve_undo(record.id, USERS[1])
    assert late.value.code == "no_undo"


async def test_next_due_at_is_none_without_anything_waiting(store: Store) -> None:
    """No running game and no undo: the scheduler may sleep until woken."""
    assert await store.next_due_at() is None
