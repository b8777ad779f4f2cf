"""``/fish``: Hey, That's My Fish! — new game, placing, moving, the board and the rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from bot.cogs.boards import show_board
from bot.cogs.common import GameFinder, Interaction, Refusal, reader_language
from bot.cogs.lobby import LEVEL_CHOICES
from bot.cogs.offers import offered
from bot.cogs.opening import open_lobby
from bot.cogs.picking import game_autocomplete
from bot.games.fish import FishGame
from bot.i18n import N_, t
from bot.play import fish_choices, options
from bot.play.menus import Action, Choice
from bot.texts.done import done_lines
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

RULES = N_("""\
**Hey, That's My Fish!** — 2 to 4 players, most fish wins.
• Floes are named by row A–H and number (A1 … H8); rows A, C, E, G are indented.
• **Placing** (`/fish place floe`): in turn, put a penguin on a free floe with exactly 1 fish \
(2 players: 4 penguins each, 3: 3, 4: 2).
• **Moving** (`/fish move penguin to`): one penguin goes in a straight line, any distance, never \
onto or over a penguin or open water. You take the floe it left, with its fish.
• Floes nobody can reach any more melt away, unscored.
• Can't move? You leave the ice with the floes under your penguins; the others play on.
• Most fish wins; equal fish: more floes; still equal: shared place.
`/fish board` shows the board to anyone, `/game list` all games.""")


class Fish(commands.GroupCog, group_name="fish", group_description="Hey, That's My Fish!"):
    """Slash commands of Hey, That's My Fish!"""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.tables = GameFinder(bot)

    async def _choices(
        self, interaction: Interaction, phase: str, pick: Callable[[FishGame, str], list[Choice]]
    ) -> list[Choice]:
        """The choices ``pick`` offers the person whose turn it is at ``phase`` (Refusal: why
        there are none)."""
        lang = reader_language(interaction)
        loaded = await self.tables.find(interaction, interaction.namespace.game, "fish")
        self.tables.seat_of(interaction, loaded)
        fish = loaded.game
        assert isinstance(fish, FishGame)
        if fish.phase != phase:
            if phase == "place":
                raise Refusal(t(lang, "All penguins are placed: use /fish move."))
            raise Refusal(t(lang, "The penguins are still being placed: use /fish place."))
        return pick(fish, lang)

    @app_commands.command(name="new", description="Open a game of Hey, That's My Fish! here")
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
        rated: bool = True,
    ) -> None:
        """Open a lobby."""
        lang = reader_language(interaction)
        if bots >= players:
            raise Refusal(
                t(lang, "Leave at least one seat for a person: bots must be less than players.")
            )
        await open_lobby(
            self.bot,
            interaction,
            "fish",
            players=players,
            bots=bots,
            level=level,
            options={},
            clock={"timeout_days": timeout_days, "reminder_hours": reminder_hours},
            rated=rated,
        )

    @app_commands.command(name="place", description="Place a penguin on a free 1-fish floe")
    @app_commands.describe(floe="A free floe with 1 fish, e.g. C4", game="The game's number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def place(self, interaction: Interaction, floe: str, game: int | None = None) -> None:
        """Place a penguin on a free floe with one fish (F-6)."""
        await self._act(interaction, game, lambda: options.fish_place(floe))

    @place.autocomplete("floe")
    async def _floe_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await offered(self._choices(interaction, "place", fish_choices.placements), current)

    @app_commands.command(name="move", description="Move a penguin in a straight line")
    @app_commands.describe(
        penguin="The floe your penguin stands on", to="Where it goes", game="The game's number"
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def move(
        self, interaction: Interaction, penguin: str, to: str, game: int | None = None
    ) -> None:
        """F-7 … F-9."""
        await self._act(interaction, game, lambda: options.fish_move(penguin, to))

    @move.autocomplete("penguin")
    async def _penguin_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await offered(self._choices(interaction, "move", fish_choices.penguins), current)

    @move.autocomplete("to")
    async def _to_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        start = str(interaction.namespace.penguin or "").strip().upper()
        targets = self._choices(
            interaction, "move", lambda fish, lang: fish_choices.destinations(fish, lang, start)
        )
        return await offered(targets, current)

    async def _act(
        self, interaction: Interaction, game: int | None, action: Callable[[], Action]
    ) -> None:
        """Parse the options into this command's action, then play it for the person."""
        lang = reader_language(interaction)
        loaded = await self.tables.find(interaction, game, "fish")
        move = await self.tables.act(interaction, loaded, lambda: str(action()))
        await interaction.response.send_message(
            **fit(content="\n".join(done_lines(lang, move)), ephemeral=True)
        )

    @app_commands.command(name="board", description="Show the board of a game (anyone may look)")
    @app_commands.describe(
        game="The game's number",
        post="Post it in the channel for everyone (players' boards are posted anyway)",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def board(
        self, interaction: Interaction, game: int | None = None, post: bool = False
    ) -> None:
        """The current picture, for players and spectators."""
        await show_board(self.bot, interaction, game, "fish", post=post)

    @app_commands.command(name="rules", description="The rules of Hey, That's My Fish! in short")
    async def rules(self, interaction: Interaction) -> None:
        """A concise rules summary, ephemeral."""
        await interaction.response.send_message(
            **fit(content=t(reader_language(interaction), RULES), ephemeral=True)
        )


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Fish(bot))
