"""Activity icons and animal heads, painted with plain shapes so they read without words.

Each painter draws into a square box of side ``s`` centred on (cx, cy) of a large (supersampled)
canvas; coordinates below are in hundredths of that box, so the drawing scales to any card size.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from render.style import INK, Colour

WHITE: Colour = (255, 255, 255)
BALLS: tuple[Colour, ...] = ((226, 62, 62), (250, 200, 40), (60, 120, 230))
HAT_BAND: Colour = (200, 40, 60)
WHEEL: Colour = (200, 210, 220)
WOOL: Colour = (250, 248, 240)
SHEEP_FACE: Colour = (60, 60, 66)
KANGAROO: Colour = (200, 140, 80)
KANGAROO_LIGHT: Colour = (236, 200, 150)
PINK: Colour = (240, 160, 170)
SEAL: Colour = (128, 138, 150)
SEAL_LIGHT: Colour = (196, 204, 212)
BEAR: Colour = (112, 72, 42)
BEAR_LIGHT: Colour = (210, 170, 120)
#: Every colour above, for the palette of an animated replay (which keeps them exact).
COLOURS: tuple[Colour, ...] = (
    WHITE,
    *BALLS,
    HAT_BAND,
    WHEEL,
    WOOL,
    SHEEP_FACE,
    KANGAROO,
    KANGAROO_LIGHT,
    PINK,
    SEAL,
    SEAL_LIGHT,
    BEAR,
    BEAR_LIGHT,
)

Box = Callable[[float, float, float, float], tuple[float, float, float, float]]
IconPainter = Callable[[ImageDraw.ImageDraw, float, float, float], None]


def _box(cx: float, cy: float, s: float) -> Box:
    """A helper turning hundredths-of-the-box coordinates into canvas coordinates."""
    u = s / 100

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return cx + x0 * u, cy + y0 * u, cx + x1 * u, cy + y1 * u

    return box


def _pt(cx: float, cy: float, s: float, x: float, y: float) -> tuple[float, float]:
    return cx + x * s / 100, cy + y * s / 100


def juggling(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """Three balls in the air above an arc: juggling."""
    b = _box(cx, cy, s)
    w = max(1, round(s * 0.05))
    draw.arc(b(-40, -30, 40, 50), 200, 340, fill=INK, width=w)
    for (x, y), colour in zip(((-30, 14), (0, -22), (30, 14)), BALLS, strict=True):
        draw.ellipse(b(x - 16, y - 16, x + 16, y + 16), fill=colour, outline=INK, width=w)


def acrobatics(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A unicycle: acrobatics (bold rim and few spokes, so it still reads when small)."""
    b = _box(cx, cy, s)
    w = max(1, round(s * 0.08))
    draw.line([_pt(cx, cy, s, 0, 20), _pt(cx, cy, s, 4, -30)], fill=INK, width=w)
    draw.ellipse(b(-28, -6, 28, 50), fill=WHEEL, outline=INK, width=w)
    for x0, y0, x1, y1 in ((-24, 22, 24, 22), (0, -2, 0, 46)):
        draw.line([_pt(cx, cy, s, x0, y0), _pt(cx, cy, s, x1, y1)], fill=INK, width=max(1, w // 2))
    draw.ellipse(b(-8, 14, 8, 30), fill=INK)
    draw.rounded_rectangle(b(-18, -48, 26, -32), radius=s * 0.07, fill=INK)


def dance(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A top hat and a cane: dance."""
    b = _box(cx, cy, s)
    w = max(1, round(s * 0.07))
    draw.line([_pt(cx, cy, s, 44, -22), _pt(cx, cy, s, 30, 46)], fill=INK, width=w)
    draw.arc(b(22, -34, 46, -10), 180, 360, fill=INK, width=w)
    draw.line([_pt(cx, cy, s, 25, -23), _pt(cx, cy, s, 25, -12)], fill=INK, width=w)
    draw.rectangle(b(-30, -40, 10, 8), fill=INK)
    draw.rectangle(b(-30, -6, 10, 2), fill=HAT_BAND)
    draw.ellipse(b(-44, 2, 24, 18), fill=INK)


def music(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """Two beamed notes: music."""
    b = _box(cx, cy, s)
    w = max(1, round(s * 0.07))
    draw.ellipse(b(-40, 22, -10, 44), fill=INK)
    draw.ellipse(b(8, 12, 38, 34), fill=INK)
    draw.line([_pt(cx, cy, s, -13, 32), _pt(cx, cy, s, -13, -30)], fill=INK, width=w)
    draw.line([_pt(cx, cy, s, 35, 22), _pt(cx, cy, s, 35, -40)], fill=INK, width=w)
    beam = [_pt(cx, cy, s, x, y) for x, y in ((-16, -30), (38, -42), (38, -28), (-16, -16))]
    draw.polygon(beam, fill=INK)


def sheep(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A woolly sheep's head."""
    b = _box(cx, cy, s)
    w = max(1, round(s * 0.04))
    puffs = ((-30, -18), (-12, -34), (10, -34), (30, -18), (-36, 4), (36, 4), (0, -20))
    for x, y in puffs:
        draw.ellipse(b(x - 19, y - 19, x + 19, y + 19), fill=INK)
    for x, y in puffs:
        draw.ellipse(
            b(
                x - 19 + w * 100 / s,
                y - 19 + w * 100 / s,
                x + 19 - w * 100 / s,
                y + 19 - w * 100 / s,
            ),
            fill=WOOL,
        )
    draw.ellipse(b(-44, -6, -14, 8), fill=SHEEP_FACE)
    draw.ellipse(b(14, -6, 44, 8), fill=SHEEP_FACE)
    draw.ellipse(b(-18, -14, 18, 44), fill=SHEEP_FACE)
    for x in (-8, 8):
        draw.ellipse(b(x - 5, 0, x + 5, 10), fill=WHITE)
    draw.ellipse(b(-8, 30, 8, 38), fill=INK)


def kangaroo(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A kangaroo's head with tall pointed ears and a long snout."""
    b = _box(cx, cy, s)
    w = max(1, round(s * 0.04))
    for side in (-1, 1):
        ear = [_pt(cx, cy, s, side * x, y) for x, y in ((8, -6), (20, -50), (32, -4))]
        draw.polygon(ear, fill=KANGAROO, outline=INK, width=w)
        inner = [_pt(cx, cy, s, side * x, y) for x, y in ((14, -8), (20, -38), (26, -8))]
        draw.polygon(inner, fill=PINK)
    draw.ellipse(b(-28, -22, 28, 24), fill=KANGAROO, outline=INK, width=w)
    draw.ellipse(b(-16, 4, 16, 46), fill=KANGAROO_LIGHT, outline=INK, width=w)
    draw.ellipse(b(-8, 36, 8, 44), fill=INK)
    for x in (-13, 13):
        draw.ellipse(b(x - 5, -8, x + 5, 2), fill=INK)


def seal(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A seal's sleek head balancing a ball on its nose."""
    b = _box(cx, cy, s)
    w = max(1, round(s * 0.04))
    draw.ellipse(b(-30, -14, 30, 44), fill=SEAL, outline=INK, width=w)
    draw.ellipse(b(-16, 16, 2, 34), fill=SEAL_LIGHT)
    draw.ellipse(b(-2, 16, 16, 34), fill=SEAL_LIGHT)
    draw.ellipse(b(-6, 12, 6, 20), fill=INK)
    for x in (-14, 14):
        draw.ellipse(b(x - 6, -2, x + 6, 10), fill=INK)
    for y in (22, 28):
        draw.line([_pt(cx, cy, s, -16, y), _pt(cx, cy, s, -34, y - 4)], fill=INK, width=w)
        draw.line([_pt(cx, cy, s, 16, y), _pt(cx, cy, s, 34, y - 4)], fill=INK, width=w)
    draw.ellipse(b(-15, -48, 15, -18), fill=BALLS[1], outline=INK, width=w)
    draw.chord(b(-15, -48, 15, -18), 200, 340, fill=BALLS[0])


def bear(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A bear's round head with round ears."""
    b = _box(cx, cy, s)
    w = max(1, round(s * 0.04))
    for x in (-28, 28):
        draw.ellipse(b(x - 14, -42, x + 14, -14), fill=BEAR, outline=INK, width=w)
        draw.ellipse(b(x - 7, -35, x + 7, -21), fill=BEAR_LIGHT)
    draw.ellipse(b(-38, -34, 38, 40), fill=BEAR, outline=INK, width=w)
    draw.ellipse(b(-18, 6, 18, 34), fill=BEAR_LIGHT)
    draw.ellipse(b(-8, 8, 8, 18), fill=INK)
    for x in (-15, 15):
        draw.ellipse(b(x - 5, -12, x + 5, -2), fill=INK)


ACTIVITY_ICONS: dict[str, IconPainter] = {
    "juggling": juggling,
    "acrobatics": acrobatics,
    "dance": dance,
    "music": music,
}
ANIMAL_ICONS: dict[str, IconPainter] = {
    "sheep": sheep,
    "kangaroo": kangaroo,
    "seal": seal,
    "bear": bear,
}


# Family symbols: one bold silhouette per penguin family, so a family is told by its shape and
# not only by its colour (red, green and brown look alike to many colour-blind players). Each
# painter fills the silhouette grown by ``grow`` pixels, so the caller can paint it twice: grown
# in ink for the rim, then in white. Shapes avoid the seat shapes (circle, square, triangle,
# diamond) that stones use.
SymbolPainter = Callable[[ImageDraw.ImageDraw, float, float, float, float, Colour], None]


def _outline(points: list[tuple[float, float]], grow: float) -> list[tuple[float, float]]:
    """``points`` closed, for a line of width 2 × ``grow`` around a polygon."""
    return [*points, points[0], points[1]] if grow > 0 else points


def _polygon(
    draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], grow: float, fill: Colour
) -> None:
    draw.polygon(points, fill=fill)
    if grow > 0:
        draw.line(_outline(points, grow), fill=fill, width=round(2 * grow), joint="curve")


def heart(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, grow: float, fill: Colour
) -> None:
    """A heart: the red family."""
    u = s / 100
    points = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((cx + x * 2.95 * u, cy - (y + 2.5) * 2.95 * u))
    _polygon(draw, points, grow, fill)


def clover(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, grow: float, fill: Colour
) -> None:
    """A three-leaf clover on a stem: the green family."""
    u = s / 100
    for x, y in ((0, -25), (-25, 2), (25, 2)):
        r = 22 * u + grow
        draw.ellipse((cx + x * u - r, cy + y * u - r, cx + x * u + r, cy + y * u + r), fill=fill)
    r = 12 * u + grow
    draw.ellipse((cx - r, cy - 6 * u - r, cx + r, cy - 6 * u + r), fill=fill)
    stem = [(x * u + cx, y * u + cy) for x, y in ((-6, 0), (6, 0), (16, 46), (4, 46))]
    _polygon(draw, stem, grow, fill)


def drop(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, grow: float, fill: Colour
) -> None:
    """A water drop, pointed at the top: the blue family."""
    u = s / 100
    ox, oy, r = cx, cy + 12 * u, 35 * u
    points = [(cx, cy - 50 * u)]
    for i in range(41):  # the round bottom, from one tangent point to the other
        a = math.radians(-30 + 240 * i / 40)
        points.append((ox + r * math.cos(a), oy + r * math.sin(a)))
    _polygon(draw, points, grow, fill)


def cross(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, grow: float, fill: Colour
) -> None:
    """A bold plus-shaped cross: the brown family."""
    u = s / 100
    a, b = 15 * u, 44 * u
    points = [
        (cx - a, cy - b),
        (cx + a, cy - b),
        (cx + a, cy - a),
        (cx + b, cy - a),
        (cx + b, cy + a),
        (cx + a, cy + a),
        (cx + a, cy + b),
        (cx - a, cy + b),
        (cx - a, cy + a),
        (cx - b, cy + a),
        (cx - b, cy - a),
        (cx - a, cy - a),
    ]
    _polygon(draw, points, grow, fill)


FAMILY_SYMBOLS: dict[str, SymbolPainter] = {
    "red": heart,
    "green": clover,
    "blue": drop,
    "brown": cross,
}
