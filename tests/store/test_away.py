"""The store's part of time away: a refused request writes nothing, moved clocks count as a
change of the game, and only a computer's seat names a person."""

from __future__ import annotations

import pytest

from bot.play.away import SeatRefused, take_back
from bot.play.turns import hand_to_computer
from bot.store import NoDaysLeft, Store
from tests.store.conftest import GUILD, USERS, Clock, started

DAY = 86400.0


async def test_too_many_days_write_nothing_and_moved_clocks_change_the_version(
    store: Store, clock: Clock
) -> None:
    """A refusal leaves the running time away and the clocks as they were; granted time away
    moves the deadline of the person's turn and the game's version (a timeout read before it
    cannot fire)."""
    record = await started(store, "fish", 2)
    mover = record.to_move_user
    assert mover is not None and record.deadline_at is not None
    done = await store.set_away(mover, {GUILD: 5}, 3)
    assert done.ends_at is not None and done.days_left == {GUILD: 2}
    moved = await store.get_game(record.id)
    assert moved.version == record.version + 1
    assert moved.deadline_at is not None
    assert moved.deadline_at.timestamp() == record.deadline_at.timestamp() + 3 * DAY
    with pytest.raises(NoDaysLeft) as refused:
        await store.set_away(mover, {GUILD: 5}, 5)
    assert refused.value.params["left"] == 4  # the running 3 days would end (1 begun)
    assert await store.away_ends(mover, GUILD) == done.ends_at
    assert (await store.get_game(record.id)).deadline_at == moved.deadline_at
    clock.now += 1.5 * DAY
    back = await store.set_away(mover, {GUILD: 5}, 0)
    assert back.ended and back.given_back == {GUILD: 1} and back.days_left == {GUILD: 3}
    returned = await store.get_game(record.id)
    assert returned.deadline_at is not None
    assert returned.deadline_at.timestamp() == record.deadline_at.timestamp() + 1.5 * DAY


async def test_a_handed_over_seat_keeps_its_person_and_only_they_take_it_back(
    store: Store,
) -> None:
    """The computer's seat names the person it was taken from; someone else is refused."""
    record = await started(store, "fish", 2)
    seat = record.to_move_seat
    mover = record.to_move_user
    assert seat is not None and mover is not None
    handed = await hand_to_computer(store, record.id, seat, 2, expected_version=record.version)
    assert handed.player(seat).handed_from == mover and handed.player(seat).user_id is None
    other = next(u for u in USERS if u not in (mover,) and u not in handed.user_ids)
    with pytest.raises(SeatRefused) as refused:
        await take_back(store, record.id, other, None)
    assert refused.value.code == "not_handed"
    back = await take_back(store, record.id, mover, None)
    assert back.player(seat).user_id == mover and back.player(seat).handed_from is None
    assert back.deadline_at is not None, "their turn's clock runs again"
