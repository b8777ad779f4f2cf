"""``/ultimatum``: The Penguin Ultimatum — new game, a turn's four steps, hand, board, rules."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.boards import show_board
from bot.cogs.common import (
    FoundGame,
    GameFinder,
    Interaction,
    Refusal,
    reader_language,
)
from bot.cogs.lobby import LEVEL_CHOICES, lobby_of
from bot.cogs.offers import offered
from bot.cogs.picking import game_autocomplete
from bot.games.ultimatum import Skip, UltimatumGame
from bot.i18n import N_, picture_labels, t
from bot.play import options
from bot.play import ultimatum_choices as choices
from bot.play.menus import Action, Choice
from bot.play.move import Move
from bot.texts import ultimatum as ultimatum_texts
from bot.texts.legend import TABLE_LEGEND
from bot.texts.names import seat_names
from bot.ui.buttons import buttons, perform_select
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


#: What the acting player does next within their own turn.
NEXT_STEP = {
    "invite": N_("Next: move an invitation stone with /ultimatum invite, or skip."),
    "perform": N_("Next: several shows are due; choose one with /ultimatum perform."),
    "entertainer": N_("Next: lay the new entertainer with /ultimatum entertainer."),
    "play": N_("Next: invite a penguin with /ultimatum play."),
}


#: Why a step's options are empty: the turn is at another step.
STEP_NOW = {
    "play": N_("Your turn begins with /ultimatum play."),
    "invite": N_("You are at the stone step: /ultimatum invite or /ultimatum skip."),
    "perform": N_("Several shows are due: /ultimatum perform first."),
    "entertainer": N_("Lay the new entertainer first: /ultimatum entertainer."),
}

#: What one option's autocomplete offers, from the game, the seat and the reader's language.
Pick = Callable[[UltimatumGame, int, str], list[Choice]]


class Ultimatum(
    commands.GroupCog, group_name="ultimatum", group_description="The Penguin Ultimatum"
):
    """Slash commands of The Penguin Ultimatum."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.tables = GameFinder(bot)

    async def _offer(
        self,
        interaction: Interaction,
        typed: str,
        phase: str,
        pick: Pick,
    ) -> list[app_commands.Choice[str]]:
        """An option's autocomplete: what ``pick`` offers for what was typed, or why nothing."""
        return await offered(self._choices(interaction, phase, pick), typed)

    async def _choices(
        self,
        interaction: Interaction,
        phase: str,
        pick: Pick,
    ) -> list[Choice]:
        """The choices ``pick`` offers the person whose turn it is at ``phase`` (Refusal: why
        there are none)."""
        lang = reader_language(interaction)
        loaded = await self.tables.find(interaction, interaction.namespace.game, "ultimatum")
        seat = self.tables.seat_of(interaction, loaded)
        game = loaded.game
        assert isinstance(game, UltimatumGame)
        if game.phase != phase:
            raise Refusal(t(lang, STEP_NOW[game.phase]))
        return pick(game, seat, lang)

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
        await lobby_of(self.bot).open_lobby(
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
        return await self._offer(interaction, current, "play", choices.cards)

    @play.autocomplete("cell")
    async def _cell_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        card = str(interaction.namespace.card or "").strip().lower()
        return await self._offer(
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
        return await self._offer(
            interaction, current, "play", lambda g, _, lang: choices.waivers(g, lang, card, cell)
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
        return await self._offer(
            interaction, current, "invite", lambda g, _, lang: choices.stone_targets(g, lang)
        )

    @invite.autocomplete("start")
    async def _from_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        to = str(interaction.namespace.to or "").strip().upper()
        return await self._offer(
            interaction, current, "invite", lambda g, _, lang: choices.stone_sources(g, lang, to)
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
        return await self._offer(
            interaction, current, "perform", lambda g, _, lang: choices.shows(g, lang)
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
        return await self._offer(
            interaction,
            current,
            "entertainer",
            lambda g, _, lang: choices.entertainer_cells(g, lang),
        )

    # --- acting --------------------------------------------------------------------------------

    async def _act(
        self, interaction: Interaction, game: int | None, action: Callable[[], Action]
    ) -> None:
        """Parse the options into this command's action, then play it for the person."""
        loaded = await self.tables.find(interaction, game, "ultimatum")
        move = await self.tables.act(interaction, loaded, lambda: str(action()))
        await self._reply_step(interaction, move)

    async def _reply_step(self, interaction: Interaction, move: Move) -> None:
        """Tell the acting player what happened and what comes next, ephemerally."""
        lang = reader_language(interaction)
        names = seat_names(move.record, lang)
        lines = ultimatum_texts.describe(lang, list(move.events), names)
        for event in move.events:
            if event["type"] == "drawn" and event["seat"] == move.seat:
                card = ultimatum_texts.card_name(lang, event["private"]["card"])
                lines.append(t(lang, "You drew a {card}.", card=card))
        game = move.game
        view = None
        if game.to_move == move.seat and not game.is_over:
            lines.append(self._next_hint(lang, game.phase))
            if game.phase == "invite":
                view = buttons(["skip"], move.record.id, lang)
            elif isinstance(game, UltimatumGame) and game.phase == "perform":
                view = perform_select(move.record.id, choices.shows(game, lang), lang)
        text = "\n".join(lines)
        if view is None:
            await interaction.response.send_message(**fit(content=text, ephemeral=True))
        else:
            await interaction.response.send_message(**fit(content=text, ephemeral=True, view=view))

    @staticmethod
    def _next_hint(lang: str, phase: str) -> str:
        return t(lang, NEXT_STEP[phase])

    async def cog_load(self) -> None:
        """Take the clicks of My hand and Skip invitation, and the show-order menu."""
        routes = routes_of(self.bot)
        routes.on_button("hand", self.show_hand)
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
        await self._reply_step(interaction, move)

    # --- looking -------------------------------------------------------------------------------

    @app_commands.command(name="hand", description="Your cards, activity and won entertainers")
    @app_commands.describe(game="The game's number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(self, interaction: Interaction, game: int | None = None) -> None:
        """Only ever ephemeral, only ever your own hand."""
        await self.show_hand(interaction, game)

    async def show_hand(self, interaction: Interaction, game_id: int | None) -> None:
        """Answer with the person's own hand as a picture, visible to them alone."""

        lang = reader_language(interaction)
        loaded: FoundGame = await self.tables.find(interaction, game_id, "ultimatum")
        seat = loaded.record.seat_of(interaction.user.id)
        if seat is None or loaded.game is None:
            raise Refusal(
                t(lang, "You have no hand in game #{id}: only its players do.", id=loaded.record.id)
            )
        # Drawing waits for a worker process, which may be busy: answer (to this person alone)
        # within Discord's 3 seconds first, then fill in the picture.
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = loaded.game.view(seat)
        name = seat_names(loaded.record, lang)[seat]
        png = await self.bot.draw(
            {"picture": "hand", "view": view, "name": name, "labels": picture_labels(lang)}
        )
        cards = ", ".join(ultimatum_texts.card_name(lang, c) for c in view["hand"] or [])
        await interaction.followup.send(
            **fit(
                content=t(
                    lang,
                    "Your hand in game #{id}: {cards}",
                    id=loaded.record.id,
                    cards=cards or "—",
                ),
                file=discord.File(io.BytesIO(png), filename="hand.png"),
                ephemeral=True,
            )
        )

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
