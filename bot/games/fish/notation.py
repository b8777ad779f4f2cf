"""The notation of RULES.md for Fish: a floe (``C4``, a placement) or a move (``C4-F2``)."""

from __future__ import annotations

import re

from bot.games.base import IllegalAction
from bot.games.fish.geometry import BIT_OF, NAME_OF

_NOTATION = re.compile(r"^\s*([A-Za-z])\s*([0-9]+)\s*(?:(?:-|–|—|\s)\s*([A-Za-z])\s*([0-9]+)\s*)?$")


def _parse_floe(letter: str, number: str, text: str) -> int:
    name = f"{letter.upper()}{int(number)}"
    if name not in BIT_OF:
        raise IllegalAction(
            "no_such_floe",
            f"{name} is not a floe (rows A–H; A, C, E, G have floes 1–7, B, D, F, H have 1–8)",
            floe=name,
        )
    return BIT_OF[name]


def parse(text: str) -> tuple[int, int | None]:
    """Parse ``C4`` or ``C4-F2`` (any case, spaces allowed) into floe bits."""
    match = _NOTATION.match(text)
    if not match:
        raise IllegalAction(
            "bad_notation",
            f"'{text.strip()}' is not an action: name a floe like C4 or a move like C4-F2",
            text=text.strip(),
        )
    origin = _parse_floe(match[1], match[2], text)
    if match[3] is None:
        return origin, None
    return origin, _parse_floe(match[3], match[4], text)


def move_name(origin: int, target: int) -> str:
    """The notation of a move between two floe bits, e.g. ``C4-F2``."""
    return f"{NAME_OF[origin]}-{NAME_OF[target]}"
