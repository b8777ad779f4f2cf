"""The real bot against the stand-in on a clock the test moves (``fake.clock``), for games that
run over days: the store and the scheduler both read the stand-in's clock."""

from __future__ import annotations

import asyncio
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
from tests.fakediscord import Channel, FakeDiscord, Message, User, run_client

ClockedRunner = Callable[..., contextlib.AbstractAsyncContextManager[PenguinBot]]
HOUR = 3600.0
DAY = 24 * HOUR


def _moved_datetime(fake: FakeDiscord) -> type[datetime]:
    """``datetime`` whose ``now()`` reads the stand-in's clock."""

    class Moved(datetime):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> Moved:  # type: ignore[override]
            return cls.fromtimestamp(fake.clock.now(), tz or UTC)

    return Moved


@pytest.fixture
def clocked_bot(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> ClockedRunner:
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
                monkeypatch.setattr(sender, "datetime", _moved_datetime(fake_discord))
                await fake_discord.wait_for_bot()
                yield bot
        finally:
            await store.close()

    return runner


async def settle(bot: PenguinBot, seconds: float = 0.4) -> None:
    """Let the scheduler and the outbox finish what the last step started."""
    deadline = asyncio.get_running_loop().time() + 5
    while asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(seconds)
        pending = await bot.store.pending(limit=1)
        scheduler: Any = bot.get_cog("Scheduler")
        if not pending and (scheduler is None or not scheduler.changed_games):
            return


async def later(fake: FakeDiscord, bot: PenguinBot, seconds: float) -> None:
    """Move the clock on and let the bot react."""
    fake.clock.advance(seconds)
    await settle(bot)


def mentions_of(user: User, messages: list[Message]) -> list[Message]:
    """The messages that mention a person."""
    return [m for m in messages if f"<@{user.id}>" in m.content]


def reminders(fake: FakeDiscord, thread: Channel, user: User) -> list[Message]:
    """The reminders for a person in a game's thread."""
    return [m for m in mentions_of(user, fake.history(thread)) if "Reminder" in m.content]
