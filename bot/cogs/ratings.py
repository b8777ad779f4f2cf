"""``/game leaderboard``, ``/game profile``, ``/game privacy``, ``/game season`` and
``/game seasons``: the ratings, as pictures that read well on a phone.

Who may see what follows the games' rule (bot.play.access): in a server, that server's board and
its players' games only; from a direct message, the global board and one's own profile. The
global board names only people who opted in (``/game privacy``).
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

from bot.cogs.common import Interaction, Refusal, reader_language
from bot.i18n import t
from bot.play import ratings as play
from bot.ratings.texts import leaderboard_view, profile_view, season_lines
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host


async def leaderboard(
    bot: Host, interaction: Interaction, kind: str, scope: str, page: int | None
) -> None:
    """A page of a board as a picture (public in a server, so in the server's language)."""
    lang = reader_language(interaction)
    if scope == "server" and interaction.guild_id is None:
        raise Refusal(
            t(lang, "A server's board is shown in that server; here, choose the global scope.")
        )
    await interaction.response.defer(thinking=True)
    shown = await play.board(
        bot.ratings,
        bot.store,
        guild_id=interaction.guild_id,
        user_id=interaction.user.id,
        kind=kind,
        scope=scope,
        page=page,
    )
    if interaction.guild_id is not None:
        lang = await bot.public_language(interaction.guild_id)
    view = leaderboard_view(shown.page, shown.names, lang, you=shown.you)
    png = await bot.draw({"picture": "leaderboard", "view": view})
    await interaction.followup.send(
        **fit(
            file=discord.File(io.BytesIO(png), filename=f"leaderboard-{kind}.png"),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    )


async def profile(bot: Host, interaction: Interaction, member: discord.abc.User | None) -> None:
    """A person's profile as a picture: anyone's on the server, one's own from a DM."""
    lang = reader_language(interaction)
    who = member or interaction.user
    if interaction.guild_id is None and who.id != interaction.user.id:
        raise Refusal(t(lang, "From a direct message you can only see your own profile."))
    await interaction.response.defer(thinking=True)
    shown = await play.player_profile(
        bot.ratings, bot.store, guild_id=interaction.guild_id, user_id=who.id
    )
    names = {**shown.names, shown.profile.player: who.display_name}
    if interaction.guild_id is not None:
        lang = await bot.public_language(interaction.guild_id)
    view = profile_view(shown.profile, names, lang, shown.scope)
    png = await bot.draw({"picture": "profile", "view": view})
    await interaction.followup.send(
        **fit(
            file=discord.File(io.BytesIO(png), filename=f"profile-{who.id}.png"),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    )


async def privacy(bot: Host, interaction: Interaction, setting: str | None) -> None:
    """Show or change whether you are named on the boards across servers."""
    lang = reader_language(interaction)
    if setting is not None:
        await bot.store.update_user_settings(interaction.user.id, global_board=setting == "named")
    settings = await bot.store.user_settings(interaction.user.id)
    if settings.global_board:
        text = t(
            lang,
            "You appear by name on the boards across servers. /game privacy hidden hides "
            "your name there.",
        )
    else:
        text = t(
            lang,
            "You are hidden on the boards across servers (your row shows as a hidden player). "
            "/game privacy named shows your name there. A server's own board always names "
            "its players.",
        )
    await interaction.response.send_message(**fit(content=text, ephemeral=True))


async def new_season(bot: Host, interaction: Interaction) -> None:
    """Start the server's next season (Manage Server): its ratings start afresh."""
    lang = reader_language(interaction)
    if interaction.guild_id is None:
        raise Refusal(t(lang, "Seasons belong to a server: start one there."))
    permissions = interaction.permissions
    if not (permissions.manage_guild or permissions.administrator):
        raise Refusal(t(lang, "Only someone with Manage Server can start a new season."))
    ended = await bot.ratings.start_season(interaction.guild_id)
    public = await bot.public_language(interaction.guild_id)
    _, names = await play.past_seasons(bot.ratings, bot.store, interaction.guild_id)
    lines = [
        t(
            public,
            "Season {n} has ended; season {next} starts now, with fresh ratings on this server.",
            n=ended.season,
            next=ended.season + 1,
        ),
        *season_lines([ended], names, public),
    ]
    await interaction.response.send_message(
        **fit(content="\n".join(lines), allowed_mentions=discord.AllowedMentions.none())
    )


async def past_seasons(bot: Host, interaction: Interaction) -> None:
    """The best three of each of the server's past seasons."""
    lang = reader_language(interaction)
    if interaction.guild_id is None:
        raise Refusal(t(lang, "Seasons belong to a server: look at them there."))
    seasons, names = await play.past_seasons(bot.ratings, bot.store, interaction.guild_id)
    lang = await bot.public_language(interaction.guild_id)
    lines = season_lines(seasons, names, lang) or [t(lang, "No past seasons yet.")]
    await interaction.response.send_message(
        **fit(content="\n".join(lines), allowed_mentions=discord.AllowedMentions.none())
    )
