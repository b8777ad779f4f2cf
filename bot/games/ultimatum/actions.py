"""Ultimatum actions as values: ``parse(text)`` reads the notation of docs/rules.md, ``str``
writes it (``play red-3-dance E4 waive seal-music``, ``invite supply E4``, ``skip``, ``perform
E6``, ``entertainer F7 turned``). The engine plays these values; the log keeps their text.

Cells are named, whatever the iceberg; ``on_iceberg`` checks them against one game's. Parsing is
forgiving about case and spacing (``Play Red - 3 - Dance e4``) and strict about meaning: unknown
words, cards or cells are refused with a message that says what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.base import IllegalAction
from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS
from bot.games.ultimatum.table import Geometry, parse_cell

#: Where a stone comes from when it is not moved from another penguin (U-14).
SUPPLY = "supply"


@dataclass(frozen=True, slots=True)
class Play:
    """Step 1: lay a penguin card next to an entertainer (U-11), giving up a won entertainer
    instead of paying the kinship fee when ``waive`` names one (U-13)."""

    card: str
    cell: str
    waive: str | None = None

    def __str__(self) -> str:
        base = f"play {self.card} {self.cell}"
        return f"{base} waive {self.waive}" if self.waive else base

    def cells(self) -> tuple[str, ...]:
        """The cells the action names."""
        return (self.cell,)


@dataclass(frozen=True, slots=True)
class Invite:
    """Step 2: move an own stone from ``source`` (the supply or a cell) onto a penguin (U-14)."""

    source: str
    target: str

    def __str__(self) -> str:
        return f"invite {self.source} {self.target}"

    def cells(self) -> tuple[str, ...]:
        """The cells the action names (the supply is none)."""
        return (self.target,) if self.source == SUPPLY else (self.source, self.target)


@dataclass(frozen=True, slots=True)
class Skip:
    """Step 2 left out (U-14)."""

    def __str__(self) -> str:
        return "skip"

    def cells(self) -> tuple[str, ...]:
        """The cells the action names: none."""
        return ()


@dataclass(frozen=True, slots=True)
class Perform:
    """The entertainer whose show goes next when several perform at once (U-16)."""

    cell: str

    def __str__(self) -> str:
        return f"perform {self.cell}"

    def cells(self) -> tuple[str, ...]:
        """The cells the action names."""
        return (self.cell,)


@dataclass(frozen=True, slots=True)
class LayEntertainer:
    """Laying the face-up top entertainer, upright or turned (U-21)."""

    cell: str
    turned: bool = False

    def __str__(self) -> str:
        return f"entertainer {self.cell}" + (" turned" if self.turned else "")

    def cells(self) -> tuple[str, ...]:
        """The cells the action names."""
        return (self.cell,)


UltimatumAction = Play | Invite | Skip | Perform | LayEntertainer

USAGE = {
    "play": "play <card> <cell> [waive <entertainer>], e.g. play red-3-dance E4",
    "invite": "invite <from> <to>, from 'supply' or a cell, e.g. invite supply E4",
    "skip": "skip",
    "perform": "perform <cell>, e.g. perform E6",
    "entertainer": "entertainer <cell> [turned], e.g. entertainer F7 turned",
}
_DASHES = re.compile(r"\s*[-‐‑–—]\s*")


def _bad(text: str, verb: str | None = None) -> IllegalAction:
    if verb is None:
        expected = "; ".join(USAGE.values())
        return IllegalAction(
            "bad_notation",
            f"'{text}' is not an action; say one of: {expected}",
            text=text,
        )
    return IllegalAction(
        "bad_notation", f"'{text}' is not understood; say {USAGE[verb]}", text=text, verb=verb
    )


def _card(word: str) -> str:
    if word not in PENGUINS:
        raise IllegalAction(
            "unknown_card",
            f"{word} is not a penguin card (colour-value-activity, e.g. red-3-dance)",
            card=word,
        )
    return word


def _entertainer(word: str) -> str:
    if word not in ENTERTAINERS:
        raise IllegalAction(
            "unknown_entertainer",
            f"{word} is not an entertainer (animal-activity, e.g. seal-music)",
            entertainer=word,
        )
    return word


def _cell(word: str) -> str:
    """A cell's name in its written form (``e04`` → ``E4``), whatever iceberg it is for."""
    col, row = parse_cell(word)
    return f"{chr(ord('A') + col)}{row + 1}"


def parse(text: str) -> UltimatumAction:
    """The action a text names; IllegalAction if it names none."""
    shown = " ".join(text.split())
    words = _DASHES.sub("-", text.strip().lower()).split()
    if not words or words[0] not in USAGE:
        raise _bad(shown)
    verb, args = words[0], words[1:]
    if verb == "play":
        if len(args) == 2:
            return Play(_card(args[0]), _cell(args[1]))
        if len(args) == 4 and args[2] == "waive":
            return Play(_card(args[0]), _cell(args[1]), _entertainer(args[3]))
    elif verb == "invite" and len(args) == 2:
        source = SUPPLY if args[0] == SUPPLY else _cell(args[0])
        return Invite(source, _cell(args[1]))
    elif verb == "skip" and not args:
        return Skip()
    elif verb == "perform" and len(args) == 1:
        return Perform(_cell(args[0]))
    elif verb == "entertainer" and (args[1:] in ([], ["turned"])) and args:
        return LayEntertainer(_cell(args[0]), len(args) == 2)
    raise _bad(shown, verb)


def on_iceberg(action: UltimatumAction, geo: Geometry) -> UltimatumAction:
    """The action, when every cell it names lies on this iceberg (U-4); else IllegalAction
    (``off_iceberg``)."""
    for cell in action.cells():
        geo.locate(cell)
    return action
