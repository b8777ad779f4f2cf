"""What the tournament pictures are drawn from: plain values and already translated words.

The caller fills these from a tournament's standings (bot.tournaments.standings) and from the
message catalogue of the reader's language; the render layer never translates. Each labels
class carries the English words as its defaults, marked for the catalogue, so that
``translated(StandingsLabels(), gettext)`` gives the reader's words. Templates take their values
by name (``{number}``, ``{n}``, ``{m}``); a template that asks for another name is refused when
the view is built, not halfway through a picture.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from render.labels import N_

#: A page of standings holds at most this many rows: 16 rows are about one phone screen tall
#: when the picture is shown 400 pixels wide.
PAGE_ROWS = 16
#: The podium takes about the height of this many rows on the first page of final standings.
PODIUM_ROWS = 5

Labels = TypeVar("Labels")


def translated(labels: Labels, translate: Callable[[str], str]) -> Labels:
    """``labels`` with every word passed through ``translate`` (e.g. a catalogue's gettext)."""
    if not dataclasses.is_dataclass(labels) or isinstance(labels, type):
        raise TypeError(f"expected a labels instance, got {labels!r}")
    words = {f.name: translate(getattr(labels, f.name)) for f in dataclasses.fields(labels)}
    return dataclasses.replace(labels, **words)


def _check_template(owner: object, field: str, **values: Any) -> None:
    """Refuse a template that asks for a value the picture does not give it."""
    template = getattr(owner, field)
    try:
        template.format(**values)
    except (KeyError, IndexError, ValueError) as error:
        given = ", ".join("{" + name + "}" for name in values) or "no placeholders"
        raise ValueError(
            f"label {field!r} ({template!r}) may use only {given}: {error!r}"
        ) from None


@dataclass(frozen=True, slots=True)
class StandingsLabels:
    """Every word of a standings picture: headings, short column keys and what they stand for."""

    title: str = N_("Tournament #{number}")
    round: str = N_("Round {n} of {m}")
    final: str = N_("Final standings")
    page: str = N_("Page {n} of {m}")
    player: str = N_("Player {n}")
    points_key: str = N_("Pts")
    points: str = N_("points")
    opponents_key: str = N_("Opp")
    opponents: str = N_("opponents' points")
    duel_key: str = N_("H2H")
    duel: str = N_("head to head")
    score_key: str = N_("Score")
    score: str = N_("game score")
    games_key: str = N_("G")
    games: str = N_("games played")
    withdrawn: str = N_("withdrawn")
    bye: str = N_("bye")

    def __post_init__(self) -> None:
        _check_template(self, "title", number=1)
        _check_template(self, "round", n=1, m=2)
        _check_template(self, "page", n=1, m=2)
        _check_template(self, "player", n=1)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One player's line: place (tied players share it), name, points, the three tie-breaks
    (head to head None where the player is level with nobody), games played, byes received,
    and whether they withdrew."""

    place: int
    name: str
    points: Fraction
    opponents_points: Fraction
    head_to_head: Fraction | None
    game_score: int
    games: int
    byes: int = 0
    withdrawn: bool = False

    def __post_init__(self) -> None:
        if self.place < 1:
            raise ValueError(f"{self.name!r}: a place starts at 1, got {self.place}")
        for what, value in (("points", self.points), ("opponents' points", self.opponents_points)):
            if value < 0:
                raise ValueError(f"{self.name!r}: {what} cannot be negative, got {value}")
        if self.head_to_head is not None and self.head_to_head < 0:
            raise ValueError(f"{self.name!r}: head to head cannot be negative")
        if self.games < 0 or self.byes < 0:
            raise ValueError(f"{self.name!r}: games and byes cannot be negative")


@dataclass(frozen=True, slots=True)
class StandingsView:
    """The standings after round ``round`` of ``rounds`` (``final``: the tournament is over and
    the first page carries the podium); ``name`` may be empty; ``kind`` is the game's name."""

    number: int
    name: str
    kind: str
    round: int
    rounds: int
    rows: tuple[StandingRow, ...]
    labels: StandingsLabels = StandingsLabels()
    final: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.round <= self.rounds:
            raise ValueError(f"round {self.round} is not between 0 and {self.rounds}")
        places = [row.place for row in self.rows]
        if places and places[0] != 1:
            raise ValueError(f"the standings start at place {places[0]}, not 1")
        for index, (before, after) in enumerate(itertools.pairwise(places), start=1):
            if after not in (before, index + 1):
                raise ValueError(
                    f"row {index + 1} has place {after}: after place {before} comes "
                    f"{before} (a tie) or {index + 1}"
                )


def page_rows(count: int, final: bool) -> list[range]:
    """The rows of each page: at most PAGE_ROWS a page, spread evenly over the pages; a final
    first page gives PODIUM_ROWS of its room to the podium. No rows still make one page."""
    first = PAGE_ROWS - PODIUM_ROWS if final else PAGE_ROWS
    if count <= first:
        return [range(count)]
    start = first if final else 0
    pages = math.ceil((count - start) / PAGE_ROWS)
    bounds = [start + (count - start) * n // pages for n in range(pages + 1)]
    spread = [range(a, b) for a, b in itertools.pairwise(bounds)]
    return [range(first), *spread] if final else spread


@dataclass(frozen=True, slots=True)
class Setting:
    """One line of a tournament's settings, in words: "Format" and "Swiss, 5 rounds"."""

    label: str
    value: str


@dataclass(frozen=True, slots=True)
class SignUpLabels:
    """Every word of a sign-up picture that is not a setting."""

    title: str = N_("Tournament #{number}")
    entrants: str = N_("Entrants: {n}")
    nobody: str = N_("No one has joined yet.")
    player: str = N_("Player {n}")

    def __post_init__(self) -> None:
        _check_template(self, "title", number=1)
        _check_template(self, "entrants", n=1)
        _check_template(self, "player", n=1)


@dataclass(frozen=True, slots=True)
class SignUpView:
    """A tournament open for sign-up: its number, name (may be empty) and kind, a status line
    (e.g. when the sign-up closes), its settings and the names of who has joined, in order."""

    number: int
    name: str
    kind: str
    status: str
    settings: tuple[Setting, ...]
    entrants: tuple[str, ...]
    labels: SignUpLabels = SignUpLabels()
