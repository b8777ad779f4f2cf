"""Connecting the unmodified discord.py client: login, READY, GUILD_CREATE, sync, a command."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import discord
import pytest

from tests.fakediscord import FakeDiscord, default_world, run_client
from tests.test_fakediscord.probe_bot import ProbeBot

ROOT = Path(__file__).resolve().parents[2]


async def test_the_bot_sees_the_guild_its_channels_roles_and_members(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    guild = probe.get_guild(fake_discord.guild.id)
    assert guild is not None and guild.name == "Penguin Club"
    assert sorted(c.name for c in guild.text_channels) == ["games", "lounge"]
    assert {"@everyone", "Moderator", "Penguin Bot"} <= {r.name for r in guild.roles}
    # Without the members intent GUILD_CREATE carries only the bot; others are fetched.
    assert guild.get_member(fake_discord.user("mia").id) is None
    mia = await guild.fetch_member(fake_discord.user("mia").id)
    assert mia.guild_permissions.manage_guild
    assert guild.me.guild_permissions.send_messages
    assert probe.user is not None and probe.user.id == fake_discord.bot.id
    assert probe.application_id == fake_discord.world.application.id


async def test_sync_stores_the_command_tree_and_a_slash_command_is_answered(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    assert fake_discord.syncs == [(None, ["fish", "probe"])]
    synced = await probe.tree.fetch_commands()
    assert sorted(c.name for c in synced) == ["fish", "probe"]
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe about")
    assert reply.kind == "message" and not reply.ephemeral
    assert reply.embeds[0]["title"] == "Penguin games"
    assert fake_discord.history(fake_discord.channel("games")) == [reply.message]


async def test_guild_sync_goes_to_the_guild_and_invocations_carry_its_id(
    fake_discord: FakeDiscord,
) -> None:
    bot = ProbeBot(guild_id=fake_discord.guild.id)
    async with run_client(fake_discord, bot):
        await fake_discord.wait_for_bot()
        assert fake_discord.syncs[0][0] == fake_discord.guild.id
        reply = await fake_discord.invoke(fake_discord.user("bruno"), "/probe about")
        assert reply.interaction.data["guild_id"] == str(fake_discord.guild.id)


async def test_the_gateway_speaks_zlib_stream_as_discord_py_requests(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    (session,) = fake_discord.gateway.connected()
    assert session.compressor is not None
    assert fake_discord.gateway.heartbeats >= 1
    assert probe.latency < 5  # the HEARTBEAT_ACK arrived


async def test_a_wrong_token_is_refused_like_discord_does(fake_discord: FakeDiscord) -> None:
    bot = ProbeBot()
    with pytest.raises(discord.LoginFailure):
        async with run_client(fake_discord, bot, token="not-the-token"):
            pass


async def test_with_the_members_intent_guild_create_carries_every_member() -> None:
    fake = FakeDiscord(privileged_intents=("members",))
    default_world(fake)
    async with fake:
        bot = ProbeBot(intents=discord.Intents(guilds=True, members=True))
        async with run_client(fake, bot):
            guild = bot.get_guild(fake.guild.id)
            assert guild is not None
            assert {m.name for m in guild.members} >= {"alice", "bruno", "chloe", "mia"}


async def test_privileged_intents_need_to_be_enabled(fake_discord: FakeDiscord) -> None:
    bot = ProbeBot(intents=discord.Intents(guilds=True, message_content=True))
    with pytest.raises(discord.PrivilegedIntentsRequired):
        async with run_client(fake_discord, bot):
            pass


async def test_a_bot_in_another_process_connects_through_the_environment(
    fake_discord: FakeDiscord,
) -> None:
    process = await start_probe_process(fake_discord)
    try:
        await fake_discord.wait_for_bot(timeout=30)
        reply = await fake_discord.invoke(
            fake_discord.user("chloe"), "/fish place", floe="B2", count=2
        )
        assert reply.content == "fr/en-US: B2 x2 for -"
        assert reply.ephemeral
    finally:
        process.terminate()
        await process.wait()


async def start_probe_process(fake: FakeDiscord) -> asyncio.subprocess.Process:
    env = {**os.environ, **fake.env(), "PYTHONPATH": str(ROOT)}
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.test_fakediscord.probe_main", env=env, cwd=ROOT
    )


async def test_a_button_posted_before_a_restart_still_works_after_it(
    fake_discord: FakeDiscord,
) -> None:
    first = await start_probe_process(fake_discord)
    try:
        await fake_discord.wait_for_bot(timeout=30)
        lobby = await fake_discord.invoke(
            fake_discord.user("alice"), "/fish move", penguin="C4", to="F2"
        )
    finally:
        first.terminate()
        await first.wait()
    second = await start_probe_process(fake_discord)
    try:
        await fake_discord.wait_for_bot(identified=2, timeout=30)
        assert lobby.message is not None
        await fake_discord.click(fake_discord.user("bruno"), lobby.message, label="Join")
        assert lobby.message.content == "bruno joined game 7"
    finally:
        second.terminate()
        await second.wait()
