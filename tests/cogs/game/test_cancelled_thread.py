"""A cancelled lobby does not leave an open, nearly empty thread behind."""

from __future__ import annotations

from tests.cogs.conftest import BotRunner
from tests.cogs.players import said, settle
from tests.fakediscord import FakeDiscord


async def test_a_cancelled_lobbys_thread_ends_with_the_news_and_is_closed(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Alice cancels her lobby by command: its thread's last post says the game was cancelled,
    and the thread is archived (locked too where the bot has Manage Threads, which it has not
    here: it archives the thread it made)."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_runner() as bot:
        await fake.invoke(alice, "/fish new", players=3)
        thread = await fake.wait_for_thread(fake.channel("games"))
        await fake.invoke(alice, "/game cancel", game=1)
        await settle(bot)
        await fake.wait_until(lambda: thread.archived, what="the thread to be archived")
        last = fake.history(thread)[-1]
        assert last.content == said(alice, "Game #{id} was cancelled.", id=1)
        assert not thread.locked
