"""Running the real bot in-process against the local Discord stand-in, on a fresh database:
``bot_runner``, and ``clocked_bot`` on a clock the test moves (``fake.clock``), for games that
run over days (the store and the scheduler both read the stand-in's clock)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from typing import Any

import pytest

from bot.client import PenguinBot
from bot.config import load_settings
from bot.store import Defaults, Store
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


def moved_datetime(fake: FakeDiscord) -> type[datetime]:
    """``datetime`` whose ``now()`` reads the stand-in's clock."""

    class Moved(datetime):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> Moved:
            return cls.fromtimestamp(fake.clock.now(), tz or UTC)

    return Moved


@pytest.fixture
def clocked_bot(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> BotRunner:
    """``async with clocked_bot() as bot:`` — the bot on ``fake.clock``; the database survives
    from one ``async with`` to the next (a restart)."""

    @contextlib.asynccontextmanager
    async def runner(**overrides: Any) -> AsyncIterator[PenguinBot]:
        env = {**fake_discord.env(), "DATABASE_PATH": str(tmp_path / "games.sqlite3")}
        settings = replace(load_settings(env, dotenv=False), **overrides)
        store = await Store.open(
            settings.database,
            synchronous="NORMAL",
            clock=fake_discord.clock.now,
            defaults=Defaults(settings.reminder_hours, settings.timeout_days, settings.away_days),
        )
        bot = PenguinBot(settings, store=store, clock=fake_discord.clock, guild_ready_timeout=0.05)
        try:
            async with run_client(fake_discord, bot):
                # The outbox sender compares the store's times (on the bot's clock) with
                # datetime.now(): point that at the same clock, or posts queued "days later"
                # would wait for real days. (Extensions are loaded as fresh module objects.)
                sender = sys.modules["bot.cogs.delivery"]
                monkeypatch.setattr(sender, "datetime", moved_datetime(fake_discord))
                await fake_discord.wait_for_bot()
                yield bot
        finally:
            await store.close()

    return runner
