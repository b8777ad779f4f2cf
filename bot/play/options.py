"""Rule-command options parsed into their own kinds before anything else sees them.

A slash-command option is whatever a person typed. Each is parsed here into exactly one kind — a
floe, a cell, a penguin card, an entertainer, where a stone comes from — and each rule command
builds the action of its own step from those parts only, so no option can smuggle in another
action (``resign 1`` typed as a floe is not a floe). The engine then checks the action against
the rules for the acting seat. A refusal quotes at most a short, cleaned excerpt of what was
typed (``excerpt``).
"""

from __future__ import annotations

import re

from bot.games.base import IllegalAction
from bot.games.fish import PenguinMove, Place
from bot.games.ultimatum import SUPPLY, Invite, LayEntertainer, Perform, Play
from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS
from bot.texts.quote import EXCERPT_LENGTH, excerpt

__all__ = ["EXCERPT_LENGTH", "BadOption", "excerpt"]

_FLOE = re.compile(r"[A-H][1-8]", re.ASCII)
# Ultimatum icebergs are 5 to 15 cells a side: columns A–O, rows 1–15.
_CELL = re.compile(r"[A-O](?:1[0-5]|[1-9])", re.ASCII)
_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*", re.ASCII)
_DASHES = re.compile(r"\s*[-‐‑–—]\s*")


class BadOption(IllegalAction):
    """An option that is not of its kind; ``typed`` is the cleaned excerpt of the value."""

    def __init__(self, code: str, kind: str, typed: str) -> None:
        shown = excerpt(typed)
        super().__init__(code, f"'{shown}' is not {kind}", typed=shown)


def floe(text: str) -> str:
    """A floe name such as ``C4`` (any case, spaces around it allowed)."""
    name = "".join(text.split()).upper()
    if not _FLOE.fullmatch(name):
        raise BadOption("floe_option", "a floe", text)
    return name


def cell(text: str) -> str:
    """A cell name such as ``E4`` (the engine checks that it lies on the game's iceberg)."""
    name = "".join(text.split()).upper()
    if not _CELL.fullmatch(name):
        raise BadOption("cell_option", "a cell", text)
    return name


def _card_word(text: str) -> str:
    word = _DASHES.sub("-", text.strip().lower())
    return word if _WORD.fullmatch(word) else ""


def card(text: str) -> str:
    """A penguin card id such as ``red-3-dance``."""
    word = _card_word(text)
    if word not in PENGUINS:
        raise BadOption("card_option", "a penguin card", text)
    return word


def entertainer(text: str) -> str:
    """An entertainer id such as ``seal-music``."""
    word = _card_word(text)
    if word not in ENTERTAINERS:
        raise BadOption("entertainer_option", "an entertainer", text)
    return word


def stone_source(text: str | None) -> str:
    """Where an invitation stone comes from: ``supply`` (also when left out) or a cell."""
    if text is None or text.strip().lower() in ("", SUPPLY):
        return SUPPLY
    try:
        return cell(text)
    except BadOption:
        raise BadOption("source_option", "the supply or a cell", text) from None


# --- the actions each rule command can build: only ever the action of its own step ------------


def fish_place(floe_text: str) -> Place:
    """``/fish place floe`` (F-6)."""
    return Place(floe(floe_text))


def fish_move(penguin: str, to: str) -> PenguinMove:
    """``/fish move penguin to`` (F-7)."""
    return PenguinMove(floe(penguin), floe(to))


def ultimatum_play(card_text: str, cell_text: str, waive: str | None) -> Play:
    """``/ultimatum play card cell [waive]`` (U-11 … U-13)."""
    given = None if waive is None or not waive.strip() else entertainer(waive)
    return Play(card(card_text), cell(cell_text), given)


def ultimatum_invite(to: str, start: str | None) -> Invite:
    """``/ultimatum invite to [from]`` (U-14)."""
    return Invite(stone_source(start), cell(to))


def ultimatum_perform(cell_text: str) -> Perform:
    """``/ultimatum perform cell`` (U-16)."""
    return Perform(cell(cell_text))


def ultimatum_entertainer(cell_text: str, turned: bool) -> LayEntertainer:
    """``/ultimatum entertainer cell [turned]`` (U-21)."""
    return LayEntertainer(cell(cell_text), turned)
