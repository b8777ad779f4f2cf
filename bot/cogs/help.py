"""``/help``: what the bot is, how to start, how a turn works and where every command is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from bot.cogs import fish, ultimatum
from bot.cogs.common import Interaction, reader_language
from bot.i18n import t
from bot.texts.help import help_text
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

#: Each game's rules, as ``/fish rules`` and ``/ultimatum rules`` show them.
RULES = {"fish": fish.RULES, "ultimatum": ultimatum.RULES}


class Help(commands.Cog):
    """The top-level ``/help`` command."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name="help", description="How to start, how a turn works, and where every command is"
    )
    @app_commands.describe(topic="What to explain (default: an overview)")
    @app_commands.choices(
        topic=[
            app_commands.Choice(name="starting a game", value="start"),
            app_commands.Choice(name="how a turn works", value="turns"),
            app_commands.Choice(name="every command", value="commands"),
            app_commands.Choice(name="the rules of Hey, That's My Fish!", value="fish"),
            app_commands.Choice(name="the rules of The Penguin Ultimatum", value="ultimatum"),
        ]
    )
    async def help(self, interaction: Interaction, topic: str | None = None) -> None:
        """The help on a topic, only for the asker, in their language."""
        lang = reader_language(interaction)
        # Discord offers only the listed topics; the rules are the games' own texts.
        if topic is not None and topic in RULES:
            text = t(lang, RULES[topic])
        else:
            text = help_text(lang, topic)
        await interaction.response.send_message(**fit(content=text, ephemeral=True))


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Help(bot))
