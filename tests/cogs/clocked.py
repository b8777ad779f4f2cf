"""Helpers for the bot on a clock the test moves (``fake.clock``, the ``clocked_bot`` fixture of
tests/cogs/conftest.py), for games that run over days."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.client import PenguinBot
from tests.cogs.conftest import BotRunner
from tests.fakediscord import Channel, FakeDiscord, Message, User

#: ``clocked_bot``'s runner: the same shape as ``bot_runner``'s.
ClockedRunner = BotRunner
HOUR = 3600.0
DAY = 24 * HOUR


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
