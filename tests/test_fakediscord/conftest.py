"""Fixtures: the stand-in (imported here, as only the top-level conftest may list plugins)
and the probe bot running in-process against it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.fakediscord import FakeDiscord, run_client
from tests.fakediscord.plugin import discord_client_runner, fake_discord
from tests.test_fakediscord.probe_bot import ProbeBot

__all__ = ["discord_client_runner", "fake_discord", "probe"]


@pytest.fixture
async def probe(fake_discord: FakeDiscord) -> AsyncIterator[ProbeBot]:
    """The probe bot, connected, with its commands synced globally."""
    bot = ProbeBot()
    async with run_client(fake_discord, bot):
        await fake_discord.wait_for_bot()
        yield bot
