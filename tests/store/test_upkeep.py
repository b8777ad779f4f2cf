"""What the store keeps small and up to date, on both backends: a settled post keeps no drawing
data and no lease, a game that ended keeps none of its settled posts, and a game's next due
moment (``due_at``) follows every change of its reminder, deadline, undo request, player to
move and status."""

from __future__ import annotations

import random
from datetime import timedelta

from bot.store import OutboxDraft, Store
from tests.store.conftest import USERS, Clock, play_random, started

LEASE = 30.0
#: A turn post's drawing data: a board's worth of JSON.
BOARD = {"view": {"floes": [[x, y, x % 3 + 1] for x in range(8) for y in range(8)]}}


async def due_at(store: Store, game_id: int) -> float | None:
    """The game's stored next due moment."""
    rows = await store._db.fetchall("SELECT due_at FROM games WHERE id = ?", (game_id,))
    return None if rows[0]["due_at"] is None else float(rows[0]["due_at"])


async def posts_of(store: Store, game_id: int) -> int:
    """How many outbox rows a game has."""
    rows = await store._db.fetchall(
        "SELECT count(*) AS n FROM outbox WHERE game_id = ?", (game_id,)
    )
    return int(rows[0]["n"])


async def test_a_sent_post_keeps_its_key_and_message_id_but_no_drawing_data(
    store: Store,
) -> None:
    """Sent or given up, a post keeps only what exactly-once needs, and gives its lease back."""
    record = await started(store)
    turn = OutboxDraft("turn", BOARD, channel_id=9, game_id=record.id, dedupe_key="turn:1:1")
    (sent, failed) = await store.enqueue(
        turn, OutboxDraft("dm", {"text": "your turn"}, user_id=USERS[0], game_id=record.id)
    )
    claimed = await store.claim_outbox("a", lease=LEASE)
    assert [e.id for e in claimed] == [sent.id, failed.id] and claimed[0].payload == BOARD
    await store.mark_sent(sent.id, message_id=4242)
    await store.mark_failed(failed.id, "forbidden: DMs closed")
    kept = await store.get_outbox_entry(sent.id)
    assert kept.payload == {} and kept.message_id == 4242 and kept.sent_at is not None
    assert kept.dedupe_key == "turn:1:1"
    assert (await store.get_outbox_entry(failed.id)).payload == {}
    assert await store.claimed("outbox") == {}
    assert await store.enqueue(turn) == ()  # still sent once


async def test_a_game_that_ends_keeps_none_of_its_settled_posts(store: Store) -> None:
    """Finishing a game drops the posts of it already settled; a post queued with the end (and
    not sent yet) stays until it is sent."""
    record = await started(store)
    for n in range(3):
        (entry,) = await store.enqueue(OutboxDraft("turn", BOARD, channel_id=9, game_id=record.id))
        if n < 2:
            await store.mark_sent(entry.id, message_id=n + 1)
    await play_random(store, record.id, random.Random(2))
    assert await posts_of(store, record.id) == 1
    (unsent,) = await store.pending()
    assert unsent.payload == BOARD
    other = await started(store, seed=9)
    (entry,) = await store.enqueue(OutboxDraft("turn", BOARD, channel_id=9, game_id=other.id))
    await store.mark_sent(entry.id)
    await store.cancel(other.id)
    assert await posts_of(store, other.id) == 0


async def test_due_at_follows_reminders_undo_requests_computers_and_the_end(
    store: Store, clock: Clock
) -> None:
    """The next due moment is the earliest of reminder, deadline, undo expiry and a computer's
    turn; nothing once the game is over."""
    record = await started(store)
    reminder = record.next_reminder_at
    assert reminder is not None and await due_at(store, record.id) == reminder.timestamp()
    record, _ = await play_random(store, record.id, random.Random(3), moves=1)
    assert record.next_reminder_at is not None
    assert await due_at(store, record.id) == record.next_reminder_at.timestamp()
    expires = clock.now_datetime() + timedelta(minutes=5)
    await store.request_undo(
        record.id,
        requester_id=USERS[0],
        keep=0,
        expected_version=record.version,
        waiting=[USERS[1]],
        channel_id=9,
        expires_at=expires,
    )
    assert await due_at(store, record.id) == expires.timestamp()
    assert await store.claim_due_games("a", lease=LEASE) == []
    clock.advance(301)
    assert await store.claim_due_games("a", lease=LEASE) == [record.id]
    await store.release_game(record.id, "a")
    await store.drop_undo(record.id)
    assert await due_at(store, record.id) == record.next_reminder_at.timestamp()
    clock.advance(record.reminder_hours * 3600)
    reminded = await store.mark_reminded(record.id, expected_version=record.version)
    assert reminded.next_reminder_at is not None
    assert await due_at(store, record.id) == reminded.next_reminder_at.timestamp()
    finished, _ = await play_random(store, record.id, random.Random(3))
    assert finished.status == "finished" and await due_at(store, record.id) is None
    # A game where the computer places first: its turn is due at once.
    for seed in range(4, 40):
        computer = await started(store, bots=1, seed=seed)
        if computer.to_move_user is None:
            break
    assert computer.to_move_user is None and computer.turn_started_at is not None
    assert await due_at(store, computer.id) == computer.turn_started_at.timestamp()
    assert await store.claim_due_games("b", lease=LEASE) == [computer.id]
    await store.cancel(computer.id)
    assert await due_at(store, computer.id) is None
