"""The action notation of RULES.md (``play red-3-dance E4 waive seal-music`` …) and its parsing.

Parsing is forgiving about case and spacing (``Play Red - 3 - Dance e4``) and strict about
meaning: unknown words, cards or cells are refused with a message that says what was expected.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from bot.games.base import IllegalAction
from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS
from bot.games.ultimatum.table import OFF, Geometry


class Play(NamedTuple):
    """Step 1: lay a penguin (U-11), optionally discarding a won entertainer for the fee (U-13)."""

    card: str
    cell: int
    waive: str | None


class Invite(NamedTuple):
    """Step 2: move an own stone from the supply (``source`` OFF) or a cell onto a penguin."""

    source: int
    target: int


class Skip(NamedTuple):
    """Step 2 left out (U-14)."""


class Perform(NamedTuple):
    """U-16: the entertainer whose show goes next when several perform at once."""

    cell: int


class LayEntertainer(NamedTuple):
    """U-21: lay the face-up top entertainer, turned or not."""

    cell: int
    turned: bool


Action = Play | Invite | Skip | Perform | LayEntertainer

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


def parse(text: str, geo: Geometry) -> Action:
    """Turn an action text into an Action; IllegalAction if it means nothing on this iceberg."""
    shown = " ".join(text.split())
    words = _DASHES.sub("-", text.strip().lower()).split()
    if not words or words[0] not in USAGE:
        raise _bad(shown)
    verb, args = words[0], words[1:]
    if verb == "play":
        if len(args) == 2:
            return Play(_card(args[0]), geo.locate(args[1]), None)
        if len(args) == 4 and args[2] == "waive":
            return Play(_card(args[0]), geo.locate(args[1]), _entertainer(args[3]))
    elif verb == "invite" and len(args) == 2:
        source = OFF if args[0] == "supply" else geo.locate(args[0])
        return Invite(source, geo.locate(args[1]))
    elif verb == "skip" and not args:
        return Skip()
    elif verb == "perform" and len(args) == 1:
        return Perform(geo.locate(args[0]))
    elif verb == "entertainer" and (args[1:] in ([], ["turned"])) and args:
        return LayEntertainer(geo.locate(args[0]), len(args) == 2)
    raise _bad(shown, verb)


def notation(action: Action, geo: Geometry) -> str:
    """The normalised text of an action, as the log and legal_actions() spell it."""
    names = geo.names
    if isinstance(action, Play):
        base = f"play {action.card} {names[action.cell]}"
        return f"{base} waive {action.waive}" if action.waive else base
    if isinstance(action, Invite):
        source = "supply" if action.source == OFF else names[action.source]
        return f"invite {source} {names[action.target]}"
    if isinstance(action, Perform):
        return f"perform {names[action.cell]}"
    if isinstance(action, LayEntertainer):
        return f"entertainer {names[action.cell]}" + (" turned" if action.turned else "")
    return "skip"
