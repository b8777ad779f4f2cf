"""The Penguin Ultimatum: the party table (iceberg + panel) and a player's hand.

The iceberg is a grid of square cells on open water, its edge drawn as the ice's border, with
column letters and row numbers on the axes (U-4). The water, the ice and the faint names of all
cells are one cached background; card faces are cached per card and size (render.cards), so a
picture only pastes cards, stones and highlights and draws the panel.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.ultimatum.table import cell_name, parse_cell
from render import cards, png, sprites, text
from render import labels as labels_table
from render.common import arrow, canvas, seat_names, view_kind
from render.style import (
    HIGHLIGHT,
    ICE,
    ICE_EDGE,
    INK,
    PANEL,
    PANEL_ROW,
    SEA,
    SEAT_COLOURS,
    TEXT,
    TEXT_DIM,
    Colour,
    mix,
)
from render.ultimatum_panel import PANEL_WIDTH, draw_panel, panel_height

WIDTH = PANEL_WIDTH
AXIS = 28
MARGIN = 12
GRID = WIDTH - AXIS - 2 * MARGIN
MAX_CELL = 110
INSET = 2  # ice showing between neighbouring cards
CELL_NAME: Colour = mix(ICE, ICE_EDGE, 0.9)
SHOWN: Colour = (255, 128, 32)  # a show that just took place
PENDING: Colour = (236, 72, 200)  # a show still to be performed
NEW_ENTERTAINER: Colour = (64, 220, 255)


def cell_size(width: int, height: int) -> int:
    """Side of one cell in pixels for an iceberg of width × height cells."""
    return min(MAX_CELL, GRID // max(width, height))


def grid_origin(width: int, height: int) -> tuple[int, int]:
    """Top-left pixel of cell A1 (the grid is centred horizontally)."""
    cell = cell_size(width, height)
    return AXIS + MARGIN + (GRID - width * cell) // 2, AXIS + MARGIN


def iceberg_height(width: int, height: int) -> int:
    """Height of the table part of the picture (above the panel)."""
    return AXIS + 2 * MARGIN + height * cell_size(width, height)


def size(view: Mapping[str, Any]) -> tuple[int, int]:
    """Width and height of the table picture for a view."""
    return WIDTH, iceberg_height(view["width"], view["height"]) + panel_height(view["players"])


def cell_box(name: str, width: int, height: int) -> tuple[int, int, int, int]:
    """Pixel box (left, top, right, bottom) of a cell on the table picture."""
    col, row = parse_cell(name)
    cell = cell_size(width, height)
    x0, y0 = grid_origin(width, height)
    left, top = x0 + col * cell, y0 + row * cell
    return left, top, left + cell, top + cell


@cache
def _iceberg(width: int, height: int) -> Image.Image:
    """Water, the iceberg with its edge, the axes and every cell's name, faintly."""
    cell = cell_size(width, height)
    x0, y0 = grid_origin(width, height)
    image, draw = canvas(WIDTH, iceberg_height(width, height), SEA)
    x1, y1 = x0 + width * cell, y0 + height * cell
    draw.rectangle((x0 - 6, y0 - 6, x1 + 5, y1 + 5), fill=ICE_EDGE)
    draw.rectangle((x0 - 3, y0 - 3, x1 + 2, y1 + 2), fill=(255, 255, 255))
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=ICE)
    for i in range(1, width):
        draw.line([(x0 + i * cell, y0), (x0 + i * cell, y1 - 1)], fill=ICE_EDGE, width=1)
    for i in range(1, height):
        draw.line([(x0, y0 + i * cell), (x1 - 1, y0 + i * cell)], fill=ICE_EDGE, width=1)
    axis = text.font(min(18, max(12, cell // 3)), True)
    small = text.font(max(10, round(cell * 0.24)), True)
    for col in range(width):
        x = x0 + col * cell + cell / 2
        draw.text((x, y0 - 8), cell_name(col, 0)[0], font=axis, fill=TEXT, anchor="md")
    for row in range(height):
        y = y0 + row * cell + cell / 2
        draw.text((x0 - 10, y), str(row + 1), font=axis, fill=TEXT, anchor="rm")
        for col in range(width):
            x = x0 + col * cell + cell / 2
            draw.text((x, y), cell_name(col, row), font=small, fill=CELL_NAME, anchor="mm")
    return image


@cache
def _star(size: int) -> Image.Image:
    """A gold star marking an entertainer's show."""

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        points = []
        for i in range(10):
            r = w * (0.48 if i % 2 == 0 else 0.2)
            angle = math.radians(-90 + 36 * i)
            points.append((w / 2 + r * math.cos(angle), h * 0.53 + r * math.sin(angle)))
        draw.polygon(points, fill=(255, 200, 30), outline=INK, width=round(w * 0.06))

    return sprites.supersampled(size, size, paint)


def _ring(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: Colour) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle((x0 - 1, y0 - 1, x1, y1), outline=INK, width=7)
    draw.rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), outline=colour, width=4)


def _draw_table(image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    width, height = view["width"], view["height"]
    cell = cell_size(width, height)
    face_size = cell - 2 * INSET
    for name, card in view["table"].items():
        x0, y0, _, _ = cell_box(name, width, height)
        face = cards.face(card, face_size)
        image.paste(face, (x0 + INSET, y0 + INSET), face)
    last = view.get("last") or {}
    star = _star(round(cell * 0.42))
    for name in view.get("pending_shows", []):
        _ring(draw, cell_box(name, width, height), PENDING)
    for show in last.get("shows", []):
        _ring(draw, cell_box(show["cell"], width, height), SHOWN)
    for name in last.get("entertainers_laid", []):
        _ring(draw, cell_box(name, width, height), NEW_ENTERTAINER)
    if last.get("cell"):
        _ring(draw, cell_box(last["cell"], width, height), HIGHLIGHT)
    stone_size = round(cell * 0.38)
    for name, seat in view["stones"].items():
        _, y0, x1, _ = cell_box(name, width, height)
        token = sprites.seat_token(seat, stone_size)
        image.paste(token, (x1 - stone_size - 1, y0 + 1), token)
    moved = last.get("stone")
    if moved and moved["from"] != "supply":
        a, b = cell_box(moved["from"], width, height), cell_box(moved["to"], width, height)
        start = ((a[0] + a[2]) / 2, (a[1] + a[3]) / 2)
        end = (b[2] - stone_size / 2, b[1] + stone_size * 1.1)
        arrow(draw, [start, end], SEAT_COLOURS[last["seat"]], max(3, cell // 14), cell * 0.22)
    for name in [*view.get("pending_shows", []), *(s["cell"] for s in last.get("shows", []))]:
        x0, y0, _, _ = cell_box(name, width, height)
        image.paste(star, (x0 - star.width // 4, y0 - star.height // 4), star)


def render_table(
    view: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str] | None = None
) -> Image.Image:
    """The party table picture as a Pillow image (``table`` encodes it)."""
    view_kind(view, "ultimatum")
    words = labels_table.merged(labels)
    shown = seat_names(names, view["players"], words)
    width, height = size(view)
    image, draw = canvas(width, height, PANEL)
    image.paste(_iceberg(view["width"], view["height"]), (0, 0))
    _draw_table(image, draw, view)
    draw_panel(image, draw, iceberg_height(view["width"], view["height"]), view, shown, words)
    return image


def table(
    view: Mapping[str, Any], *, names: Sequence[str], labels: Mapping[str, str] | None = None
) -> bytes:
    """PNG of the party table: iceberg, cards, stones, highlights, scores and decks."""
    return png.encode(render_table(view, names, labels))


HAND_WIDTH = 792
HAND_CARD = 140
HAND_WON = 92
HAND_PAD = 16
HAND_TITLE = 56


def _won_rows(count: int) -> int:
    per_row = (HAND_WIDTH - 2 * HAND_PAD + 10) // (HAND_WON + 10)
    return max(1, -(-count // per_row))


def hand_size(view: Mapping[str, Any]) -> tuple[int, int]:
    """Width and height of the hand picture for the viewer's view."""
    won = view["won"][view["viewer"]]
    rows = _won_rows(len(won))
    return HAND_WIDTH, HAND_TITLE + HAND_CARD + 2 * HAND_PAD + 34 + rows * (HAND_WON + 10) + 6


def render_hand(
    view: Mapping[str, Any], name: str, labels: Mapping[str, str] | None = None
) -> Image.Image:
    """The hand picture as a Pillow image (``hand`` encodes it)."""
    view_kind(view, "ultimatum")
    seat = view.get("viewer")
    if seat is None or view.get("hand") is None:
        raise ValueError("a hand picture needs the player's own view (view(seat), not a spectator)")
    words = labels_table.merged(labels)
    shown = text.clean(name, words["player"].format(n=seat + 1))
    width, height = hand_size(view)
    image, draw = canvas(width, height, PANEL)
    token = sprites.seat_token(seat, 34)
    image.paste(token, (HAND_PAD, HAND_TITLE // 2 - 17), token)
    title_face, room = text.font(26, True), width - 2 * HAND_PAD - 46
    title = text.named(words["hand_title"], shown, title_face, room)
    text.label(
        draw, (HAND_PAD + 46, HAND_TITLE / 2), title, title_face, TEXT, anchor="lm", width=room
    )
    y = HAND_TITLE
    draw.rounded_rectangle(
        (HAND_PAD // 2, y - 4, width - HAND_PAD // 2, y + HAND_CARD + 4 + 30),
        radius=12,
        fill=PANEL_ROW,
    )
    for i, card in enumerate(view["hand"]):
        face = cards.penguin(card, HAND_CARD)
        image.paste(face, (HAND_PAD + i * (HAND_CARD + 10), y + 4), face)
    ax = width - HAND_PAD - HAND_CARD
    activity = cards.activity(view["activities"][seat], HAND_CARD)
    image.paste(activity, (ax, y + 4), activity)
    small = text.font(18)
    text.label(
        draw,
        (ax + HAND_CARD / 2, y + HAND_CARD + 20),
        words["activity"],
        small,
        TEXT_DIM,
        anchor="mm",
        width=HAND_CARD + 20,
    )
    text.label(
        draw,
        (HAND_PAD + 2 * HAND_CARD + 15, y + HAND_CARD + 20),
        words["hand"],
        small,
        TEXT_DIM,
        anchor="mm",
    )
    y += HAND_CARD + 2 * HAND_PAD + 20
    won = view["won"][seat]
    text.label(draw, (HAND_PAD, y + 12), words["won"], text.font(20, True), TEXT, anchor="lm")
    y += 30
    if not won:
        text.label(draw, (HAND_PAD, y + 20), words["no_cards"], small, TEXT_DIM, anchor="lm")
    per_row = (HAND_WIDTH - 2 * HAND_PAD + 10) // (HAND_WON + 10)
    for i, card in enumerate(won):
        face = cards.entertainer(card, HAND_WON)
        col, row = i % per_row, i // per_row
        image.paste(face, (HAND_PAD + col * (HAND_WON + 10), y + row * (HAND_WON + 10)), face)
    return image


def hand(view: Mapping[str, Any], *, name: str, labels: Mapping[str, str] | None = None) -> bytes:
    """PNG of a player's hand, activity card and won entertainers (for an ephemeral reply)."""
    return png.encode(render_hand(view, name, labels))
