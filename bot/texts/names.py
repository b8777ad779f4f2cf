"""How people, computer players and games are named in messages."""

from __future__ import annotations

from bot.i18n import DEFAULT, N_, t
from bot.store import GameRecord, Seat

LEVELS = {1: N_("easy"), 2: N_("medium"), 3: N_("hard")}
TITLES = {"fish": N_("Hey, That's My Fish!"), "ultimatum": N_("The Penguin Ultimatum")}


def player_name(seat: Seat, lang: str = DEFAULT) -> str:
    """A seat's display name; computer players are named by their level."""
    if seat.user_id is None:
        level = LEVELS.get(seat.bot_level or 0)
        return t(
            lang,
            "Penguin Bot ({level})",
            level=t(lang, level) if level is not None else str(seat.bot_level),
        )
    return seat.name or t(lang, "Player {n}", n=seat.user_id)


def seat_names(record: GameRecord, lang: str = DEFAULT) -> list[str]:
    """Display names per engine seat, seat 0 first (joining order before the game starts)."""
    seated = [s for s in record.seats if s.seat is not None]
    if not seated:
        return [player_name(s, lang) for s in record.seats]
    return [player_name(s, lang) for s in sorted(seated, key=lambda s: s.seat or 0)]


#: Characters of a person's name a picture shows before an ellipsis: enough to recognise
#: someone, short enough for a score line of four players on a phone.
PICTURE_NAME_CHARS = 14
ELLIPSIS = "…"


def picture_name(seat: Seat, lang: str = DEFAULT) -> str:
    """A seat's name as a picture shows it: a computer player by its one name ("Penguin Bot
    (hard)", which a narrow spot shortens before the level, render.text.fit), a person by
    their display name, shortened with an ellipsis past a readable width."""
    if seat.user_id is None:
        return player_name(seat, lang)
    return short_name(player_name(seat, lang))


def short_name(name: str, limit: int = PICTURE_NAME_CHARS) -> str:
    """``name`` cut at a word boundary where one is near, with an ellipsis, when longer than
    ``limit`` characters."""
    name = " ".join(name.split())
    if len(name) <= limit:
        return name
    cut = name[: limit - 1]
    space = cut.rfind(" ")
    if name[limit - 1] != " " and space >= limit // 2:
        cut = cut[:space]  # not in the middle of a word
    return cut.rstrip(" .,-_") + ELLIPSIS


def picture_names(record: GameRecord, lang: str = DEFAULT) -> list[str]:
    """Picture names per engine seat, seat 0 first (see ``seat_names``)."""
    seated = [s for s in record.seats if s.seat is not None]
    if not seated:
        return [picture_name(s, lang) for s in record.seats]
    return [picture_name(s, lang) for s in sorted(seated, key=lambda s: s.seat or 0)]


def mention(user_id: int | None) -> str:
    """A mention for a person (computer players have none)."""
    return f"<@{user_id}>" if user_id is not None else ""


def title(kind: str, lang: str = DEFAULT) -> str:
    """A game's name, as published in ``lang`` (Packeis am Pol, Pingouins …)."""
    return t(lang, TITLES[kind])


def jump_url(record: GameRecord) -> str:
    """A link to the game's thread (or channel)."""
    return f"https://discord.com/channels/{record.guild_id}/{record.thread_id or record.channel_id}"
