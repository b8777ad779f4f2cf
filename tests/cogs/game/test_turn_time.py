"""The turn post says how long the person to move has."""

from __future__ import annotations

from tests.cogs.conftest import BotRunner
from tests.cogs.players import said
from tests.fakediscord import FakeDiscord


async def test_the_turn_post_gives_the_time_for_the_move(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """A game opened with timeout_days 3: its first post tells the player to move they have
    3 days; one of 0.5 days says 12 hours."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_runner(ai_budget=0.02):
        before = fake.mark()
        await fake.invoke(alice, "/fish new", players=2, bots=1, timeout_days=3.0)
        thread = await fake.wait_for_thread(fake.channel("games"), after=before)
        days = said(alice, "⏳ Time for this move: {span}.", span="3 days")
        # Alice's turn comes first or right after the computer's first placement.
        await fake.wait_until(lambda: any(days in m.content for m in fake.history(thread)))
        before = fake.mark()
        await fake.invoke(alice, "/fish new", players=2, bots=1, timeout_days=0.5)
        thread = await fake.wait_for_thread(fake.channel("games"), after=before)
        hours = said(alice, "⏳ Time for this move: {span}.", span="12 hours")
        await fake.wait_until(lambda: any(hours in m.content for m in fake.history(thread)))
