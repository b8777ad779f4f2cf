"""The outbox: queued messages survive a restart, are deduplicated, retried and settled."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest

from bot.store import InvalidValue, OutboxDraft, OutboxEntry, Store, StoreError
from tests.store.conftest import Clock, open_store, play_random, started


async def test_queued_messages_survive_a_restart(target: Path | str, clock: Clock) -> None:
    """What was queued and not sent is still pending after reopening the database."""
    async with await open_store(target, clock) as store:
        (entry,) = await store.enqueue(OutboxDraft("turn", {"seq": 3}, channel_id=9))
        assert entry.attempts == 0 and entry.sent_at is None
    async with await open_store(target, clock) as store:
        assert await store.pending() == [entry]


async def test_dedupe_key_queues_an_announcement_once(store: Store) -> None:
    """The same dedupe_key is queued once, even after it was sent (nothing announced twice)."""
    draft = OutboxDraft("turn", {"seq": 1}, channel_id=9, dedupe_key="game:1:seq:1")
    (entry,) = await store.enqueue(draft)
    assert await store.enqueue(draft) == ()
    await store.mark_sent(entry.id, message_id=777)
    assert await store.enqueue(draft) == ()
    assert await store.pending() == []
    sent = await store.get_outbox_entry(entry.id)
    assert sent.message_id == 777 and sent.sent_at is not None


async def test_pending_is_oldest_first_and_only_what_is_due(store: Store, clock: Clock) -> None:
    """Order of queueing, limited; a failed message waits until its retry time."""
    entries: list[OutboxEntry] = []
    for n in range(4):
        entries += await store.enqueue(OutboxDraft("turn", {"n": n}, channel_id=1))
        clock.advance(1)
    assert [e.payload["n"] for e in await store.pending(limit=3)] == [0, 1, 2]
    await store.mark_failed(
        entries[0].id, "429 Too Many Requests", clock.now_datetime() + timedelta(seconds=30)
    )
    assert [e.payload["n"] for e in await store.pending()] == [1, 2, 3]
    assert await store.next_attempt_at() == entries[1].next_attempt_at
    clock.advance(30)
    first = (await store.pending())[-1]
    assert first.id == entries[0].id and first.attempts == 1
    assert first.last_error == "429 Too Many Requests"


async def test_giving_up_settles_a_message(store: Store) -> None:
    """A message that can never go out (e.g. 403) is given up and no longer pending."""
    (entry,) = await store.enqueue(OutboxDraft("dm", {"text": "your turn"}, user_id=5))
    await store.mark_failed(entry.id, "403 Forbidden: DMs closed")
    assert await store.pending() == []
    settled = await store.get_outbox_entry(entry.id)
    assert settled.gave_up_at is not None and settled.attempts == 1
    with pytest.raises(StoreError) as again:
        await store.mark_sent(entry.id)
    assert again.value.code == "message_settled" and "given up" in again.value.message
    with pytest.raises(StoreError) as missing:
        await store.mark_sent(12345)
    assert missing.value.code == "no_message"


async def test_bad_drafts_are_refused(store: Store) -> None:
    """A message needs exactly one target and plain JSON data."""
    with pytest.raises(InvalidValue) as both:
        await store.enqueue(OutboxDraft("x", {}, channel_id=1, user_id=2))
    assert both.value.code == "outbox_target"
    with pytest.raises(InvalidValue) as neither:
        await store.enqueue(OutboxDraft("x", {}))
    assert neither.value.code == "outbox_target"
    with pytest.raises(InvalidValue) as payload:
        await store.enqueue(OutboxDraft("x", {"when": {1, 2}}, channel_id=1))
    assert payload.value.code == "outbox_payload"
    assert await store.pending() == []


async def test_enqueue_wakes_the_delivery_task(store: Store) -> None:
    """outbox_ready is set when a commit queued messages."""
    assert not store.outbox_ready.is_set()
    await store.enqueue(OutboxDraft("x", {}, channel_id=1))
    assert store.outbox_ready.is_set()


async def test_a_reminder_queued_for_a_version_is_dropped_once_the_game_moved_on(
    store: Store, clock: Clock
) -> None:
    """mark_reminded queues its messages for the version it checked: while the game stays
    there they are sent as usual; after a move they are dropped unsent (no stale ping), and a
    message bound to no version is never dropped."""
    record = await started(store, seed=3)
    clock.advance(record.reminder_hours * 3600 + 1)
    ping = OutboxDraft("text", {"text": "remind"}, channel_id=9, game_id=record.id)
    other = OutboxDraft("text", {"text": "other"}, channel_id=9, game_id=record.id)
    await store.mark_reminded(record.id, expected_version=record.version, announce=[ping])
    (queued,) = await store.pending()
    assert queued.for_version == record.version
    (plain,) = await store.enqueue(other)
    assert not await store.drop_if_stale(queued.id), "the game is still at that version"
    await play_random(store, record.id, random.Random(3), moves=1)
    assert not await store.drop_if_stale(plain.id)
    assert await store.drop_if_stale(queued.id)
    assert not await store.drop_if_stale(queued.id), "dropped once"
    dropped = await store.get_outbox_entry(queued.id)
    assert dropped.gave_up_at is not None and dropped.sent_at is None
    assert dropped.last_error is not None and dropped.last_error.startswith("stale")
    assert [e.id for e in await store.pending()] == [plain.id]
    with pytest.raises(InvalidValue) as no_game:
        await store.enqueue(OutboxDraft("x", {}, channel_id=1, for_version=1))
    assert no_game.value.code == "outbox_version"
