"""Which part of the iceberg the party table picture shows, and where each cell lies on it.

Discord shows the picture about 400 pixels wide on a phone whatever its width, so every column
drawn costs every mark on the table some of its size. The picture shows the cells in use (cards
and the cells a player may choose) with a ring of one cell around them, where the next penguin
may go (U-11: beside an entertainer), and never fewer than MIN_SPAN cells a side: early in a
game the three starting entertainers fill the picture rather than a corner of an empty 9 × 9
grid. The part shown only grows, as cards are only ever added to the table.

A cell is never smaller than LEAST_CELL, the smallest whose card shows each of its marks at
least 12 pixels tall on a phone (render.table_cards). A part in use wider than that allows is
drawn as two bands, one above the other (say columns A–H above and I–O below), each under its
own row of column letters and beside its own row numbers, with the rows its own columns use:
the picture grows taller, never smaller.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.games.ultimatum.table import parse_cell
from render.table_cards import LEAST_CARD
from render.ultimatum_metrics import PANEL_WIDTH

WIDTH = PANEL_WIDTH
AXIS_LEFT = 34  # the row numbers, two digits wide at the axis font's size
AXIS_TOP = 30  # the column letters
MARGIN = 10
GRID = WIDTH - AXIS_LEFT - 2 * MARGIN
INSET = 2  # ice showing between neighbouring cards
LEAST_CELL = LEAST_CARD + 2 * INSET
RING = 1  # cells shown around the ones in use
MIN_SPAN = 5  # the fewest cells shown a side (an iceberg is at least 5 × 5, U-4)
#: The tallest picture of the iceberg, as a share of the grid's width: a part in use that is
#: tall and narrow is shown in smaller cells rather than as a picture a phone must scroll, as
#: long as they are not smaller than LEAST_CELL.
TALLEST = 1.25

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Band:
    """One band of the picture: ``cols`` × ``rows`` cells from column ``left`` and row ``top``
    (0-based), its first cell's top-left pixel at ``origin``."""

    left: int
    cols: int
    top: int
    rows: int
    origin: tuple[int, int]


Span = tuple[int, int, int, int]  # a band's first column, columns, first row and rows


@dataclass(frozen=True)
class Frame:
    """The part of a ``width`` × ``height`` iceberg drawn, in cells ``cell`` pixels a side:
    ``spans`` lists each band's columns and rows, top to bottom (one band unless the part in
    use is too wide for one)."""

    width: int
    height: int
    spans: tuple[Span, ...]
    cell: int

    @property
    def bands(self) -> tuple[Band, ...]:
        """The bands drawn, top to bottom, where they lie on the picture."""
        return _bands(self)

    @property
    def cols(self) -> int:
        """The most columns a band shows."""
        return max(cols for _, cols, _, _ in self.spans)

    @property
    def origin(self) -> tuple[int, int]:
        """Top-left pixel of the first cell shown."""
        return self.bands[0].origin

    @property
    def picture_height(self) -> int:
        """Height of the iceberg's part of the picture (above the panel)."""
        last = self.bands[-1]
        return last.origin[1] + last.rows * self.cell + MARGIN

    def shows(self, name: str) -> bool:
        """Whether the cell ``name`` is in the part drawn."""
        return self.band_of(name) is not None

    def band_of(self, name: str) -> Band | None:
        """The band the cell ``name`` is drawn in, if any."""
        col, row = parse_cell(name)
        for band in self.bands:
            if band.left <= col < band.left + band.cols and band.top <= row < band.top + band.rows:
                return band
        return None

    def box(self, name: str) -> Box:
        """Pixel box (left, top, right, bottom) of a cell on the picture."""
        return _box(self, name)

    def open_sides(self, band: Band) -> tuple[bool, bool, bool, bool]:
        """Whether the iceberg goes on past ``band``: left, top, right, bottom (the bands of a
        split part go on into each other)."""
        return (
            band.left > 0,
            band.top > 0,
            band.left + band.cols < self.width,
            band.top + band.rows < self.height,
        )


@lru_cache(maxsize=256)
def _bands(frame: Frame) -> tuple[Band, ...]:
    x = AXIS_LEFT + MARGIN + (GRID - frame.cols * frame.cell) // 2
    bands, y = [], AXIS_TOP + MARGIN
    for left, cols, top, rows in frame.spans:
        bands.append(Band(left, cols, top, rows, (x, y)))
        y += rows * frame.cell + AXIS_TOP + MARGIN
    return tuple(bands)


@lru_cache(maxsize=8192)
def _box(frame: Frame, name: str) -> Box:
    col, row = parse_cell(name)
    band = frame.band_of(name)
    if band is None:  # off the part drawn: where it would lie beside the first band
        band = frame.bands[0]
    x0, y0 = band.origin
    left, top = x0 + (col - band.left) * frame.cell, y0 + (row - band.top) * frame.cell
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
    used = [parse_cell(name) for name in cells]
    if whole or not used:
        used = [(0, 0), (width - 1, height - 1)]
    left, cols = (0, width) if whole else _span_of([c for c, _ in used], width)
    top, rows = (0, height) if whole else _span_of([r for _, r in used], height)
    if GRID // cols >= LEAST_CELL:
        return _one_band(width, height, left, top, cols, rows)
    # Too wide for one band: the left columns above the right ones, each band with the rows
    # its own columns use, cut where the two bands need the fewest rows (the picture is then
    # shortest), and as evenly as that allows (the wider band above).

    def band(start: int, count: int) -> Span:
        band_rows = [r for c, r in used if start <= c < start + count]
        if whole or not band_rows:
            return start, count, top, rows
        return (start, count, *_span_of(band_rows, height))

    most = GRID // LEAST_CELL
    cuts = [(band(left, n), band(left + n, cols - n)) for n in range(cols - most, most + 1)]
    spans = min(cuts, key=lambda cut: (cut[0][3] + cut[1][3], abs(2 * cut[0][1] - cols - 1)))
    total, widest = spans[0][3] + spans[1][3], max(spans[0][1], spans[1][1])
    cell = min(GRID // widest, max(LEAST_CELL, round(GRID * TALLEST) // total))
    return Frame(width, height, spans, cell)


def _span_of(indices: list[int], size: int) -> tuple[int, int]:
    return _span(min(indices), max(indices), MIN_SPAN, size)


def _one_band(width: int, height: int, left: int, top: int, cols: int, rows: int) -> Frame:
    cell = min(GRID // cols, max(LEAST_CELL, round(GRID * TALLEST) // rows))
    # Cells limited by the height leave room across: show more of the iceberg there.
    wider = min(width, GRID // cell)
    if wider > cols:
        extra = wider - cols
        left = max(0, min(width - wider, left - extra // 2))
        cols = wider
    return Frame(width, height, ((left, cols, top, rows),), cell)


def view_frame(view: Mapping[str, Any], marks: Iterable[str] = ()) -> Frame:
    """The part of the iceberg a table picture of ``view`` shows (``marks``: cells tagged as
    a player's choices, shown too)."""
    return frame_for(view["width"], view["height"], [*view["table"], *marks])
