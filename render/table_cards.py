"""The cards as they lie on the party table, where a phone shows them smallest.

Every mark that tells something about a card stays at least LEGIBLE pixels on the table picture
(12 where a phone shows it 400 pixels wide): the value, the family symbol (heart, clover, drop,
cross: colour-blind players tell red, green and brown apart by it), the activity icon, an
entertainer's arrowheads and the stone laid on a penguin (render.table_marks).

A penguin is a two-by-two card: its value top left, the stone's corner top right, the family
symbol bottom left and the activity icon bottom right, each as large as its quarter allows.
An entertainer on a large cell shows its full face, animal included (render.cards); on a
smaller one it shows only what a player needs: its arrowheads on a frame of its family's colour
and, on a plain stage, its family symbol top left and its activity icon bottom right, large.
The animal goes, as it tells nothing the family does not (U-2: each animal has its own colour).
Cards smaller than the full face keep their family's colour without its pattern: the symbol
tells the family, the marks stand on a calm ground, and a plain ground costs fewer bytes.
LEAST_CARD is the smallest card on which all of this fits; render.table_frame never draws cells
smaller.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

from PIL import Image

from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS, dots
from render import cards, icons, sprites, text
from render.cards import SS, WHITE
from render.style import INK, Colour

LEGIBLE = cards.DOT_LEAST
#: The least side of a family symbol and of an activity icon, in pixels: their ink spans at
#: least 0.88 and 0.86 of it (the brown cross, the music notes), a little over LEGIBLE.
SYMBOL_LEAST = math.ceil(LEGIBLE / 0.88) + 1
ICON_LEAST = math.ceil(LEGIBLE / 0.86) + 1
#: A penguin's marks, as shares of the card's side: the value's font size (larger on a small
#: card, up to VALUE_LARGEST); the family symbol's side; the activity icon's side, on a white
#: disc PENGUIN_DISC times as wide.
VALUE = 0.46
VALUE_LARGEST = 0.56
PENGUIN_MARK = 0.4
PENGUIN_ICON = 0.38
PENGUIN_DISC = 1.32
#: A compact entertainer's arrowheads are this long (a share of the card), flatter than on the
#: full face: as wide across, they leave the stage room for two large marks.
COMPACT_DOT = 0.14
COMPACT_STAGE = cards.DOT_TIP + COMPACT_DOT  # the frame round the stage, as a share
#: The smallest card on which the full face's symbol and badge icon are legible …
FULL_FACE = max(
    math.ceil(SYMBOL_LEAST / cards.ENTERTAINER_MARK[2]), math.ceil(ICON_LEAST / cards.BADGE_ICON)
)
#: … and the smallest card at all: a compact entertainer's symbol and icon, each in its corner
#: of the stage, overlap by no more than a third of their side (where neither has ink).
LEAST_CARD = math.ceil((SYMBOL_LEAST + ICON_LEAST * 2 / 3) / (1 - 2 * COMPACT_STAGE))


Mark = tuple[float, float, float]  # centre x, centre y and side, as shares of the card's side
EDGE = 0.03  # a mark keeps this share of the side clear of the card's rim


def value_size(size: int) -> int:
    """The font size of a penguin's value on a table card ``size`` pixels wide."""
    return max(round(size * VALUE), min(LEGIBLE, round(size * VALUE_LARGEST)))


def penguin_symbol(size: int) -> float:
    """The side of the family symbol on a penguin ``size`` pixels wide."""
    return max(size * PENGUIN_MARK, SYMBOL_LEAST)


def penguin_icon(size: int) -> float:
    """The side of the activity icon on a penguin ``size`` pixels wide."""
    return max(size * PENGUIN_ICON, ICON_LEAST)


def penguin_marks(size: int) -> tuple[Mark, Mark]:
    """Where a penguin ``size`` pixels wide shows its family symbol and its activity icon
    (whose white disc is PENGUIN_DISC times as wide): each in its bottom corner, clear of the
    rim, and so clear of each other."""
    side, icon = penguin_symbol(size) / size, penguin_icon(size) / size
    low = 1 - EDGE - side / 2
    middle = 1 - EDGE - icon * PENGUIN_DISC / 2
    return (EDGE + side / 2, low, side), (middle, middle, icon)


def entertainer_symbol(size: int) -> float:
    """The side of the family symbol on an entertainer ``size`` pixels wide."""
    if size >= FULL_FACE:
        return size * cards.ENTERTAINER_MARK[2]
    return max(SYMBOL_LEAST, size * 0.36)


def entertainer_icon(size: int) -> float:
    """The side of the activity icon on an entertainer ``size`` pixels wide."""
    if size >= FULL_FACE:
        return size * cards.BADGE_ICON
    return max(ICON_LEAST, size * 0.38)


def compact_marks(size: int) -> tuple[Mark, Mark]:
    """Where a compact entertainer ``size`` pixels wide shows its family symbol (in the stage's
    top left corner) and its activity icon (bottom right)."""
    side, icon = entertainer_symbol(size) / size, entertainer_icon(size) / size
    inner = COMPACT_STAGE + 0.004
    return (inner + side / 2, inner + side / 2, side), (1 - inner - icon / 2,) * 2 + (icon,)


@cache
def penguin(card: str, size: int) -> Image.Image:
    """A penguin card: its family's colour (and pattern, on a large card), value top left,
    family symbol bottom left, activity icon bottom right (the stone goes top right)."""
    data = PENGUINS[card]
    big, draw, s = cards.blank(size)
    cards.family_ground(big, data.colour, size >= FULL_FACE)
    cards.rim(draw, s)
    draw.text(
        (s * 0.08, s * 0.02),
        str(data.value),
        font=text.font(value_size(size) * SS, True),
        fill=WHITE,
        anchor="la",
        stroke_width=round(s * 0.035),
        stroke_fill=INK,
    )
    (mx, my, side), (cx, cy, icon) = penguin_marks(size)
    cards.family_mark(draw, data.colour, mx * s, my * s, side * s)
    r = icon * PENGUIN_DISC * s / 2
    cx, cy = cx * s, cy * s
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=round(s * 0.025))
    icons.ACTIVITY_ICONS[data.activity](draw, cx, cy, icon * s)
    return cards.shrink(big)


@cache
def compact_entertainer(card: str, size: int, turned: bool = False) -> Image.Image:
    """An entertainer on a small cell: its arrowheads on a frame of its family's colour (turned,
    U-2, they point the other way) and, upright on a plain stage, its family symbol top left
    and its activity icon bottom right."""
    data = ENTERTAINERS[card]
    big, draw, s = cards.blank(size)
    cards.family_ground(big, data.colour, size >= FULL_FACE)
    edge = s * COMPACT_STAGE
    draw.rounded_rectangle(
        (edge, edge, s - edge, s - edge),
        radius=s * 0.06,
        fill=cards.STAGE,
        outline=INK,
        width=round(s * 0.015),
    )
    cards.rim(draw, s)
    # A thinner rim than the full face's leaves the flatter arrowheads their yellow.
    for direction in dots(card, turned):
        cards.paint_dot(draw, direction, s, s * 0.012, cards.dot_width(size), COMPACT_DOT)
    (mx, my, side), (cx, cy, icon) = compact_marks(size)
    cards.family_mark(draw, data.colour, mx * s, my * s, side * s)
    icons.ACTIVITY_ICONS[data.activity](draw, cx * s, cy * s, icon * s)
    return cards.shrink(big)


def entertainer(card: str, size: int, turned: bool = False) -> Image.Image:
    """An entertainer as the table shows it: its full face where that face's marks are legible,
    else its compact face."""
    if size >= FULL_FACE:
        return cards.entertainer(card, size, turned)
    return compact_entertainer(card, size, turned)


@lru_cache(maxsize=1024)
def flat_face(card: str, size: int, ground: Colour) -> Image.Image:
    """``face`` laid on a plain ``ground`` (the ice of an empty cell), opaque, to paste fast."""
    return sprites.flattened(face(card, size), ground)


def face(card: str, size: int) -> Image.Image:
    """The face of whatever lies on a table cell: a penguin, an entertainer (maybe turned) or a
    curtain."""
    if card == "curtain":
        return cards.curtain(size)
    if card in PENGUINS:
        return penguin(card, size)
    name, _, flag = card.partition(" ")
    if name in ENTERTAINERS and flag in ("", "turned"):
        return entertainer(name, size, flag == "turned")
    raise ValueError(f"unknown card {card!r}")
