"""The profile picture: a player's rating per game kind with a small chart of its history, their
record, typical results, opponents and streak, readable on a phone.

The caller passes every word already in the reader's language (``ProfileView``); this module only
draws. The chart plots the rating after each rated game, oldest on the left, between its lowest
and highest value (both written beside it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from PIL import Image, ImageDraw

from render import png, text
from render.common import canvas
from render.ratings_layout import MARGIN, SIZES, WIDTH, wrap
from render.style import HIGHLIGHT, PANEL, PANEL_ROW, SEAT_COLOURS, TEXT, TEXT_DIM

HEADER = 92
CHART_W = 250
CHART_H = 96
LINE_H = 28
GAP = 14
CHART_COLOUR = SEAT_COLOURS[3]


class KindPanel(TypedDict):
    """One game kind: its title, rating ("1,512"), note ("provisional" or ""), the history to
    chart (ratings, oldest first) with its lowest and highest value in words, and lines of text
    (record, table sizes, averages)."""

    title: str
    rating: str
    note: str
    history: list[int]
    low: str
    high: str
    lines: list[str]


class ProfileView(TypedDict):
    """A whole profile: the name, a subtitle (scope), one panel per kind played, closing lines
    (streak, opponents) and the text shown when there is nothing yet."""

    name: str
    subtitle: str
    kinds: list[KindPanel]
    lines: list[str]
    empty: str


def _panel_lines(panel: KindPanel, face: text.Font) -> list[str]:
    width = WIDTH - 2 * MARGIN - 24
    return [line for words in panel["lines"] for line in wrap(words, face, width, 2)]


#: Where a panel's rating and chart start, below its title, and where its lines start.
BODY = 50
LINES = BODY + CHART_H + 14


def _panel_height(panel: KindPanel, face: text.Font) -> int:
    return LINES + len(_panel_lines(panel, face)) * LINE_H + 12


def render_image(view: ProfileView) -> Image.Image:
    """The profile as a picture."""
    detail = text.font(SIZES["detail"])
    inner = WIDTH - 2 * MARGIN
    closing = [line for words in view["lines"] for line in wrap(words, detail, inner, 3)]
    if not view["kinds"]:
        closing = [*wrap(view["empty"], detail, inner), *closing]
    panels = sum(_panel_height(p, detail) + GAP for p in view["kinds"])
    height = HEADER + panels + len(closing) * LINE_H + MARGIN
    image, draw = canvas(WIDTH, height, PANEL)
    text.label(draw, (MARGIN, 16), view["name"], text.font(SIZES["title"], True), TEXT, width=inner)
    text.label(draw, (MARGIN, 58), view["subtitle"], detail, TEXT_DIM, width=inner)
    y = HEADER
    for panel in view["kinds"]:
        y = _panel(draw, y, panel, detail) + GAP
    for line in closing:
        text.label(draw, (MARGIN, y), line, detail, TEXT, width=inner)
        y += LINE_H
    return image


def _panel(draw: ImageDraw.ImageDraw, top: int, panel: KindPanel, detail: text.Font) -> int:
    bottom = top + _panel_height(panel, detail)
    draw.rounded_rectangle((MARGIN / 2, top, WIDTH - MARGIN / 2, bottom), 12, fill=PANEL_ROW)
    left = MARGIN + 4
    inner = WIDTH - 2 * MARGIN - 24
    chart_left = WIDTH - MARGIN - CHART_W
    words_w = chart_left - left - 12
    title = text.font(SIZES["name"], True)
    text.label(draw, (left, top + 12), panel["title"], title, TEXT, width=inner)
    big = text.font(SIZES["rating"] + 10, True)
    text.label(draw, (left, top + BODY + 6), panel["rating"], big, TEXT, width=words_w)
    if panel["note"]:
        note = text.font(SIZES["note"])
        text.label(draw, (left, top + BODY + 56), panel["note"], note, HIGHLIGHT, width=words_w)
    box = (chart_left, top + BODY, chart_left + CHART_W, top + BODY + CHART_H)
    chart(draw, box, panel["history"], panel["low"], panel["high"])
    y = top + LINES
    for line in _panel_lines(panel, detail):
        text.label(draw, (left, y), line, detail, TEXT, width=inner)
        y += LINE_H
    return bottom


def chart(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    history: Sequence[int],
    low_text: str,
    high_text: str,
) -> None:
    """The rating history as a line in ``box``, its lowest and highest values (in words) at the
    left."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 8, fill=PANEL)
    if not history:
        return
    face = text.font(SIZES["note"])
    low, high = min(history), max(history)
    labels_w = max(face.getlength(low_text), face.getlength(high_text)) + 10
    text.label(draw, (x0 + 6, y0 + 4), high_text, face, TEXT_DIM)
    text.label(draw, (x0 + 6, y1 - 4), low_text, face, TEXT_DIM, anchor="ld")
    left, right, top, bottom = x0 + labels_w + 6, x1 - 10, y0 + 12, y1 - 12
    span = max(high - low, 1)
    steps = max(len(history) - 1, 1)
    points = [
        (left + (right - left) * i / steps, bottom - (bottom - top) * (value - low) / span)
        for i, value in enumerate(history)
    ]
    if len(points) > 1:
        draw.line(points, fill=CHART_COLOUR, width=4, joint="curve")
    x, y = points[-1]
    draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=CHART_COLOUR, outline=TEXT, width=2)


def profile(view: ProfileView) -> bytes:
    """PNG bytes of the profile (the same view always gives the same bytes)."""
    return png.encode(render_image(view))
