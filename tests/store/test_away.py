"""Schema version 9 and the store's part of time away (issue 17): a version-8 database keeps its
rows (followers hear turns, nobody's seat was handed over), a refused request writes nothing,
moved clocks count as a change of the game, and only a computer's seat names a person."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.play.away import SeatRefused, take_back
from bot.play.turns import hand_to_computer
from bot.store import NoDaysLeft, Store
from bot.store.db import migrate
from bot.store.schema import LATEST
from tests.store.conftest import GUILD, START, USERS, Clock, started

DAY = 86400.0


async def test_a_version_8_database_is_upgraded_to_9_keeping_its_rows(tmp_path: Path) -> None:
    """Version 9 adds the time away table and columns: a follower from before hears turns, a
    seat has nobody it was handed over from, a server has no allowance of its own."""
    path = tmp_path / "v8.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, path, target=8) == 0
        await conn.execute(
            "INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, max_players, "
            "seed, created_at, updated_at) VALUES (1, 'fish', ?, 2, 'active', ?, 2, 7, ?, ?)",
            (GUILD, USERS[0], START, START),
        )
        await conn.execute(
            "INSERT INTO seats (game_id, slot, seat, user_id, joined_at) VALUES (1, 0, 0, ?, ?)",
            (USERS[0], START),
        )
        await conn.execute(
            "INSERT INTO follows (game_id, user_id, created_at) VALUES (1, ?, ?)",
            (USERS[3], START),
        )
        await conn.execute(
            "INSERT INTO guild_settings (guild_id, updated_at) VALUES (?, ?)", (GUILD, START)
        )
    async with await Store.open(path) as store:
        assert (await store.pragmas())["user_version"] == LATEST
        assert await store.followers(1, "turns") == [USERS[3]]
        assert await store.followers(1, "results") == []
        assert (await store.get_game(1)).seats[0].handed_from is None
        assert (await store.guild_settings(GUILD)).away_days is None
        assert await store.away_days_used(USERS[0], GUILD) == 0
    with sqlite3.connect(path) as conn, pytest.raises(sqlite3.IntegrityError):
        conn.execute("UPDATE seats SET handed_from = 99 WHERE game_id = 1")  # a person's seat


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
