"""A caller cancelled at any moment (e.g. a background task at shutdown) leaves the connection
usable: no transaction is left open behind it."""

from __future__ import annotations

import asyncio
from functools import partial

from bot.play.lobby import create_game
from bot.store import NewGame, Store
from tests.store.conftest import CHANNEL, GUILD, USERS


async def test_cancelled_writes_and_reads_leave_no_transaction_open(store: Store) -> None:
    """Cancel writes and reads after every possible number of loop turns; later writes work."""
    record = await create_game(
        store, NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=USERS[0])
    )
    for turns in range(12):
        for operation in (
            partial(store.set_thread, record.id, 9000 + turns),
            partial(store.get_game, record.id),
        ):
            task = asyncio.create_task(operation())
            for _ in range(turns):
                await asyncio.sleep(0)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            # The connection is free and outside any transaction: a write commits.
            moved = await store.set_thread(record.id, 100 + turns)
            assert moved.thread_id == 100 + turns
