"""A tournament's pictures in the reader's words: the standings and the sign-up as the plain
(JSON) payloads a queued post carries, and the render views drawn from them at send time."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from fractions import Fraction
from functools import partial
from typing import Any

from babel.dates import format_datetime

from bot.i18n import t
from bot.store.tournament_rows import TournamentRecord
from bot.texts.names import TITLES
from bot.texts.tournament import number
from bot.tournaments import Standing
from render.tournament_views import (
    Setting,
    SignUpLabels,
    SignUpView,
    StandingRow,
    StandingsLabels,
    StandingsView,
    page_rows,
    translated,
)

#: Discord's most attachments on one message: a post carries at most this many pages.
PICTURES_PER_POST = 10


def fraction(value: str) -> Fraction:
    """Points as a payload keeps them ("5/2") back as a Fraction."""
    return Fraction(value)


def standings_payload(
    record: TournamentRecord, lines: Sequence[Standing], after: int, *, final: bool
) -> dict[str, Any]:
    """The standings after round ``after`` as plain values (points as "n/d" strings)."""
    rows = [
        [
            line.place,
            record.name_of(line.player) or "",
            str(line.points),
            str(line.opponents_points),
            None if line.head_to_head is None else str(line.head_to_head),
            line.game_score,
            line.games,
            line.byes,
            line.withdrawn,
        ]
        for line in lines
    ]
    return {
        "number": record.id,
        "kind": record.kind,
        "round": after,
        # A tournament whose field ran out of pairings ends before its planned last round.
        "rounds": max(record.rounds, after),
        "final": final,
        "rows": rows,
    }


def picture_groups(rows: int, final: bool) -> list[range]:
    """The standings pages each post carries, at most PICTURES_PER_POST a post."""
    pages = len(page_rows(rows, final))
    return [
        range(start, min(start + PICTURES_PER_POST, pages))
        for start in range(0, pages, PICTURES_PER_POST)
    ]


def standings_view(payload: dict[str, Any], lang: str) -> StandingsView:
    """The standings picture's view of a payload, its words in ``lang``."""
    rows = tuple(
        StandingRow(
            place=place,
            name=name,
            points=fraction(points),
            opponents_points=fraction(opponents),
            head_to_head=None if duel is None else fraction(duel),
            game_score=score,
            games=games,
            byes=byes,
            withdrawn=withdrawn,
        )
        for place, name, points, opponents, duel, score, games, byes, withdrawn in payload["rows"]
    )
    return StandingsView(
        number=payload["number"],
        name="",
        kind=t(lang, TITLES[payload["kind"]]),
        round=payload["round"],
        rounds=payload["rounds"],
        rows=rows,
        labels=translated(StandingsLabels(), partial(t, lang)),
        final=payload["final"],
    )


def closing(lang: str, at: datetime) -> str:
    """A sign-up's closing moment as words in a picture (a picture cannot show each reader's
    own time zone, so it says UTC)."""
    return format_datetime(at.astimezone(UTC), "medium", tzinfo=UTC, locale=lang) + " UTC"


def settings(lang: str, record: TournamentRecord) -> tuple[Setting, ...]:
    """The tournament's settings as lines of the sign-up picture."""
    if record.format == "swiss":
        shape = t(lang, "Swiss, {rounds} rounds", rounds=record.rounds)
    else:
        shape = t(lang, "round robin")
    lines = [
        Setting(t(lang, "Game"), t(lang, TITLES[record.kind])),
        Setting(t(lang, "Format"), shape),
        Setting(t(lang, "Table size"), str(record.table_size)),
        Setting(t(lang, "Days per round"), number(Fraction(record.round_days))),
    ]
    if record.kind == "ultimatum":
        iceberg = t(
            lang,
            "{width} × {height} cells",
            width=record.options.get("width", 9),
            height=record.options.get("height", 9),
        )
        lines.append(Setting(t(lang, "Iceberg"), iceberg))
    lines.append(Setting(t(lang, "Rated"), t(lang, "yes") if record.rated else t(lang, "no")))
    lines.append(Setting(t(lang, "Sign-up closes"), closing(lang, record.closes_at)))
    return tuple(lines)


def sign_up_view(lang: str, record: TournamentRecord) -> SignUpView:
    """The sign-up picture's view: settings and who has joined, in ``lang``."""
    status = t(lang, "Open for sign-up") if record.status == "signup" else t(lang, "Sign-up closed")
    return SignUpView(
        number=record.id,
        name="",
        kind=t(lang, TITLES[record.kind]),
        status=status,
        settings=settings(lang, record),
        entrants=tuple(e.name or "" for e in record.entrants if not e.withdrawn),
        labels=translated(SignUpLabels(), partial(t, lang)),
    )
