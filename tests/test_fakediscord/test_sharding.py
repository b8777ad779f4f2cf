"""Sharding as Discord does it: ``shard`` in IDENTIFY, each guild on shard
``(guild_id >> 22) % shard_count``, DMs on shard 0, IDENTIFYs limited by ``max_concurrency``,
4010 for an invalid shard, 4011 when sharding is required — with discord.py's unmodified
AutoShardedBot, in one client and split over two."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, run_client
from tests.fakediscord.gateway import DISCORD_IDENTIFY_INTERVAL, Session
from tests.fakediscord.state import Guild
from tests.test_fakediscord.test_gateway import Connected, RawGateway

INVALID_SESSION = 9


def two_shard_world(fake: FakeDiscord) -> tuple[Guild, Guild]:
    """Guild North on shard 0 and guild South on shard 1 (of 2), each with #games; alice and
    bruno in both."""
    world = fake.world
    owner = world.application.owner
    north = world.add_guild("North", owner=owner, shard=(0, 2))
    south = world.add_guild("South", owner=owner, shard=(1, 2))
    for guild in (north, south):
        world.add_text_channel(guild, "games")
    for name in ("alice", "bruno"):
        user = fake.add_user(name, guild=north)
        world.add_member(south, user)
    return north, south


@app_commands.command(description="Where this was answered")
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
async def where(interaction: discord.Interaction[Any]) -> None:
    """Answer with the guild (or 'dm') and note who answered."""
    bot = interaction.client
    assert isinstance(bot, ShardedProbe)
    place = interaction.guild.name if interaction.guild else "dm"
    bot.answered.append(place)
    await interaction.response.send_message(f"{bot.name}: {place}")


class ShardedProbe(commands.AutoShardedBot):
    """An AutoShardedBot with one command; ``wait_identify`` False skips discord.py's 5-second
    pause between shards (the stand-in's max_concurrency decides whether that is allowed)."""

    def __init__(self, name: str, *, wait_identify: bool = True, **options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            guild_ready_timeout=0.05,
            **options,
        )
        self.name = name
        self.wait_identify = wait_identify
        self.answered: list[str] = []

    async def setup_hook(self) -> None:
        """Register and sync the one command."""
        self.tree.add_command(where)
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py's pause between shards, or none."""
        if self.wait_identify:
            await super().before_identify_hook(shard_id, initial=initial)


def events(session: Session) -> list[tuple[str, dict[str, Any]]]:
    """Every dispatch queued to a session, as (event, data)."""
    payloads = [json.loads(text) for _, text in session.buffer]
    return [(p["t"], p["d"]) for p in payloads]


def session_of(fake: FakeDiscord, shard: tuple[int, int]) -> Session:
    """The one connected session of that shard."""
    (session,) = [s for s in fake.gateway.connected() if s.shard == shard]
    return session


def interaction_guilds(session: Session) -> list[str | None]:
    """The guild ids of the interactions delivered to a session (None: a DM)."""
    return [d.get("guild_id") for t, d in events(session) if t == "INTERACTION_CREATE"]


async def test_an_autosharded_bot_gets_each_guild_on_its_shard_and_dms_on_shard_0() -> None:
    fake = FakeDiscord(max_concurrency=2, identify_interval=DISCORD_IDENTIFY_INTERVAL)
    north, south = two_shard_world(fake)
    async with fake:
        bot = ShardedProbe("both", wait_identify=False, shard_count=2)
        async with run_client(fake, bot):
            await fake.wait_for_bot()
            assert sorted(g.name for g in bot.guilds) == ["North", "South"]
            assert {g.name: g.shard_id for g in bot.guilds} == {"North": 0, "South": 1}
            zero, one = session_of(fake, (0, 2)), session_of(fake, (1, 2))
            created = {
                shard: [d["name"] for t, d in events(s) if t == "GUILD_CREATE"]
                for shard, s in ((0, zero), (1, one))
            }
            assert created == {0: ["North"], 1: ["South"]}
            alice = fake.user("alice")
            for guild in (north, south):
                reply = await fake.invoke(
                    alice, "/where", channel=fake.channel("games", guild=guild)
                )
                assert reply.content == f"both: {guild.name}"
            reply = await fake.invoke(alice, "/where", channel=fake.world.dm_channel(alice))
            assert reply.content == "both: dm"
            assert interaction_guilds(zero) == [str(north.id), None]
            assert interaction_guilds(one) == [str(south.id)]
            # A server joined later and a change to it reach only the shard that serves it.
            east = await fake.join_guild("East", shard=(1, 2))
            await fake.update_guild(north, name="North Pole")
            assert [d["name"] for t, d in events(one) if t == "GUILD_CREATE"] == ["South", "East"]
            assert [t for t, _ in events(zero) if t == "GUILD_UPDATE"] == ["GUILD_UPDATE"]
            assert [t for t, _ in events(one) if t == "GUILD_UPDATE"] == []
            await fake.wait_until(lambda: bot.get_guild(east.id) is not None, what="East")
    assert fake.gateway.identify_refusals == 0
    assert sorted(s.shard for s in fake.gateway.sessions.values()) == [(0, 2), (1, 2)]


async def test_two_clients_each_run_one_shard_and_see_only_their_guilds() -> None:
    fake = FakeDiscord(max_concurrency=2, identify_interval=DISCORD_IDENTIFY_INTERVAL)
    north, south = two_shard_world(fake)
    async with fake:
        first = ShardedProbe("first", wait_identify=False, shard_ids=[0], shard_count=2)
        second = ShardedProbe("second", wait_identify=False, shard_ids=[1], shard_count=2)
        async with run_client(fake, first), run_client(fake, second):
            await fake.wait_for_bot()
            assert [g.name for g in first.guilds] == ["North"]
            assert [g.name for g in second.guilds] == ["South"]
            alice = fake.user("alice")
            answers = [
                (await fake.invoke(alice, "/where", channel=channel)).content
                for channel in (
                    fake.channel("games", guild=north),
                    fake.channel("games", guild=south),
                    fake.world.dm_channel(alice),
                )
            ]
            assert answers == ["first: North", "second: South", "first: dm"]
            assert first.answered == ["North", "dm"]
            assert second.answered == ["South"]
    assert fake.gateway.identify_refusals == 0


async def test_discord_py_waits_between_shards_when_max_concurrency_is_1() -> None:
    """With one bucket, discord.py's own pause between IDENTIFYs (here on the stand-in's clock,
    so the test does not wait 5 s) keeps every IDENTIFY within the limit."""
    fake = FakeDiscord(max_concurrency=1, identify_interval=DISCORD_IDENTIFY_INTERVAL)
    two_shard_world(fake)

    class Patient(ShardedProbe):
        async def before_identify_hook(
            self, shard_id: int | None, *, initial: bool = False
        ) -> None:
            if not initial:
                fake.clock.advance(DISCORD_IDENTIFY_INTERVAL)

    async with fake:
        bot = Patient("patient", shard_count=2)
        async with run_client(fake, bot):
            await fake.wait_for_bot()
            assert sorted(g.name for g in bot.guilds) == ["North", "South"]
    assert fake.gateway.identify_refusals == 0


async def test_gateway_bot_tells_shards_and_session_start_limit() -> None:
    fake = FakeDiscord(max_concurrency=16, max_guilds_per_shard=1)
    two_shard_world(fake)
    async with fake, aiohttp.ClientSession() as http:
        headers = {"Authorization": f"Bot {fake.token}"}
        async with http.get(f"{fake.api_base}/gateway/bot", headers=headers) as response:
            body = await response.json()
    assert body["shards"] == 2
    assert body["url"] == fake.gateway_url
    limit = body["session_start_limit"]
    assert limit["max_concurrency"] == 16
    assert {"total", "remaining", "reset_after"} <= set(limit)


async def _identify(gateway: RawGateway, fake: FakeDiscord, shard: Any) -> dict[str, Any] | None:
    """IDENTIFY with ``shard``; the first answer (READY, INVALID_SESSION) or None if closed."""
    await gateway.send(2, {"token": fake.token, "intents": 1, "properties": {}, "shard": shard})
    return await gateway.receive()


async def test_ready_lists_only_the_shards_guilds() -> None:
    fake = FakeDiscord(max_concurrency=2)
    north, south = two_shard_world(fake)
    async with fake, aiohttp.ClientSession() as http:
        for shard, guild in ((0, north), (1, south)):
            async with Connected(http, fake) as (gateway, _):
                ready = await _identify(gateway, fake, [shard, 2])
                assert ready is not None and ready["t"] == "READY"
                assert ready["d"]["shard"] == [shard, 2]
                assert ready["d"]["guilds"] == [{"id": str(guild.id), "unavailable": True}]
                created = await gateway.receive()
                assert created is not None and created["t"] == "GUILD_CREATE"
                assert created["d"]["id"] == str(guild.id)


async def test_identifies_beyond_max_concurrency_get_invalid_session() -> None:
    fake = FakeDiscord(max_concurrency=1, identify_interval=DISCORD_IDENTIFY_INTERVAL)
    two_shard_world(fake)
    async with fake, aiohttp.ClientSession() as http:
        async with Connected(http, fake) as (zero, _), Connected(http, fake) as (one, _):
            first = await _identify(zero, fake, [0, 2])
            assert first is not None and first["t"] == "READY"
            # Shard 1 is in the same bucket (1 % 1 == 0): too soon.
            refused = await _identify(one, fake, [1, 2])
            assert refused is not None and (refused["op"], refused["d"]) == (INVALID_SESSION, False)
        fake.clock.advance(DISCORD_IDENTIFY_INTERVAL)
        async with Connected(http, fake) as (one, _):
            ready = await _identify(one, fake, [1, 2])
            assert ready is not None and ready["t"] == "READY"
    assert fake.gateway.identify_refusals == 1


async def test_different_buckets_may_identify_together() -> None:
    fake = FakeDiscord(max_concurrency=2, identify_interval=DISCORD_IDENTIFY_INTERVAL)
    two_shard_world(fake)
    async with fake, aiohttp.ClientSession() as http:
        async with Connected(http, fake) as (zero, _), Connected(http, fake) as (one, _):
            for gateway, shard in ((zero, 0), (one, 1)):
                ready = await _identify(gateway, fake, [shard, 2])
                assert ready is not None and ready["t"] == "READY"
        async with Connected(http, fake) as (again, _):
            # Bucket 0 again within 5 s: refused.
            refused = await _identify(again, fake, [0, 2])
            assert refused is not None and refused["op"] == INVALID_SESSION


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], [0], "0,2", [0, True], [1.0, 2]])
async def test_an_invalid_shard_is_closed_with_4010(shard: Any) -> None:
    fake = FakeDiscord()
    two_shard_world(fake)
    async with fake, aiohttp.ClientSession() as http, Connected(http, fake) as (gateway, _):
        assert await _identify(gateway, fake, shard) is None
        assert await gateway.closed() == 4010
    assert fake.gateway.closes == [4010]


async def test_too_many_guilds_for_one_session_is_closed_with_4011() -> None:
    fake = FakeDiscord(max_guilds_per_shard=1, max_concurrency=2)
    two_shard_world(fake)
    async with fake, aiohttp.ClientSession() as http:
        async with Connected(http, fake) as (gateway, _):
            assert await _identify(gateway, fake, None) is None
            assert await gateway.closed() == 4011
        async with Connected(http, fake) as (gateway, _):
            ready = await _identify(gateway, fake, [1, 2])
            assert ready is not None and ready["t"] == "READY"
    assert fake.gateway.closes == [4011]


def test_guild_ids_land_on_the_shard_asked_for() -> None:
    fake = FakeDiscord()
    owner = fake.world.application.owner
    for count in (1, 2, 3, 16):
        for shard in range(count):
            guild = fake.world.add_guild(f"g{shard}/{count}", owner=owner, shard=(shard, count))
            assert (guild.id >> 22) % count == shard
    ids = list(fake.world.guilds)
    assert ids == sorted(ids)
