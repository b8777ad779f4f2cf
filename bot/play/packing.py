"""Packing the logs of games that ended before a game's log was packed at its end (a database
upgraded to schema 15): a batch per transaction, in the background after start."""

from __future__ import annotations

import asyncio

from bot.store import Store

#: Games packed per transaction.
BATCH = 500


async def pack_ended_logs(store: Store, batch: int = BATCH) -> int:
    """Pack every such game's log, a batch per transaction with the event loop free between
    batches; how many were packed (0 once all are)."""
    total = 0
    while packed := await store.pack_ended_logs(batch):
        total += packed
        await asyncio.sleep(0)
    return total
