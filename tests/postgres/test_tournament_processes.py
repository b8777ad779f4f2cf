"""Two bot processes on one PostgreSQL run one tournament: each round is paired exactly once.

Both processes look for due tournaments every third of a lease (their database is shared), so
when a round's last game ends both compete to end the round and pair the next; the lease on
the tournament and the version check of its round change let exactly one do it. Every round,
its announcement, each table's post and thread, and each standings post exist once.
"""

from __future__ import annotations

import asyncio
import collections
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store
from tests.cogs.players import resign_for_good
from tests.cogs.test_process import process_env
from tests.fakediscord import FakeDiscord
from tests.postgres.test_shards import bot_group

LEASE = 3.0
PEOPLE = ("ada", "bea", "cyd")


@pytest.fixture
async def two_shards() -> AsyncIterator[FakeDiscord]:
    """A stand-in with two shards and one server (on shard 0) where three people play."""
    fake = FakeDiscord(shards=2, max_concurrency=1, identify_interval=5.0)
    world = fake.world
    guild = world.add_guild("Tourney club", owner=world.application.owner, shard=(0, 2))
    world.add_text_channel(guild, "games")
    for name in PEOPLE:
        fake.add_user(name, locale="en-US", guild=guild)
    fake.add_role("mods", ["manage_guild"], members=[fake.user("ada")], guild=guild)
    async with fake:
        yield fake


async def round_placed(store: Store, tournament_id: int, number: int) -> list[tuple[int, ...]]:
    """Wait until round ``number`` has every table in its thread; its tables' players and
    game ids."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        tables = [t for t in await store.tournament_tables(tournament_id) if t.round == number]
        if tables and all(t.thread_id for t in tables):
            return [(t.game_id, t.thread_id or 0, *t.players) for t in tables]
        await asyncio.sleep(0.1)
    raise AssertionError(f"round {number} was not placed")


async def test_two_processes_pair_each_round_once(
    two_shards: FakeDiscord, postgres_url: str, tmp_path: Path
) -> None:
    """A Swiss of 2 rounds for three (a bye each round): the organiser starts it, each game is
    resigned; both processes are alive throughout and each round exists once."""
    fake = two_shards
    settings = {
        "DATABASE_URL": postgres_url,
        "SHARD_COUNT": "2",
        "LEASE_SECONDS": str(LEASE),
        "AI_WORKERS": "1",
        "DRAWING_WORKERS": "1",
    }
    env0 = process_env(fake, tmp_path, SHARD_IDS="0", **settings)
    env1 = process_env(fake, tmp_path, SHARD_IDS="1", **settings)
    ada = fake.user("ada")
    people = {fake.user(name).id: fake.user(name) for name in PEOPLE}
    async with (
        bot_group(env0, tmp_path / "shard0.log"),
        bot_group(env1, tmp_path / "shard1.log") as second,
        await Store.open(postgres_url, pool_size=2) as store,
    ):
        await fake.wait_until(
            lambda: len(fake.gateway.connected()) == 2, timeout=60, what="both shards"
        )
        channel = fake.channel("games")
        opened = await fake.invoke(ada, "/tournament new", kind="fish", format="swiss", rounds=2)
        assert opened.message is not None, opened.content
        tournament_id = int(re.findall(r"Tournament #(\d+)", opened.content)[0])
        for person in people.values():
            await fake.click(person, opened.message, label="Join")
        started = await fake.invoke(ada, "/tournament start", tournament=tournament_id)
        assert started.content == f"Tournament #{tournament_id} has started.", started.content
        for number in (1, 2):
            ((game_id, thread_id, _one, loser),) = await round_placed(store, tournament_id, number)
            thread = fake.world.channels[thread_id]
            resigned = await resign_for_good(fake, people[loser], channel=thread, game=game_id)
            assert "You resigned" in resigned.content, resigned.content
        deadline = time.monotonic() + 60
        while (await store.get_tournament(tournament_id)).status != "finished":
            assert time.monotonic() < deadline, "the tournament did not finish"
            await asyncio.sleep(0.2)
        await asyncio.sleep(2 * LEASE / 3 + 1)  # both processes looked again meanwhile
        assert [r.number for r in await store.tournament_rounds(tournament_id)] == [1, 2]
        assert len(await store.tournament_tables(tournament_id)) == 2
        posts = collections.Counter(m.content for m in fake.history(channel))
        assert [n for n in posts.values() if n > 1] == []
        heads = [c.split("\n")[0] for c in posts]
        assert len([h for h in heads if "begins; its time is up" in h]) == 2
        assert len([h for h in heads if "standings" in h]) == 2
        assert len(fake.threads(channel)) == 2
        assert second.returncode is None
