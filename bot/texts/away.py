"""The words of time away (``/game away``) and of a seat taken back (``/game return``): the posts
in the games' threads and the answers to the person who asked."""

from __future__ import annotations

from datetime import datetime

from bot.i18n import t, tn
from bot.store import GameRecord, OutboxDraft
from bot.texts.names import player_name
from bot.texts.posts import thread_text


def _name(record: GameRecord, user_id: int) -> str:
    seat = next((s for s in record.seats if s.user_id == user_id), None)
    return player_name(seat) if seat is not None else f"<@{user_id}>"


def away_draft(record: GameRecord, user_id: int, ends: datetime, lang: str) -> OutboxDraft:
    """The post telling a game that one of its players is away until a moment."""
    stamp = int(ends.timestamp())
    text = t(
        lang,
        "{name} is away until <t:{ts}:f> (<t:{ts}:R>): no reminders and no timeout for their "
        "turns until then. The others play on as usual.",
        name=_name(record, user_id),
        ts=stamp,
    )
    return thread_text(record, text, f"away:{record.id}:{user_id}:{stamp}")


def back_draft(record: GameRecord, user_id: int, ended: datetime, lang: str) -> OutboxDraft:
    """The post telling a game that a player ended their time away early."""
    text = t(
        lang,
        "{name} is back: their turns' reminders and timeout run again.",
        name=_name(record, user_id),
    )
    return thread_text(record, text, f"back:{record.id}:{user_id}:{int(ended.timestamp())}")


def away_answer(lang: str, ends: datetime, games: int, left: int) -> str:
    """The answer to ``/game away``: until when, how many games were told, days left."""
    stamp = int(ends.timestamp())
    return (
        t(
            lang,
            "You are away until <t:{ts}:f>: no reminders and no timeout for your turns until "
            "then; /game away 0 ends it early and gives back the days not begun.",
            ts=stamp,
        )
        + " "
        + tn(lang, "{n} running game was told.", "{n} running games were told.", games)
        + " "
        + tn(
            lang,
            "{n} day of time away is left this month.",
            "{n} days of time away are left this month.",
            left,
        )
    )


def back_answer(lang: str, given_back: int, left: int) -> str:
    """The answer to ``/game away 0``: the time away ended and the days it gave back."""
    return (
        tn(
            lang,
            "Welcome back: your time away has ended and {n} day was given back.",
            "Welcome back: your time away has ended and {n} days were given back.",
            given_back,
        )
        + " "
        + tn(
            lang,
            "{n} day of time away is left this month.",
            "{n} days of time away are left this month.",
            left,
        )
    )


def no_days_left(lang: str, asked: int, left: int, allowed: int, where: int | None) -> str:
    """Why a request for time away was refused: the month's days that are left."""
    text = tn(
        lang,
        "You cannot be away for {asked} days: this server allows {allowed} day a month and "
        "you have {left} left.",
        "You cannot be away for {asked} days: this server allows {allowed} days a month and "
        "you have {left} left.",
        allowed,
        asked=asked,
        allowed=allowed,
        left=left,
    )
    if where is not None:
        text += " " + t(lang, "(The server of your game #{id}.)", id=where)
    return text


def returned_draft(record: GameRecord, seat: int, user_id: int, lang: str) -> OutboxDraft:
    """The post telling a game that a person took their seat back from a computer player."""
    text = t(
        lang,
        "{name} takes their seat back from the computer player and plays on.",
        name=_name(record, user_id),
    )
    return thread_text(record, text, f"return:{record.id}:{seat}:{record.version}")
