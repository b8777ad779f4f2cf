"""Which language the bot speaks where.

- A reply that only its reader sees follows that person's Discord client (``interaction.locale``).
- Public posts follow the server: the language chosen with ``/settings language`` (Manage Server),
  else the server's Discord language (``guild_locale``, the guild's preferred locale), else the
  bot's default (``DEFAULT_LANGUAGE``).
- Direct messages follow the person: the language chosen with ``/settings dm-language``, else the
  Discord locale they last used with the bot.

Every interaction tells the bot the person's and the server's locale; both are remembered (the
server's in the store's meta table) so posts made later — by the scheduler, by computer players,
after a restart — still know them.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import Interaction, Refusal, reader_language
from bot.i18n import DEFAULT, known_language, t
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

#: Each language in its own words (never translated: a reader looks for their own).
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français"}
#: The choices of the language commands: the languages, and "as Discord says".
CHOICES = [
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()),
    app_commands.Choice(name="As set in Discord", value="auto"),
]


def meta_key(guild_id: int) -> str:
    """Where a server's last seen Discord locale is kept."""
    return f"guild-locale:{guild_id}"


class Languages(commands.Cog):
    """Remembers the locales interactions carry; answers which language to post in."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.guild_locales: dict[int, str] = {}
        self.user_locales: dict[int, str] = {}

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Host]) -> None:
        """Note the person's and the server's locale (written only when they changed)."""
        try:
            user_locale = str(interaction.locale.value)
            if self.user_locales.get(interaction.user.id) != user_locale:
                self.user_locales[interaction.user.id] = user_locale
                await self.bot.store.note_locale(interaction.user.id, user_locale)
            if interaction.guild_id is not None and interaction.guild_locale is not None:
                await self.note_guild(interaction.guild_id, interaction.guild_locale)
        except Exception:  # noting a locale must never disturb the interaction itself
            log.exception("could not note the locale of interaction %s", interaction.id)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        """A server's locale as the gateway tells it (at start and after an outage)."""
        await self.note_guild(guild.id, guild.preferred_locale)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """A new server's locale."""
        await self.note_guild(guild.id, guild.preferred_locale)

    @commands.Cog.listener()
    async def on_guild_update(self, before: discord.Guild, after: discord.Guild) -> None:
        """A server changed its language in Discord."""
        await self.note_guild(after.id, after.preferred_locale)

    async def note_guild(self, guild_id: int, locale: discord.Locale) -> None:
        """Remember a server's Discord locale (in memory, and in the store when it changed)."""
        value = str(locale.value)
        if self.guild_locales.get(guild_id) == value:
            return
        self.guild_locales[guild_id] = value
        await self.bot.store.set_meta(meta_key(guild_id), value)

    async def public_language(self, guild_id: int) -> str:
        """The language of public posts in a server (see the module function)."""
        return await public_language(self.bot, guild_id)

    async def guild_language(self, guild_id: int) -> str | None:
        """The language of a server's Discord locale, if the bot speaks it."""
        locale = self.guild_locales.get(guild_id)
        if locale is None:
            guild = self.bot.get_guild(guild_id)
            if guild is not None:
                locale = str(guild.preferred_locale.value)
            else:
                locale = await self.bot.store.meta(meta_key(guild_id))
        return known_language(locale)


async def public_language(bot: Host, guild_id: int) -> str:
    """The language of public posts in a server: its choice, its Discord locale, the default."""
    settings = await bot.store.guild_settings(guild_id)
    if settings.language:
        return settings.language
    # By name, not by class: discord.py loads an extension's module afresh for every bot, so the
    # running cog's class need not be the one this module object holds.
    cog = bot.get_cog("Languages")
    if cog is not None:
        spoken = await cast(Languages, cog).guild_language(guild_id)
        if spoken is not None:
            return spoken
    return bot.settings.language or DEFAULT


def _check_choice(lang: str, choice: str) -> None:
    if choice != "auto" and choice not in LANGUAGE_NAMES:
        raise Refusal(
            t(lang, "{choice} is not a language I speak: choose en, de, fr or auto.", choice=choice)
        )


async def set_server_language(bot: Host, interaction: Interaction, choice: str) -> None:
    """``/settings language``: the server's public posts in one language, or as Discord says."""
    lang = reader_language(interaction)
    _check_choice(lang, choice)
    if interaction.guild_id is None:
        raise Refusal(t(lang, "Only a server has a language for its public posts."))
    permissions = interaction.permissions
    if not (permissions.manage_guild or permissions.administrator):
        raise Refusal(t(lang, "Only someone with Manage Server can choose the server's language."))
    await bot.store.update_guild_settings(
        interaction.guild_id, language=None if choice == "auto" else choice
    )
    now = await public_language(bot, interaction.guild_id)
    name = LANGUAGE_NAMES[now]
    if choice == "auto":
        text = t(
            lang,
            "Public posts here now follow the server's Discord language: {language}.",
            language=name,
        )
    else:
        text = t(lang, "Public posts here are now in {language}.", language=name)
    await interaction.response.send_message(**fit(content=text, ephemeral=True))


async def set_dm_language(bot: Host, interaction: Interaction, choice: str) -> None:
    """``/settings dm-language``: the language of your direct messages from the bot."""
    lang = reader_language(interaction)
    _check_choice(lang, choice)
    settings = await bot.store.update_user_settings(
        interaction.user.id,
        language=None if choice == "auto" else choice,
        locale=str(interaction.locale.value),
    )
    if choice == "auto":
        name = LANGUAGE_NAMES[known_language(settings.locale) or DEFAULT]
        text = t(
            lang,
            "Your direct messages now follow your Discord language: {language}.",
            language=name,
        )
    else:
        text = t(
            lang, "Your direct messages are now in {language}.", language=LANGUAGE_NAMES[choice]
        )
    await interaction.response.send_message(**fit(content=text, ephemeral=True))


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Languages(bot))
