"""Card faces of The Penguin Ultimatum, drawn once per card and size and cached.

Every card is a rounded square (upright in a hand). Penguin cards show the family colour with a
bold family pattern, the family's symbol (heart, clover, drop, cross: colour-blind players tell
red, green and brown apart by it), the value and the activity icon. Entertainers show their
animal large on a cream stage inside a frame of the animal's colour and pattern, the activity
badge, the family symbol and its dots as yellow arrowheads on the frame, each pointing out at
the cell it waits for; a turned entertainer is the same face rotated 180°, its symbol drawn
upright. The cards as the party table lays them out on its cells are render.table_cards'.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS
from render import icons, sprites, text
from render.common import TABLE_WIDTH, legible
from render.style import GOLD, INK, Colour, mix

FAMILY: dict[str, Colour] = {
    "green": (44, 150, 84),
    "brown": (138, 88, 46),  # darker than red, so the two differ in grey too
    "red": (210, 58, 58),
    "blue": (44, 104, 206),
}
#: Card faces are drawn at twice their size and reduced: an edge then takes one of 5 shades
#: instead of the sprites' 17, which a phone cannot tell apart, and the many cards of a full
#: table compress 9 % smaller.
SS = 2
STAGE: Colour = (250, 244, 228)
DOT: Colour = (255, 222, 40)
CURTAIN: Colour = (118, 28, 62)
CURTAIN_FOLD: Colour = (88, 18, 46)
BACK: Colour = (38, 58, 104)
ENTERTAINER_BACK: Colour = (84, 44, 116)
WHITE: Colour = (255, 255, 255)
BACK_FRAME: Colour = mix(BACK, WHITE, 0.35)
PATTERN_TINT = 0.45  # share of white in a family pattern's lines
PATTERN: dict[str, Colour] = {
    name: mix(colour, WHITE, PATTERN_TINT) for name, colour in FAMILY.items()
}
#: Every flat colour of a card face, for the palette of an animated replay (which keeps them
#: exact).
COLOURS: tuple[Colour, ...] = (
    *FAMILY.values(),
    *PATTERN.values(),
    STAGE,
    DOT,
    CURTAIN,
    CURTAIN_FOLD,
    BACK,
    BACK_FRAME,
    ENTERTAINER_BACK,
    GOLD,
    WHITE,
    *icons.COLOURS,
)
#: Where the family symbol sits on an entertainer's full face (centre x, centre y, side, as
#: fractions of the card side): bottom left of the stage, upright.
ENTERTAINER_MARK = (0.3, 0.7, 0.26)
BADGE_ICON = 0.31  # the activity icon on an entertainer's full face, as a share of its side
ANIMAL = 0.58  # and its animal
#: Each dot is an arrowhead on the frame pointing out of the card at the neighbouring cell it
#: waits for (U-2): its tip this far in from the card's edge or corner, this long and this wide
#: at its base (fractions of the card side). A bead on the frame only said "something here";
#: an arrowhead says "that cell" even shrunk to a phone.
DOT_TIP = 0.02
DOT_LENGTH = 0.19
DOT_WIDTH = 0.3
#: On a small card an arrowhead is wider (up to DOT_WIDEST of the side) so that its width
#: across stays LEGIBLE on the party table where a phone shows it.
DOT_WIDEST = 0.58
DOT_LONGEST = 0.25  # and no longer than this, so it keeps off the animal
DOT_LEAST = legible(TABLE_WIDTH)


def dot_width(size: int) -> float:
    """The width across of each arrowhead on a card ``size`` pixels wide, as a share of it."""
    return max(DOT_WIDTH, min(DOT_WIDEST, DOT_LEAST / size))


#: The animal and the activity icon of a won or gone entertainer (``won``), as shares of its side.
WON_ANIMAL = 0.64
WON_ACTIVITY = 0.42
#: Unit vector of each direction, north up.
DIRECTION_VECTORS: dict[str, tuple[float, float]] = {
    d: (dx / math.hypot(dx, dy), dy / math.hypot(dx, dy))
    for d, (dx, dy) in {
        "N": (0, -1),
        "NE": (1, -1),
        "E": (1, 0),
        "SE": (1, 1),
        "S": (0, 1),
        "SW": (-1, 1),
        "W": (-1, 0),
        "NW": (-1, -1),
    }.items()
}


def dot_points(
    direction: str, side: float, width: float = DOT_WIDTH, length: float | None = None
) -> list[tuple[float, float]]:
    """The corners of a dot's arrowhead (tip first) on a card ``side`` pixels wide, ``width``
    of the side across and ``length`` of it long (by default as long as its width asks)."""
    ux, uy = DIRECTION_VECTORS[direction]
    # The tip sits near the edge (or, diagonally, in the rounded corner) the direction leaves by.
    inset = DOT_TIP + (0.03 if ux and uy else 0)
    tip_x = 0.5 + ux * (0.5 - inset) / max(abs(ux), abs(uy))
    tip_y = 0.5 + uy * (0.5 - inset) / max(abs(ux), abs(uy))
    if ux and uy:  # diagonal: the corner itself, not the point of the diagonal on the edge
        tip_x, tip_y = (1 - inset if ux > 0 else inset), (1 - inset if uy > 0 else inset)
    if length is None:
        length = min(DOT_LONGEST, DOT_LENGTH * width / DOT_WIDTH)
    base_x, base_y = tip_x - ux * length, tip_y - uy * length
    half = width / 2
    return [
        (tip_x * side, tip_y * side),
        ((base_x - uy * half) * side, (base_y + ux * half) * side),
        ((base_x + uy * half) * side, (base_y - ux * half) * side),
    ]


def paint_dot(
    draw: ImageDraw.ImageDraw,
    direction: str,
    side: float,
    rim: float,
    width: float = DOT_WIDTH,
    length: float | None = None,
) -> None:
    """One dot: a yellow arrowhead with an ink rim ``rim`` wide, pointing out of the card."""
    points = dot_points(direction, side, width, length)
    draw.polygon(points, fill=INK)
    # The yellow inside: the same triangle pulled in towards its centre by the rim's width.
    cx = sum(x for x, _ in points) / 3
    cy = sum(y for _, y in points) / 3
    inner = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy)
        k = max(0.0, (d - 2 * rim) / d)  # the incircle is half the distance to a corner
        inner.append((cx + (x - cx) * k, cy + (y - cy) * k))
    draw.polygon(inner, fill=DOT)


def blank(size: int, height: int | None = None) -> tuple[Image.Image, ImageDraw.ImageDraw, float]:
    """A see-through canvas SS times ``size`` wide (and ``height`` high, square if not given),
    and its width as a float: every measure of a face is a fraction of its width."""
    tall = size if height is None else height
    big = Image.new("RGBA", (size * SS, tall * SS), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big), float(size * SS)


def shrink(big: Image.Image) -> Image.Image:
    """A face drawn SS times its size, reduced to it."""
    return sprites.shrink(big, SS)


def rim(draw: ImageDraw.ImageDraw, s: float, h: float | None = None) -> None:
    """The card's rounded ink rim (``s`` wide, ``h`` high, square if not given)."""
    draw.rounded_rectangle(
        (0, 0, s - 1, (s if h is None else h) - 1),
        radius=s * 0.1,
        outline=INK,
        width=round(s * 0.03),
    )


def family_ground(big: Image.Image, colour: str, patterned: bool = True) -> None:
    """The family colour with its pattern: stripes, dots, bands or zigzags, clipped to the card
    (plain if not ``patterned``).

    The pattern is bold and coarse (about 45 % white, six repeats a card) so that it survives
    Discord's shrinking to a phone screen and tells the families apart in grey as well.
    """
    s, h = big.size
    ground = Image.new("RGBA", big.size, FAMILY[colour])
    if patterned:
        _pattern(ground, colour)
    mask = Image.new("L", big.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, s - 1, h - 1), radius=s * 0.1, fill=255)
    big.paste(ground, (0, 0), mask)


def _pattern(ground: Image.Image, colour: str) -> None:
    s, h = ground.size
    draw = ImageDraw.Draw(ground)
    tint = PATTERN[colour]
    step = s / 6
    line = round(s * 0.05)
    rows = round(6 * h / s)
    if colour == "green":  # diagonal stripes
        for i in range(-rows, 13):
            draw.line([(i * step, 0), (i * step - h, h)], fill=tint, width=line)
    elif colour == "brown":  # polka dots
        dot = s * 0.045
        for row in range(rows + 2):
            for col in range(8):
                x = col * step + (step / 2 if row % 2 else 0)
                y = row * step
                draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=tint)
    elif colour == "red":  # horizontal bands
        for i in range(rows + 1):
            draw.line([(0, i * step), (s, i * step)], fill=tint, width=line)
    else:  # blue: zigzags
        for i in range(-1, rows + 1):
            points = [(j * step / 2, i * step + (step / 3 if j % 2 else 0)) for j in range(14)]
            draw.line(points, fill=tint, width=line, joint="curve")


def family_mark(draw: ImageDraw.ImageDraw, colour: str, cx: float, cy: float, side: float) -> None:
    """The family's symbol (heart, clover, drop or cross), ``side`` wide, in white with a bold
    ink rim, so the family reads by shape as well as by colour."""
    symbol = icons.FAMILY_SYMBOLS[colour]
    symbol(draw, cx, cy, side * 0.8, side * 0.09, INK)
    symbol(draw, cx, cy, side * 0.8, 0, WHITE)


@cache
def hand_penguin(card: str, width: int, height: int) -> Image.Image:
    """A penguin card as its owner holds it (the hand picture): upright, its value top left,
    its family's symbol top right and its activity as large as the card allows below, so the
    two things that make a penguin enjoy a show (U-18) read at a glance on a phone."""
    data = PENGUINS[card]
    big, draw, s = blank(width, height)
    h = float(big.height)
    family_ground(big, data.colour)
    rim(draw, s, h)
    value = text.font(round(s * 0.5), True)
    draw.text(
        (s * 0.07, s * 0.0),
        str(data.value),
        font=value,
        fill=WHITE,
        anchor="la",
        stroke_width=round(s * 0.035),
        stroke_fill=INK,
    )
    family_mark(draw, data.colour, s * 0.73, s * 0.26, s * 0.46)
    cx, cy, r = s * 0.5, h - s * 0.47, s * 0.41
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=round(s * 0.03))
    icons.ACTIVITY_ICONS[data.activity](draw, cx, cy, s * 0.62)
    return shrink(big)


def _stage(
    card: str,
    size: int,
    inset: float,
    animal: tuple[float, float, float],
    badge: tuple[float, float, float, float, float],
) -> tuple[Image.Image, ImageDraw.ImageDraw, float]:
    """An entertainer's face without dots: the family ground, a cream stage ``inset`` in from
    the edge, the animal at ``animal`` (x, y, size) and the activity badge at ``badge`` (x, y,
    radius, rim width, icon size), all as fractions of the card side."""
    data = ENTERTAINERS[card]
    big, draw, s = blank(size)
    family_ground(big, data.colour)
    edge = s * inset
    draw.rounded_rectangle(
        (edge, edge, s - edge, s - edge),
        radius=s * 0.06,
        fill=STAGE,
        outline=INK,
        width=round(s * 0.015),
    )
    rim(draw, s)
    ax, ay, side = animal
    icons.ANIMAL_ICONS[data.animal](draw, s * ax, s * ay, s * side)
    cx, cy, r = badge[0] * s, badge[1] * s, badge[2] * s
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=round(s * badge[3])
    )
    icons.ACTIVITY_ICONS[data.activity](draw, cx, cy, s * badge[4])
    return big, draw, s


@cache
def entertainer(card: str, size: int, turned: bool = False) -> Image.Image:
    """An entertainer card: a large animal, its activity badge, its dots on the frame and its
    family symbol. Turned (U-2), the face is rotated so its dots point back; the family symbol
    is then drawn upright in the opposite corner so it still reads."""
    data = ENTERTAINERS[card]
    animal = (0.47, 0.44, ANIMAL)
    big, draw, s = _stage(card, size, 0.15, animal, (0.655, 0.655, 0.2, 0.02, BADGE_ICON))
    for direction in data.dots:
        paint_dot(draw, direction, s, s * 0.022, dot_width(size))
    mx, my, side = ENTERTAINER_MARK
    if turned:
        big = big.rotate(180)
        draw = ImageDraw.Draw(big)
        mx, my = 1 - mx, 1 - my
    family_mark(draw, data.colour, mx * s, my * s, side * s)
    return shrink(big)


@cache
def won(card: str, size: int) -> Image.Image:
    """An entertainer gone from the game, small in the panel's crowded band: its animal and
    activity as large as the card allows, in a thin frame of the animal's colour and pattern.
    Dots and the family symbol are left out (a gone card never performs, and the animal itself
    tells the family), so what it was stays legible when Discord shows the picture 400 pixels
    wide. Won entertainers are drawn with their whole face (``entertainer``)."""
    # The badge sits low and only a little right of centre: where cards overlap in a crowded
    # strip, each shows its left 50 pixels or so, badge included.
    badge = (0.62, 0.7, 0.27, 0.03, WON_ACTIVITY)
    big, _, _ = _stage(card, size, 0.09, (0.38, 0.36, WON_ANIMAL), badge)
    return shrink(big)


@cache
def curtain(size: int) -> Image.Image:
    """A curtain card: drawn stage curtains under a gold pelmet."""
    big, draw, s = blank(size)
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.1, fill=CURTAIN)
    draw.polygon([(s * 0.42, s * 0.2), (s * 0.58, s * 0.2), (s * 0.5, s * 0.97)], fill=INK)
    for i in range(1, 10):
        x = i * s / 10
        if abs(x - s / 2) > s * 0.08:
            draw.line([(x, s * 0.2), (x, s * 0.95)], fill=CURTAIN_FOLD, width=round(s * 0.025))
    draw.rectangle((s * 0.04, s * 0.05, s * 0.96, s * 0.2), fill=GOLD)
    for i in range(5):
        x = s * (0.14 + 0.18 * i)
        draw.chord((x - s * 0.09, s * 0.12, x + s * 0.09, s * 0.3), 0, 180, fill=GOLD)
    for x in (0.2, 0.8):
        draw.ellipse((s * (x - 0.06), s * 0.55, s * (x + 0.06), s * 0.63), fill=GOLD)
    rim(draw, s)
    return shrink(big)


def _back_frame(
    size: int, ground: Colour, frame: Colour
) -> tuple[Image.Image, ImageDraw.ImageDraw, float]:
    """A card back's ground with its inner frame; the emblem is the caller's."""
    big, draw, s = blank(size)
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.1, fill=ground)
    inner = s * 0.12
    draw.rounded_rectangle(
        (inner, inner, s - inner, s - inner), radius=s * 0.06, outline=frame, width=round(s * 0.03)
    )
    return big, draw, s


@cache
def back(size: int) -> Image.Image:
    """The back of a penguin card (the draw pile and other players' hands)."""
    big, draw, s = _back_frame(size, BACK, BACK_FRAME)
    draw.ellipse((s * 0.32, s * 0.3, s * 0.68, s * 0.74), fill=INK)
    draw.ellipse((s * 0.4, s * 0.42, s * 0.6, s * 0.72), fill=WHITE)
    draw.polygon([(s * 0.46, s * 0.39), (s * 0.54, s * 0.39), (s * 0.5, s * 0.44)], fill=GOLD)
    rim(draw, s)
    return shrink(big)


@cache
def entertainer_back(size: int) -> Image.Image:
    """The back of an entertainer card (the rest of the entertainer deck while its top is laid)."""
    big, draw, s = _back_frame(size, ENTERTAINER_BACK, GOLD)
    points = []
    for i in range(10):
        r = s * (0.27 if i % 2 == 0 else 0.11)
        angle = math.radians(-90 + 36 * i)
        points.append((s / 2 + r * math.cos(angle), s * 0.53 + r * math.sin(angle)))
    draw.polygon(points, fill=GOLD)
    rim(draw, s)
    return shrink(big)


@cache
def activity(name: str, size: int, height: int | None = None) -> Image.Image:
    """An activity card: the activity icon large on cream in a gold frame (``height`` high if
    given, to stand beside the upright cards of a hand)."""
    big, draw, s = blank(size, height)
    h = float(big.height)
    draw.rounded_rectangle((0, 0, s - 1, h - 1), radius=s * 0.1, fill=GOLD)
    inset = s * 0.09
    draw.rounded_rectangle((inset, inset, s - inset, h - inset), radius=s * 0.06, fill=STAGE)
    icons.ACTIVITY_ICONS[name](draw, s * 0.5, h * 0.5, s * 0.66)
    rim(draw, s, h)
    return shrink(big)
