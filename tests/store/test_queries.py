"""The lookups the bot runs often: by channel, thread, player, server, and overdue turns."""

from __future__ import annotations

import random

import pytest

from bot.play.lobby import create_game
from bot.store import NewGame, OutboxDraft, Store, StoreError, VersionConflict
from bot.store.queries import HOT_QUERIES
from tests.store.conftest import CHANNEL, GUILD, USERS, Clock, play_random, started

HOUR = 3600.0


async def test_games_of_a_channel_and_of_a_server(store: Store) -> None:
    """Open games (lobby or running) by default; any statuses on request; oldest first."""
    lobby = await create_game(
        store, NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=1)
    )
    running = await started(store)
    elsewhere = await started(store, channel_id=CHANNEL + 1)
    done = await store.cancel((await started(store)).id)
    assert [g.id for g in await store.games_in_channel(CHANNEL)] == [lobby.id, running.id]
    assert [g.id for g in await store.games_in_channel(CHANNEL, ("cancelled",))] == [done.id]
    assert [g.id for g in await store.games_in_channel(CHANNEL + 1)] == [elsewhere.id]
    assert [g.id for g in await store.games_in_guild(GUILD)] == [lobby.id, running.id, elsewhere.id]
    assert await store.games_in_guild(GUILD + 1) == []
    found = (await store.games_in_channel(CHANNEL))[1]
    assert found == running and len(found.seats) == 2


async def test_games_of_a_user(store: Store) -> None:
    """A person's open games, with all their seats; finished ones only when asked."""
    first = await started(store)
    lobby = await create_game(
        store, NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=USERS[1])
    )
    record, _ = await play_random(store, (await started(store, seed=4)).id, random.Random(4))
    assert record.status == "finished"
    assert [g.id for g in await store.games_of_user(USERS[0])] == [first.id]
    assert [g.id for g in await store.games_of_user(USERS[1])] == [first.id, lobby.id]
    assert [g.id for g in await store.games_of_user(USERS[1], ("finished",))] == [record.id]
    assert await store.games_of_user(999) == []


async def test_games_due_a_reminder(store: Store, clock: Clock) -> None:
    """A turn is due a reminder after the game's reminder interval; a move resets the clock."""
    slow = await started(store, seed=1)
    clock.advance(HOUR)
    quick = await started(store, seed=2)
    assert await store.games_due_reminder() == []
    clock.advance(24 * HOUR - 1)
    assert [g.id for g in await store.games_due_reminder()] == [slow.id]
    clock.advance(HOUR)
    assert [g.id for g in await store.games_due_reminder()] == [slow.id, quick.id]
    assert len(await store.games_due_reminder(limit=1)) == 1
    await play_random(store, slow.id, random.Random(1), moves=1)
    assert [g.id for g in await store.games_due_reminder()] == [quick.id]


async def test_mark_reminded_schedules_the_next_and_queues_the_message(
    store: Store, clock: Clock
) -> None:
    """Marking counts the reminder, moves the next one an interval on and queues its message."""
    record = await started(store)
    clock.advance(25 * HOUR)
    (due,) = await store.games_due_reminder()
    note = OutboxDraft("reminder", {"game": due.id}, user_id=due.to_move_user, game_id=due.id)
    marked = await store.mark_reminded(due.id, expected_version=due.version, announce=[note])
    assert marked.reminders_sent == 1 and marked.version == due.version
    assert marked.next_reminder_at is not None
    assert marked.next_reminder_at.timestamp() == clock.now + 24 * HOUR
    assert await store.games_due_reminder() == []
    (queued,) = await store.pending()
    assert queued.user_id == record.to_move_user and queued.kind == "reminder"


async def test_a_reminder_for_a_turn_already_played_is_refused(store: Store, clock: Clock) -> None:
    """If the player moved after the due list was read, marking conflicts and queues nothing."""
    record = await started(store)
    clock.advance(25 * HOUR)
    (due,) = await store.games_due_reminder()
    await play_random(store, record.id, random.Random(0), moves=1)
    with pytest.raises(VersionConflict):
        await store.mark_reminded(
            due.id,
            expected_version=due.version,
            announce=[OutboxDraft("reminder", {}, user_id=1)],
        )
    assert await store.pending() == []
    finished, _ = await play_random(store, record.id, random.Random(0))
    with pytest.raises(StoreError) as nobody:
        await store.mark_reminded(finished.id, expected_version=finished.version)
    assert nobody.value.code == "no_reminder"


async def test_games_past_their_deadline(store: Store, clock: Clock) -> None:
    """A turn without a move for the game's timeout is past its deadline."""
    await store.update_guild_settings(GUILD, timeout_days=2.0)
    record = await started(store)
    clock.advance(2 * 24 * HOUR - 1)
    assert await store.games_past_deadline() == []
    clock.advance(1)
    assert [g.id for g in await store.games_past_deadline()] == [record.id]


@pytest.mark.parametrize("name", sorted(HOT_QUERIES))
async def test_hot_queries_use_an_index(sqlite_store: Store, name: str) -> None:
    """No hot query scans a whole table: SQLite plans a SEARCH on an index for each."""
    plan = await sqlite_store.query_plan(name)
    main = [line for line in plan if "games" in line or "outbox" in line or "seats" in line]
    assert main and all(line.startswith("SEARCH") for line in main), plan
    assert all("INDEX" in line or "PRIMARY KEY" in line for line in main), plan
