"""Embeds: the lobby and the list of games."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import discord

from bot.i18n import t
from bot.store import GamePage, GameRecord
from bot.texts.names import jump_url, player_name, title
from bot.texts.tournament import game_mark

COLOUR = discord.Colour(0x2B7BB9)
#: Games per page of ``/game list``, and the longest name it shows.
LIST_PAGE = 10
#: How many of a person's games ``/game mine`` shows (the rest are counted).
MINE_SHOWN = LIST_PAGE * 2
NAME_LIMIT = 40


def lobby_embed(record: GameRecord, lang: str) -> discord.Embed:
    """The lobby: who sits, how many seats are left, the options, and how to join."""
    embed = discord.Embed(
        title=t(lang, "{game} — game #{id}", game=title(record.kind, lang), id=record.id),
        colour=COLOUR,
    )
    if any(s.seat is not None for s in record.seats):
        # Started: numbered in the order of play (drawn at random), not in the order of joining.
        seated = sorted(record.seats, key=lambda s: -1 if s.seat is None else s.seat)
        seats = [f"{(s.seat or 0) + 1}. {player_name(s, lang)}" for s in seated]
    else:
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


def shortened(name: str, limit: int = NAME_LIMIT) -> str:
    """A name cut to ``limit`` characters (with an ellipsis), so lists stay within Discord's
    limits however long people's display names are."""
    return name if len(name) <= limit else name[: limit - 1] + "…"


def list_pages(count: int) -> int:
    """How many pages ``/game list`` needs for ``count`` games."""
    return max(1, -(-count // LIST_PAGE))


def clock_line(record: GameRecord, lang: str) -> str:
    """The time left on a running game's clock: the next reminder and the timeout."""
    parts = []
    if record.next_reminder_at is not None:
        stamp = int(record.next_reminder_at.timestamp())
        parts.append(t(lang, "reminder <t:{ts}:R>", ts=stamp))
    if record.deadline_at is not None:
        stamp = int(record.deadline_at.timestamp())
        parts.append(t(lang, "timeout <t:{ts}:R>", ts=stamp))
    return "".join("\n" + part if i == 0 else " · " + part for i, part in enumerate(parts))


def field_name(record: GameRecord, lang: str, tournaments: Mapping[int, tuple[int, int]]) -> str:
    """A game's heading in a list: number, game and, for a tournament's game, which one."""
    name = f"#{record.id} {title(record.kind, lang)}"
    if record.id in tournaments:
        name += " · " + game_mark(lang, *tournaments[record.id])
    return name


def my_games_embed(
    listed: GamePage,
    lang: str,
    user_id: int,
    tournaments: Mapping[int, tuple[int, int]] = MappingProxyType({}),
) -> discord.Embed:
    """``/game mine``: a person's running games on every server, their turn first, with the
    time left and a link (the first MINE_SHOWN of ``listed``, the rest counted); ``tournaments``:
    the tournament and round of each tournament game."""
    embed = discord.Embed(title=t(lang, "Your games"), colour=COLOUR)
    if not listed.records:
        embed.description = t(
            lang, "You are in no game right now. Start one with /fish new or /ultimatum new."
        )
        return embed
    for record in listed.records[:MINE_SHOWN]:
        if record.status == "lobby":
            state = t(
                lang, "waiting for players ({n}/{max})", n=len(record.seats), max=record.max_players
            )
        elif record.to_move_user == user_id:
            state = "**" + t(lang, "your turn") + "**" + clock_line(record, lang)
        else:
            seat = record.player(record.to_move_seat) if record.to_move_seat is not None else None
            who = shortened(player_name(seat, lang)) if seat else "—"
            state = t(lang, "{who} to move", who=who)
        embed.add_field(
            name=field_name(record, lang, tournaments)[:256],
            value=f"{state}\n[{t(lang, 'Go to the game')}]({jump_url(record)})"[:1024],
            inline=False,
        )
    if listed.total > MINE_SHOWN:
        embed.set_footer(text=t(lang, "and {n} more", n=listed.total - MINE_SHOWN))
    return embed


def game_list_embed(
    listed: GamePage,
    lang: str,
    guild_id: int,
    tournaments: Mapping[int, tuple[int, int]] = MappingProxyType({}),
) -> discord.Embed:
    """One page of the open games of a server: players, whose turn, when the last move was,
    and a link. Names are shortened and pages hold LIST_PAGE games, so an embed stays far
    below Discord's 6,000 characters (4 players × NAME_LIMIT per game at most);
    ``listed``: the page shown, out of all; ``tournaments``: the tournament and round of each
    tournament game."""
    embed = discord.Embed(title=t(lang, "Games on this server"), colour=COLOUR)
    if not listed.records:
        embed.description = t(
            lang, "No games right now. Start one with /fish new or /ultimatum new."
        )
        return embed
    pages, page = list_pages(listed.total), listed.page
    for record in listed.records[:LIST_PAGE]:
        players = ", ".join(shortened(player_name(s, lang)) for s in record.seats)
        if record.status == "lobby":
            state = t(
                lang, "waiting for players ({n}/{max})", n=len(record.seats), max=record.max_players
            )
        else:
            seat = record.player(record.to_move_seat) if record.to_move_seat is not None else None
            since = int(record.turn_started_at.timestamp()) if record.turn_started_at else None
            who = shortened(player_name(seat, lang)) if seat else "—"
            state = t(lang, "{who} to move", who=who)
            if since is not None:
                state += " · " + t(lang, "last move <t:{ts}:R>", ts=since)
            state += clock_line(record, lang)
        embed.add_field(
            name=field_name(record, lang, tournaments)[:256],
            value=f"{players}\n{state}\n[{t(lang, 'Go to the game')}]({jump_url(record)})"[:1024],
            inline=False,
        )
    if pages > 1:
        embed.set_footer(
            text=t(
                lang,
                "Page {page} of {pages} ({n} games): /game list page:{next}",
                page=page,
                pages=pages,
                n=listed.total,
                next=page % pages + 1,
            )
        )
    return embed
