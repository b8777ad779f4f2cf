"""The Penguin Ultimatum: the party table (iceberg + panel) and a player's hand.

The iceberg is a grid of square cells on open water, its edge drawn as the ice's border, with
column letters and row numbers on the axes (U-4). The water, the ice and the names of all cells
(the names players type) are one cached background; card faces are cached per card and size
(render.cards), so a picture only pastes cards, stones, the stone's arrow and highlights and draws
the panel. Each empty cell a face-up entertainer still waits for (U-15) carries a mark on its
side facing that entertainer, with the number of cells it still misses; a mark of one missing
stands out (dark, larger): one more card there starts a show.

The pictures are stored as palette PNGs (render.png) with a palette per kind of picture, fitted
once per process to a few sample games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ENTERTAINERS, OPPOSITE, dots
from bot.games.ultimatum.table import STEPS, cell_name, parse_cell
from render import cards, palette, png, sprites, text
from render import labels as labels_table
from render.common import RANK_COLOURS, arrow, canvas, seat_names, view_kind
from render.marks import draw_marks
from render.style import (
    COLOURS,
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
)
from render.ultimatum_panel import PANEL_WIDTH, draw_panel, panel_height, px

Box = png.Box

WIDTH = PANEL_WIDTH
AXIS = px(28)
MARGIN = px(12)
GRID = WIDTH - AXIS - 2 * MARGIN
MAX_CELL = px(110)
INSET = px(2)  # ice showing between neighbouring cards
CELL_NAME: Colour = (96, 132, 160)  # 3.5:1 on the ice: players type these names
SHOWN: Colour = (255, 128, 32)  # a show that just took place
PENDING: Colour = (236, 72, 200)  # a show still to be performed
NEW_ENTERTAINER: Colour = (64, 220, 255)
STAR: Colour = (255, 200, 30)  # marks a show's cell
#: Waiting marks (U-15), as fractions of the cell side: the disc's radius (larger when one card
#: is missing) and how far in from the cell's edge its centre sits.
MARK_RADIUS = 0.17
MARK_READY = 0.185
MARK_OFFSET = 0.14
#: Every flat colour of the table picture: an animated replay keeps these exact, so a highlight
#: or a seat's colour seen in only a few frames is never swapped for a look-alike.
FLAT_COLOURS: tuple[Colour, ...] = (
    *COLOURS,
    *RANK_COLOURS,
    CELL_NAME,
    SHOWN,
    PENDING,
    NEW_ENTERTAINER,
    STAR,
    *cards.COLOURS,
)
ARROW_OPACITY = 215  # of 255: the cards under a stone's arrow still show through
ARROW_SS = 2
ARROW_STRIP = 24  # rows blended at a time (see _lay)


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


def tag_size(width: int, height: int) -> int:
    """Height of the tag naming a cell the mover may choose (render.marks): two fifths of a cell,
    rounded rather than cut, as a pixel less leaves a 9 × 9 table's names short on a phone."""
    return round(cell_size(width, height) * 0.4)


@lru_cache(maxsize=4096)
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
    edge, rim = px(6), px(3)
    draw.rectangle((x0 - edge, y0 - edge, x1 + edge - 1, y1 + edge - 1), fill=ICE_EDGE)
    draw.rectangle((x0 - rim, y0 - rim, x1 + rim - 1, y1 + rim - 1), fill=cards.WHITE)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=ICE)
    for i in range(1, width):
        draw.line([(x0 + i * cell, y0), (x0 + i * cell, y1 - 1)], fill=ICE_EDGE, width=1)
    for i in range(1, height):
        draw.line([(x0, y0 + i * cell), (x1 - 1, y0 + i * cell)], fill=ICE_EDGE, width=1)
    axis = text.font(min(px(18), max(px(12), cell // 3)), True)
    # The names players type keep 12 pixels on the largest iceberg (8 of them capital height).
    small = text.font(max(12, round(cell * 0.25)), True)
    for col in range(width):
        x = x0 + col * cell + cell / 2
        draw.text((x, y0 - px(8)), cell_name(col, 0)[0], font=axis, fill=TEXT, anchor="md")
    for row in range(height):
        y = y0 + row * cell + cell / 2
        draw.text((x0 - px(10), y), str(row + 1), font=axis, fill=TEXT, anchor="rm")
        for col in range(width):
            x = x0 + col * cell + cell / 2
            draw.text((x, y), cell_name(col, row), font=small, fill=CELL_NAME, anchor="mm")
    return image


@cache
def _blank_table(width: int, height: int, picture_height: int) -> Image.Image:
    """The whole picture before anything of a game is drawn: the iceberg over the panel's
    ground (copied, it is one pass over the pixels instead of a fill and a paste)."""
    image, _ = canvas(WIDTH, picture_height, PANEL)
    image.paste(_iceberg(width, height), (0, 0))
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
        draw.polygon(points, fill=STAR, outline=INK, width=round(w * 0.06))

    return sprites.supersampled(size, size, paint)


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


def mark_centre(cell: str, towards: str, width: int, height: int) -> tuple[float, float]:
    """Centre of the waiting mark drawn in ``cell`` on its side ``towards`` the entertainer."""
    x0, y0, x1, y1 = cell_box(cell, width, height)
    dx, dy = STEPS[towards]
    reach = 0.5 - MARK_OFFSET
    return (x0 + x1) / 2 + dx * reach * (x1 - x0), (y0 + y1) / 2 + dy * reach * (y1 - y0)


@cache
def _mark(cell: int, count: int) -> Image.Image:
    """A waiting mark: a yellow disc with a dark rim and the number of cells its entertainer
    still misses. With one missing it is larger and dark, with a yellow number and rim: one more
    card here starts a show."""
    ready = count == 1
    side = round(cell * (MARK_READY if ready else MARK_RADIUS) * 2) + 2

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        c, r = w / 2, w / 2 - w / side
        rim = max(2.0, w * 0.07)
        back, front = (INK, cards.DOT) if ready else (cards.DOT, INK)
        draw.ellipse((c - r, c - r, c + r, c + r), fill=INK)
        inner = r - rim
        if ready:  # a yellow ring inside the dark rim
            draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=cards.DOT)
            inner -= rim * 0.8
        draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=back)
        face = text.font(max(8, round(w * (0.62 if ready else 0.66))), True)
        draw.text((c, c + w * 0.02), str(count), font=face, fill=front, anchor="mm")

    return sprites.supersampled(side, side, paint)


def _draw_waiting(image: Image.Image, view: Mapping[str, Any], drawn: list[Box]) -> None:
    """Mark each empty cell a face-up entertainer still waits for, on the side facing it."""
    width, height = view["width"], view["height"]
    cell = cell_size(width, height)
    for name, waits in sorted(waiting_cells(view).items()):
        for towards, count in waits:
            mark = _mark(cell, count)
            x, y = mark_centre(name, towards, width, height)
            _overlay(image, mark, (round(x - mark.width / 2), round(y - mark.height / 2)), drawn)


def _overlay(
    image: Image.Image, sprite: Image.Image, at: tuple[int, int], drawn: list[Box]
) -> None:
    """Paste a see-through ``sprite`` at ``at`` and note its box in ``drawn``."""
    image.paste(sprite, at, sprite)
    drawn.append((at[0], at[1], at[0] + sprite.width, at[1] + sprite.height))


def _ring(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, drawn: list[Box]) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle((x0 - 1, y0 - 1, x1, y1), outline=INK, width=px(7))
    draw.rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), outline=colour, width=px(4))
    drawn.append((x0 - 1, y0 - 1, x1 + 1, y1 + 1))


def stone_corner(name: str, width: int, height: int) -> tuple[int, int]:
    """Top-left pixel of the stone drawn on a cell (in the card's top right corner)."""
    _, y0, x1, _ = cell_box(name, width, height)
    return x1 - round(cell_size(width, height) * 0.38) - 1, y0 + 1


def stone_centre(name: str, width: int, height: int) -> tuple[float, float]:
    """Centre of the stone drawn on a cell."""
    x, y = stone_corner(name, width, height)
    half = round(cell_size(width, height) * 0.38) / 2
    return x + half, y + half


def _stone_arrow(
    image: Image.Image, moved: Mapping[str, str], colour: Colour, width: int, height: int
) -> Box | None:
    """U-14: the stone's move as a slim, see-through arrow from where it stood to just short of
    where it stands now. It lies under the stones, so it never hides one or a card's icon."""
    cell = cell_size(width, height)
    (x0, y0), (x1, y1) = (
        stone_centre(moved["from"], width, height),
        stone_centre(moved["to"], width, height),
    )
    span = math.hypot(x1 - x0, y1 - y0)
    if span == 0:
        return None
    short = cell * 0.38 * 0.5 + max(3, cell * 0.06)  # the stone's radius and a clear gap
    end = (x1 - (x1 - x0) * short / span, y1 - (y1 - y0) * short / span)
    pad = round(cell * 0.16) + 4  # the head's half width, its rim and a pixel of edge
    left, top = math.floor(min(x0, end[0])) - pad, math.floor(min(y0, end[1])) - pad
    right, bottom = math.ceil(max(x0, end[0])) + pad, math.ceil(max(y0, end[1])) + pad
    ss = ARROW_SS
    # Two coverage masks drawn at ARROW_SS times the size and reduced: the whole arrow (rim
    # included) and its coloured inside, both already at ARROW_OPACITY. The rim is the first
    # without the second; each is then laid on the picture in one flat colour. One byte a pixel
    # instead of a four-channel layer makes the long diagonal arrow of a late game (a box of a
    # third of the iceberg) about three times cheaper.
    box = (right - left) * ss, (bottom - top) * ss
    points = [((x - left) * ss, (y - top) * ss) for x, y in ((x0, y0), end)]
    shaft = max(3, round(cell / 20))
    head = cell * 0.26 * ss
    whole, inside = Image.new("L", box, 0), Image.new("L", box, 0)
    opaque, clear = (ARROW_OPACITY,), (0,)
    arrow(ImageDraw.Draw(whole), points, opaque, shaft * ss, head, rim=2 * ss, ink=opaque)
    arrow(ImageDraw.Draw(inside), points, opaque, shaft * ss, head, rim=2 * ss, ink=clear)
    whole, inside = whole.reduce(ss), inside.reduce(ss)
    _lay(image, INK, (left, top), ImageChops.subtract(whole, inside))
    _lay(image, colour, (left, top), inside)
    return left, top, right, bottom


def _lay(image: Image.Image, colour: Colour, at: tuple[int, int], mask: Image.Image) -> None:
    """Blend ``colour`` onto ``image`` through ``mask`` (its corner at ``at``), strip by strip,
    each only as wide as the mask's ink in it: a diagonal arrow covers a tenth of its box, and
    blending a pixel the mask leaves alone still costs as much as one it covers."""
    for top in range(0, mask.height, ARROW_STRIP):
        strip = mask.crop((0, top, mask.width, min(mask.height, top + ARROW_STRIP)))
        inked = strip.getbbox()
        if inked:
            x0, y0, x1, y1 = inked
            box = (at[0] + x0, at[1] + top + y0, at[0] + x1, at[1] + top + y1)
            image.paste(colour, box, strip.crop(inked))


def _draw_table(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any]
) -> list[Box]:
    """Lay the cards on the iceberg and draw over them; returns the boxes drawn over the cards
    (rings, the arrow, stars, waiting marks, stones): elsewhere the iceberg is the background
    and the cards' faces alone (see ``_mapped_iceberg``)."""
    width, height = view["width"], view["height"]
    cell = cell_size(width, height)
    face_size = cell - 2 * INSET
    for name, card in view["table"].items():
        x0, y0, _, _ = cell_box(name, width, height)
        image.paste(cards.flat_face(card, face_size, ICE), (x0 + INSET, y0 + INSET))
    last = view.get("last") or {}
    star = _star(round(cell * 0.42))
    drawn: list[Box] = []
    for name in view.get("pending_shows", []):
        _ring(draw, cell_box(name, width, height), PENDING, drawn)
    for show in last.get("shows", []):
        _ring(draw, cell_box(show["cell"], width, height), SHOWN, drawn)
    for name in last.get("entertainers_laid", []):
        _ring(draw, cell_box(name, width, height), NEW_ENTERTAINER, drawn)
    if last.get("cell"):
        _ring(draw, cell_box(last["cell"], width, height), HIGHLIGHT, drawn)
    stone_size = round(cell * 0.38)
    moved = last.get("stone")
    if moved and moved["from"] != "supply":
        arrow_box = _stone_arrow(image, moved, SEAT_COLOURS[last["seat"]], width, height)
        drawn.extend([arrow_box] if arrow_box else [])
    # The star overhangs its cell's top-left corner, where the left neighbour's stone sits: it
    # goes on before the stones, so no stone is ever hidden under a star.
    for name in [*view.get("pending_shows", []), *(s["cell"] for s in last.get("shows", []))]:
        x0, y0, _, _ = cell_box(name, width, height)
        _overlay(image, star, (x0 - star.width // 4, y0 - star.height // 4), drawn)
    if view["phase"] != "over":  # once the game is over nobody waits for a card any more
        _draw_waiting(image, view, drawn)
    for name, seat in view["stones"].items():
        _overlay(
            image, sprites.seat_token(seat, stone_size), stone_corner(name, width, height), drawn
        )
    return drawn


def render_table(
    view: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str] | None = None
) -> Image.Image:
    """The party table picture as a Pillow image (``table`` encodes it)."""
    return _render_table(view, names, labels)[0]


def _render_table(
    view: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str] | None
) -> tuple[Image.Image, list[Box]]:
    """The party table picture and the boxes drawn over its cards and background."""
    view_kind(view, "ultimatum")
    words = labels_table.merged(labels)
    shown = seat_names(names, view["players"], words)
    height = size(view)[1]
    image = _blank_table(view["width"], view["height"], height).copy()
    draw = ImageDraw.Draw(image)
    drawn = _draw_table(image, draw, view)
    top = iceberg_height(view["width"], view["height"])
    draw_panel(image, draw, top, view, shown, words)
    drawn.append((0, top, WIDTH, height))  # the panel is drawn afresh every time
    return image, drawn


def table(
    view: Mapping[str, Any],
    *,
    names: Sequence[str],
    labels: Mapping[str, str] | None = None,
    marks: Mapping[str, str] | None = None,
) -> bytes:
    """PNG of the party table: iceberg, cards, stones, highlights, scores and decks; ``marks``
    tags the cells a player may choose (render.marks)."""
    image, drawn = _render_table(view, names, labels)
    width, height = view["width"], view["height"]
    if marks:
        boxes = {name: cell_box(name, width, height) for name in marks}
        spots = {n: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for n, b in boxes.items()}
        drawn.extend(draw_marks(image, spots, marks, tag_size(width, height)))
    return png.encode_over(image, table_palette(), _mapped_cards(view, image.height), drawn)


def _mapped_cards(view: Mapping[str, Any], picture_height: int) -> Image.Image:
    """The background with the cards' faces laid on it, from layers already mapped onto the
    table palette: a third of the bytes to copy, and only what is drawn over them (see
    ``_render_table``) is mapped again for each picture."""
    width, height = view["width"], view["height"]
    base = _mapped_blank(width, height, picture_height).copy()
    face_size = cell_size(width, height) - 2 * INSET
    for name, card in view["table"].items():
        x0, y0, _, _ = cell_box(name, width, height)
        base.paste(_mapped_face(card, face_size), (x0 + INSET, y0 + INSET))
    return base


@cache
def _mapped_blank(width: int, height: int, picture_height: int) -> Image.Image:
    """``_blank_table`` mapped onto the table palette."""
    picture = _blank_table(width, height, picture_height)
    return picture.quantize(palette=table_palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=1024)
def _mapped_face(card: str, face_size: int) -> Image.Image:
    """A card's face on the ice (``cards.flat_face``) mapped onto the table palette."""
    face = cards.flat_face(card, face_size, ICE)
    return face.quantize(palette=table_palette(), dither=Image.Dither.NONE)


#: The hand picture is narrower than the table: Discord shows both about 400 pixels wide on a
#: phone, so a narrower picture shows its cards larger there, in fewer pixels.
HAND_WIDTH = 640
HAND_CARD = 112  # an upright card's width …
HAND_CARD_HEIGHT = 150  # … and height
HAND_GAP = 8
HAND_WON = 104
HAND_PAD = 16
HAND_TITLE = 48
HAND_CAPTION = 30  # the "hand" and "activity" captions under the cards
WON_LABEL = 128  # the widest "won" caption's column, left of the won entertainers
WON_GAP = 10
WON_TOP = HAND_TITLE + HAND_CARD_HEIGHT + 8 + HAND_CAPTION + 10
NO_WON = 44  # height of the won band when nothing has been won yet


def _won_per_row() -> int:
    return (HAND_WIDTH - 2 * HAND_PAD - WON_LABEL + WON_GAP) // (HAND_WON + WON_GAP)


def _won_band(count: int) -> int:
    """Height of the band of won entertainers: one line when empty, else rows of cards."""
    if not count:
        return NO_WON
    rows = -(-count // _won_per_row())
    return rows * (HAND_WON + WON_GAP) - WON_GAP + 16


def hand_size(view: Mapping[str, Any]) -> tuple[int, int]:
    """Width and height of the hand picture for the viewer's view."""
    won = view["won"][view["viewer"]]
    return HAND_WIDTH, WON_TOP + _won_band(len(won)) + HAND_PAD // 2


def hand_card_box(index: int) -> tuple[int, int, int, int]:
    """Pixel box of the ``index``-th card of the hand on the hand picture."""
    x, y = HAND_PAD + index * (HAND_CARD + HAND_GAP), HAND_TITLE + 4
    return x, y, x + HAND_CARD, y + HAND_CARD_HEIGHT


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
    token = sprites.seat_token(seat, 32)
    image.paste(token, (HAND_PAD, HAND_TITLE // 2 - 16), token)
    title_face, room = text.font(24, True), width - 2 * HAND_PAD - 44
    title = text.named(words["hand_title"], shown, title_face, room)
    text.label(
        draw, (HAND_PAD + 44, HAND_TITLE / 2), title, title_face, TEXT, anchor="lm", width=room
    )
    y = HAND_TITLE
    band_left, band_right = HAND_PAD // 2, width - HAND_PAD // 2
    draw.rounded_rectangle(
        (band_left, y - 4, band_right, y + HAND_CARD_HEIGHT + 4 + HAND_CAPTION),
        radius=12,
        fill=PANEL_ROW,
    )
    for i, card in enumerate(view["hand"]):
        face = sprites.on_ground(cards.hand_penguin, (card, HAND_CARD, HAND_CARD_HEIGHT), PANEL_ROW)
        image.paste(face, hand_card_box(i)[:2])
    ax = width - HAND_PAD - HAND_CARD
    activity = (view["activities"][seat], HAND_CARD, HAND_CARD_HEIGHT)
    image.paste(sprites.on_ground(cards.activity, activity, PANEL_ROW), (ax, y + 4))
    small = text.font(18)
    caption_y = y + HAND_CARD_HEIGHT + 4 + HAND_CAPTION / 2
    text.label(
        draw,
        (ax + HAND_CARD / 2, caption_y),
        words["activity"],
        small,
        TEXT_DIM,
        anchor="mm",
        width=HAND_CARD + 16,
    )
    hand_mid = HAND_PAD + (4 * HAND_CARD + 3 * HAND_GAP) / 2
    text.label(draw, (hand_mid, caption_y), words["hand"], small, TEXT_DIM, anchor="mm")
    won = view["won"][seat]
    band = _won_band(len(won))
    draw.rounded_rectangle(
        (band_left, WON_TOP, band_right, WON_TOP + band), radius=12, fill=PANEL_ROW
    )
    label_y = WON_TOP + (NO_WON if not won else HAND_WON + 16) / 2
    heading = text.font(20, True)
    caption = text.label(
        draw, (HAND_PAD, label_y), words["won"], heading, TEXT, anchor="lm", width=WON_LABEL - 12
    )
    left = HAND_PAD + round(max(84, caption + 20))  # rows are counted for the widest caption
    if not won:
        text.label(draw, (left, label_y), words["no_cards"], small, TEXT_DIM, anchor="lm")
    per_row = _won_per_row()
    for i, card in enumerate(won):
        face = sprites.on_ground(cards.entertainer, (card, HAND_WON), PANEL_ROW)
        col, row = i % per_row, i // per_row
        image.paste(
            face, (left + col * (HAND_WON + WON_GAP), WON_TOP + 8 + row * (HAND_WON + WON_GAP))
        )
    return image


def hand(view: Mapping[str, Any], *, name: str, labels: Mapping[str, str] | None = None) -> bytes:
    """PNG of a player's hand, activity card and won entertainers (for an ephemeral reply)."""
    return png.encode(render_hand(view, name, labels), hand_palette())


#: The sample games the palettes are fitted to: (players, seed, random actions, table side).
SAMPLES = ((4, 3, 90, 9), (2, 5, 400, 15), (3, 8, 40, 7), (4, 1, 500, 12))


def _sample(players: int, seed: int, actions: int, side: int) -> UltimatumGame:
    game = UltimatumGame.new(players=players, seed=seed, width=side, height=side)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        mover = game.to_move
        assert mover is not None
        game.play(rng.choice(game.legal_actions()), mover)
    return game


@cache
def _sample_games() -> tuple[UltimatumGame, ...]:
    return tuple(_sample(*sample) for sample in SAMPLES)


@cache
def table_palette() -> Image.Image:
    """The palette every table picture is stored with: the flat colours exact, the rest fitted
    once per process to a few sample games (early, late and over; 2 to 4 players; small and
    large icebergs)."""
    names = [f"Player {seat + 1}" for seat in range(4)]
    tables = [render_table(game.view(None), names[: game.players]) for game in _sample_games()]
    return palette.fitted_palette(tables, FLAT_COLOURS)


@cache
def hand_palette() -> Image.Image:
    """The palette every hand picture is stored with (fitted like ``table_palette``)."""
    hands = [render_hand(game.view(0), "Player 1") for game in _sample_games()]
    return palette.fitted_palette(hands, FLAT_COLOURS)
