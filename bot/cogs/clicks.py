"""Which handler takes each click: the clicks that are no command group's own are registered here.

When this cog loads it registers, with the bot's ``ClickRoutes`` (bot.ui.clicks), the handlers
of the lobby's buttons, Your move and a turn's step components, Rematch, Finish for me, Replay,
the undo answers and the confirmation of a resignation, and the error answer every click shares
with the commands. The Penguin Ultimatum's own buttons are registered by its cog as it loads. A
component's callback then calls its handler directly, with the typed fields of its custom_id.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from discord.ext import commands

from bot.cogs.common import Interaction
from bot.cogs.errors import handle_error
from bot.cogs.finish import finish_for_me
from bot.cogs.history import post_replay, turn_history_page
from bot.cogs.lobby import lobby_of
from bot.cogs.moves import choose, open_turn
from bot.cogs.rematch import rematch
from bot.cogs.seats import confirm_resign
from bot.cogs.undo import answer_undo
from bot.ui.clicks import routes_of

if TYPE_CHECKING:
    from bot.host import Host


#: The lobby's buttons that change the clicker's seat or the table (join, leave, start, cancel).
SEAT_CHANGES = ("join", "leave", "start", "cancel")


async def _seat_change(bot: Host, action: str, interaction: Interaction, game_id: int) -> None:
    """Join, Leave, Start or Cancel under a lobby: the matching /game command for that game."""
    await lobby_of(bot).seat_change(interaction, action, game_id, from_button=True)


async def _add_computer(bot: Host, interaction: Interaction, game_id: int) -> None:
    """Add computer under a lobby: /game add-computer at the level the game was opened with."""
    await lobby_of(bot).seat_computer(interaction, game_id, None, from_button=True)


class Clicks(commands.Cog):
    """Registers the handlers of the clicks that no command group owns."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Fill the bot's click routes."""
        bot, routes = self.bot, routes_of(self.bot)
        routes.on_error(handle_error)
        for action in SEAT_CHANGES:
            routes.on_button(action, partial(_seat_change, bot, action))
        routes.on_button("computer", partial(_add_computer, bot))
        routes.on_button("move", partial(open_turn, bot))
        routes.on_step(partial(choose, bot))
        routes.on_button("rematch", partial(rematch, bot))
        routes.on_button("finish", partial(finish_for_me, bot))
        routes.on_button("replay", partial(post_replay, bot))
        routes.on_page("history", partial(turn_history_page, bot))
        routes.on_button("approve", partial(answer_undo, bot, approve=True))
        routes.on_button("refuse", partial(answer_undo, bot, approve=False))
        routes.on_resign(partial(confirm_resign, bot))


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Clicks(bot))
