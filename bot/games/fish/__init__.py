"""Hey, That's My Fish!: board geometry (bitboards), actions and the rules engine."""

from __future__ import annotations

from bot.games.fish.actions import FishAction, PenguinMove, Place, parse
from bot.games.fish.game import FISH_COUNTS, PENGUINS_PER_PLAYER, FishGame, random_floes
from bot.games.fish.geometry import (
    BITS,
    DIRECTIONS,
    FLOE_NAMES,
    NEIGHBOURS,
    RAYS,
    ROWS,
    bits_of,
    connected,
    expand,
    floe_position,
    names_of,
    reach,
)

__all__ = [
    "BITS",
    "DIRECTIONS",
    "FISH_COUNTS",
    "FLOE_NAMES",
    "NEIGHBOURS",
    "PENGUINS_PER_PLAYER",
    "RAYS",
    "ROWS",
    "FishAction",
    "FishGame",
    "PenguinMove",
    "Place",
    "bits_of",
    "connected",
    "expand",
    "floe_position",
    "names_of",
    "parse",
    "random_floes",
    "reach",
]
