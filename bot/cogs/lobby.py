"""The ``/game`` commands that are not specific to one game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import PenguinBot


class Lobby(commands.GroupCog, group_name="game", group_description="Penguin games"):
    """Seats, game lists and everything shared by both games."""

    def __init__(self, bot: PenguinBot) -> None:
        self.bot = bot

    @app_commands.command(name="about", description="What this bot is and how to start a game")
    async def about(self, interaction: discord.Interaction[PenguinBot]) -> None:
        """Explain the bot in one ephemeral message."""
        await interaction.response.send_message(
            "I run games of **Hey, That's My Fish!** (`/fish new`) and **The Penguin Ultimatum** "
            "(`/ultimatum new`) right here. Anyone can watch with `/fish board` or "
            "`/ultimatum board`; `/game list` shows the games of this server.",
            ephemeral=True,
        )


async def setup(bot: PenguinBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Lobby(bot))
