"""The shapes of a choice: one thing to pick, a select menu's worth of them, and a step.

Discord's limits on what one reply can hold are kept here, so that every step built in
``fish_choices`` and ``ultimatum_choices`` fits them by construction.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from bot.games.fish import FishAction
from bot.games.ultimatum import UltimatumAction
from bot.i18n import t

#: Discord's limits on one select menu, and how many menus a reply shows at once (the fifth
#: row is for buttons).
MENU_OPTIONS = 25
MENUS_PER_PAGE = 4
BUTTONS = 5
LABEL = 100
BUTTON_LABEL = 80
#: Carry and value texts travel in custom_ids: notation only.
SAFE = re.compile(r"[A-Za-z0-9>~.-]{0,24}", re.ASCII)
#: The value of the button that goes back to the step's first question.
BACK = "back"

Action = FishAction | UltimatumAction


@dataclass(frozen=True)
class Choice:
    """One thing the mover may pick, labelled with what it does.

    ``value`` is what a click brings back (or what an autocomplete fills in); ``action`` is what
    picking it plays, or else ``then`` names the step it leads to, carrying ``value`` along
    (``""``: the first step). ``at`` is the floe or cell it concerns: marked on the picture, and
    the row it is grouped by in menus.
    """

    value: str
    label: str
    action: Action | None = None
    then: str | None = None
    at: str = ""


class NoChoices(Exception):
    """Nothing can be offered for a question; the message says why, in the reader's language."""


@dataclass(frozen=True)
class Menu:
    """A select menu's worth of choices (≤ 25), with its placeholder."""

    placeholder: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class Step:
    """What the mover is asked now."""

    step: str
    prompt: str
    carry: str = ""
    buttons: tuple[Choice, ...] = ()
    menus: tuple[Menu, ...] = ()
    marks: dict[str, str] = field(default_factory=dict)
    #: The floe of the piece already chosen in this turn (its own mark on the picture).
    chosen: str = ""

    def page(self, number: int) -> tuple[Menu, ...]:
        """The menus shown on one page (4 at a time)."""
        start = number * MENUS_PER_PAGE
        return self.menus[start : start + MENUS_PER_PAGE]

    @property
    def pages(self) -> int:
        """How many pages the menus fill."""
        return max(1, -(-len(self.menus) // MENUS_PER_PAGE))

    def choices(self) -> list[Choice]:
        """All choices of the step: its buttons, then its menus."""
        return [*self.buttons, *(c for menu in self.menus for c in menu.choices)]


def marks(choices: Sequence[Choice]) -> dict[str, str]:
    """The floes or cells the choices concern, to mark on the picture."""
    return {c.at: c.at for c in choices if c.at}


def pack(
    choices: Sequence[Choice],
    row: Callable[[Choice], str],
    placeholder: Callable[[str, str], str],
) -> tuple[Menu, ...]:
    """Choices in menus of at most 25, whole rows kept together where they fit, none hidden."""
    rows: list[tuple[str, list[Choice]]] = []
    for choice in choices:
        key = row(choice)
        if rows and rows[-1][0] == key:
            rows[-1][1].append(choice)
        else:
            rows.append((key, [choice]))
    menus: list[tuple[str, str, list[Choice]]] = []
    for key, items in rows:
        while items:
            room = MENU_OPTIONS - len(menus[-1][2]) if menus else 0
            if menus and len(items) <= room:
                first, _, held = menus[-1]
                menus[-1] = (first, key, held + items)
                items = []
            else:
                menus.append((key, key, items[:MENU_OPTIONS]))
                items = items[MENU_OPTIONS:]
    return tuple(Menu(placeholder(a, b)[:150], tuple(held)) for a, b, held in menus)


def pack_groups(
    lang: str,
    groups: Sequence[tuple[str, Sequence[Choice]]],
    row: Callable[[Choice], str],
) -> tuple[Menu, ...]:
    """Choices in menus by group (one menu a group, named by its title), a group too large for
    one menu split by rows (``title · rows 1–7``); empty groups are left out."""
    menus: list[Menu] = []
    for title, choices in groups:
        packed = pack(choices, row, partial(_rows, lang, title))
        if len(packed) == 1:
            packed = (Menu(title[:150], packed[0].choices),)
        menus.extend(packed)
    return tuple(menus)


def _rows(lang: str, what: str, first: str, last: str) -> str:
    rows = first if first == last else f"{first}–{last}"
    return t(lang, "{what} · rows {rows}", what=what, rows=rows)


def rows_placeholder(lang: str, what: str) -> Callable[[str, str], str]:
    """A menu's placeholder naming the rows it holds (``Floe · rows A–C``)."""

    def name(first: str, last: str) -> str:
        return _rows(lang, t(lang, what), first, last)

    return name


def label(text: str, limit: int = LABEL) -> str:
    """A label cut to Discord's limit with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
