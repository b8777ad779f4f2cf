"""Clicks on the game buttons: each is the same request as the matching command.

The buttons (bot.ui.buttons) find this cog by name, so the Discord views import no cog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

from bot.cogs.common import Interaction
from bot.cogs.errors import handle_error
from bot.cogs.finish import finish_for_me
from bot.cogs.history import post_replay
from bot.cogs.lobby import lobby_of
from bot.cogs.moves import choose, open_turn
from bot.cogs.rematch import rematch
from bot.cogs.seats import confirm_resign
from bot.cogs.ultimatum import ultimatum_of
from bot.cogs.undo import answer_undo

if TYPE_CHECKING:
    from bot.host import Host


class Clicks(commands.Cog):
    """Routes a click to the command it stands for."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def route(self, interaction: Interaction, action: str, game_id: int) -> None:
        """Carry out a click; any error is answered like a command's."""
        try:
            if action in ("join", "leave", "start", "cancel"):
                await lobby_of(self.bot).seat_change(interaction, action, game_id, from_button=True)
            elif action == "move":
                await open_turn(self.bot, interaction, game_id)
            elif action.startswith("choose "):
                await choose(self.bot, interaction, game_id, action)
            elif action == "rematch":
                await rematch(self.bot, interaction, game_id)
            elif action == "finish":
                await finish_for_me(self.bot, interaction, game_id)
            elif action == "replay":
                await post_replay(self.bot, interaction, game_id)
            elif action.startswith("resign "):
                await confirm_resign(self.bot, interaction, game_id, int(action.split()[1]))
            elif action in ("approve", "refuse"):
                await answer_undo(self.bot, interaction, game_id, approve=action == "approve")
            else:
                ultimatum = action in ("hand", "skip") or action.startswith("perform ")
                if ultimatum:
                    await ultimatum_of(self.bot).on_button(interaction, action, game_id)
                else:
                    await lobby_of(self.bot).on_button(interaction, action, game_id)
        except Exception as error:
            await handle_error(interaction, error)


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Clicks(bot))
