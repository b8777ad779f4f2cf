"""The ``/ratings`` commands (leaderboard, profile, privacy, season, seasons): the ratings, as
pictures that read well on a phone.

Who may see what follows the games' rule (bot.play.access): in a server, that server's board and
its players' games only; from a direct message, the global board and one's own profile. The
global board names only people who opted in (``/ratings privacy``).
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import Interaction, Refusal, reader_language
from bot.i18n import t
from bot.play import ratings as play
from bot.play import tournament as tournaments
from bot.ratings.texts import (
    leaderboard_text,
    leaderboard_view,
    no_profile_text,
    profile_text,
    profile_view,
    season_lines,
)
from bot.texts.tournament import placing_lines
from bot.ui.buttons import NO_LONGER_VALID
from bot.ui.clicks import PageClick, routes_of
from bot.ui.fit import fit
from bot.ui.pages import page_buttons, turns_in_place

if TYPE_CHECKING:
    from bot.host import Host


class Ratings(
    commands.GroupCog, group_name="ratings", group_description="Ratings, boards and seasons"
):
    """The ratings of both games, per server season and across servers."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """A board's Previous and Next come here."""
        routes_of(self.bot).on_page("board", self.turn_board_page)

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
        """A page of a board as a picture (public in a server, so in the server's language)."""
        lang = reader_language(interaction)
        if scope == "server" and interaction.guild_id is None:
            raise Refusal(
                t(lang, "A server's board is shown in that server; here, choose the global scope.")
            )
        await interaction.response.defer(thinking=True)
        answer = await self._board(interaction, kind, scope, page)
        await interaction.followup.send(**fit(**answer))

    async def turn_board_page(self, interaction: Interaction, click: PageClick) -> None:
        """Previous or Next under a board: that page for the clicker (their place on it); their
        own message (ephemeral, or in a direct message) turns in place, a public one is left as
        posted and the clicker gets the page for themselves."""
        kind, _, scope = click.key.partition(".")
        if kind not in ("fish", "ultimatum") or scope not in play.SCOPES:
            raise Refusal(t(reader_language(interaction), NO_LONGER_VALID))
        if turns_in_place(interaction):
            await interaction.response.defer()
            answer = await self._board(interaction, kind, scope, click.page)
            await interaction.edit_original_response(
                **fit(
                    content=answer["content"],
                    attachments=[answer["file"]],
                    view=answer.get("view"),
                )
            )
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            lang = reader_language(interaction)
            answer = await self._board(interaction, kind, scope, click.page, lang=lang)
            await interaction.followup.send(**fit(ephemeral=True, **answer))

    async def _board(
        self,
        interaction: Interaction,
        kind: str,
        scope: str,
        page: int | None,
        *,
        lang: str | None = None,
    ) -> dict[str, Any]:
        """A board page's message for the asker, to be fitted: words, picture and page buttons,
        in ``lang`` (by default the server's for a public answer; in a DM the reader's)."""
        shown = await play.board(
            self.bot.ratings,
            self.bot.store,
            guild_id=interaction.guild_id,
            user_id=interaction.user.id,
            kind=kind,
            scope=scope,
            page=page,
        )
        if lang is None:
            lang = reader_language(interaction)
            if interaction.guild_id is not None:
                lang = await self.bot.public_language(interaction.guild_id)
        view = leaderboard_view(shown.page, shown.names, lang, you=shown.you)
        png = await self.bot.draw({"picture": "leaderboard", "view": view})
        text = leaderboard_text(
            shown.page, interaction.user.display_name, shown.place, shown.computers, lang
        )
        number, pages = shown.page.number, shown.page.pages
        buttons = page_buttons("board", f"{kind}.{scope}", number, pages, lang)
        return {
            "content": text,
            "file": discord.File(io.BytesIO(png), filename=f"leaderboard-{kind}.png"),
            "allowed_mentions": discord.AllowedMentions.none(),
            **({"view": buttons} if buttons else {}),
        }

    @app_commands.command(name="profile", description="Ratings, record and streak of a player")
    @app_commands.describe(member="Whose profile (default: yours)")
    async def profile(self, interaction: Interaction, member: discord.User | None = None) -> None:
        """A person's profile as a picture, with their latest tournaments and places: anyone's
        on the server, one's own from a DM; a profile without a finished game is said to the
        asker alone, in words."""
        lang = reader_language(interaction)
        who = member or interaction.user
        if interaction.guild_id is None and who.id != interaction.user.id:
            raise Refusal(t(lang, "From a direct message you can only see your own profile."))
        shown = await play.player_profile(
            self.bot.ratings, self.bot.store, guild_id=interaction.guild_id, user_id=who.id
        )
        entered = tournaments.placings(self.bot.store, who.id, interaction.guild_id)
        if not shown.profile.total.games:
            mine = who.id == interaction.user.id
            name = None if mine else who.display_name
            text = "\n".join([no_profile_text(name, shown.scope, lang),
                              *placing_lines(lang, await entered)])  # fmt: skip
            await interaction.response.send_message(**fit(content=text, ephemeral=True))
            return
        await interaction.response.defer(thinking=True)
        names = {**shown.names, shown.profile.player: who.display_name}
        if interaction.guild_id is not None:
            lang = await self.bot.public_language(interaction.guild_id)
        view = profile_view(shown.profile, names, lang, shown.scope)
        png = await self.bot.draw({"picture": "profile", "view": view})
        # Read after the deferral: standings of large tournaments take a moment to count.
        listing = placing_lines(lang, await entered)
        await interaction.followup.send(
            **fit(
                content="\n".join([profile_text(who.display_name, shown.scope, lang), *listing]),
                file=discord.File(io.BytesIO(png), filename=f"profile-{who.id}.png"),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        )

    @app_commands.command(
        name="privacy", description="Whether your name shows on the boards across servers"
    )
    @app_commands.describe(setting="named: show your name; hidden: a hidden player (default)")
    async def privacy(
        self, interaction: Interaction, setting: Literal["named", "hidden"] | None = None
    ) -> None:
        """Show or change whether you are named on the boards across servers."""
        lang = reader_language(interaction)
        if setting is not None:
            await self.bot.store.update_user_settings(
                interaction.user.id, global_board=setting == "named"
            )
        settings = await self.bot.store.user_settings(interaction.user.id)
        if settings.global_board:
            text = t(
                lang,
                "You appear by name on the boards across servers. /ratings privacy hidden hides "
                "your name there.",
            )
        else:
            text = t(
                lang,
                "You are hidden on the boards across servers (your row shows as a hidden player). "
                "/ratings privacy named shows your name there. A server's own board always names "
                "its players.",
            )
        await interaction.response.send_message(**fit(content=text, ephemeral=True))

    @app_commands.command(
        name="season", description="Start a new season: fresh ratings here (Manage Server)"
    )
    async def season(self, interaction: Interaction) -> None:
        """Start the server's next season (Manage Server): its ratings start afresh."""
        lang = reader_language(interaction)
        if interaction.guild_id is None:
            raise Refusal(t(lang, "Seasons belong to a server: start one there."))
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            raise Refusal(t(lang, "Only someone with Manage Server can start a new season."))
        ended = await self.bot.ratings.start_season(interaction.guild_id)
        public = await self.bot.public_language(interaction.guild_id)
        _, names = await play.past_seasons(self.bot.ratings, self.bot.store, interaction.guild_id)
        lines = [
            t(
                public,
                "Season {n} has ended; season {next} starts now, with fresh ratings on this "
                "server.",
                n=ended.season,
                next=ended.season + 1,
            ),
            *season_lines([ended], names, public),
        ]
        await interaction.response.send_message(
            **fit(content="\n".join(lines), allowed_mentions=discord.AllowedMentions.none())
        )

    @app_commands.command(name="seasons", description="The best three of past seasons here")
    async def seasons(self, interaction: Interaction) -> None:
        """The best three of each of the server's past seasons."""
        lang = reader_language(interaction)
        if interaction.guild_id is None:
            raise Refusal(t(lang, "Seasons belong to a server: look at them there."))
        seasons, names = await play.past_seasons(
            self.bot.ratings, self.bot.store, interaction.guild_id
        )
        lang = await self.bot.public_language(interaction.guild_id)
        lines = season_lines(seasons, names, lang) or [t(lang, "No past seasons yet.")]
        await interaction.response.send_message(
            **fit(content="\n".join(lines), allowed_mentions=discord.AllowedMentions.none())
        )


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Ratings(bot))
