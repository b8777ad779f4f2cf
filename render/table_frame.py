"""Which part of the iceberg the party table picture shows, and where each cell lies on it.

Discord shows the picture about 400 pixels wide on a phone whatever its width, so every column
drawn costs every mark on the table some of its size. The picture shows the cells in use (cards
and the cells a player may choose) with a ring of one cell around them, where the next penguin
may go (U-11: beside an entertainer), and never fewer than MIN_SPAN cells a side: early in a
game the three starting entertainers fill the picture rather than a corner of an empty 9 × 9
grid. The part shown only grows, as cards are only ever added to the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.games.ultimatum.table import parse_cell
from render.ultimatum_metrics import PANEL_WIDTH

WIDTH = PANEL_WIDTH
AXIS_LEFT = 34  # the row numbers, two digits wide at the axis font's size
AXIS_TOP = 30  # the column letters
MARGIN = 10
GRID = WIDTH - AXIS_LEFT - 2 * MARGIN
RING = 1  # cells shown around the ones in use
MIN_SPAN = 5  # the fewest cells shown a side (an iceberg is at least 5 × 5, U-4)
#: The tallest picture of the iceberg, as a share of the grid's width: a part in use that is
#: tall and narrow is shown in smaller cells rather than as a picture a phone must scroll.
TALLEST = 1.25

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Frame:
    """The part of a ``width`` × ``height`` iceberg drawn: ``cols`` × ``rows`` cells from
    column ``left`` and row ``top`` (0-based), each ``cell`` pixels a side."""

    width: int
    height: int
    left: int
    top: int
    cols: int
    rows: int
    cell: int

    @property
    def origin(self) -> tuple[int, int]:
        """Top-left pixel of the first cell shown (the grid is centred horizontally)."""
        return AXIS_LEFT + MARGIN + (GRID - self.cols * self.cell) // 2, AXIS_TOP + MARGIN

    @property
    def picture_height(self) -> int:
        """Height of the iceberg's part of the picture (above the panel)."""
        return AXIS_TOP + 2 * MARGIN + self.rows * self.cell

    def shows(self, name: str) -> bool:
        """Whether the cell ``name`` is in the part drawn."""
        col, row = parse_cell(name)
        return self.left <= col < self.left + self.cols and self.top <= row < self.top + self.rows

    def box(self, name: str) -> Box:
        """Pixel box (left, top, right, bottom) of a cell on the picture."""
        return _box(self, name)

    def open_sides(self) -> tuple[bool, bool, bool, bool]:
        """Whether the iceberg goes on past the part drawn: left, top, right, bottom."""
        return (
            self.left > 0,
            self.top > 0,
            self.left + self.cols < self.width,
            self.top + self.rows < self.height,
        )


@lru_cache(maxsize=8192)
def _box(frame: Frame, name: str) -> Box:
    col, row = parse_cell(name)
    x0, y0 = frame.origin
    left, top = x0 + (col - frame.left) * frame.cell, y0 + (row - frame.top) * frame.cell
    return left, top, left + frame.cell, top + frame.cell


def _span(low: int, high: int, least: int, size: int) -> tuple[int, int]:
    """First index and count of a run covering ``low``..``high`` with RING around, at least
    ``least`` long (grown evenly on both sides), within 0..size."""
    low, high = max(0, low - RING), min(size - 1, high + RING)
    count = min(size, max(least, high - low + 1))
    extra = count - (high - low + 1)
    start = max(0, min(size - count, low - extra // 2))
    return start, count


def frame_for(width: int, height: int, cells: Iterable[str] = (), *, whole: bool = False) -> Frame:
    """The part of the iceberg to draw around ``cells`` (the cells in use); ``whole``: all of
    it, as an animated replay does so that its frames line up."""
    cols = [parse_cell(name) for name in cells]
    if whole or not cols:
        return _frame(width, height, 0, 0, width, height)
    xs, ys = [c for c, _ in cols], [r for _, r in cols]
    left, count_x = _span(min(xs), max(xs), MIN_SPAN, width)
    top, count_y = _span(min(ys), max(ys), MIN_SPAN, height)
    return _frame(width, height, left, top, count_x, count_y)


def _frame(width: int, height: int, left: int, top: int, cols: int, rows: int) -> Frame:
    cell = min(GRID // cols, round(GRID * TALLEST) // rows)
    # Cells limited by the height leave room across: show more of the iceberg there.
    wider = min(width, GRID // cell)
    if wider > cols:
        extra = wider - cols
        left = max(0, min(width - wider, left - extra // 2))
        cols = wider
    return Frame(width, height, left, top, cols, rows, cell)


def view_frame(view: Mapping[str, Any], marks: Iterable[str] = ()) -> Frame:
    """The part of the iceberg a table picture of ``view`` shows (``marks``: cells tagged as
    a player's choices, shown too)."""
    return frame_for(view["width"], view["height"], [*view["table"], *marks])
