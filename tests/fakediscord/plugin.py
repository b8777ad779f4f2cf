"""Pytest fixtures for the stand-in: ``pytest_plugins = ["tests.fakediscord.plugin"]``."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord
import pytest
import yarl

from tests.fakediscord.fake import FakeDiscord


def default_world(fake: FakeDiscord) -> FakeDiscord:
    """One guild 'Penguin Club' with #games and #lounge, four people and a Moderator role.

    alice (en-US), bruno (de), chloe (fr) are plain members; mia (en-GB) holds the
    Moderator role (Manage Server, Manage Threads, Manage Messages).
    """
    world = fake.world
    guild = world.add_guild("Penguin Club", owner=world.application.owner)
    world.add_text_channel(guild, "games", topic="Penguin games")
    world.add_text_channel(guild, "lounge")
    for name, locale in (("alice", "en-US"), ("bruno", "de"), ("chloe", "fr"), ("mia", "en-GB")):
        fake.add_user(name, locale=locale)
    fake.add_role(
        "Moderator",
        ["manage_guild", "manage_threads", "manage_messages"],
        members=[fake.user("mia")],
    )
    return fake


@contextlib.contextmanager
def pointed_at(fake: FakeDiscord) -> Any:
    """Point discord.py's REST base and default gateway at the stand-in, then put them back."""
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


@contextlib.asynccontextmanager
async def run_client(
    fake: FakeDiscord, client: discord.Client, *, timeout: float = 20.0, token: str | None = None
) -> AsyncIterator[discord.Client]:
    """Run ``client`` in this event loop against ``fake`` until ready; close it on exit."""
    with pointed_at(fake):
        task = asyncio.create_task(client.start(token or fake.token), name="fakediscord-client")
        try:
            ready = asyncio.create_task(client.wait_until_ready())
            done, _ = await asyncio.wait(
                {task, ready}, timeout=timeout, return_when="FIRST_COMPLETED"
            )
            if task in done:
                ready.cancel()
                task.result()
                raise AssertionError("the client stopped before it was ready")
            if ready not in done:
                ready.cancel()
                raise AssertionError(f"the client was not ready within {timeout:g} s")
            yield client
        finally:
            await client.close()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout=10)


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running stand-in with the default world; fails the test if any Discord rule was broken."""
    fake = default_world(FakeDiscord())
    async with fake:
        yield fake
    if fake.violations:
        listing = "\n  ".join(str(v) for v in fake.violations)
        pytest.fail(f"Discord would have rejected:\n  {listing}", pytrace=False)


@pytest.fixture
def discord_client_runner(
    fake_discord: FakeDiscord,
) -> Callable[[discord.Client], contextlib.AbstractAsyncContextManager[discord.Client]]:
    """``async with discord_client_runner(bot):`` runs a client against ``fake_discord``."""

    def runner(client: discord.Client) -> contextlib.AbstractAsyncContextManager[discord.Client]:
        return run_client(fake_discord, client)

    return runner
