"""``/ultimatum``: The Penguin Ultimatum — new game, a turn's four steps, hand, board, rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from bot.cogs.boards import show_board
from bot.cogs.common import (
    GameFinder,
    Interaction,
    Refusal,
    reader_language,
)
from bot.cogs.hands import show_hand
from bot.cogs.lobby import LEVEL_CHOICES
from bot.cogs.opening import open_lobby
from bot.cogs.picking import game_autocomplete
from bot.cogs.ultimatum_steps import reply_step, step_offer
from bot.games.ultimatum import Skip
from bot.i18n import N_, t
from bot.play import options
from bot.play import ultimatum_choices as choices
from bot.play.entertainer_choices import entertainer_cells
from bot.play.menus import Action
from bot.texts.legend import TABLE_LEGEND
from bot.ui.clicks import routes_of
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

RULES = N_("""\
**The Penguin Ultimatum** — 2 to 4 players, highest score wins. You start with 10 points, \
4 penguin cards (see them with `/ultimatum hand`), 3 invitation stones and an activity card.
Each turn:
1. **Invite a penguin** — `/ultimatum play card cell`: lay it next to an entertainer. Next to \
penguins of its own colour you pay their values (kinship fee), or give up a won entertainer \
instead with `waive`.
2. **Move a stone** — `/ultimatum invite to [from]` onto any penguin without one, from your \
supply or another penguin; or `/ultimatum skip`.
3. **Shows** — an entertainer whose dots all point at cards (or off the iceberg) performs: \
adjacent penguins of its colour or activity score their value for their stone's owner. The \
lowest positive scorer wins the card (ties: nobody). A curtain then takes the entertainer's \
place: nothing can be laid there, and it counts as a card for the dots around it. Several at \
once? `/ultimatum perform cell`. Then lay the next entertainer where it won't perform at once: \
`/ultimatum entertainer cell [turned]`.
4. **Draw** — automatic.
The game ends when a card can't be drawn or laid. Final scoring: +2 per won entertainer of your \
activity, +5 for the most of an animal (+3 each when tied).""")


class Ultimatum(
    commands.GroupCog, group_name="ultimatum", group_description="The Penguin Ultimatum"
):
    """Slash commands of The Penguin Ultimatum."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.tables = GameFinder(bot)

    # --- a new game ----------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a game of The Penguin Ultimatum here")
    @app_commands.describe(
        players="Seats at the table, 2 to 4 (default 2)",
        bots="How many seats computer players take (default 0)",
        level="How strong the computer players are",
        timeout_days=(
            "Days without a move before the seat is given up (default: /settings defaults)"
        ),
        reminder_hours=(
            "Hours between reminders to the player to move (default: /settings defaults)"
        ),
        rated="Whether the game counts for ratings (default: yes)",
        width="Iceberg width in cells, 5 to 15 (default 9)",
        height="Iceberg height in cells, 5 to 15 (default 9)",
        fixed_setup="Starting entertainers share no animal and no activity",
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    async def new(
        self,
        interaction: Interaction,
        players: app_commands.Range[int, 2, 4] = 2,
        bots: app_commands.Range[int, 0, 3] = 0,
        level: int = 2,
        timeout_days: app_commands.Range[float, 0.1, 365.0] | None = None,
        reminder_hours: app_commands.Range[float, 0.5, 720.0] | None = None,
        width: app_commands.Range[int, 5, 15] = 9,
        height: app_commands.Range[int, 5, 15] = 9,
        fixed_setup: bool = False,
        rated: bool = True,
    ) -> None:
        """Open a lobby."""
        lang = reader_language(interaction)
        if bots >= players:
            raise Refusal(
                t(lang, "Leave at least one seat for a person: bots must be less than players.")
            )
        options = {"width": width, "height": height, "fixed_setup": fixed_setup}
        await open_lobby(
            self.bot,
            interaction,
            "ultimatum",
            players=players,
            bots=bots,
            level=level,
            options=options,
            clock={"timeout_days": timeout_days, "reminder_hours": reminder_hours},
            rated=rated,
        )

    # --- step 1 --------------------------------------------------------------------------------

    @app_commands.command(name="play", description="Step 1: invite a penguin from your hand")
    @app_commands.describe(
        card="A penguin card from your hand",
        cell="An empty cell next to an entertainer",
        waive="Give up this won entertainer instead of paying the kinship fee",
        game="The game's number",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def play(
        self,
        interaction: Interaction,
        card: str,
        cell: str,
        waive: str | None = None,
        game: int | None = None,
    ) -> None:
        """U-11 … U-13."""
        await self._act(interaction, game, lambda: options.ultimatum_play(card, cell, waive))

    @play.autocomplete("card")
    async def _card_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await step_offer(self.tables, interaction, current, "play", choices.cards)

    @play.autocomplete("cell")
    async def _cell_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        card = str(interaction.namespace.card or "").strip().lower()
        return await step_offer(
            self.tables,
            interaction,
            current,
            "play",
            lambda g, seat, lang: choices.fee_cells(g, seat, lang, card),
        )

    @play.autocomplete("waive")
    async def _waive_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        card = str(interaction.namespace.card or "").strip().lower()
        cell = str(interaction.namespace.cell or "").strip().upper()
        return await step_offer(
            self.tables,
            interaction,
            current,
            "play",
            lambda g, _, lang: choices.waivers(g, lang, card, cell),
        )

    # --- step 2 --------------------------------------------------------------------------------

    @app_commands.command(name="invite", description="Step 2: move an invitation stone")
    @app_commands.describe(
        to="A penguin without a stone",
        start="Where the stone comes from: supply (default) or a penguin with your stone",
        game="The game's number",
    )
    @app_commands.rename(start="from")
    @app_commands.autocomplete(game=game_autocomplete)
    async def invite(
        self, interaction: Interaction, to: str, start: str | None = None, game: int | None = None
    ) -> None:
        """Put a stone, from your supply or another penguin, on a penguin without one (U-14)."""
        await self._act(interaction, game, lambda: options.ultimatum_invite(to, start))

    @invite.autocomplete("to")
    async def _to_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await step_offer(
            self.tables,
            interaction,
            current,
            "invite",
            lambda g, _, lang: choices.stone_targets(g, lang),
        )

    @invite.autocomplete("start")
    async def _from_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        to = str(interaction.namespace.to or "").strip().upper()
        return await step_offer(
            self.tables,
            interaction,
            current,
            "invite",
            lambda g, _, lang: choices.stone_sources(g, lang, to),
        )

    @app_commands.command(
        name="skip", description="Step 2: leave your invitation stones as they are"
    )
    @app_commands.describe(game="The game's number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def skip(self, interaction: Interaction, game: int | None = None) -> None:
        """U-14: the step is optional."""
        await self._act(interaction, game, Skip)

    # --- step 3 --------------------------------------------------------------------------------

    @app_commands.command(name="perform", description="Step 3: choose which show comes first")
    @app_commands.describe(cell="The entertainer that performs now", game="The game's number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def perform(self, interaction: Interaction, cell: str, game: int | None = None) -> None:
        """Choose which of several pending shows performs first (U-16)."""
        await self._act(interaction, game, lambda: options.ultimatum_perform(cell))

    @perform.autocomplete("cell")
    async def _perform_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await step_offer(
            self.tables, interaction, current, "perform", lambda g, _, lang: choices.shows(g, lang)
        )

    @app_commands.command(name="entertainer", description="Step 3: lay the next entertainer")
    @app_commands.describe(
        cell="An empty cell next to any card, where it won't perform at once",
        turned="Lay it turned (all its dots point the opposite way)",
        game="The game's number",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def entertainer(
        self, interaction: Interaction, cell: str, turned: bool = False, game: int | None = None
    ) -> None:
        """Lay the face-up entertainer on an empty cell, upright or turned (U-21)."""
        await self._act(interaction, game, lambda: options.ultimatum_entertainer(cell, turned))

    @entertainer.autocomplete("cell")
    async def _entertainer_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await step_offer(
            self.tables,
            interaction,
            current,
            "entertainer",
            lambda g, _, lang: entertainer_cells(g, lang),
        )

    # --- acting --------------------------------------------------------------------------------

    async def _act(
        self, interaction: Interaction, game: int | None, action: Callable[[], Action]
    ) -> None:
        """Parse the options into this command's action, then play it for the person."""
        loaded = await self.tables.find(interaction, game, "ultimatum")
        move = await self.tables.act(interaction, loaded, lambda: str(action()))
        await reply_step(interaction, move)

    async def cog_load(self) -> None:
        """Take the clicks of My hand and Skip invitation, and the show-order menu."""
        routes = routes_of(self.bot)
        routes.on_button("hand", self._hand_click)
        routes.on_button("skip", self._skip_click)
        routes.on_show(self._show_click)

    async def _skip_click(self, interaction: Interaction, game_id: int) -> None:
        """The Skip invitation button: /ultimatum skip for that game."""
        await self._click(interaction, game_id, Skip)

    async def _show_click(self, interaction: Interaction, game_id: int, cell: str) -> None:
        """The show-order menu: /ultimatum perform with the chosen cell."""
        await self._click(interaction, game_id, lambda: options.ultimatum_perform(cell))

    async def _click(
        self, interaction: Interaction, game_id: int, action: Callable[[], Action]
    ) -> None:
        loaded = await self.tables.load(interaction, game_id)
        move = await self.tables.act(interaction, loaded, lambda: str(action()))
        await reply_step(interaction, move)

    # --- looking -------------------------------------------------------------------------------

    @app_commands.command(name="hand", description="Your cards, activity and won entertainers")
    @app_commands.describe(game="The game's number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(self, interaction: Interaction, game: int | None = None) -> None:
        """Only ever ephemeral, only ever your own hand."""
        await show_hand(self.bot, interaction, game)

    async def _hand_click(self, interaction: Interaction, game_id: int) -> None:
        """The My hand button: /ultimatum hand for that game."""
        await show_hand(self.bot, interaction, game_id)

    @app_commands.command(name="board", description="Show the table of a game (anyone may look)")
    @app_commands.describe(
        game="The game's number",
        post="Post it in the channel for everyone (players' boards are posted anyway)",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def board(
        self, interaction: Interaction, game: int | None = None, post: bool = False
    ) -> None:
        """The current picture, for players and spectators (never a hand)."""
        await show_board(self.bot, interaction, game, "ultimatum", post=post)

    @app_commands.command(name="rules", description="The rules of The Penguin Ultimatum in short")
    async def rules(self, interaction: Interaction) -> None:
        """A concise rules summary, ephemeral."""
        lang = reader_language(interaction)
        summary = f"{t(lang, RULES)}\n{t(lang, TABLE_LEGEND)}"
        await interaction.response.send_message(**fit(content=summary, ephemeral=True))


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Ultimatum(bot))
