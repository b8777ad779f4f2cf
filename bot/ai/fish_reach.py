"""Where a whole set of penguins can move, bit-parallel: one shift per step in each direction.

geometry.reach answers for one penguin with a table per ray; a territory count asks it for
every floe of a frontier at once, so here the six directions slide a whole bitboard along at
once (a "fill" as in chess programs). The layout is geometry.py's: rows A, C, E, G (even) are
indented by half a floe, so a step across rows shifts by a different amount on even and odd
rows (F-2), and a step from an odd row always lands on an even one.
"""

from __future__ import annotations

from bot.games.fish.geometry import EVEN_ROWS, ODD_ROWS, VALID

_NOT_FIRST = ~0x0101010101010101 & VALID
_NOT_LAST = ~0x8080808080808080 & VALID


def reach_all(sources: int, free: int) -> int:
    """Every free floe some floe of ``sources`` reaches in one move (F-7, F-8)."""
    # Written out direction by direction: this is the inner loop of the evaluation.
    even, odd = EVEN_ROWS, ODD_ROWS
    east_free, west_free = free & _NOT_FIRST, free & _NOT_LAST
    found = 0
    ray = (sources << 1) & east_free
    while ray:
        found |= ray
        ray = (ray << 1) & east_free
    ray = (sources >> 1) & west_free
    while ray:
        found |= ray
        ray = (ray >> 1) & west_free
    ray = ((sources & even) >> 7 | ((sources & odd) >> 8) & even) & free  # north-east
    while ray:
        found |= ray
        ray = ((ray & even) >> 7 | ((ray & odd) >> 8) & even) & free
    ray = ((sources & even) >> 8 | ((sources & odd) >> 9) & even) & free  # north-west
    while ray:
        found |= ray
        ray = ((ray & even) >> 8 | ((ray & odd) >> 9) & even) & free
    ray = ((sources & even) << 9 | ((sources & odd) << 8) & even) & free  # south-east
    while ray:
        found |= ray
        ray = ((ray & even) << 9 | ((ray & odd) << 8) & even) & free
    ray = ((sources & even) << 8 | ((sources & odd) << 7) & even) & free  # south-west
    while ray:
        found |= ray
        ray = ((ray & even) << 8 | ((ray & odd) << 7) & even) & free
    return found
