"""Embeds: the lobby and the list of games."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import t
from bot.store import GameRecord
from bot.ui.names import player_name, title

COLOUR = discord.Colour(0x2B7BB9)


def jump_url(record: GameRecord) -> str:
    """A link to the game's thread (or channel)."""
    return f"https://discord.com/channels/{record.guild_id}/{record.thread_id or record.channel_id}"


def lobby_embed(record: GameRecord, lang: str) -> discord.Embed:
    """The lobby: who sits, how many seats are left, the options, and how to join."""
    embed = discord.Embed(
        title=t(lang, "{game} — game #{id}", game=title(record.kind, lang), id=record.id),
        colour=COLOUR,
    )
    seats = [f"{i + 1}. {player_name(s, lang)}" for i, s in enumerate(record.seats)]
    seats += [f"{i + 1}. —" for i in range(len(record.seats), record.max_players)]
    embed.add_field(name=t(lang, "Seats"), value="\n".join(seats), inline=True)
    if record.kind == "ultimatum":
        options = record.options
        setup = t(lang, "fixed") if options.get("fixed_setup") else t(lang, "random")
        embed.add_field(
            name=t(lang, "Iceberg"),
            value=t(
                lang,
                "{w} × {h} cells, {setup} setup",
                w=options.get("width", 9),
                h=options.get("height", 9),
                setup=setup,
            ),
            inline=True,
        )
    status = {
        "lobby": t(
            lang,
            "Waiting for players: press Join or use /game join game:{id}. The "
            "creator may start with 2 or more.",
            id=record.id,
        ),
        "active": t(lang, "The game is on! Seat order is drawn at random."),
        "finished": t(lang, "The game is over."),
        "cancelled": t(lang, "This game was cancelled."),
    }[record.status]
    embed.description = status
    return embed


def game_list_embed(records: Sequence[GameRecord], lang: str, guild_id: int) -> discord.Embed:
    """Every open game of a server: players, whose turn, when the last move was, and a link."""
    embed = discord.Embed(title=t(lang, "Games on this server"), colour=COLOUR)
    if not records:
        embed.description = t(
            lang, "No games right now. Start one with /fish new or /ultimatum new."
        )
        return embed
    for record in records[:25]:
        players = ", ".join(player_name(s, lang) for s in record.seats)
        if record.status == "lobby":
            state = t(
                lang, "waiting for players ({n}/{max})", n=len(record.seats), max=record.max_players
            )
        else:
            seat = record.player(record.to_move_seat) if record.to_move_seat is not None else None
            since = int(record.turn_started_at.timestamp()) if record.turn_started_at else None
            state = t(lang, "{who} to move", who=player_name(seat, lang) if seat else "—")
            if since is not None:
                state += " · " + t(lang, "last move <t:{ts}:R>", ts=since)
        embed.add_field(
            name=f"#{record.id} {title(record.kind, lang)}",
            value=f"{players}\n{state}\n[{t(lang, 'Go to the game')}]({jump_url(record)})"[:1024],
            inline=False,
        )
    if len(records) > 25:
        embed.set_footer(text=t(lang, "and {n} more", n=len(records) - 25))
    return embed
