"""The board of Hey, That's My Fish! as 64-bit bitboards: floes, rays, reach and flood fill.

Floes live on a padded 8 × 8 bit layout: bit ``row * 8 + slot``, where ``slot`` is the 0-based
place in the row. Rows A, C, E, G (even rows) use slots 0–6 and are indented by half a floe;
rows B, D, F, H use slots 0–7 (F-1). Bitboards make move generation and the unreachable-floe
flood fill (F-10) cheap enough for search.
"""

from __future__ import annotations

from collections.abc import Iterator

ROWS = "ABCDEFGH"

FLOE_NAMES: tuple[str, ...] = tuple(
    f"{ROWS[row]}{slot + 1}" for row in range(8) for slot in range(7 if row % 2 == 0 else 8)
)
BIT_OF: dict[str, int] = {name: ROWS.index(name[0]) * 8 + int(name[1:]) - 1 for name in FLOE_NAMES}
NAME_OF: dict[int, str] = {bit: name for name, bit in BIT_OF.items()}
BITS: tuple[int, ...] = tuple(BIT_OF[name] for name in FLOE_NAMES)

VALID = sum(1 << b for b in BITS)
EVEN_ROWS = sum(1 << b for b in BITS if (b >> 3) % 2 == 0)
ODD_ROWS = VALID & ~EVEN_ROWS

# Directions as (row step, doubled-x step): a floe at slot s has doubled x = 2s+1 in an
# 8-row and 2s+2 in an indented 7-row (F-2).
DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (0, 2),
    "W": (0, -2),
    "NE": (-1, 1),
    "NW": (-1, -1),
    "SE": (1, 1),
    "SW": (1, -1),
}


def floe_position(name: str) -> tuple[int, int]:
    """The 0-based (row, index within the row) of a floe name such as ``C4``."""
    bit = BIT_OF[name]
    return bit >> 3, bit & 7


def _step(bit: int, direction: str) -> int | None:
    row, slot = bit >> 3, bit & 7
    d_row, d_x = DIRECTIONS[direction]
    x = 2 * slot + (2 if row % 2 == 0 else 1) + d_x
    row += d_row
    if not 0 <= row < 8:
        return None
    offset = 2 if row % 2 == 0 else 1
    if (x - offset) % 2:
        return None
    slot = (x - offset) // 2
    target = row * 8 + slot
    return target if 0 <= slot < 8 and VALID >> target & 1 else None


def _ray(bit: int, direction: str) -> tuple[int, ...]:
    ray: list[int] = []
    nxt = _step(bit, direction)
    while nxt is not None:
        ray.append(nxt)
        nxt = _step(nxt, direction)
    return tuple(ray)


RAYS: dict[int, dict[str, tuple[int, ...]]] = {b: {d: _ray(b, d) for d in DIRECTIONS} for b in BITS}
NEIGHBOURS: dict[int, int] = {b: sum(1 << r[0] for r in RAYS[b].values() if r) for b in BITS}


def _reach_table(ray: tuple[int, ...]) -> tuple[int, dict[int, int]]:
    """For one ray: its mask, and for every pattern of free floes on it, the floes reachable."""
    mask = sum(1 << b for b in ray)
    table: dict[int, int] = {}
    for pattern in range(1 << len(ray)):
        free = sum(1 << ray[i] for i in range(len(ray)) if pattern >> i & 1)
        reach = 0
        for b in ray:  # F-8: stop before the first floe that is not free
            if not free >> b & 1:
                break
            reach |= 1 << b
        table[free] = reach
    return mask, table


_REACH: dict[int, tuple[tuple[int, dict[int, int]], ...]] = {
    b: tuple(_reach_table(RAYS[b][d]) for d in DIRECTIONS if RAYS[b][d]) for b in BITS
}


def reach(bit: int, free: int) -> int:
    """Bitboard of floes a penguin on ``bit`` can move to, given the free floes (F-7, F-8)."""
    result = 0
    for mask, table in _REACH[bit]:
        result |= table[free & mask]
    return result


def expand(m: int) -> int:
    """Every floe bit next to a bit of ``m`` (the six hex neighbours), bit-parallel."""
    even, odd = m & EVEN_ROWS, m & ODD_ROWS
    out = (m << 1) & ~0x0101010101010101 | (m >> 1) & ~0x8080808080808080
    out |= (even >> 7) | (even >> 8) | (even << 9) | (even << 8)
    out |= ((odd >> 8) | (odd >> 9) | (odd << 8) | (odd << 7)) & EVEN_ROWS
    return out & VALID


def connected(seeds: int, board: int) -> int:
    """The floes of ``board`` connected to ``seeds`` through shared edges (F-10)."""
    region = seeds & board
    while True:
        grown = region | expand(region) & board
        if grown == region:
            return region
        region = grown


def bits_of(m: int) -> Iterator[int]:
    """The set bit indices of a bitboard, lowest first."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def names_of(m: int) -> list[str]:
    """Floe names of a bitboard, in board order."""
    return [NAME_OF[b] for b in bits_of(m)]
