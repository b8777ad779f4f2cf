"""Claims on a real PostgreSQL with several stores at once (each one process's worth of pool):
racing claimers get every job exactly once (bot.store.claims; the single-store cases run on both
backends in tests/store/test_claims.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.store import OutboxDraft, Store
from tests.store.conftest import Clock, started

LEASE = 60.0
WORKERS = 6


@pytest.fixture
async def stores(postgres_url: str) -> AsyncIterator[list[Store]]:
    """Several stores on one database, sharing one clock, as several bot processes would."""
    clock = Clock()
    opened = [await Store.open(postgres_url, clock=clock, pool_size=3)]
    opened += [await Store.open(postgres_url, clock=clock, pool_size=3) for _ in range(WORKERS - 1)]
    try:
        yield opened
    finally:
        for store in opened:
            await store.close()


async def test_racing_processes_claim_each_destination_once(stores: list[Store]) -> None:
    drafts = [OutboxDraft("post", {"n": n}, channel_id=1000 + n % 40) for n in range(400)]
    await stores[0].enqueue(*drafts)
    claimed: list[list[int]] = [[] for _ in stores]

    async def claimer(index: int) -> None:
        for _ in range(3):
            entries = await stores[index].claim_outbox(f"w{index}", lease=LEASE, limit=50)
            claimed[index].extend(e.id for e in entries)
            await asyncio.sleep(0)

    await asyncio.gather(*(claimer(i) for i in range(WORKERS)))
    by_worker = [set(ids) for ids in claimed]
    every = [entry for ids in by_worker for entry in ids]
    assert len(every) == len(set(every)) == 400  # each post held by exactly one worker
    held = await stores[0].claimed("outbox")
    channels: dict[int, set[str]] = {}
    for entry in await stores[0].pending(limit=1000):
        channels.setdefault(entry.channel_id or 0, set()).add(held[entry.id])
    assert all(len(workers) == 1 for workers in channels.values())  # a channel: one sender


async def test_racing_processes_claim_each_due_game_once(stores: list[Store]) -> None:
    games = [await started(stores[0], bots=1, seed=seed) for seed in range(30)]
    due = [
        g.id for g in games if g.to_move_seat is not None and g.player(g.to_move_seat).is_computer
    ]
    results = await asyncio.gather(
        *(store.claim_due_games(f"w{i}", lease=LEASE, limit=4) for i, store in enumerate(stores))
    )
    while True:  # the rest, in further rounds
        more = await asyncio.gather(
            *(s.claim_due_games(f"w{i}", lease=LEASE, limit=4) for i, s in enumerate(stores))
        )
        results = [
            old + [g for g in new if g not in old] for old, new in zip(results, more, strict=True)
        ]
        if sum(map(len, results)) >= len(due) or not any(more):
            break
    every = [game for ids in results for game in ids]
    assert sorted(every) == sorted(due) and len(set(every)) == len(every)


async def test_a_named_lock_is_held_across_processes_for_its_time(stores: list[Store]) -> None:
    """What the identify buckets use: the second holder waits out the first one's hold."""
    first, second = stores[0], stores[1]
    start = asyncio.get_running_loop().time()
    await first.hold_exclusive("identify:0", 0.6)
    await second.hold_exclusive("identify:1", 0.6)  # another bucket: at once
    assert asyncio.get_running_loop().time() - start < 0.4
    await second.hold_exclusive("identify:0", 0.6)
    assert asyncio.get_running_loop().time() - start >= 0.55
