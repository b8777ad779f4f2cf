"""The bot: a commands.Bot whose setup_hook wires storage, cogs, buttons and background work."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings

log = logging.getLogger(__name__)

COGS = ("bot.cogs.lobby",)


class UserFacingError(app_commands.AppCommandError):
    """An error whose message is meant for the person who acted (shown ephemerally)."""


class PenguinTree(app_commands.CommandTree["PenguinBot"]):
    """The command tree, with the one central error handler."""

    async def on_error(
        self, interaction: discord.Interaction[PenguinBot], error: app_commands.AppCommandError
    ) -> None:
        """Tell the person what went wrong; log what is not their doing."""
        original = getattr(error, "original", error)
        if isinstance(error, UserFacingError):
            text = str(error)
        elif isinstance(error, app_commands.CheckFailure):
            text = str(error) or "You can't use this command here."
        else:
            log.error(
                "command %s failed",
                interaction.command and interaction.command.qualified_name,
                exc_info=original,
            )
            text = "Something went wrong on my side; nothing was changed. Please try again."
        await reply_ephemeral(interaction, text)


async def reply_ephemeral(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer ephemerally, whether or not the interaction was already answered."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user: %s", text)


class PenguinBot(commands.Bot):
    """The penguin games bot."""

    def __init__(self, settings: Settings) -> None:
        # Only the guilds intent: interactions carry the acting member, so no privileged intent
        # (members, message content) is needed.
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=PenguinTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings

    async def setup_hook(self) -> None:
        """Load the cogs and sync the commands when they changed."""
        for cog in COGS:
            await self.load_extension(cog)
        await self.sync_commands()

    def command_fingerprint(self) -> str:
        """A hash of the command tree as Discord would receive it."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    async def sync_commands(self) -> None:
        """Send the command definitions to Discord when they changed since the last sync."""
        mode = self.settings.sync_commands
        if mode == "never":
            return
        marker = self.settings.database.with_suffix(".commands")
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        fingerprint = f"{guild.id if guild else 'global'}:{self.command_fingerprint()}"
        if mode == "auto" and marker.exists() and marker.read_text() == fingerprint:
            log.info("slash commands unchanged since the last sync")
            return
        synced = await self.tree.sync(guild=guild)
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(fingerprint)
        log.info("synced %d slash commands %s", len(synced), "to the dev guild" if guild else "")
