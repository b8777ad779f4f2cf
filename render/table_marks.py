"""What the party table draws over its cards: the invitation stones and the waiting marks.

Each stone is its owner's shape in the owner's colour, large in the card's top right corner
with a white halo, so who owns it reads on a phone (the key to every show, U-18). Each empty
cell a face-up entertainer still waits for (U-15) carries a yellow disc on its side facing that
entertainer, with the number of cells it still misses; a disc of one missing is dark and
larger: one more card there starts a show. Both are never smaller than LEGIBLE pixels, 12 where
a phone shows the picture 400 pixels wide.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import ImageDraw
from PIL.Image import Image

from bot.games.ultimatum.cards import ENTERTAINERS, OPPOSITE, dots
from bot.games.ultimatum.table import STEPS, cell_name, parse_cell
from render import cards, sprites, text
from render.common import legible
from render.style import INK, SEAT_COLOURS, SEAT_SHAPES, shape_points
from render.table_frame import WIDTH, Frame

#: The smallest mark on the table picture, in its pixels.
LEGIBLE = legible(WIDTH)
STONE = 0.46  # a stone's side, as a share of the cell's
HALO = 0.06  # the white ring round a stone's shape, as a share of the stone's side
#: Waiting discs, as shares of the cell side: the disc's diameter (larger when one card is
#: missing) and how far in from the cell's edge its centre sits.
DISC = 0.34
DISC_READY = 0.38
DISC_OFFSET = 0.16
DIGIT = 0.72  # the digit's size, as a share of its disc's diameter
CLEAR = 0.9  # discs sharing a cell lie this many diameters apart: each digit shows whole


def stone_side(cell: int) -> int:
    """Side of a stone's picture on cells ``cell`` pixels wide: its shape (inside the halo) is
    at least LEGIBLE pixels tall, with a pixel to spare for each soft edge."""
    return max(round(cell * STONE), math.ceil((LEGIBLE + 2) / (1 - 2 * HALO)))


def stone_shape_height(seat: int, side: int) -> float:
    """Height in pixels of the seat's shape on a stone ``side`` pixels wide."""
    r = side * (0.5 - HALO)
    if SEAT_SHAPES[seat] == "circle":
        return 2 * r
    ys = [y for _, y in shape_points(SEAT_SHAPES[seat], 0, 0, _shape_radius(seat, r))]
    return max(ys) - min(ys)


def _shape_radius(seat: int, r: float) -> float:
    """The radius that makes the seat's shape fill a circle of radius ``r`` top to bottom."""
    return {"circle": r, "square": r / 0.86, "triangle": r / 0.89, "diamond": r}[SEAT_SHAPES[seat]]


@cache
def stone(seat: int, side: int) -> Image:
    """A stone: the seat's shape in its colour with an ink rim, on a white halo."""

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        shape, r = SEAT_SHAPES[seat], w * (0.5 - HALO)
        radius = _shape_radius(seat, r)
        cy = h / 2 + (radius * 0.11 if shape == "triangle" else 0)  # its middle, not its centre
        halo = w * HALO
        sprites.paint_shape(draw, shape, w / 2, cy, radius + halo, (255, 255, 255))
        sprites.paint_shape(draw, shape, w / 2, cy, radius, SEAT_COLOURS[seat], INK, w * 0.07)

    return sprites.supersampled(side, side, paint)


def stone_corner(name: str, frame: Frame) -> tuple[int, int]:
    """Top-left pixel of the stone drawn on a cell (in the card's top right corner)."""
    _, y0, x1, _ = frame.box(name)
    return x1 - stone_side(frame.cell) - 1, y0 + 1


def stone_centre(name: str, frame: Frame) -> tuple[float, float]:
    """Centre of the stone drawn on a cell."""
    x, y = stone_corner(name, frame)
    half = stone_side(frame.cell) / 2
    return x + half, y + half


def waiting_cells(view: Mapping[str, Any]) -> dict[str, list[tuple[str, int]]]:
    """U-15: every empty cell an entertainer on the table still waits for, each with the
    direction from that cell towards the entertainer and how many cells that entertainer still
    misses (1: one more card there starts its show). Cells off the iceberg count as occupied."""
    width, height = view["width"], view["height"]
    table: Mapping[str, str] = view["table"]
    found: dict[str, list[tuple[str, int]]] = {}
    for name, card in table.items():
        entertainer, _, flag = card.partition(" ")
        if entertainer not in ENTERTAINERS:
            continue
        col, row = parse_cell(name)
        empty = []
        for direction in dots(entertainer, flag == "turned"):
            c, r = col + STEPS[direction][0], row + STEPS[direction][1]
            if 0 <= c < width and 0 <= r < height and cell_name(c, r) not in table:
                empty.append((cell_name(c, r), OPPOSITE[direction]))
        for cell, towards in empty:
            found.setdefault(cell, []).append((towards, len(empty)))
    return found


def disc_side(cell: int, count: int) -> int:
    """Diameter of a waiting disc on cells ``cell`` pixels wide: its digit is at least
    LEGIBLE pixels."""
    share = DISC_READY if count == 1 else DISC
    least = round(LEGIBLE / DIGIT) + (3 if count == 1 else 1)
    return max(round(cell * share), least)


def digit_size(side: int) -> int:
    """The font size of the digit on a disc ``side`` pixels wide."""
    return round(side * DIGIT)


def disc_centres(
    cell: str, waits: Sequence[tuple[str, int]], frame: Frame
) -> dict[str, tuple[float, float]]:
    """Centre of each disc drawn in ``cell`` for ``waits`` (the side towards each waiting
    entertainer, and how many cells it misses): on that side, inside the cell even where a disc
    is more than half as wide as the cell. Where several discs share the cell they move out
    from its middle, over its edge if need be, and apart, until no disc covers another's digit."""
    x0, y0, x1, y1 = frame.box(cell)
    middle, side = ((x0 + x1) / 2, (y0 + y1) / 2), frame.cell
    sizes = {towards: disc_side(side, count) for towards, count in waits}
    centres = {}
    for towards, disc in sizes.items():
        dx, dy = STEPS[towards]
        reach = max(0.0, min(0.5 * side - DISC_OFFSET * side, 0.5 * side - disc / 2 - 1))
        apart = [math.hypot(dx - STEPS[o][0], dy - STEPS[o][1]) for o in sizes if o != towards]
        if apart:  # two discs at ``reach`` lie ``reach × apart`` from each other
            reach = max(reach, min(CLEAR * disc / min(apart), 0.5 * side))
        centres[towards] = (middle[0] + dx * reach, middle[1] + dy * reach)
    for a, b in itertools.combinations(sorted(centres), 2):
        (ax, ay), (bx, by) = centres[a], centres[b]
        gap = math.hypot(bx - ax, by - ay) or 1.0
        need = max(sizes[a], sizes[b]) / 2 + digit_size(max(sizes[a], sizes[b])) * 0.4
        if gap < need:  # each moves half the shortfall away from the other
            push = (need - gap) / 2 / gap
            centres[a] = (ax - (bx - ax) * push, ay - (by - ay) * push)
            centres[b] = (bx + (bx - ax) * push, by + (by - ay) * push)
    return centres


@cache
def disc(cell: int, count: int) -> Image:
    """A waiting disc: yellow with a dark rim and the number of cells its entertainer still
    misses; with one missing it is larger and dark, with a yellow number and rim."""
    ready = count == 1
    side = disc_side(cell, count)
    size = digit_size(side)

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        c, r = w / 2, w / 2 - w / side
        rim = max(2.0, w * 0.06)
        back, front = (INK, cards.DOT) if ready else (cards.DOT, INK)
        draw.ellipse((c - r, c - r, c + r, c + r), fill=INK)
        inner = r - rim
        if ready:  # a yellow ring inside the dark rim
            draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=cards.DOT)
            inner -= rim * 0.8
        draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=back)
        face = text.font(size * sprites.SS, True)
        draw.text((c, c + w * 0.02), str(count), font=face, fill=front, anchor="mm")

    return sprites.supersampled(side, side, paint)
