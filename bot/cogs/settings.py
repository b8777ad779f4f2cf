"""The ``/settings`` commands: a server's defaults and language, and a person's language for
direct messages. Thin declarations: the work is in bot.cogs.defaults and bot.cogs.languages."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from discord import app_commands
from discord.ext import commands

from bot.cogs import defaults as game_defaults
from bot.cogs import languages
from bot.cogs.common import Interaction

if TYPE_CHECKING:
    from bot.host import Host


class Settings(
    commands.GroupCog, group_name="settings", group_description="A server's and your own settings"
):
    """Settings of a server (Manage Server) and of the person asking."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name="defaults",
        description="This server's reminder interval and turn limit for new games (Manage Server)",
    )
    @app_commands.describe(
        reminder_hours="Hours between reminders to the player to move",
        timeout_days="Days without a move before the seat is given up",
        away_days="Days of time away (/game away) each person may take per month",
        tournaments="Who may open tournaments: anyone, or only Manage Server (the default)",
    )
    async def defaults(
        self,
        interaction: Interaction,
        reminder_hours: app_commands.Range[float, 0.5, 720.0] | None = None,
        timeout_days: app_commands.Range[float, 0.1, 365.0] | None = None,
        away_days: app_commands.Range[int, 0, 31] | None = None,
        tournaments: Literal["anyone", "managers"] | None = None,
    ) -> None:
        """Show or set the server's defaults for new games (setting needs Manage Server)."""
        await game_defaults.server_defaults(
            self.bot, interaction, reminder_hours, timeout_days, away_days, tournaments
        )

    @app_commands.command(
        name="language", description="The language of this server's posts (Manage Server)"
    )
    @app_commands.describe(language="The language, or as set in the server's Discord settings")
    @app_commands.choices(language=languages.CHOICES)
    async def language(self, interaction: Interaction, language: str) -> None:
        """Choose the server's public language (needs Manage Server)."""
        await languages.set_server_language(self.bot, interaction, language)

    @app_commands.command(
        name="dm-language", description="The language of the direct messages I send you"
    )
    @app_commands.describe(language="The language, or as set in your Discord settings")
    @app_commands.choices(language=languages.CHOICES)
    async def dm_language(self, interaction: Interaction, language: str) -> None:
        """Choose your own language for direct messages."""
        await languages.set_dm_language(self.bot, interaction, language)


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Settings(bot))
