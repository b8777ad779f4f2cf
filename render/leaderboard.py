"""The leaderboard picture: one page of a board, ten rows, readable on a phone.

The caller passes every word already in the reader's language (``BoardView``); this module only
draws. Positions 1 to 3 sit on gold, silver and bronze; a provisional rating carries its note
under the number; an anonymous row (a person not named on the global board) is drawn dimmed.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from PIL import Image, ImageDraw

from render import png, text
from render.common import RANK_COLOURS, canvas
from render.ratings_layout import MARGIN, SIZES, WIDTH
from render.style import HIGHLIGHT, INK, PANEL, PANEL_ACTIVE, PANEL_ROW, TEXT, TEXT_DIM

HEADER = 96
ROW_H = 72
ROW_GAP = 6
FOOTER = 52
BADGE = 48
RATING_W = 150


class BoardRow(TypedDict):
    """One row, in words: position ("1"), name, rating ("1,512"), a note under the rating
    ("provisional" or ""), a detail line ("12 games · 58 % won"); medal 1–3 or 0."""

    position: str
    name: str
    rating: str
    note: str
    detail: str
    medal: int
    anonymous: bool
    highlight: NotRequired[bool]


class BoardView(TypedDict):
    """A page of a board: title, subtitle (scope and season), footer (page n of m), rows, and
    the text shown when there are no rows."""

    title: str
    subtitle: str
    footer: str
    empty: str
    rows: list[BoardRow]


def height(rows: int) -> int:
    """The picture's height for ``rows`` rows (an empty board keeps room for one line)."""
    return HEADER + max(rows, 1) * (ROW_H + ROW_GAP) + FOOTER


def render_image(view: BoardView) -> Image.Image:
    """The board page as a picture."""
    rows = view["rows"]
    image, draw = canvas(WIDTH, height(len(rows)), PANEL)
    inner = WIDTH - 2 * MARGIN
    title, sub = text.font(SIZES["title"], True), text.font(SIZES["subtitle"])
    text.label(draw, (MARGIN, 18), view["title"], title, TEXT, width=inner)
    text.label(draw, (MARGIN, 60), view["subtitle"], sub, TEXT_DIM, width=inner)
    if not rows:
        y = HEADER + ROW_H // 2
        text.label(draw, (WIDTH / 2, y), view["empty"], sub, TEXT, anchor="mm", width=inner)
    for index, row in enumerate(rows):
        _row(draw, HEADER + index * (ROW_H + ROW_GAP), row)
    footer_y = image.height - FOOTER // 2
    text.label(draw, (WIDTH / 2, footer_y), view["footer"], sub, TEXT_DIM, anchor="mm", width=inner)
    return image


def _row(draw: ImageDraw.ImageDraw, top: int, row: BoardRow) -> None:
    fill = PANEL_ACTIVE if row.get("highlight") else PANEL_ROW
    draw.rounded_rectangle((MARGIN / 2, top, WIDTH - MARGIN / 2, top + ROW_H), 10, fill=fill)
    middle = top + ROW_H / 2
    cx = MARGIN + BADGE / 2
    medal = row["medal"]
    badge = RANK_COLOURS[medal - 1] if 1 <= medal <= 3 else PANEL
    draw.ellipse((cx - BADGE / 2, middle - BADGE / 2, cx + BADGE / 2, middle + BADGE / 2), badge)
    number = text.font(SIZES["detail"] + (4 if len(row["position"]) < 3 else 0), True)
    ink = INK if 1 <= medal <= 3 else TEXT
    text.label(draw, (cx, middle), row["position"], number, ink, anchor="mm", width=BADGE - 6)
    left = MARGIN + BADGE + 14
    name_w = WIDTH - MARGIN - RATING_W - left
    name_colour = TEXT_DIM if row["anonymous"] else TEXT
    name, detail = text.font(SIZES["name"], True), text.font(SIZES["detail"])
    text.label(draw, (left, top + 8), row["name"], name, name_colour, width=name_w)
    # dimmed text is too faint on the lit row (one's own): it is drawn full there
    detail_colour = TEXT if row.get("highlight") else TEXT_DIM
    text.label(draw, (left, top + 42), row["detail"], detail, detail_colour, width=name_w)
    right = WIDTH - MARGIN
    rating = text.font(SIZES["rating"], True)
    if row["note"]:
        text.label(draw, (right, top + 6), row["rating"], rating, TEXT, anchor="ra")
        note = text.font(SIZES["note"])
        text.label(
            draw, (right, top + 44), row["note"], note, HIGHLIGHT, anchor="ra", width=RATING_W
        )
    else:
        text.label(draw, (right, middle), row["rating"], rating, TEXT, anchor="rm")


def leaderboard(view: BoardView) -> bytes:
    """PNG bytes of the board page (the same view always gives the same bytes)."""
    return png.encode(render_image(view))
