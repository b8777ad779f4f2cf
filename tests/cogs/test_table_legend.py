"""``/ultimatum rules`` says how to read the party table picture: its arrowheads, waiting discs,
stones and stars, in the reader's language."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import BotRunner
from tests.fakediscord import FakeDiscord

#: Words of the legend in each language: the arrowheads, the discs, the stones.
LEGEND = {
    "en-US": ("yellow arrowheads", "yellow disc", "owner's stone", "star"),
    "de": ("Pfeilspitzen", "gelbe Scheibe", "Einladungsstein", "Stern"),
    "fr": ("pointes de flèche", "disque jaune", "jeton", "étoile"),
}


@pytest.mark.parametrize("locale", sorted(LEGEND))
async def test_the_rules_explain_the_marks_of_the_table_picture(
    fake_discord: FakeDiscord, bot_runner: BotRunner, locale: str
) -> None:
    """The rules, ephemeral and within Discord's limits, end with the legend of the picture."""
    fake = fake_discord
    reader = fake.add_user(f"reader-{locale}", locale=locale)
    async with bot_runner():
        rules = await fake.invoke(reader, "/ultimatum rules")
        assert rules.ephemeral
        for words in LEGEND[locale]:
            assert words in rules.content, words
