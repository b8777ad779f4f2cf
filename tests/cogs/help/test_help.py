"""``/help``: what the bot is, how to start, how a turn works and where every command is, only
for the asker and in their language; with a topic, that part (the rules are the games' own)."""

from __future__ import annotations

import pytest

from bot.cogs.fish import RULES as FISH_RULES
from bot.cogs.ultimatum import RULES as ULTIMATUM_RULES
from bot.i18n import t
from bot.texts.help import COMMANDS, OVERVIEW, START, TURNS
from tests.cogs.conftest import BotRunner
from tests.fakediscord import FakeDiscord
from tests.fakediscord.options import OptionError

#: Who asks in which language (the stand-in's people: alice en-US, bruno de, chloe fr).
READERS = {"en": "alice", "de": "bruno", "fr": "chloe"}
#: The command groups as each language names them: the help must point at all of them.
GROUPS = {
    "en": ("/fish", "/ultimatum", "/game", "/ratings", "/settings", "/tournament", "/help"),
    "de": ("/packeis", "/ultimatum", "/spiel", "/wertung", "/einstellungen", "/turnier", "/hilfe"),
    "fr": ("/pingouins", "/ultimatum", "/partie", "/cotes", "/réglages", "/tournoi", "/aide"),
}


@pytest.mark.parametrize("lang", READERS)
async def test_help_explains_the_bot_in_the_readers_language(
    fake_discord: FakeDiscord, bot_runner: BotRunner, lang: str
) -> None:
    """Without a topic: the overview, ephemeral, naming every group as the reader sees it."""
    async with bot_runner():
        reply = await fake_discord.invoke(fake_discord.user(READERS[lang]), "/help")
    assert reply.ephemeral
    assert reply.content == t(lang, OVERVIEW)
    missing = [group for group in GROUPS[lang] if group not in reply.content]
    assert not missing, missing
    if lang != "en":
        assert reply.content != OVERVIEW


TOPICS = {
    "start": START,
    "turns": TURNS,
    "commands": COMMANDS,
    "fish": FISH_RULES,
    "ultimatum": ULTIMATUM_RULES,
}


@pytest.mark.parametrize("lang", READERS)
async def test_each_help_topic_answers_with_its_own_text(
    fake_discord: FakeDiscord, bot_runner: BotRunner, lang: str
) -> None:
    """Each topic of the list gives its text; the rules are those of /fish rules and
    /ultimatum rules."""
    reader = fake_discord.user(READERS[lang])
    async with bot_runner():
        answers = {
            topic: await fake_discord.invoke(reader, "/help", topic=topic) for topic in TOPICS
        }
        fish_rules = await fake_discord.invoke(reader, "/fish rules")
    for topic, text in TOPICS.items():
        assert answers[topic].ephemeral
        assert answers[topic].content == t(lang, text), topic
    assert answers["fish"].content == fish_rules.content
    assert len({a.content for a in answers.values()}) == len(TOPICS)
    every = answers["commands"].content
    assert all(group in every for group in GROUPS[lang])


async def test_a_topic_discord_does_not_offer_is_refused_by_discord(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The topics are a fixed list: Discord sends no other value."""
    async with bot_runner():
        with pytest.raises(OptionError, match="topic must be one of"):
            await fake_discord.invoke(fake_discord.user("alice"), "/help", topic="chess")
