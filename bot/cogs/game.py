"""The ``/game`` commands: what a person does with a game, whichever it is (seats, lists,
resigning, undo, its history, following it, time away). Thin declarations: the work is in
bot.cogs.lobby, seats, history, undo and away."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from discord import app_commands
from discord.ext import commands

from bot.cogs import away as time_away
from bot.cogs import history as past
from bot.cogs import seats
from bot.cogs import undo as consent
from bot.cogs.common import Interaction, reader_language
from bot.cogs.lobby import LEVEL_CHOICES, lobby_of
from bot.cogs.picking import game_autocomplete, past_game_autocomplete
from bot.play.listing import SHOW, games_in_tournaments, mine_first, server_page
from bot.store.follows import Hears
from bot.ui.embeds import LIST_PAGE, MINE_SHOWN, game_list_embed, my_games_embed
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host


class Game(
    commands.GroupCog, group_name="game", group_description="Play and follow a penguin game"
):
    """What a person does with a game of either kind."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="join", description="Take a seat in a game that is waiting")
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def join(self, interaction: Interaction, game: int | None = None) -> None:
        """Take a seat."""
        await lobby_of(self.bot).seat_change(interaction, "join", game, from_button=False)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leave(self, interaction: Interaction, game: int | None = None) -> None:
        """Leave a lobby."""
        await lobby_of(self.bot).seat_change(interaction, "leave", game, from_button=False)

    @app_commands.command(name="start", description="Start your game with the players seated")
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def start(self, interaction: Interaction, game: int | None = None) -> None:
        """Start before the lobby is full."""
        await lobby_of(self.bot).seat_change(interaction, "start", game, from_button=False)

    @app_commands.command(name="cancel", description="End a game without a result")
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def cancel(self, interaction: Interaction, game: int | None = None) -> None:
        """Cancel (creator or Manage Server)."""
        await lobby_of(self.bot).seat_change(interaction, "cancel", game, from_button=False)

    @app_commands.command(
        name="add-computer", description="Seat a computer player in a free seat of your game"
    )
    @app_commands.describe(
        game="The game's number (default: the game of this thread)",
        level="How strong the computer player is (default: the level the table was opened with)",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def add_computer(
        self, interaction: Interaction, game: int | None = None, level: int | None = None
    ) -> None:
        """Seat a computer player (creator or Manage Server)."""
        await lobby_of(self.bot).seat_computer(interaction, game, level, from_button=False)

    @app_commands.command(name="list", description="The games of this server and whose turn it is")
    @app_commands.describe(
        page="Which page of games (10 per page, default 1)",
        show="All games (default), only yours, or only those where it is your turn",
    )
    @app_commands.choices(
        show=[
            app_commands.Choice(name="all", value="all"),
            app_commands.Choice(name="mine", value="mine"),
            app_commands.Choice(name="my turn", value="my-turn"),
        ]
    )
    async def list_games(
        self,
        interaction: Interaction,
        page: app_commands.Range[int, 1, 1000] = 1,
        show: str = "all",
    ) -> None:
        """Every open game of the server, for anyone (spectators too), a page at a time;
        narrowed to your games or your turns when asked."""
        lang = reader_language(interaction)
        listed = await server_page(
            self.bot.store,
            interaction.guild_id or 0,
            interaction.user.id,
            show if show in SHOW else "all",
            page,
            LIST_PAGE,
        )
        marks = await games_in_tournaments(self.bot.store, listed.records)
        embed = game_list_embed(listed, lang, interaction.guild_id or 0, marks)
        await interaction.response.send_message(**fit(embed=embed, ephemeral=True))

    @app_commands.command(
        name="mine", description="Your running games on every server, your turn first"
    )
    async def mine(self, interaction: Interaction) -> None:
        """Your games across servers (also in a direct message), with links; only for you."""
        lang = reader_language(interaction)
        listed = await mine_first(self.bot.store, interaction.user.id, MINE_SHOWN)
        marks = await games_in_tournaments(self.bot.store, listed.records)
        await interaction.response.send_message(
            **fit(embed=my_games_embed(listed, lang, interaction.user.id, marks), ephemeral=True)
        )

    # --- games over days: resign, notify, follow, replay, history, undo ------------------------
    # Thin declarations; the work is in bot.cogs.seats, bot.cogs.history and bot.cogs.undo.

    @app_commands.command(name="resign", description="Give up a running game (at any time)")
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def resign(self, interaction: Interaction, game: int | None = None) -> None:
        """Forfeit: Fish penguins leave the ice (catch stays); Ultimatum: drop out, ranked last."""
        await seats.resign(self.bot, interaction, game)

    @app_commands.command(name="notify", description="Direct messages when it is your turn")
    @app_commands.describe(setting="on: a DM with a link when it is your turn; off: none")
    async def notify(self, interaction: Interaction, setting: Literal["on", "off"]) -> None:
        """Opt in to (or out of) turn DMs."""
        await seats.set_notify(self.bot, interaction, setting == "on")

    @app_commands.command(name="follow", description="Get a game's updates by direct message")
    @app_commands.describe(
        game="The game's number (default: the game of this thread)",
        stop="Stop following the game",
        what=(
            "turns: people's turns and the result; results: only the result (the default if "
            "not seated)"
        ),
    )
    @app_commands.choices(
        what=[
            app_commands.Choice(name="turns", value="turns"),
            app_commands.Choice(name="results", value="results"),
        ]
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def follow(
        self,
        interaction: Interaction,
        game: int | None = None,
        stop: bool = False,
        what: str | None = None,
    ) -> None:
        """Follow (or stop following) a game, as a player or a spectator."""
        hears: Hears | None = None if what is None else "results" if what == "results" else "turns"
        await seats.follow(self.bot, interaction, game, not stop, hears)

    # --- time away and seats taken back: thin declarations; the work is in bot.cogs.away ------

    @app_commands.command(
        name="away", description="Time away: no reminders or timeouts for your turns for days"
    )
    @app_commands.describe(
        days="Days away from now (0 ends your time away and gives back the days not begun)"
    )
    async def away(self, interaction: Interaction, days: app_commands.Range[int, 0, 31]) -> None:
        """Pause your turns' reminders and timeouts (in a DM: on every server of your games)."""
        await time_away.away(self.bot, interaction, days)

    @app_commands.command(
        name="return", description="Take back your seat from the computer player that took it"
    )
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=time_away.return_autocomplete)
    async def return_(self, interaction: Interaction, game: int | None = None) -> None:
        """Sit again in the seat a computer player took over after a timeout."""
        await time_away.return_to_seat(self.bot, interaction, game)

    @app_commands.command(name="replay", description="An animated replay of a game")
    @app_commands.describe(
        game="The game's number (default: the game of this thread)",
        post="Post it in the channel for everyone (else only you see it)",
    )
    @app_commands.autocomplete(game=past_game_autocomplete)
    async def replay(
        self, interaction: Interaction, game: int | None = None, post: bool = False
    ) -> None:
        """The replay GIF: only for the asker unless they ask to post it."""
        await past.post_replay(self.bot, interaction, game, post=post)

    @app_commands.command(name="history", description="The moves of a game, page by page")
    @app_commands.describe(
        game="The game's number (default: the game of this thread)",
        page="Which page of moves (20 per page, default 1)",
        post="Post it in the channel for everyone (players' move lists are posted anyway)",
    )
    @app_commands.autocomplete(game=past_game_autocomplete)
    async def history(
        self,
        interaction: Interaction,
        game: int | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
        post: bool = False,
    ) -> None:
        """List the moves in notation: posted for a player or when asked, else only for the
        asker."""
        await past.show_history(self.bot, interaction, game, page, post=post)

    @app_commands.command(name="undo", description="Ask the others to take back the last turn")
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def undo(self, interaction: Interaction, game: int | None = None) -> None:
        """Undo by consent (not after a card was drawn or an entertainer turned)."""
        await consent.ask_undo(self.bot, interaction, game)


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Game(bot))
