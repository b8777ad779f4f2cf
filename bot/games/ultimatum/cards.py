"""The Penguin Ultimatum card set (U-1 … U-3, U-7, U-9), loaded from ``data/ultimatum.toml``.

The set is data, not code: the printed distributions are unknown (docs/rules.md marks them house
data), so replacing the TOML file changes the cards without touching the engine.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).resolve().parents[3] / "data" / "ultimatum.toml"

COLOURS = ("green", "brown", "red", "blue")
ACTIVITIES = ("juggling", "acrobatics", "dance", "music")
ANIMALS = ("sheep", "kangaroo", "seal", "bear")
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: U-2: a turned entertainer's dots point the opposite way.
OPPOSITE = {d: DIRECTIONS[(i + 4) % 8] for i, d in enumerate(DIRECTIONS)}
CURTAIN = "curtain"


@dataclass(frozen=True)
class Penguin:
    """A penguin card (U-1): its family colour, value and the activity it likes."""

    id: str
    colour: str
    value: int
    activity: str


@dataclass(frozen=True)
class Entertainer:
    """An entertainer card (U-2): animal, activity, the animal's colour and the dots as printed."""

    id: str
    animal: str
    activity: str
    colour: str
    dots: tuple[str, ...]


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as file:
        return tomllib.load(file)


def _penguins(raw: list[dict[str, Any]]) -> dict[str, Penguin]:
    penguins: dict[str, Penguin] = {}
    for entry in raw:
        colour, value, activity = entry["colour"], int(entry["value"]), entry["activity"]
        if colour not in COLOURS or activity not in ACTIVITIES or value not in (2, 3, 4, 5):
            raise ValueError(f"{DATA_FILE}: bad penguin {entry}")
        card = Penguin(f"{colour}-{value}-{activity}", colour, value, activity)
        if card.id in penguins:
            raise ValueError(f"{DATA_FILE}: penguin {card.id} twice")
        penguins[card.id] = card
    return penguins


def _entertainers(raw: list[dict[str, Any]], colours: dict[str, str]) -> dict[str, Entertainer]:
    entertainers: dict[str, Entertainer] = {}
    for entry in raw:
        animal, activity, dots = entry["animal"], entry["activity"], tuple(entry["dots"])
        if animal not in ANIMALS or activity not in ACTIVITIES:
            raise ValueError(f"{DATA_FILE}: bad entertainer {entry}")
        if not dots or len(set(dots)) != len(dots) or not set(dots) <= set(DIRECTIONS):
            raise ValueError(f"{DATA_FILE}: bad dots {entry}")
        card = Entertainer(f"{animal}-{activity}", animal, activity, colours[animal], dots)
        if card.id in entertainers:
            raise ValueError(f"{DATA_FILE}: entertainer {card.id} twice")
        entertainers[card.id] = card
    return entertainers


_DATA = _load(DATA_FILE)
ANIMAL_COLOUR: dict[str, str] = {a: _DATA["animals"][a] for a in ANIMALS}
PENGUINS: dict[str, Penguin] = _penguins(_DATA["penguins"])
ENTERTAINERS: dict[str, Entertainer] = _entertainers(_DATA["entertainers"], ANIMAL_COLOUR)
#: U-7: the sides of the central curtain holding a starting entertainer, per player count.
SETUP_SIDES: dict[int, tuple[str, ...]] = {
    int(players): tuple(sides) for players, sides in _DATA["setup"].items()
}
CURTAINS: int = _DATA["components"]["curtains"]
STONES_PER_PLAYER: int = _DATA["components"]["stones_per_player"]
HAND_SIZE: int = _DATA["components"]["hand_size"]
STARTING_SCORE: int = _DATA["components"]["starting_score"]


def dots(entertainer_id: str, turned: bool) -> tuple[str, ...]:
    """The directions an entertainer's dots point at as it lies (U-2: turned flips each one)."""
    printed = ENTERTAINERS[entertainer_id].dots
    return tuple(OPPOSITE[d] for d in printed) if turned else printed


def enjoys(penguin: Penguin, entertainer: Entertainer) -> bool:
    """U-18: a penguin enjoys a show by its family colour or its activity (either is enough)."""
    return penguin.colour == entertainer.colour or penguin.activity == entertainer.activity


def card_order(card_id: str) -> tuple[int, int, int]:
    """A sort key showing a hand as the game sorts it: by colour, value, then activity."""
    card = PENGUINS[card_id]
    return COLOURS.index(card.colour), card.value, ACTIVITIES.index(card.activity)
