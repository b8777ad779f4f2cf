"""The gateway's protocol rules (close codes, heartbeats), what GUILD_CREATE shows the bot, and
the server changes tests make: GUILD_UPDATE and joining a new server (GUILD_CREATE)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from tests.fakediscord import FakeDiscord, default_world, run_client
from tests.test_fakediscord.probe_bot import ProbeBot

HELLO = 10


class RawGateway:
    """A bare websocket client speaking the gateway protocol by hand (plain JSON, no zlib)."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket

    async def receive(self, timeout: float = 5.0) -> dict[str, Any] | None:
        """The next payload, or None once the stand-in closed the connection."""
        frame = await self.socket.receive(timeout=timeout)
        if frame.type is not aiohttp.WSMsgType.TEXT:
            return None
        payload: dict[str, Any] = json.loads(frame.data)
        return payload

    async def send(self, op: int, data: Any) -> None:
        await self.socket.send_str(json.dumps({"op": op, "d": data}))

    async def identify(self, token: str) -> dict[str, Any]:
        """IDENTIFY with the guilds intent; returns READY."""
        await self.send(2, {"token": token, "intents": 1, "properties": {}})
        while True:
            payload = await self.receive()
            assert payload is not None, f"closed with {self.socket.close_code}"
            if payload.get("t") == "READY":
                return payload

    async def closed(self, timeout: float = 5.0) -> int | None:
        """Read until the stand-in closes; its close code."""
        while await self.receive(timeout=timeout) is not None:
            pass
        return self.socket.close_code


@pytest.fixture
async def raw_gateway(fake_discord: FakeDiscord) -> AsyncIterator[Any]:
    """``async with raw_gateway() as (gateway, hello):`` — a bare connection to the stand-in."""
    async with aiohttp.ClientSession() as http:

        def connect(fake: FakeDiscord = fake_discord) -> Any:
            return Connected(http, fake)

        yield connect


class Connected:
    """A raw gateway connection that has had its HELLO: ``(gateway, hello)`` in the block."""

    def __init__(self, http: aiohttp.ClientSession, fake: FakeDiscord) -> None:
        self.http, self.fake = http, fake

    async def __aenter__(self) -> tuple[RawGateway, dict[str, Any]]:
        url = f"{self.fake.gateway_url}?v=10&encoding=json"
        self.socket = await self.http.ws_connect(url, autoping=True)
        gateway = RawGateway(self.socket)
        hello = await gateway.receive()
        assert hello is not None and hello["op"] == HELLO
        return gateway, hello

    async def __aexit__(self, *_: object) -> None:
        await self.socket.close()


# --- close codes ----------------------------------------------------------------------------


async def test_a_second_identify_closes_with_4005(
    fake_discord: FakeDiscord, raw_gateway: Any
) -> None:
    async with raw_gateway() as (gateway, _):
        ready = await gateway.identify(fake_discord.token)
        assert ready["d"]["session_id"]
        await gateway.send(2, {"token": fake_discord.token, "intents": 1, "properties": {}})
        assert await gateway.closed() == 4005
    assert fake_discord.gateway.closes == [4005]
    assert fake_discord.gateway.identifies == 1


async def test_invalid_json_closes_with_4002(fake_discord: FakeDiscord, raw_gateway: Any) -> None:
    async with raw_gateway() as (gateway, _):
        await gateway.socket.send_str('{"op": 1, "d": ')
        assert await gateway.closed() == 4002
    async with raw_gateway() as (gateway, _):
        await gateway.socket.send_str("[1, 2]")  # JSON, but not a gateway payload
        assert await gateway.closed() == 4002
    assert fake_discord.gateway.closes == [4002, 4002]


async def test_an_identify_or_resume_without_an_object_closes_with_4002(
    fake_discord: FakeDiscord, raw_gateway: Any
) -> None:
    for op in (2, 6):  # IDENTIFY, RESUME
        async with raw_gateway() as (gateway, _):
            await gateway.send(op, None)
            assert await gateway.closed() == 4002
    assert fake_discord.gateway.closes == [4002, 4002]
    assert fake_discord.gateway.identifies == 0


async def test_a_connection_without_heartbeats_is_closed_as_timed_out() -> None:
    """No heartbeat for 1.5 intervals: closed with 4009 (session timed out, not resumable);
    a client that keeps heartbeating stays connected."""
    fake = default_world(FakeDiscord(heartbeat_interval_ms=200))
    async with fake, aiohttp.ClientSession() as http:
        async with Connected(http, fake) as (beating, hello):
            assert hello["d"]["heartbeat_interval"] == 200
            await beating.identify(fake.token)
            for _ in range(6):
                await asyncio.sleep(0.15)
                await beating.send(1, None)
            assert not beating.socket.closed and fake.gateway.closes == []
        async with Connected(http, fake) as (silent, _):
            ready = await silent.identify(fake.token)
            started = asyncio.get_running_loop().time()
            assert await silent.closed() == 4009
            waited = asyncio.get_running_loop().time() - started
            assert 0.2 <= waited < 2, waited
        session_id = ready["d"]["session_id"]
        async with Connected(http, fake) as (again, _):
            await again.send(6, {"token": fake.token, "session_id": session_id, "seq": 1})
            answer = await again.receive()
            assert answer is not None and (answer["op"], answer["d"]) == (9, False)
    assert fake.gateway.closes == [4009]


async def test_discord_py_keeps_a_short_heartbeat_interval_alive() -> None:
    fake = default_world(FakeDiscord(heartbeat_interval_ms=200))
    async with fake:
        bot = ProbeBot()
        async with run_client(fake, bot):
            await fake.wait_for_bot()
            await asyncio.sleep(1.0)
            reply = await fake.invoke(fake.user("alice"), "/probe about")
            assert reply.embeds[0]["title"] == "Penguin games"
        assert fake.gateway.identifies == 1 and fake.gateway.closes == []
        assert fake.gateway.heartbeats >= 4


# --- what GUILD_CREATE shows ----------------------------------------------------------------


async def test_guild_create_leaves_out_private_threads_the_bot_cannot_see(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    games = fake.channel("games")
    alice = fake.user("alice")
    fake.add_thread(games, "open talk")
    fake.add_thread(games, "secret", private=True, owner=alice)
    fake.add_thread(games, "bots welcome", private=True, owner=alice, members=[fake.bot])
    bot = ProbeBot()
    async with run_client(fake, bot):
        guild = bot.get_guild(fake.guild.id)
        assert guild is not None
        assert sorted(t.name for t in guild.threads) == ["bots welcome", "open talk"]
        hidden = fake.add_thread(games, "another secret", private=True, owner=alice)
        shown = fake.add_thread(games, "later talk")
        await fake.wait_until(lambda: guild.get_thread(shown.id) is not None)
        assert guild.get_thread(hidden.id) is None


# --- changing and joining servers -----------------------------------------------------------


async def test_a_server_update_reaches_the_bot(fake_discord: FakeDiscord, probe: ProbeBot) -> None:
    fake = fake_discord
    guild = probe.get_guild(fake.guild.id)
    assert guild is not None and guild.preferred_locale is discord.Locale.american_english
    await fake.update_guild(preferred_locale="de", name="Pinguinclub")
    await fake.wait_until(lambda: guild.preferred_locale is discord.Locale.german)
    assert guild.name == "Pinguinclub"
    assert sorted(c.name for c in guild.text_channels) == ["games", "lounge"], "channels kept"
    reply = await fake.invoke(fake.user("chloe"), "/fish place", floe="B2")
    assert reply.content == "fr/de: B2 x1 for -"
    with pytest.raises(ValueError, match="not a Discord locale"):
        await fake.update_guild(preferred_locale="german")


async def test_joining_a_server_announces_it_and_global_commands_work_there(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    fake = fake_discord
    joined: list[discord.Guild] = []

    async def note(guild: discord.Guild) -> None:
        joined.append(guild)

    probe.add_listener(note, "on_guild_join")
    alice, bruno = fake.user("alice"), fake.user("bruno")
    floe = await fake.join_guild(
        "Ice Floe", channels=["spiele", "plaudern"], preferred_locale="fr", members=[bruno]
    )
    await fake.wait_until(lambda: bool(joined), what="on_guild_join")
    assert [g.id for g in joined] == [floe.id] and joined[0].name == "Ice Floe"
    assert [c.name for c in joined[0].text_channels] == ["spiele", "plaudern"]
    assert joined[0].preferred_locale is discord.Locale.french
    assert joined[0].me is not None and joined[0].member_count == 3
    spiele = fake.channel("spiele", guild=floe)
    reply = await fake.invoke(bruno, "/fish place", floe="C3", channel=spiele)
    assert reply.content == "de/fr: C3 x1 for -"
    assert reply.interaction.payload["guild_id"] == str(floe.id)
    with pytest.raises(AssertionError, match="alice is not a member of the guild Ice Floe"):
        await fake.invoke(alice, "/probe about", channel=spiele)


async def test_a_dev_guild_sync_does_not_reach_a_newly_joined_server(
    fake_discord: FakeDiscord,
) -> None:
    """Guild commands belong to their server: a server joined later has only the global ones."""
    fake = fake_discord
    bot = ProbeBot(guild_id=fake.guild.id)
    async with run_client(fake, bot):
        await fake.wait_for_bot()
        floe = await fake.join_guild("Ice Floe", members=[fake.user("alice")])
        await fake.wait_until(lambda: bot.get_guild(floe.id) is not None)
        general = fake.channel("general", guild=floe)
        with pytest.raises(AssertionError, match="not a synced command"):
            await fake.invoke(fake.user("alice"), "/probe about", channel=general)
