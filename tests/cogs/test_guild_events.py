"""Servers changing under the bot: a server switches its Discord language (GUILD_UPDATE), and
the bot is invited to a new server while running (GUILD_CREATE → on_guild_join)."""

from __future__ import annotations

import asyncio

import discord

from bot.client import PenguinBot
from bot.i18n import t
from bot.texts.names import title
from tests.cogs.conftest import BotRunner
from tests.fakediscord import FakeDiscord


def lobby_title(lang: str, game_id: int) -> str:
    """The title of a Fish lobby as the bot writes it in ``lang``."""
    return t(lang, "{game} — game #{id}", game=title("fish", lang), id=game_id)


async def speaks(bot: PenguinBot, guild_id: int, lang: str, timeout: float = 5.0) -> None:
    """Wait until the bot would post in ``lang`` in a server (it learns of it by gateway)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (now := await bot.public_language(guild_id)) != lang:
        if loop.time() > deadline:
            raise AssertionError(f"the bot still posts in {now!r}, not {lang!r}")
        await asyncio.sleep(0.02)


async def test_a_server_that_changes_its_language_gets_the_next_public_post_in_it(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The server's admins switch its Discord language to German: GUILD_UPDATE tells the bot
    before anyone acts, and the next lobby is German while alice's own answers stay English."""
    fake = fake_discord
    alice, mia = fake.user("alice"), fake.user("mia")
    async with bot_runner() as bot:
        first = await fake.invoke(alice, "/fish new", players=2)
        assert first.embeds[0]["title"] == lobby_title("en", 1)
        await fake.update_guild(preferred_locale="de")
        guild = bot.get_guild(fake.guild.id)
        assert guild is not None
        await fake.wait_until(
            lambda: guild.preferred_locale is discord.Locale.german, what="the GUILD_UPDATE"
        )
        await speaks(bot, fake.guild.id, "de")
        second = await fake.invoke(mia, "/fish new", players=2)
        assert not second.ephemeral and second.message is not None
        assert second.embeds[0]["title"] == lobby_title("de", 2) != lobby_title("en", 2)
        assert t("de", "Join") in second.message.labels
        about = await fake.invoke(alice, "/help")
        assert about.ephemeral and "/fish new" in about.content, "alice's client is English"
        await fake.update_guild(preferred_locale="en-GB")
        await speaks(bot, fake.guild.id, "en")


async def test_a_newly_joined_server_can_use_the_commands_in_its_own_language(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Invited to a French server while running: the bot learns of it (on_guild_join), the
    globally synced commands work there, and its lobby, thread and buttons are French."""
    fake = fake_discord
    alice, chloe = fake.user("alice"), fake.user("chloe")
    async with bot_runner() as bot:
        banquise = await fake.join_guild(
            "Banquise", channels=["jeux"], preferred_locale="fr", members=[alice, chloe]
        )
        await fake.wait_until(lambda: bot.get_guild(banquise.id) is not None, what="the join")
        await speaks(bot, banquise.id, "fr")
        jeux = fake.channel("jeux", guild=banquise)
        about = await fake.invoke(alice, "/help", channel=jeux)
        assert about.ephemeral and "/fish new" in about.content
        lobby = await fake.invoke(alice, "/fish new", players=2, channel=jeux)
        assert lobby.embeds[0]["title"] == lobby_title("fr", 1)
        assert lobby.message is not None and lobby.message.channel_id == jeux.id
        thread = await fake.wait_for_thread(jeux)
        mark = fake.mark()
        joined = await fake.click(chloe, lobby.message, label=t("fr", "Join"))
        assert joined.kind == "update"
        (start,) = await fake.wait_for_messages(thread, 1, after=mark, timeout=15)
        assert start.attachments[0].image().format == "PNG"
    assert [scope for scope, _ in fake.syncs] == [None], "global commands reach every server"
