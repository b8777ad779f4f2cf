"""Claimed background work, on both backends: each job to one worker, a lapsed lease taken over,
a destination's posts all to one worker, renewals and releases fenced by the worker."""

from __future__ import annotations

import random

from bot.play.games import opening
from bot.store import NewGame, OutboxDraft, Store
from tests.store.conftest import GUILD, USERS, Clock, play_random, started

LEASE = 30.0


def post(channel: int | None = None, user: int | None = None, text: str = "hi") -> OutboxDraft:
    return OutboxDraft("post", {"text": text}, channel_id=channel, user_id=user)


async def test_a_computer_to_move_is_claimed_by_one_worker_until_its_lease_lapses(
    store: Store, clock: Clock
) -> None:
    record = await started(store, bots=1)
    record, _ = await play_random(store, record.id, random.Random(1), moves=0)
    due = await store.claim_due_games("a", lease=LEASE)
    other = await store.claim_due_games("b", lease=LEASE)
    # Whoever is to move first: the computer's game is due now, or it is not due at all.
    if due:
        assert due == [record.id] and other == []
        assert await store.claim_due_games("a", lease=LEASE) == [record.id]  # still its own
        assert not await store.claim_game(record.id, "b", lease=LEASE)
        clock.advance(LEASE + 1)  # "a" died: its lease lapses
        assert await store.claim_due_games("b", lease=LEASE) == [record.id]
        assert not await store.release_game(record.id, "a")  # fenced: no longer a's
        assert await store.release_game(record.id, "b")
        assert await store.claimed("games") == {}


async def test_reminders_and_deadlines_make_a_game_due(store: Store, clock: Clock) -> None:
    record = await started(store)
    assert await store.claim_due_games("a", lease=LEASE) == []
    clock.advance(record.reminder_hours * 3600 + 1)
    assert await store.claim_due_games("a", lease=LEASE) == [record.id]
    assert await store.claim_due_games("b", lease=LEASE) == []
    clock.advance(LEASE / 2)
    await store.renew_claims("a", lease=LEASE)
    clock.advance(LEASE * 0.75)  # past the first lease, within the renewed one
    assert await store.claim_due_games("b", lease=LEASE) == []
    assert await store.claimed("games") == {record.id: "a"}


async def test_a_destinations_posts_go_to_one_worker_in_order(store: Store, clock: Clock) -> None:
    await store.enqueue(post(channel=5, text="1"), post(user=7), post(channel=5, text="2"))
    first = await store.claim_outbox("a", lease=LEASE, limit=1)
    assert [e.payload["text"] for e in first] == ["1", "2"]  # the whole channel, oldest first
    second = await store.claim_outbox("b", lease=LEASE)
    assert [e.user_id for e in second] == [7]  # the DMs: another destination
    await store.enqueue(post(channel=5, text="3"))
    assert await store.claim_outbox("b", lease=LEASE) == [second[0]]  # not a's channel
    mine = await store.claim_outbox("a", lease=LEASE)
    assert [e.payload["text"] for e in mine] == ["1", "2", "3"]
    await store.mark_sent(mine[0].id, 99)
    await store.release_outbox([e.id for e in mine], "a")
    clock.advance(1)
    assert [e.payload["text"] for e in await store.claim_outbox("b", lease=LEASE)] == [
        "hi",
        "2",
        "3",
    ]


async def test_a_dead_workers_posts_are_taken_over(store: Store, clock: Clock) -> None:
    await store.enqueue(post(channel=5))
    assert len(await store.claim_outbox("a", lease=LEASE)) == 1
    assert await store.claim_outbox("b", lease=LEASE) == []
    clock.advance(LEASE + 1)
    assert len(await store.claim_outbox("b", lease=LEASE)) == 1
    await store.release_all_claims()
    assert await store.claimed("outbox") == {}


async def test_a_table_created_held_is_its_creators_until_placed(
    store: Store, clock: Clock
) -> None:
    """A table full at once with a computer to move is due from its first moment: created held,
    no other worker plays that turn while the creator's process places the table."""
    for seed in range(40):
        new = NewGame("fish", guild_id=GUILD, channel_id=5, creator_id=USERS[0], bots=1, seed=seed)
        record = await store.create_game(new, opening=opening, hold=("a", LEASE))
        if record.to_move_seat is not None and record.player(record.to_move_seat).is_computer:
            break
    else:
        raise AssertionError("no deal in 40 has the computer to move first")
    assert (await store.claimed("games"))[record.id] == "a"
    assert record.id not in await store.claim_due_games("b", lease=LEASE)
    assert not await store.claim_game(record.id, "b", lease=LEASE)
    assert record.id in await store.claim_due_games("a", lease=LEASE)
    assert await store.release_game(record.id, "a")  # placed: any worker may play it now
    assert record.id in await store.claim_due_games("b", lease=LEASE)
