"""The cards as the party table lays them out: on every card size the table draws, each mark
keeps clear of the others, so none hides a part of another (render.table_cards)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import cards, icons, table_cards, table_marks
from render.table_frame import INSET

SCALE = 4  # masks are drawn this many times larger than the card
Paint = Callable[[ImageDraw.ImageDraw, float], None]


def ink(size: int, *painters: Paint) -> Image.Image:
    """Where any of ``painters`` puts ink on a card ``size`` pixels wide, drawn SCALE times
    larger (255 inked, 0 clear); each painter gets the canvas's side."""
    mask = Image.new("L", (size * SCALE, size * SCALE), 0)
    for paint in painters:
        layer = Image.new("RGBA", mask.size, (0, 0, 0, 0))
        paint(ImageDraw.Draw(layer), float(size * SCALE))
        mask = ImageChops.lighter(mask, layer.getchannel("A").point(lambda v: 255 if v else 0))
    return mask


def shared(a: Image.Image, b: Image.Image) -> int:
    """How many pixels two masks both cover."""
    return ImageChops.multiply(a, b).histogram()[255]


def _symbols(mark: table_cards.Mark) -> list[Paint]:
    x, y, side = mark

    def symbol(colour: str) -> Paint:
        return lambda d, s: cards.family_mark(d, colour, x * s, y * s, side * s)

    return [symbol(c) for c in cards.FAMILY]


def _icons(mark: table_cards.Mark) -> list[Paint]:
    x, y, side = mark

    def icon(painter: icons.IconPainter) -> Paint:
        return lambda d, s: painter(d, x * s, y * s, side * s)

    return [icon(p) for p in icons.ACTIVITY_ICONS.values()]


@pytest.mark.parametrize("size", range(table_cards.LEAST_CARD, table_cards.FULL_FACE))
def test_a_compact_entertainers_marks_keep_clear_of_each_other(size: int) -> None:
    """On every card too small for the full face: no family symbol touches any activity icon,
    and neither touches any of the eight arrowheads (U-2) a card may carry."""
    symbol, icon = table_cards.compact_marks(size)
    symbols, activities = ink(size, *_symbols(symbol)), ink(size, *_icons(icon))
    width = cards.dot_width(size)
    arrowheads = ink(
        size,
        *[
            lambda d, s, way=way: d.polygon(
                cards.dot_points(way, s, width, table_cards.COMPACT_DOT), fill=(0, 0, 0, 255)
            )
            for way in cards.DIRECTION_VECTORS
        ],
    )
    assert shared(symbols, activities) == 0
    assert shared(symbols, arrowheads) == shared(activities, arrowheads) == 0


@pytest.mark.parametrize("cell", range(table_cards.LEAST_CARD + 2 * INSET, 134))
def test_a_penguins_marks_keep_clear_of_each_other_and_of_its_stone(cell: int) -> None:
    """On every cell from the smallest to a 5 × 5 table's: the family symbol and the activity
    icon's white disc do not meet, and the stone in the top right corner (render.table_marks)
    ends above the activity icon (it may cover the top of the disc's rim)."""
    size = cell - 2 * INSET
    symbol, icon = table_cards.penguin_marks(size)
    x, y, side = icon
    radius = side * table_cards.PENGUIN_DISC / 2

    def disc(d: ImageDraw.ImageDraw, s: float) -> None:
        d.ellipse(((x - radius) * s, (y - radius) * s, (x + radius) * s, (y + radius) * s), "#000")

    assert shared(ink(size, *_symbols(symbol)), ink(size, disc)) == 0
    stone_bottom = 1 + table_marks.stone_side(cell) - INSET  # in the card's pixels
    assert (y - side / 2) * size >= stone_bottom
