"""The ``/tournament`` commands: new, join, leave, start, standings, withdraw, cancel, list.

A tournament belongs to the server it was opened on: every command reaches only that server's
tournaments. Left out, ``tournament`` means the server's only tournament that the command fits
(in sign-up for join and leave, running for withdraw), else the newest one going.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import Interaction, Refusal, reader_language
from bot.cogs.seats import give_up_seat
from bot.cogs.tournament_pictures import standings_files
from bot.cogs.tournament_runner import refresh_signup
from bot.i18n import t
from bot.play import tournament as play
from bot.play.tournament_rounds import standings_parts
from bot.store import StoreError
from bot.store.tournament_rows import NewTournament, TournamentError, TournamentRecord
from bot.texts import tournament as texts
from bot.texts.refusals import explain
from bot.ui.clicks import routes_of
from bot.ui.fit import fit
from bot.ui.signup import SignupButton, signup_view

if TYPE_CHECKING:
    from bot.cogs.tournament_runner import TournamentRunner
    from bot.host import Host

Kind = Literal["fish", "ultimatum"]
#: Standings and sign-ups shown on request mention nobody.
QUIET = discord.AllowedMentions.none()
Format = Literal["swiss", "round-robin"]


def manages(interaction: Interaction) -> bool:
    """The person has Manage Server where they ask."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and (perms.manage_guild or perms.administrator))


class Tournaments(
    commands.GroupCog,
    group_name="tournament",
    group_description="Swiss and round-robin tournaments",
):
    """Tournaments over days, at tables of 2 to 4."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Register the sign-up buttons (they work after a restart) and their handler."""
        self.bot.add_dynamic_items(SignupButton)
        routes_of(self.bot).on_sign_up(self._sign_up_click)

    async def _sign_up_click(
        self, interaction: Interaction, tournament_id: int, joining: bool
    ) -> None:
        await self.enter(interaction, tournament_id, joining=joining)

    # --- finding the tournament meant -----------------------------------------------------------

    async def find(
        self, interaction: Interaction, tournament_id: int | None, fits: tuple[str, ...] = ()
    ) -> TournamentRecord:
        """The server's tournament meant, or the refusal saying why there is none."""
        lang = reader_language(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal(t(lang, "Tournaments are run in a server, not in direct messages."))
        if tournament_id is None:
            going = await self.bot.store.guild_tournaments(guild_id)
            fitting = [r for r in going if r.status in fits] or going
            if not fitting:
                raise Refusal(t(lang, "There is no tournament going on this server."))
            if len(fitting) > 1:
                raise Refusal(
                    t(lang, "Several tournaments are going here: say which (/tournament list).")
                )
            return fitting[0]
        try:
            record = await self.bot.store.get_tournament(tournament_id)
        except TournamentError:
            record = None
        if record is None or record.guild_id != guild_id:
            raise Refusal(texts.refusal(lang, "not_found", None, tournament_id))
        return record

    async def refusal_of(self, lang: str, error: StoreError, tournament_id: int) -> Refusal:
        """Like ``refuse``, with the tournament as it stands now."""
        if isinstance(error, TournamentError):
            record = await self.bot.store.get_tournament(tournament_id)
            return Refusal(texts.refusal(lang, error.code, record, tournament_id))
        return Refusal(explain(lang, error))

    # --- commands -------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a tournament's sign-up in this channel")
    @app_commands.describe(
        kind="Which game",
        format="swiss (players with equal points meet) or round-robin (everyone meets)",
        table_size="Players per table, 2 to 4 (default 2)",
        rounds="Rounds of a Swiss tournament (default 4)",
        round_days="Days each round lasts (default 3)",
        turn_days="Days a player has for a turn (default 1, at most a round)",
        signup_hours="Hours until the sign-up closes and round 1 begins (default 48)",
        rated="Whether its games count for ratings (default yes)",
        computers="Whether a computer player takes a timed-out seat (default no: forfeit)",
        width="Ultimatum: iceberg width in cells, 5 to 15 (default 9)",
        height="Ultimatum: iceberg height in cells, 5 to 15 (default 9)",
    )
    async def new(
        self,
        interaction: Interaction,
        kind: Kind,
        format: Format,
        table_size: app_commands.Range[int, 2, 4] = 2,
        rounds: app_commands.Range[int, 1, 20] = 4,
        round_days: app_commands.Range[float, 0.01, 60.0] = 3.0,
        turn_days: app_commands.Range[float, 0.01, 60.0] = 1.0,
        signup_hours: app_commands.Range[float, 0.01, 1440.0] = 48.0,
        rated: bool = True,
        computers: bool = False,
        width: app_commands.Range[int, 5, 15] | None = None,
        height: app_commands.Range[int, 5, 15] | None = None,
    ) -> None:
        """Open a tournament: Manage Server, unless the server lets anyone."""
        lang = reader_language(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal(t(lang, "Tournaments are run in a server, not in direct messages."))
        if kind == "fish" and (width is not None or height is not None):
            raise Refusal(t(lang, "Width and height are options of The Penguin Ultimatum only."))
        options = {} if kind == "fish" else {"width": width or 9, "height": height or 9}
        now = self.bot.clock.now()
        try:
            record = await play.open_tournament(
                self.bot.store,
                NewTournament(
                    guild_id=interaction.guild_id,
                    channel_id=interaction.channel_id,
                    organiser_id=interaction.user.id,
                    kind=kind,
                    format=format,
                    table_size=table_size,
                    rounds=rounds if format == "swiss" else 0,
                    round_days=round_days,
                    turn_days=min(turn_days, round_days),
                    closes_at=now + signup_hours * 3600,
                    options=options,
                    rated=rated,
                    computers=computers,
                ),
                manager=manages(interaction),
                now=now,
            )
        except TournamentError as error:
            raise Refusal(texts.refusal(lang, error.code, None, 0)) from None
        except StoreError as error:
            raise Refusal(explain(lang, error)) from None
        public = await self.bot.public_language(record.guild_id)
        await interaction.response.send_message(
            **fit(content=texts.signup_text(public, record), view=signup_view(record.id, public))
        )
        message = await interaction.original_response()
        await self.bot.store.set_signup_message(record.id, message.id)
        # The picture comes with the first edit: drawing it must not hold up the answer.
        await refresh_signup(self.bot, replace(record, signup_message_id=message.id))
        self.wake_runner()

    @app_commands.command(name="join", description="Sign up for a tournament")
    @app_commands.describe(tournament="Which tournament (default: the one in sign-up here)")
    async def join(self, interaction: Interaction, tournament: int | None = None) -> None:
        """Enter a tournament during its sign-up."""
        await self.enter(interaction, tournament, joining=True)

    @app_commands.command(name="leave", description="Take your name off a tournament's sign-up")
    @app_commands.describe(tournament="Which tournament (default: the one in sign-up here)")
    async def leave(self, interaction: Interaction, tournament: int | None = None) -> None:
        """Leave a tournament's sign-up."""
        await self.enter(interaction, tournament, joining=False)

    async def enter(
        self, interaction: Interaction, tournament_id: int | None, *, joining: bool
    ) -> None:
        """Join or leave a sign-up (the commands and the sign-up post's buttons)."""
        lang = reader_language(interaction)
        record = await self.find(interaction, tournament_id, ("signup",))
        user = interaction.user
        try:
            if joining:
                record = await play.enter(self.bot.store, record.id, user.id, user.display_name)
            else:
                record = await play.leave(self.bot.store, record.id, user.id)
        except StoreError as error:
            raise await self.refusal_of(lang, error, record.id) from None
        text = (
            t(lang, "You are entered in tournament #{id}.", id=record.id)
            if joining
            else t(lang, "You are no longer entered in tournament #{id}.", id=record.id)
        )
        await interaction.response.send_message(**fit(content=text, ephemeral=True))
        await refresh_signup(self.bot, record)

    @app_commands.command(name="start", description="Start a tournament before its sign-up closes")
    @app_commands.describe(tournament="Which tournament (default: the one in sign-up here)")
    async def start(self, interaction: Interaction, tournament: int | None = None) -> None:
        """Start now: the organiser or Manage Server."""
        lang = reader_language(interaction)
        record = await self.find(interaction, tournament, ("signup",))
        public = await self.bot.public_language(record.guild_id)
        runner = self.runner()
        try:
            step = await play.start(
                self.bot.store, record.id, interaction.user.id, manager=manages(interaction),
                now=self.bot.clock.now(), lang=public, seeder=runner.seeder,
            )  # fmt: skip
        except StoreError as error:
            raise await self.refusal_of(lang, error, record.id) from None
        await interaction.response.send_message(
            **fit(content=t(lang, "Tournament #{id} has started.", id=record.id), ephemeral=True)
        )
        await runner.after(step, public)
        await refresh_signup(self.bot, step.record)

    @app_commands.command(name="standings", description="A tournament's standings so far")
    @app_commands.describe(tournament="Which tournament (default: the one going here)")
    async def standings(self, interaction: Interaction, tournament: int | None = None) -> None:
        """The standings after the rounds decided so far (public)."""
        record = await self.find(interaction, tournament, ("running",))
        record, lines, after = await play.current_standings(self.bot.store, record.id)
        public = await self.bot.public_language(record.guild_id)
        if record.status == "signup":
            text = texts.signup_text(public, record)
            await interaction.response.send_message(**fit(content=text, allowed_mentions=QUIET))
            return
        final = record.status == "finished"
        # Drawing the pictures may take longer than Discord's 3 s for a first answer.
        await interaction.response.defer(thinking=True)
        for page, payload in standings_parts(public, record, lines, after, final=final):
            files = [] if payload is None else await standings_files(self.bot, payload)
            await interaction.followup.send(
                **fit(content=page, files=files, allowed_mentions=QUIET)
            )

    @app_commands.command(name="withdraw", description="Withdraw from a running tournament")
    @app_commands.describe(tournament="Which tournament (default: the one running here)")
    async def withdraw(self, interaction: Interaction, tournament: int | None = None) -> None:
        """Withdraw yourself: your running game is forfeited and you are not paired again."""
        lang = reader_language(interaction)
        record = await self.find(interaction, tournament, ("running",))
        try:
            record, games = await play.withdraw(self.bot.store, record.id, interaction.user.id)
        except StoreError as error:
            raise await self.refusal_of(lang, error, record.id) from None
        for game in games:
            seat = game.seat_of(interaction.user.id)
            if seat is not None:
                await give_up_seat(self.bot, game, seat, "resigned")
        await interaction.response.send_message(
            **fit(
                content=t(
                    lang, "You withdrew from tournament #{id}; you will not be paired again.",
                    id=record.id,
                ),
                ephemeral=True,
            )
        )  # fmt: skip

    @app_commands.command(name="cancel", description="Cancel a tournament")
    @app_commands.describe(tournament="Which tournament (default: the one going here)")
    async def cancel(self, interaction: Interaction, tournament: int | None = None) -> None:
        """End a tournament without standings: the organiser or Manage Server."""
        lang = reader_language(interaction)
        record = await self.find(interaction, tournament)
        public = await self.bot.public_language(record.guild_id)
        try:
            record, stopped = await play.cancel(
                self.bot.store, record.id, interaction.user.id, manager=manages(interaction),
                lang=public,
            )  # fmt: skip
        except StoreError as error:
            raise await self.refusal_of(lang, error, record.id) from None
        for game in stopped:
            self.bot.after_change(game)
        self.bot.store.outbox_ready.set()
        await interaction.response.send_message(
            **fit(content=t(lang, "Tournament #{id} is cancelled.", id=record.id), ephemeral=True)
        )
        await refresh_signup(self.bot, record)

    @app_commands.command(name="list", description="This server's tournaments")
    async def list(self, interaction: Interaction) -> None:
        """The tournaments going here, and the last ones that ended."""
        lang = reader_language(interaction)
        if interaction.guild_id is None:
            raise Refusal(t(lang, "Tournaments are run in a server, not in direct messages."))
        store = self.bot.store
        going = await store.guild_tournaments(interaction.guild_id)
        ended = await store.guild_tournaments(interaction.guild_id, going=False, limit=5)
        lines = [texts.list_line(lang, r) for r in (*going, *ended)]
        text = "\n".join(lines) or t(lang, "No tournaments on this server yet: /tournament new.")
        await interaction.response.send_message(**fit(content=text, ephemeral=True))

    def runner(self) -> TournamentRunner:
        """The background task's cog."""
        cog = self.bot.get_cog("TournamentRunner")
        assert cog is not None
        return cog  # type: ignore[return-value]

    def wake_runner(self) -> None:
        """A new due moment: the background task looks again."""
        self.runner().wake.set()


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.load_extension("bot.cogs.tournament_runner")
    await bot.add_cog(Tournaments(bot))
