"""The iceberg's grid (U-4, U-5): cell names, parsing, and neighbour tables per size.

Cells are numbered ``row * width + col`` inside the engine; names are the column letter (A from
the left) and the row number (1 at the top), e.g. ``E5``. Neighbour tables are computed once per
(width, height) because the hot paths (legal cells, show detection) look them up constantly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.games.base import IllegalAction
from bot.games.ultimatum.cards import DIRECTIONS, ENTERTAINERS, dots

MIN_SIDE, MAX_SIDE, DEFAULT_SIDE = 5, 15, 9
LETTERS = "ABCDEFGHIJKLMNO"
#: (column step, row step) per direction; north is up, so N lowers the row number.
STEPS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
OFF = -1  # a neighbour outside the iceberg (U-15: it counts as occupied)

_CELL = re.compile(r"^\s*([A-Za-z])\s*([0-9]{1,2})\s*$")


def cell_name(col: int, row: int) -> str:
    """The name of a 0-based (col, row), e.g. (4, 4) → ``E5``."""
    return f"{LETTERS[col]}{row + 1}"


def parse_cell(text: str) -> tuple[int, int]:
    """The 0-based (col, row) of a cell name such as ``e4`` (any case, spaces allowed)."""
    match = _CELL.match(text)
    if not match:
        raise IllegalAction(
            "bad_cell", f"'{text.strip()}' is not a cell: name one like E4", text=text.strip()
        )
    letter, number = match[1].upper(), int(match[2])
    col = ord(letter) - ord("A")
    return col, number - 1


def centre(width: int, height: int) -> tuple[int, int]:
    """U-6: the centre cell; for an even side, the one left of / above the middle."""
    return (width - 1) // 2, (height - 1) // 2


def neighbours(col: int, row: int, width: int, height: int) -> list[tuple[int, int]]:
    """U-5: the up to 8 cells around (col, row) that lie on a width × height iceberg."""
    found = []
    for d_col, d_row in STEPS.values():
        c, r = col + d_col, row + d_row
        if 0 <= c < width and 0 <= r < height:
            found.append((c, r))
    return found


@dataclass(frozen=True)
class Geometry:
    """Precomputed lookups for one iceberg size."""

    width: int
    height: int
    names: tuple[str, ...]  # cell index → name
    index: dict[str, int]  # name → cell index
    step: tuple[tuple[int, ...], ...]  # cell → neighbour per DIRECTIONS entry, OFF outside
    adjacent: tuple[tuple[int, ...], ...]  # cell → neighbours on the iceberg (U-5)
    centre: int
    #: (entertainer, turned) → cell → the cells on the iceberg its dots point at
    dot_cells: dict[tuple[str, bool], tuple[tuple[int, ...], ...]]
    #: the same dots as masks over the occupancy bytes (bit 8·cell, see ``Iceberg.occupancy``)
    dot_masks: dict[tuple[str, bool], tuple[int, ...]]
    adjacent_masks: tuple[int, ...]  # cell → its neighbours as such a mask
    sort_rank: tuple[int, ...]  # cell → position of its name in text order (for sorted output)

    def locate(self, text: str) -> int:
        """The cell index named by ``text``; IllegalAction if it is not on this iceberg."""
        col, row = parse_cell(text)
        if not (0 <= col < self.width and 0 <= row < self.height):
            name = f"{text.strip()[:1].upper()}{row + 1}"
            raise IllegalAction(
                "off_iceberg",
                f"{name} is outside the iceberg (columns A–{LETTERS[self.width - 1]}, "
                f"rows 1–{self.height})",
                cell=name,
                last_column=LETTERS[self.width - 1],
                rows=self.height,
            )
        return row * self.width + col


@cache
def geometry(width: int, height: int) -> Geometry:
    """The shared lookup tables for a width × height iceberg (U-4)."""
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise ValueError(f"the iceberg's sides must be {MIN_SIDE} to {MAX_SIDE} cells")
    names = tuple(cell_name(i % width, i // width) for i in range(width * height))
    step = tuple(
        tuple(
            (r * width + c)
            if 0 <= (c := i % width + STEPS[d][0]) < width
            and 0 <= (r := i // width + STEPS[d][1]) < height
            else OFF
            for d in DIRECTIONS
        )
        for i in range(width * height)
    )
    adjacent = tuple(tuple(n for n in around if n != OFF) for around in step)
    # Off-iceberg dots always count as occupied (U-15), so only the cells on the iceberg matter.
    dot_cells = {
        (eid, turned): tuple(
            tuple(n for d in dots(eid, turned) if (n := step[i][DIRECTIONS.index(d)]) != OFF)
            for i in range(width * height)
        )
        for eid in ENTERTAINERS
        for turned in (False, True)
    }
    dot_masks = {
        key: tuple(sum(1 << 8 * d for d in at) for at in cells) for key, cells in dot_cells.items()
    }
    adjacent_masks = tuple(sum(1 << 8 * n for n in around) for around in adjacent)
    order = sorted(range(width * height), key=lambda i: names[i])
    rank = [0] * (width * height)
    for position, i in enumerate(order):
        rank[i] = position
    c, r = centre(width, height)
    return Geometry(
        width=width,
        height=height,
        names=names,
        index={name: i for i, name in enumerate(names)},
        step=step,
        adjacent=adjacent,
        centre=r * width + c,
        dot_cells=dot_cells,
        dot_masks=dot_masks,
        adjacent_masks=adjacent_masks,
        sort_rank=tuple(rank),
    )
