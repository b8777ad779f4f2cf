"""Claimed background work on a real PostgreSQL: racing processes get each job once, a lapsed
lease is claimed again, and a process that lost its lease changes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.store.postgres_claims import (
    claim_games,
    claim_outbox,
    finish_outbox,
    release,
    renew,
)
from bot.store.postgres_schema import migrate

T = 1_700_000_000.0
LEASE = 60.0


@pytest.fixture
async def pool(postgres_url: str) -> AsyncIterator[asyncpg.Pool]:
    """A pool on a migrated database (several connections: several processes' worth)."""
    conn = await asyncpg.connect(postgres_url)
    await migrate(conn)
    await conn.close()
    async with asyncpg.create_pool(postgres_url, min_size=4, max_size=8) as created:
        yield created


async def _outbox_rows(pool: asyncpg.Pool, count: int, *, due: float = T) -> None:
    await pool.execute(
        "INSERT INTO outbox (channel_id, kind, payload, created_at, next_attempt_at) "
        "SELECT 5, 'post', '{}', $1, $2 FROM generate_series(1, $3)",
        T,
        due,
        count,
    )


async def _game(pool: asyncpg.Pool, **columns: object) -> int:
    names = ", ".join(columns)
    values = ", ".join(f"${n + 2}" for n in range(len(columns)))
    return int(
        await pool.fetchval(
            "INSERT INTO games (kind, guild_id, channel_id, status, creator_id, max_players, seed, "
            f"created_at, updated_at{', ' if columns else ''}{names}) "
            f"VALUES ('fish', 1, 2, 'active', 3, 2, 7, $1, $1{', ' if columns else ''}{values}) "
            "RETURNING id",
            T,
            *columns.values(),
        )
    )


async def test_racing_processes_claim_each_outbox_row_once(pool: asyncpg.Pool) -> None:
    await _outbox_rows(pool, 300)

    async def process(name: str) -> list[int]:
        taken: list[int] = []
        while True:
            async with pool.acquire() as conn:
                got = await claim_outbox(conn, worker=name, now=T, lease=LEASE, limit=7)
            if not got:
                return taken
            taken += got
            await asyncio.sleep(0)

    results = await asyncio.gather(*(process(f"p{n}") for n in range(6)))
    everything = sorted(i for taken in results for i in taken)
    assert len(everything) == len(set(everything)) == 300
    assert sum(1 for taken in results if taken) > 1  # really raced
    held = await pool.fetch("SELECT claimed_by, count(*) AS n FROM outbox GROUP BY 1")
    assert {r["claimed_by"]: r["n"] for r in held} == {
        f"p{n}": len(taken) for n, taken in enumerate(results) if taken
    }


async def test_only_due_unsent_rows_are_claimed(pool: asyncpg.Pool) -> None:
    await _outbox_rows(pool, 2)
    await _outbox_rows(pool, 1, due=T + 100)
    await pool.execute("UPDATE outbox SET sent_at = $1 WHERE id = 1", T)
    async with pool.acquire() as conn:
        assert await claim_outbox(conn, worker="a", now=T, lease=LEASE, limit=10) == [2]


async def test_a_lapsed_lease_is_claimed_by_another_process(pool: asyncpg.Pool) -> None:
    await _outbox_rows(pool, 1)
    async with pool.acquire() as conn:
        assert await claim_outbox(conn, worker="dead", now=T, lease=LEASE, limit=5) == [1]
        # Still leased: nobody else gets it.
        assert await claim_outbox(conn, worker="alive", now=T + 59, lease=LEASE, limit=5) == []
        # The holder died without finishing: once the lease ran out, another process takes it.
        assert await claim_outbox(conn, worker="alive", now=T + 60, lease=LEASE, limit=5) == [1]
        # The stalled first holder wakes up: it can neither renew nor finish.
        assert not await renew(conn, "outbox", 1, worker="dead", now=T + 61, lease=LEASE)
        assert not await finish_outbox(conn, 1, worker="dead", now=T + 61, message_id=77)
        assert await finish_outbox(conn, 1, worker="alive", now=T + 62, message_id=88)
        row = await conn.fetchrow("SELECT sent_at, message_id, claimed_by FROM outbox")
        assert (row["sent_at"], row["message_id"], row["claimed_by"]) == (T + 62, 88, None)
        # Sent: never claimed again.
        assert await claim_outbox(conn, worker="x", now=T + 999, lease=LEASE, limit=5) == []


async def test_renewing_keeps_a_long_job(pool: asyncpg.Pool) -> None:
    await _outbox_rows(pool, 1)
    async with pool.acquire() as conn:
        await claim_outbox(conn, worker="a", now=T, lease=LEASE, limit=1)
        assert await renew(conn, "outbox", 1, worker="a", now=T + 50, lease=LEASE)
        assert await claim_outbox(conn, worker="b", now=T + 100, lease=LEASE, limit=1) == []
        assert await release(conn, "outbox", 1, worker="a")
        assert await claim_outbox(conn, worker="b", now=T + 100, lease=LEASE, limit=1) == [1]


async def test_games_with_due_work_are_claimed_once_each(pool: asyncpg.Pool) -> None:
    reminder = await _game(pool, next_reminder_at=T - 1)
    deadline = await _game(pool, deadline_at=T - 1, to_move_seat=0)
    computer = await _game(pool, to_move_seat=1)
    await pool.execute(
        "INSERT INTO seats (game_id, slot, seat, bot_level, joined_at) VALUES ($1, 0, 1, 2, $2)",
        computer,
        T,
    )
    undo = await _game(pool)
    await pool.execute(
        "INSERT INTO undo_requests (game_id, requester_id, keep, version, waiting, approved, "
        "channel_id, created_at, expires_at) VALUES ($1, 3, 1, 4, '[]', '[]', 2, $2, $2)",
        undo,
        T,
    )
    await _game(pool, next_reminder_at=T + 3600)  # not due yet
    await _game(pool, to_move_seat=0)  # a person to move, nothing due
    finished = await _game(pool, deadline_at=T - 1)
    await pool.execute("UPDATE games SET status = 'finished' WHERE id = $1", finished)

    async def process(name: str) -> list[int]:
        async with pool.acquire() as conn:
            return await claim_games(conn, worker=name, now=T, lease=LEASE, limit=2)

    results = await asyncio.gather(*(process(f"p{n}") for n in range(4)))
    claimed = sorted(i for taken in results for i in taken)
    assert claimed == sorted([reminder, deadline, computer, undo])
    async with pool.acquire() as conn:
        assert await claim_games(conn, worker="late", now=T + 1, lease=LEASE, limit=10) == []
        again = await claim_games(conn, worker="late", now=T + LEASE, lease=LEASE, limit=10)
    assert again == claimed
