"""Injected faults: rate limits, server errors, refusals, closed DMs, a dropped gateway."""

from __future__ import annotations

import time

import aiohttp
import discord
import pytest
from discord.http import Route

from tests.fakediscord import FakeDiscord
from tests.test_fakediscord.probe_bot import ProbeBot

SEND = "POST /channels/{channel_id}/messages"


def text_channel(bot: ProbeBot, fake: FakeDiscord, name: str) -> discord.TextChannel:
    channel = bot.get_channel(fake.channel(name).id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def statuses(fake: FakeDiscord, route: str) -> list[int]:
    method, _, template = route.partition(" ")
    return [r.status for r in fake.requests if r.method == method and r.route == template]


@pytest.mark.parametrize("is_global", [False, True], ids=["route", "global"])
async def test_a_rate_limited_post_is_retried_after_retry_after(
    fake_discord: FakeDiscord, probe: ProbeBot, is_global: bool
) -> None:
    fault = fake_discord.faults.rate_limit(SEND, retry_after=0.2, is_global=is_global)
    started = time.monotonic()
    await text_channel(probe, fake_discord, "games").send("hello")
    assert time.monotonic() - started >= 0.2
    assert fault.spent
    assert statuses(fake_discord, SEND) == [429, 200]
    assert [m.content for m in fake_discord.history(fake_discord.channel("games"))] == ["hello"]


async def test_a_rate_limited_interaction_callback_still_answers_in_time(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    fake_discord.faults.rate_limit("POST /interactions/*", retry_after=0.3)
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe about")
    assert reply.embeds[0]["title"] == "Penguin games"


@pytest.mark.parametrize("status", [500, 502])
async def test_a_server_error_is_retried_and_the_message_delivered_once(
    fake_discord: FakeDiscord, probe: ProbeBot, status: int
) -> None:
    fake_discord.faults.server_error(SEND, status=status)
    await text_channel(probe, fake_discord, "lounge").send("after a hiccup")
    assert statuses(fake_discord, SEND) == [status, 200]
    assert len(fake_discord.history(fake_discord.channel("lounge"))) == 1


async def test_errors_that_persist_reach_the_bot(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    fake_discord.faults.forbidden(SEND, channel=fake_discord.channel("lounge"))
    with pytest.raises(discord.Forbidden) as refused:
        await text_channel(probe, fake_discord, "lounge").send("nope")
    assert refused.value.code == 50013
    await text_channel(probe, fake_discord, "games").send("elsewhere is fine")
    assert fake_discord.history(fake_discord.channel("lounge")) == []


async def test_no_thread_creation_gets_a_sensible_reply(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    fake_discord.faults.forbidden("POST /channels/{channel_id}/threads")
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe thread")
    assert reply.content == "I may not open threads here." and reply.ephemeral
    assert fake_discord.threads(fake_discord.channel("games")) == []


async def test_missing_permissions_come_from_channel_overwrites(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    games = fake_discord.channel("games")
    fake_discord.set_permissions(games, fake_discord.bot, deny=["create_public_threads"])
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe thread")
    assert reply.content == "I may not open threads here."
    fake_discord.set_permissions(games, fake_discord.bot, deny=["send_messages"])
    with pytest.raises(discord.Forbidden):
        await text_channel(probe, fake_discord, "games").send("hi")
    # Interaction answers are webhooks: they work without channel permissions, as on Discord.
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe about")
    assert reply.kind == "message"
    assert reply.interaction.payload["app_permissions"] == str(
        fake_discord.world.permissions(fake_discord.bot.id, games)
    )


async def test_closed_dms_are_refused_with_50007(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    alice = fake_discord.user("alice")
    fake_discord.close_dms(alice)
    reply = await fake_discord.invoke(alice, "/probe dm")
    assert reply.content == "Your DMs are closed."
    assert fake_discord.dms(alice) == []


async def test_posting_in_an_archived_thread_unarchives_it_but_not_a_locked_one(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    games = fake_discord.channel("games")
    await fake_discord.invoke(fake_discord.user("alice"), "/probe thread")
    (thread,) = fake_discord.threads(games)
    fake_discord.archive(thread)
    fetched = await probe.fetch_channel(thread.id)
    assert isinstance(fetched, discord.Thread) and fetched.archived
    await fetched.send("wake up")
    assert not thread.archived
    fake_discord.archive(thread, locked=True)
    with pytest.raises(discord.Forbidden):
        await fetched.send("locked out")
    with pytest.raises(discord.Forbidden):
        # Owning the thread is not enough: unlocking needs Manage Threads.
        await fetched.edit(archived=False, locked=False)
    assert thread.archived and thread.locked


async def test_a_dropped_gateway_resumes_and_replays_what_was_missed(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    assert await fake_discord.drop_gateway() == 1
    # Sent while the bot is away: delivered when it resumes.
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe about")
    assert reply.kind == "message"
    await fake_discord.wait_until(lambda: "resumed" in probe.seen)
    assert (fake_discord.gateway.identifies, fake_discord.gateway.resumes) == (1, 1)


async def test_reconnect_and_invalid_session_are_survived(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    await fake_discord.gateway.send_reconnect()
    await fake_discord.wait_until(lambda: fake_discord.gateway.resumes == 1)
    await fake_discord.gateway.invalidate()
    await fake_discord.wait_until(lambda: fake_discord.gateway.identifies == 2, timeout=15)
    reply = await fake_discord.invoke(fake_discord.user("bruno"), "/probe about")
    assert reply.kind == "message"


async def test_a_route_the_stand_in_lacks_is_reported(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    games = fake_discord.channel("games")
    with pytest.raises(discord.NotFound):
        await probe.http.request(Route("GET", "/channels/{channel_id}/pins", channel_id=games.id))
    (violation,) = fake_discord.take_violations()
    assert "does not implement GET /channels/" in violation.message


async def test_unauthenticated_requests_are_refused(fake_discord: FakeDiscord) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.get(fake_discord.api_base + "/users/@me") as response,
    ):
        assert response.status == 401
        assert (await response.json())["message"] == "401: Unauthorized"
