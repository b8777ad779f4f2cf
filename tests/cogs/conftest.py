"""Running the real bot in-process against the local Discord stand-in, on a fresh database."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.client import PenguinBot
from bot.config import load_settings
from bot.store import Store
from tests.fakediscord import FakeDiscord, run_client

BotRunner = Callable[..., contextlib.AbstractAsyncContextManager[PenguinBot]]


@pytest.fixture
def bot_runner(fake_discord: FakeDiscord, tmp_path: Path) -> BotRunner:
    """``async with bot_runner() as bot:`` — the bot, connected, commands synced."""

    @contextlib.asynccontextmanager
    async def runner(**overrides: Any) -> AsyncIterator[PenguinBot]:
        env = {**fake_discord.env(), "DATABASE_PATH": str(tmp_path / "games.sqlite3")}
        settings = replace(load_settings(env, dotenv=False), **overrides)
        store = await Store.open(settings.database, synchronous="NORMAL")
        bot = PenguinBot(settings, store=store, guild_ready_timeout=0.05)
        try:
            async with run_client(fake_discord, bot):
                await fake_discord.wait_for_bot()
                yield bot
        finally:
            await store.close()

    return runner
