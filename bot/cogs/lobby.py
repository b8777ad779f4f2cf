"""The ``/game`` commands: seats, the lobby message, lists of games, and opening new lobbies."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import away as time_away
from bot.cogs import defaults as game_defaults
from bot.cogs import history as past
from bot.cogs import languages, ratings, seats
from bot.cogs import undo as consent
from bot.cogs.common import (
    FoundGame,
    GameFinder,
    Interaction,
    Refusal,
    applied,
    loaded_cog,
    reader_language,
    where,
)
from bot.cogs.threads import give_thread
from bot.i18n import t
from bot.play.access import Purpose, within_reach
from bot.play.listing import SHOW, mine_first, shown
from bot.play.lobby import TableRefused, add_computer, create_game, join, place_table
from bot.play.lobby import cancel as cancel_table
from bot.play.lobby import leave as leave_table
from bot.play.lobby import start as start_game
from bot.store import GameRecord, NewGame, OutboxDraft, StoreError
from bot.store.lobby import Announce
from bot.store.records import OPEN, Status
from bot.store.rows import status_error
from bot.texts import announce
from bot.texts.names import player_name
from bot.texts.refusals import explain
from bot.ui.buttons import NO_LONGER_VALID, lobby_buttons
from bot.ui.embeds import game_list_embed, lobby_embed, my_games_embed
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

#: The computer players' level where nobody chose one: medium.
DEFAULT_LEVEL = 2
LEVEL_CHOICES = [
    app_commands.Choice(name="easy", value=1),
    app_commands.Choice(name="medium", value=2),
    app_commands.Choice(name="hard", value=3),
]


def not_waiting(lang: str, record: GameRecord) -> str:
    """Why nobody can take a seat in a game that is no longer a lobby."""
    if record.status == "active" and record.is_full:
        return t(
            lang,
            "Game #{game_id} is full ({max_players} players).",
            game_id=record.id,
            max_players=record.max_players,
        )
    return explain(lang, status_error(record, "lobby"))


async def _game_choices(
    interaction: Interaction, current: str, statuses: Sequence[Status], *, recent_first: bool
) -> list[app_commands.Choice[int]]:
    """The server's games in ``statuses`` matching what was typed: the person's own first,
    then the others; each part oldest first, or most recently changed first."""
    bot = interaction.client
    # Which games may be offered is decided where every way to a game is (bot.play.access).
    mine = within_reach(
        await bot.store.games_of_user(interaction.user.id, statuses), where(interaction)
    )
    own = {r.id for r in mine}
    others = (
        []  # from a direct message, there is no server whose games could be offered
        if interaction.guild_id is None
        else [
            r
            for r in within_reach(
                await bot.store.games_in_guild(interaction.guild_id, statuses), where(interaction)
            )
            if r.id not in own
        ]
    )
    if recent_first:
        mine.sort(key=lambda r: r.updated_at, reverse=True)
        others.sort(key=lambda r: r.updated_at, reverse=True)
    result: list[app_commands.Choice[int]] = []
    lang = reader_language(interaction)
    typed = current.strip().lstrip("#")
    for record in [*mine, *others]:
        label = f"#{record.id} {announce.short_title(record, lang)}"
        if record.status == "finished":
            label += " · " + t(lang, "finished")
        if typed in str(record.id) or current.lower() in label.lower():
            result.append(app_commands.Choice(name=label[:100], value=record.id))
    return result[:25]


async def game_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """Games to pick from: your own first, then the others of this server."""
    return await _game_choices(interaction, current, OPEN, recent_first=False)


async def past_game_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """Games to replay or list the moves of: finished ones too; your most recent first, then
    the others of this server, most recent first."""
    statuses: tuple[Status, ...] = ("lobby", "active", "finished")
    return await _game_choices(interaction, current, statuses, recent_first=True)


class Lobby(commands.GroupCog, group_name="game", group_description="Penguin games"):
    """Seats, game lists and everything shared by both games."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.tables = GameFinder(bot)

    # --- opening a lobby (called by /fish new and /ultimatum new) -----------------------------

    async def open_lobby(
        self,
        interaction: Interaction,
        kind: str,
        *,
        players: int,
        bots: int,
        level: int,
        options: dict[str, Any],
        clock: dict[str, float | None] | None = None,
        rated: bool = True,
    ) -> None:
        """Create a lobby with the creator seated, post it, and give it its own thread.

        ``clock`` may hold the game's own ``timeout_days`` and ``reminder_hours`` (None: the
        server's setting, else the bot's default).
        """
        clock = clock or {}
        lang = reader_language(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal(t(lang, "Games are played in a server channel, not in direct messages."))
        if bots and not self.bot.computers_available:
            raise Refusal(
                t(
                    lang,
                    "Computer players are not available yet: invite people to "
                    "play instead (set bots to 0).",
                )
            )
        try:
            record = await create_game(
                self.bot.store,
                NewGame(
                    kind,
                    guild_id=interaction.guild_id,
                    channel_id=interaction.channel_id,
                    creator_id=interaction.user.id,
                    creator_name=interaction.user.display_name,
                    players=players,
                    bots=bots,
                    bot_level=level,
                    options=options,
                    timeout_days=clock.get("timeout_days"),
                    reminder_hours=clock.get("reminder_hours"),
                    rated=rated,
                ),
            )
        except StoreError as error:
            raise Refusal(explain(lang, error)) from None
        public = await self.bot.public_language(record.guild_id)
        with self.bot.settling.placing(record.id):
            # A table full at once (the creator and computer players) has started already:
            # its message shows the seats in the order of play, without lobby buttons.
            view = self.lobby_view(record, public)
            await interaction.response.send_message(
                **fit(
                    embed=lobby_embed(record, public),
                    view=discord.utils.MISSING if view is None else view,
                )
            )
            message = await interaction.original_response()

            async def make_thread(placed: GameRecord) -> int | None:
                in_thread = isinstance(interaction.channel, discord.Thread)
                thread_id, note = await give_thread(message, placed, public, in_thread=in_thread)
                if note is not None:
                    await interaction.followup.send(**fit(content=note))
                return thread_id

            record = await place_table(
                self.bot.store,
                record.id,
                message.id,
                make_thread,
                lambda started, game: announce.start_drafts(started, game, public),
            )
        if record.status == "active":
            self.bot.after_change(record)

    def lobby_view(self, record: GameRecord, lang: str) -> discord.ui.View | None:
        """The buttons under a lobby message: none once the game has started or ended."""
        if record.status != "lobby":
            return None
        return lobby_buttons(record.id, lang, computers=self.bot.computers_available)

    async def refresh_lobby(self, record: GameRecord) -> None:
        """Show the lobby message as the seats are now (after a /game command changed them)."""
        if record.lobby_message_id is None:
            return
        lang = await self.bot.public_language(record.guild_id)
        channel = self.bot.get_partial_messageable(record.channel_id)
        view = self.lobby_view(record, lang)
        try:
            await channel.get_partial_message(record.lobby_message_id).edit(
                **fit(embed=lobby_embed(record, lang), view=view)
            )
        except discord.HTTPException as error:
            log.info("could not refresh the lobby of game #%s: %s", record.id, error)

    # --- seats ---------------------------------------------------------------------------------

    async def _meant(
        self, interaction: Interaction, game_id: int | None, purpose: Purpose = Purpose.PLAY
    ) -> FoundGame:
        """The game a lobby action means: the given one (whatever its state), else the one of
        this thread or the person's only one here."""
        if game_id is None:
            return await self.tables.find(interaction, None, purpose=purpose)
        return await self.tables.load(interaction, game_id, purpose)

    async def seat_change(
        self, interaction: Interaction, action: str, game_id: int | None, *, from_button: bool
    ) -> None:
        """Join, leave, start or cancel; the lobby message shows the result."""
        lang = reader_language(interaction)
        purpose = Purpose.JOIN if action == "join" else Purpose.PLAY
        record = (await self._meant(interaction, game_id, purpose)).record
        public = await self.bot.public_language(record.guild_id)
        store = self.bot.store
        start = announce.start_announcer(public)
        try:
            if action == "join":
                if record.status == "active" and record.is_full:
                    raise Refusal(not_waiting(lang, record))
                record = await join(
                    store,
                    record.id,
                    interaction.user.id,
                    name=interaction.user.display_name,
                    announce=start,
                )
                note = t(lang, "You joined game #{id}.", id=record.id)
            elif action == "leave":
                if record.status != "lobby":
                    raise Refusal(
                        t(
                            lang,
                            "Game #{id} has started: use /game resign to give up.",
                            id=record.id,
                        )
                    )
                record = await leave_table(store, record.id, interaction.user.id)
                note = t(lang, "You left game #{id}.", id=record.id)
            elif action == "start":
                if record.status != "lobby":
                    raise Refusal(t(lang, "Game #{id} has already started.", id=record.id))
                record = await start_game(store, record.id, by=interaction.user.id, announce=start)
                note = t(lang, "Game #{id} has started.", id=record.id)
            else:
                record = await cancel_table(
                    store,
                    record.id,
                    interaction.user.id,
                    manager=self.manages(interaction),
                    announce=self._cancel_announcer(interaction, public, from_button=from_button),
                )
                note = t(lang, "Game #{id} was cancelled.", id=record.id)
        except TableRefused as refused:
            raise Refusal(
                t(
                    lang,
                    "Only the creator of game #{id} or someone with Manage Server can cancel it.",
                    id=refused.game_id,
                )
            ) from None
        except StoreError as error:
            raise Refusal(explain(lang, error)) from None
        await self._show_seats(interaction, record, public, note, from_button=from_button)

    def _in_place(self, interaction: Interaction, record: GameRecord, *, from_button: bool) -> bool:
        """A click on the lobby message itself: the change is shown by editing it."""
        return from_button and record.lobby_message_id == getattr(interaction.message, "id", None)

    def _cancel_announcer(
        self, interaction: Interaction, public: str, *, from_button: bool
    ) -> Announce:
        """The cancel's post, queued with it: a lobby cancelled in place shows it already; the
        thread (or a lobby elsewhere) is told."""

        def drafts(record: GameRecord) -> list[OutboxDraft]:
            if record.thread_id or not self._in_place(interaction, record, from_button=from_button):
                return [announce.cancel_draft(record, public)]
            return []

        return drafts

    async def _show_seats(
        self,
        interaction: Interaction,
        record: GameRecord,
        public: str,
        note: str,
        *,
        from_button: bool,
    ) -> bool:
        """Show a seat change: a click on the lobby message updates it in place (True); else
        ``note`` is the ephemeral answer and the lobby message is brought up to date."""
        applied(interaction, record.id)
        self.bot.after_change(record)
        if self._in_place(interaction, record, from_button=from_button):
            await interaction.response.edit_message(
                **fit(embed=lobby_embed(record, public), view=self.lobby_view(record, public))
            )
            return True
        await interaction.response.send_message(**fit(content=note, ephemeral=True))
        await self.refresh_lobby(record)
        return False

    async def seat_computer(
        self,
        interaction: Interaction,
        game_id: int | None,
        level: int | None,
        *,
        from_button: bool,
    ) -> None:
        """Seat a computer player in a free seat; a full table starts as when a person joins.

        By command the creator or Manage Server may; by the lobby's button only the creator.
        Without ``level``, the level of the computer players already seated, else medium.
        """
        lang = reader_language(interaction)
        record = (await self._meant(interaction, game_id)).record
        if record.status != "lobby":
            raise Refusal(not_waiting(lang, record))
        if from_button and interaction.user.id != record.creator_id:
            raise Refusal(
                t(lang, "Only the creator of game #{id} can add a computer player.", id=record.id)
            )
        if not from_button and not self.may_manage(interaction, record):
            raise Refusal(
                t(
                    lang,
                    "Only the creator of game #{id} or someone with Manage Server can add a "
                    "computer player.",
                    id=record.id,
                )
            )
        if not self.bot.computers_available:
            raise Refusal(
                t(lang, "Computer players are not available yet: invite people to play instead.")
            )
        if level is None:
            level = next((s.bot_level for s in record.seats if s.bot_level), DEFAULT_LEVEL)
        public = await self.bot.public_language(record.guild_id)
        try:
            record = await add_computer(
                self.bot.store, record.id, level, announce=announce.start_announcer(public)
            )
        except StoreError as error:
            raise Refusal(explain(lang, error)) from None
        computer = player_name(max(record.seats, key=lambda s: s.slot), lang)
        if record.status == "active":
            note = t(
                lang,
                "{computer} took the last seat: game #{id} has started.",
                computer=computer,
                id=record.id,
            )
        else:
            note = t(lang, "{computer} took a seat in game #{id}.", computer=computer, id=record.id)
        await self._show_seats(interaction, record, public, note, from_button=from_button)

    async def on_button(self, interaction: Interaction, action: str, game_id: int) -> None:
        """A click on a lobby button that is not a seat change of the person: Add computer."""
        if action != "computer":
            raise Refusal(t(reader_language(interaction), NO_LONGER_VALID))
        await self.seat_computer(interaction, game_id, None, from_button=True)

    def may_manage(self, interaction: Interaction, record: GameRecord) -> bool:
        """The creator, or a member with Manage Server, may cancel a game or add a computer."""
        return interaction.user.id == record.creator_id or self.manages(interaction)

    @staticmethod
    def manages(interaction: Interaction) -> bool:
        """The person has Manage Server where they ask."""
        perms = getattr(interaction, "permissions", None)
        return bool(perms and perms.manage_guild)

    @app_commands.command(name="join", description="Take a seat in a game that is waiting")
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def join(self, interaction: Interaction, game: int | None = None) -> None:
        """Take a seat."""
        await self.seat_change(interaction, "join", game, from_button=False)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leave(self, interaction: Interaction, game: int | None = None) -> None:
        """Leave a lobby."""
        await self.seat_change(interaction, "leave", game, from_button=False)

    @app_commands.command(name="start", description="Start your game with the players seated")
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def start(self, interaction: Interaction, game: int | None = None) -> None:
        """Start before the lobby is full."""
        await self.seat_change(interaction, "start", game, from_button=False)

    @app_commands.command(name="cancel", description="End a game without a result")
    @app_commands.describe(game="The game's number (default: the game of this thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def cancel(self, interaction: Interaction, game: int | None = None) -> None:
        """Cancel (creator or Manage Server)."""
        await self.seat_change(interaction, "cancel", game, from_button=False)

    @app_commands.command(
        name="add-computer", description="Seat a computer player in a free seat of your game"
    )
    @app_commands.describe(
        game="The game's number (default: the game of this thread)",
        level="How strong the computer player is (default: medium)",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def add_computer(
        self, interaction: Interaction, game: int | None = None, level: int = DEFAULT_LEVEL
    ) -> None:
        """Seat a computer player (creator or Manage Server)."""
        await self.seat_computer(interaction, game, level, from_button=False)

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
        records = shown(
            await self.bot.store.games_in_guild(interaction.guild_id or 0),
            interaction.user.id,
            show if show in SHOW else "all",
        )
        await interaction.response.send_message(
            **fit(
                embed=game_list_embed(records, lang, interaction.guild_id or 0, page),
                ephemeral=True,
            )
        )

    @app_commands.command(
        name="mine", description="Your running games on every server, your turn first"
    )
    async def mine(self, interaction: Interaction) -> None:
        """Your games across servers (also in a direct message), with links; only for you."""
        lang = reader_language(interaction)
        records = mine_first(
            await self.bot.store.games_of_user(interaction.user.id), interaction.user.id
        )
        await interaction.response.send_message(
            **fit(embed=my_games_embed(records, lang, interaction.user.id), ephemeral=True)
        )

    @app_commands.command(name="about", description="What this bot is and how to start a game")
    async def about(self, interaction: Interaction) -> None:
        """Explain the bot in one ephemeral message."""
        lang = reader_language(interaction)
        await interaction.response.send_message(
            **fit(
                content=t(
                    lang,
                    "I run games of **Hey, That's My Fish!** (/fish new) and **The Penguin "
                    "Ultimatum** (/ultimatum new) right here. Anyone can watch with /fish board "
                    "or /ultimatum board; /game list shows the games of this server; /fish rules "
                    "and /ultimatum rules explain the games.",
                ),
                ephemeral=True,
            )
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
        what="turns: whose turn it is, at each change, and the result; results: only the result",
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
        what: str = "turns",
    ) -> None:
        """Follow (or stop following) a game, as a player or a spectator."""
        await seats.follow(
            self.bot, interaction, game, not stop, "results" if what == "results" else "turns"
        )

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
        post="Post it in the channel for everyone (players' replays are posted anyway)",
    )
    @app_commands.autocomplete(game=past_game_autocomplete)
    async def replay(
        self, interaction: Interaction, game: int | None = None, post: bool = False
    ) -> None:
        """The replay GIF: posted for a player or when asked, else only for the asker."""
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

    # --- languages: thin declarations; the work is in bot.cogs.languages ------------------------

    @app_commands.command(
        name="language", description="The language of this server's posts (Manage Server)"
    )
    @app_commands.describe(language="The language, or as set in the server's Discord settings")
    @app_commands.choices(language=languages.CHOICES)
    async def language(self, interaction: Interaction, language: str) -> None:
        """Choose the server's public language (needs Manage Server)."""
        await languages.set_server_language(self.bot, interaction, language)

    @app_commands.command(
        name="defaults",
        description="This server's reminder interval and turn limit for new games (Manage Server)",
    )
    @app_commands.describe(
        reminder_hours="Hours between reminders to the player to move",
        timeout_days="Days without a move before the seat is given up",
        away_days="Days of time away (/game away) each person may take per month",
    )
    async def defaults(
        self,
        interaction: Interaction,
        reminder_hours: app_commands.Range[float, 0.5, 720.0] | None = None,
        timeout_days: app_commands.Range[float, 0.1, 365.0] | None = None,
        away_days: app_commands.Range[int, 0, 31] | None = None,
    ) -> None:
        """Show or set the server's defaults for new games (setting needs Manage Server)."""
        await game_defaults.server_defaults(
            self.bot, interaction, reminder_hours, timeout_days, away_days
        )

    # --- ratings: thin declarations; the work is in bot.cogs.ratings --------------------------

    @app_commands.command(name="leaderboard", description="The best players, as a picture")
    @app_commands.describe(
        kind="Which game (default: Hey, That's My Fish!)",
        scope="This server's current season (default) or all servers",
        page="Which page (10 players a page; default: the page with your row)",
    )
    async def leaderboard(
        self,
        interaction: Interaction,
        kind: Literal["fish", "ultimatum"] = "fish",
        scope: Literal["server", "global"] = "server",
        page: app_commands.Range[int, 1, 10000] | None = None,
    ) -> None:
        """A page of a ratings board."""
        await ratings.leaderboard(self.bot, interaction, kind, scope, page)

    @app_commands.command(name="profile", description="Ratings, record and streak of a player")
    @app_commands.describe(member="Whose profile (default: yours)")
    async def profile(self, interaction: Interaction, member: discord.User | None = None) -> None:
        """A player's profile as a picture."""
        await ratings.profile(self.bot, interaction, member)

    @app_commands.command(
        name="privacy", description="Whether your name shows on the boards across servers"
    )
    @app_commands.describe(setting="named: show your name; hidden: a hidden player (default)")
    async def privacy(
        self, interaction: Interaction, setting: Literal["named", "hidden"] | None = None
    ) -> None:
        """Opt in to or out of being named on global boards."""
        await ratings.privacy(self.bot, interaction, setting)

    @app_commands.command(
        name="season", description="Start a new season: fresh ratings here (Manage Server)"
    )
    async def season(self, interaction: Interaction) -> None:
        """End the server's season and start the next."""
        await ratings.new_season(self.bot, interaction)

    @app_commands.command(name="seasons", description="The best three of past seasons here")
    async def seasons(self, interaction: Interaction) -> None:
        """Past seasons' podiums."""
        await ratings.past_seasons(self.bot, interaction)

    @app_commands.command(
        name="dm-language", description="The language of the direct messages I send you"
    )
    @app_commands.describe(language="The language, or as set in your Discord settings")
    @app_commands.choices(language=languages.CHOICES)
    async def dm_language(self, interaction: Interaction, language: str) -> None:
        """Choose your own language for direct messages."""
        await languages.set_dm_language(self.bot, interaction, language)


def lobby_of(bot: Host) -> Lobby:
    """The running Lobby cog. By name, then cast: discord.py loads an extension's module afresh
    for every bot, so the running cog's class need not be this module's ``Lobby``."""
    return cast(Lobby, loaded_cog(bot, "Lobby"))


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Lobby(bot))
