"""``/settings defaults``: a server's reminder interval and turn limit for new games."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import BotRunner
from tests.fakediscord import FakeDiscord

SHOWN = (
    "New games here remind the player to move every {hours} hours ({hours_from}) and give up a "
    "seat after {days} days without a move ({days_from}).\nEach person may take 14 days of time "
    "away (/game away) a month (the bot's default).\nOnly someone with Manage Server may open a "
    "tournament here (/tournament new)."
)
SERVER, BOT = "set for this server", "the bot's default"


async def test_a_server_sets_the_defaults_its_new_games_get(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Anyone may look; only Manage Server may change them; games opened afterwards get them
    unless their creator chose, and games already open keep their own."""
    fake = fake_discord
    alice, mia = fake.user("alice"), fake.user("mia")
    async with bot_runner() as bot:
        await fake.invoke(alice, "/fish new", players=2)
        shown = await fake.invoke(alice, "/settings defaults")
        assert shown.ephemeral and shown.content == SHOWN.format(
            hours=24, hours_from=BOT, days=7, days_from=BOT
        )
        refused = await fake.invoke(alice, "/settings defaults", reminder_hours=6.0)
        assert refused.ephemeral and refused.content == (
            "Only someone with Manage Server can change the defaults for new games."
        )
        assert (await bot.store.guild_settings(fake.guild.id)).reminder_hours is None
        saved = await fake.invoke(mia, "/settings defaults", reminder_hours=6.0, timeout_days=2.5)
        assert saved.ephemeral and saved.content.endswith(
            SHOWN.format(hours=6, hours_from=SERVER, days=2.5, days_from=SERVER)
        )
        await fake.invoke(alice, "/fish new", players=2)
        await fake.invoke(fake.user("bruno"), "/ultimatum new", timeout_days=10.0)
        older, plain, chosen = [await bot.store.get_game(i) for i in (1, 2, 3)]
        assert (older.reminder_hours, older.timeout_days) == (24.0, 7.0)
        assert (plain.reminder_hours, plain.timeout_days) == (6.0, 2.5)
        assert (chosen.reminder_hours, chosen.timeout_days) == (6.0, 10.0)
        await fake.invoke(mia, "/settings defaults", timeout_days=3.0)
        again = await fake.invoke(alice, "/settings defaults")
        assert again.content == SHOWN.format(hours=6, hours_from=SERVER, days=3, days_from=SERVER)
        with pytest.raises(AssertionError):
            await fake.invoke(mia, "/settings defaults", reminder_hours=0.1)  # Discord's own check
