"""Schema version 10: where an undo request's question was posted is kept with the request
(issue 20), so whichever process settles it — another one, or this one after a restart — edits
the post. A version-9 database keeps its waiting requests (with no post); the post is kept only
for the request it belongs to; a request is removed, with its post, by one caller only."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import aiosqlite
import asyncpg

from bot.store import Store, UndoPost
from bot.store import postgres_schema as pg
from bot.store.db import migrate
from bot.store.schema import LATEST
from tests.store.conftest import GUILD, START, USERS, Clock, open_store, started

POST = UndoPost(channel_id=555, message_id=777, question="<@1> asks to take back …")
GAME = (
    "INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, max_players, "
    "seed, created_at, updated_at, version) VALUES (1, 'fish', {g}, 2, 'active', {u}, 2, 7, "
    "{t}, {t}, 3)"
)
REQUEST = (
    "INSERT INTO undo_requests (game_id, requester_id, keep, version, waiting, approved, "
    "channel_id, created_at, expires_at) VALUES (1, {u}, 1, 3, '[{w}]', '[]', 2, {t}, {e})"
)


def _rows() -> tuple[str, str]:
    values = {"g": GUILD, "u": USERS[0], "w": USERS[1], "t": START, "e": START + 86400}
    return GAME.format(**values), REQUEST.format(**values)


async def _upgraded_keeps_the_request(store: Store) -> None:
    request = await store.undo_request(1)
    assert request is not None and request.post is None
    assert request.version == 3 and request.waiting == (USERS[1],)
    assert await store.posted_undo(request, POST)
    kept = await store.undo_request(1)
    assert kept is not None and kept.post == POST


async def test_a_version_9_sqlite_database_is_upgraded_to_10_keeping_undo_requests(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "v9.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, path, target=9) == 0
        for statement in _rows():
            await conn.execute(statement)
    async with await Store.open(path, clock=clock) as store:
        assert (await store.pragmas())["user_version"] == LATEST == 10
        await _upgraded_keeps_the_request(store)


async def test_a_version_9_postgresql_database_is_upgraded_to_10_keeping_undo_requests(
    postgres_url: str, clock: Clock
) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await pg.migrate(conn, target=9) == 0
        for statement in _rows():
            await conn.execute(statement)
    finally:
        await conn.close()
    async with await open_store(postgres_url, clock) as store:
        assert pg.LATEST == LATEST
        await _upgraded_keeps_the_request(store)


async def test_the_post_is_kept_for_its_own_request_only(store: Store, clock: Clock) -> None:
    """Kept once, for the request as asked; not for one settled meanwhile, nor for one that
    replaced it after it expired (the new one starts without a post)."""
    record = await started(store, "fish", 2)
    ask = {
        "requester_id": USERS[0],
        "keep": 0,
        "expected_version": record.version,
        "waiting": [USERS[1]],
        "channel_id": 2,
    }
    first = await store.request_undo(
        record.id, expires_at=clock.now_datetime() + timedelta(hours=1), **ask
    )
    assert first.post is None
    assert await store.posted_undo(first, POST)
    again = UndoPost(POST.channel_id, 999, "another question")
    assert not await store.posted_undo(first, again), "a request has one post"
    clock.advance(3601)
    second = await store.request_undo(
        record.id, expires_at=clock.now_datetime() + timedelta(hours=1), **ask
    )
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
    request = await store.request_undo(
        record.id,
        requester_id=USERS[0],
        keep=0,
        expected_version=record.version,
        waiting=[USERS[1]],
        channel_id=2,
        expires_at=clock.now_datetime() + timedelta(hours=1),
    )
    await store.posted_undo(request, POST)
    assert await store.drop_undo(record.id, asked_before=record.version) is None
    assert await store.undo_request(record.id) is not None
    first = await store.drop_undo(record.id, asked_before=record.version + 1)
    second = await store.drop_undo(record.id, asked_before=record.version + 1)
    assert first is not None and first.post == POST and second is None
    assert first.waiting == (USERS[1],) and await store.undo_request(record.id) is None
