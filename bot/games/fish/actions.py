"""Fish actions as values: ``parse(text)`` reads the notation of docs/rules.md, ``str`` writes it.

A placement names a floe (``C4``), a move the floe a penguin stands on and where it goes
(``C4-F2``). The engine plays these values; the log and ``legal_actions()`` keep their text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.base import IllegalAction
from bot.games.fish.geometry import BIT_OF

_NOTATION = re.compile(r"^\s*([A-Za-z])\s*([0-9]+)\s*(?:(?:-|–|—|\s)\s*([A-Za-z])\s*([0-9]+)\s*)?$")


@dataclass(frozen=True, slots=True)
class Place:
    """Placing a penguin on a free 1-fish floe (F-6): ``C4``."""

    floe: str

    def __str__(self) -> str:
        return self.floe


@dataclass(frozen=True, slots=True)
class PenguinMove:
    """Moving the penguin on ``penguin`` in a straight line to ``to`` (F-7): ``C4-F2``."""

    penguin: str
    to: str

    def __str__(self) -> str:
        return f"{self.penguin}-{self.to}"


FishAction = Place | PenguinMove


def _floe(letter: str, number: str) -> str:
    name = f"{letter.upper()}{int(number)}"
    if name not in BIT_OF:
        raise IllegalAction(
            "no_such_floe",
            f"{name} is not a floe (rows A–H; A, C, E, G have floes 1–7, B, D, F, H have 1–8)",
            floe=name,
        )
    return name


def parse(text: str) -> FishAction:
    """The action a text names: ``C4`` or ``C4-F2``, any case, spaces allowed; IllegalAction
    if it names none."""
    match = _NOTATION.match(text)
    if not match:
        raise IllegalAction(
            "bad_notation",
            f"'{text.strip()}' is not an action: name a floe like C4 or a move like C4-F2",
            text=text.strip(),
        )
    origin = _floe(match[1], match[2])
    if match[3] is None:
        return Place(origin)
    return PenguinMove(origin, _floe(match[3], match[4]))
