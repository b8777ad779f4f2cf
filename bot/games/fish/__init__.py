"""Hey, That's My Fish!: board geometry (bitboards), notation and the rules engine."""

from __future__ import annotations

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
from bot.games.fish.notation import move_name, parse

__all__ = [
    "BITS",
    "DIRECTIONS",
    "FISH_COUNTS",
    "FLOE_NAMES",
    "NEIGHBOURS",
    "PENGUINS_PER_PLAYER",
    "RAYS",
    "ROWS",
    "FishGame",
    "bits_of",
    "connected",
    "expand",
    "floe_position",
    "move_name",
    "names_of",
    "parse",
    "random_floes",
    "reach",
]
