"""The one place errors are answered: refusals ephemerally, the rest logged and told briefly."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.cogs.common import APPLIED, Refusal
from bot.i18n import language_of, t
from bot.ui.fit import fit, shorten

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)


async def reply_ephemeral(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer ephemerally, whether or not the interaction was already answered (or deferred)."""
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(**fit(content=text, ephemeral=True))
            return
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            try:
                await _clear_public_thinking(interaction)
            except discord.HTTPException as error:
                log.info("could not clear the 'thinking' message: %s", error)
        await interaction.followup.send(**fit(content=text, ephemeral=True))
    except discord.HTTPException:
        log.warning("could not tell the user: %s", shorten(text, 200))


async def _clear_public_thinking(interaction: discord.Interaction[Any]) -> None:
    """Remove a public 'thinking…' message that was never filled.

    The first followup after a deferral fills that message, and the deferral, not the followup,
    decided whether it is ephemeral: an error meant for one person would be shown to everyone.
    Filled and deleted, it leaves the followup a message of its own, which may be ephemeral.
    """
    original = await interaction.original_response()
    if original.flags.ephemeral or not original.flags.loading:
        return
    await interaction.edit_original_response(**fit(content="…"))
    await interaction.delete_original_response()


async def handle_error(interaction: discord.Interaction[Any], error: Exception) -> None:
    """The one place errors are answered: refusals ephemerally, the rest logged."""
    original = getattr(error, "original", error)
    lang = language_of(interaction.locale)
    if isinstance(original, Refusal):
        text = str(original)
    elif isinstance(error, app_commands.CheckFailure):
        text = str(error) or t(lang, "You can't use this command here.")
    else:
        command = interaction.command.qualified_name if interaction.command else "a button"
        log.error("%s failed", command, exc_info=original)
        game_id = interaction.extras.get(APPLIED)
        if game_id is not None:
            # The change was committed before the failure (typically the answer itself failed).
            text = t(
                lang,
                "Your action in game #{id} was carried out, but answering you failed. The "
                "game's thread shows where it stands.",
                id=game_id,
            )
        else:
            text = t(
                lang, "Something went wrong on my side; nothing was changed. Please try again."
            )
    await reply_ephemeral(interaction, text)


class PenguinTree(app_commands.CommandTree["Host"]):
    """The command tree, with the central error handler."""

    async def on_error(
        self, interaction: discord.Interaction[Host], error: app_commands.AppCommandError
    ) -> None:
        """Tell the person what went wrong; log what is not their doing."""
        await handle_error(interaction, error)
