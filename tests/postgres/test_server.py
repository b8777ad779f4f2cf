"""The tests' own PostgreSQL: it starts (as root too), hands out fresh databases, and its row
locks do what the job claims rely on."""

from __future__ import annotations

import asyncio

import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints
import pytest

from tests.pg import Cluster, PostgresServer, pgserver_binaries, system_binaries


async def test_each_test_gets_an_empty_database_of_its_own(
    postgres_server: PostgresServer, postgres_url: str
) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        tables = await conn.fetchval(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
        )
        name = await conn.fetchval("SELECT current_database()")
    finally:
        await conn.close()
    assert tables == 0
    assert name.startswith("pgtest_")
    async with postgres_server.database() as other:
        assert other != postgres_url


async def test_skip_locked_gives_each_row_to_one_claimer(postgres_url: str) -> None:
    first = await asyncpg.connect(postgres_url)
    second = await asyncpg.connect(postgres_url)
    try:
        await first.execute("CREATE TABLE jobs (id int PRIMARY KEY, claimed_by text)")
        await first.execute("INSERT INTO jobs SELECT g, NULL FROM generate_series(1, 10) g")
        claim = (
            "SELECT id FROM jobs WHERE claimed_by IS NULL ORDER BY id LIMIT 4 "
            "FOR UPDATE SKIP LOCKED"
        )
        one = first.transaction()
        two = second.transaction()
        await one.start()
        await two.start()
        # Both transactions are open at once: the second skips what the first holds.
        got_one = [r["id"] for r in await first.fetch(claim)]
        got_two = [r["id"] for r in await second.fetch(claim)]
        await first.execute("UPDATE jobs SET claimed_by = 'one' WHERE id = ANY($1)", got_one)
        await second.execute("UPDATE jobs SET claimed_by = 'two' WHERE id = ANY($1)", got_two)
        await one.commit()
        await two.commit()
        assert got_one == [1, 2, 3, 4]
        assert got_two == [5, 6, 7, 8]
        rows = await first.fetch("SELECT claimed_by, count(*) FROM jobs GROUP BY 1 ORDER BY 1")
        assert [(r[0], r[1]) for r in rows] == [("one", 4), ("two", 4), (None, 2)]
    finally:
        await first.close()
        await second.close()


async def test_many_racing_claimers_take_every_row_exactly_once(postgres_url: str) -> None:
    setup = await asyncpg.connect(postgres_url)
    await setup.execute("CREATE TABLE jobs (id int PRIMARY KEY, claimed_by text)")
    await setup.execute("INSERT INTO jobs SELECT g, NULL FROM generate_series(1, 200) g")
    await setup.close()

    async def worker(name: str) -> list[int]:
        conn = await asyncpg.connect(postgres_url)
        taken: list[int] = []
        try:
            while True:
                rows = await conn.fetch(
                    "UPDATE jobs SET claimed_by = $1 WHERE id IN (SELECT id FROM jobs "
                    "WHERE claimed_by IS NULL ORDER BY id LIMIT 3 FOR UPDATE SKIP LOCKED) "
                    "RETURNING id",
                    name,
                )
                if not rows:
                    return taken
                taken += [r["id"] for r in rows]
                await asyncio.sleep(0)
        finally:
            await conn.close()

    results = await asyncio.gather(*(worker(f"w{n}") for n in range(4)))
    everything = sorted(i for taken in results for i in taken)
    assert everything == list(range(1, 201))


# pgserver is a test dependency, so it is always there; a system PostgreSQL only where installed.
SOURCES = ["pgserver", *(["system"] if system_binaries() is not None else [])]


@pytest.mark.parametrize("source", SOURCES)
async def test_a_cluster_starts_from_each_installation_found(source: str) -> None:
    """Both ways of getting binaries work on this machine (as root, too)."""
    binaries = system_binaries() if source == "system" else pgserver_binaries()
    if binaries is None:
        pytest.fail(f"no {source} PostgreSQL here; the test environment should provide it")
    cluster = await asyncio.to_thread(Cluster(binaries).start)
    try:
        conn = await asyncpg.connect(cluster.url)
        try:
            version = await conn.fetchval("SHOW server_version_num")
            user = await conn.fetchval("SELECT current_user")
        finally:
            await conn.close()
    finally:
        await asyncio.to_thread(cluster.remove)
    assert int(version) >= 150000
    assert user == "postgres"
    assert not cluster.root.exists()
