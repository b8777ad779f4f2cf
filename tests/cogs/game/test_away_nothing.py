"""Time away asked for where there is nothing to pause spends nothing."""

from __future__ import annotations

from tests.cogs.conftest import BotRunner
from tests.cogs.players import said
from tests.fakediscord import FakeDiscord


async def test_away_without_a_game_here_spends_no_day(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Mia has no game on the server: /game away 2 is refused, saying no day was spent, and her
    month's allowance is whole; once she sits at a table, the same request is granted."""
    fake = fake_discord
    mia = fake.user("mia")
    async with bot_runner() as bot:
        refused = await fake.invoke(mia, "/game away", days=2)
        assert refused.ephemeral
        assert refused.content == said(
            mia,
            "You have no game on this server, so time away would pause nothing: no day of "
            "your allowance was spent. Ask again once you sit at a table here.",
        )
        assert await bot.store.away_days_used(mia.id, fake.guild.id) == 0
        assert await bot.store.away_ends(mia.id, fake.guild.id) is None
        await fake.invoke(mia, "/fish new", players=2)
        granted = await fake.invoke(mia, "/game away", days=2)
        assert granted.ephemeral and granted.content != refused.content
        assert await bot.store.away_days_used(mia.id, fake.guild.id) == 2
