"""Where an undo request's question was posted is kept with the request, so whichever process
settles it — another one, or this one after a restart — edits the post. The post is kept only
for the request it belongs to; a request is removed, with its post, by one caller only."""

from __future__ import annotations

from datetime import timedelta

from bot.store import GameRecord, Store, UndoPost, UndoRequest
from tests.store.conftest import USERS, Clock, started

POST = UndoPost(channel_id=555, message_id=777, question="<@1> asks to take back …")


async def _ask(store: Store, record: GameRecord, clock: Clock) -> UndoRequest:
    """The first player asks the second to take back every move, for an hour from now."""
    return await store.request_undo(
        record.id,
        requester_id=USERS[0],
        keep=0,
        expected_version=record.version,
        waiting=[USERS[1]],
        channel_id=2,
        expires_at=clock.now_datetime() + timedelta(hours=1),
    )


async def test_the_post_is_kept_for_its_own_request_only(store: Store, clock: Clock) -> None:
    """Kept once, for the request as asked; not for one settled meanwhile, nor for one that
    replaced it after it expired (the new one starts without a post)."""
    record = await started(store, "fish", 2)
    first = await _ask(store, record, clock)
    assert first.post is None
    assert await store.posted_undo(first, POST)
    again = UndoPost(POST.channel_id, 999, "another question")
    assert not await store.posted_undo(first, again), "a request has one post"
    clock.advance(3601)
    second = await _ask(store, record, clock)
    assert second.post is None, "the expired request's post is not the new one's"
    dropped = await store.drop_undo(record.id)
    assert dropped is not None and dropped.post is None
    assert not await store.posted_undo(second, POST), "settled before its post was kept"
    assert await store.undo_request(record.id) is None


async def test_a_request_and_its_post_are_removed_by_one_caller(store: Store, clock: Clock) -> None:
    """Two processes that each see the game move on (or the request expire) try to remove it:
    one gets the request with its post to edit, the other nothing; a request asked at the
    version a change made is not void."""
    record = await started(store, "fish", 2)
    request = await _ask(store, record, clock)
    await store.posted_undo(request, POST)
    assert await store.drop_undo(record.id, asked_before=record.version) is None
    assert await store.undo_request(record.id) is not None
    first = await store.drop_undo(record.id, asked_before=record.version + 1)
    second = await store.drop_undo(record.id, asked_before=record.version + 1)
    assert first is not None and first.post == POST and second is None
    assert first.waiting == (USERS[1],) and await store.undo_request(record.id) is None
