"""Small anti-aliased pictures (penguins, fish, seat tokens), drawn once and cached.

Pillow draws shapes without anti-aliasing, so every sprite is painted four times larger and
reduced; the result is cached because the same few sprites are pasted many times per picture.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from render.style import INK, SEAT_COLOURS, SEAT_SHAPES, Colour, mix, shape_points

SS = 4  # supersampling factor
Painter = Callable[[ImageDraw.ImageDraw, float, float], None]

BEAK: Colour = (247, 160, 30)
FISH: Colour = (250, 128, 84)
FISH_FIN: Colour = (214, 84, 52)
WHITE: Colour = (255, 255, 255)
PENGUIN_DARK: tuple[Colour, ...] = tuple(mix(colour, INK, 0.45) for colour in SEAT_COLOURS)
#: Every flat colour of the sprites, for the palette of an animated replay (kept exact).
COLOURS: tuple[Colour, ...] = (BEAK, FISH, FISH_FIN, WHITE, *PENGUIN_DARK)


def supersampled(width: int, height: int, paint: Painter) -> Image.Image:
    """An RGBA sprite of ``width`` × ``height``, painted by ``paint`` at 4× size and reduced."""
    big = Image.new("RGBA", (width * SS, height * SS), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), width * SS, height * SS)
    return shrink(big)


def shrink(big: Image.Image, factor: int = SS) -> Image.Image:
    """Reduce a ``factor``× RGBA drawing to its final size, anti-aliasing every edge."""
    # Premultiplied alpha keeps transparent pixels from darkening the edges while reducing.
    return big.convert("RGBa").reduce(factor).convert("RGBA")


def paint_shape(
    draw: ImageDraw.ImageDraw,
    shape: str,
    cx: float,
    cy: float,
    r: float,
    fill: Colour,
    outline: Colour | None = None,
    width: float = 0,
) -> None:
    """Paint one seat shape (circle, square, triangle, diamond) centred on (cx, cy)."""
    w = round(width)
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=w)
    else:
        draw.polygon(list(shape_points(shape, cx, cy, r)), fill=fill, outline=outline, width=w)


def flattened(sprite: Image.Image, ground: Colour) -> Image.Image:
    """``sprite`` laid on a plain ``ground`` colour, as an opaque RGB picture.

    Pasting an opaque picture copies its pixels; pasting a see-through one blends each pixel,
    several times slower. Callers cache the result per sprite and ground.
    """
    flat = Image.new("RGB", sprite.size, ground)
    flat.paste(sprite, (0, 0), sprite)
    return flat


@lru_cache(maxsize=1024)
def on_ground(
    make: Callable[..., Image.Image], args: tuple[object, ...], ground: Colour
) -> Image.Image:
    """The sprite ``make(*args)`` flattened onto ``ground`` (see ``flattened``), cached."""
    return flattened(make(*args), ground)


@cache
def seat_token(seat: int, size: int) -> Image.Image:
    """The seat's shape in the seat's colour with a dark rim (used for stones and the panel)."""

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        shape = SEAT_SHAPES[seat]
        r = w * 0.46 if shape != "triangle" else w * 0.5
        cy = h / 2 if shape != "triangle" else h * 0.54
        paint_shape(draw, shape, w / 2, cy, r, SEAT_COLOURS[seat], INK, w * 0.07)

    return supersampled(size, size, paint)


@cache
def penguin(seat: int, height: int) -> Image.Image:
    """A penguin figure in the seat's colour with the seat's shape on its white belly."""
    colour, dark = SEAT_COLOURS[seat], PENGUIN_DARK[seat]

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = h * 0.035
        draw.ellipse((w * 0.18, h * 0.86, w * 0.48, h * 0.99), fill=BEAK, outline=INK, width=2)
        draw.ellipse((w * 0.52, h * 0.86, w * 0.82, h * 0.99), fill=BEAK, outline=INK, width=2)
        draw.ellipse((w * 0.0, h * 0.38, w * 0.3, h * 0.78), fill=dark, outline=INK, width=2)
        draw.ellipse((w * 0.7, h * 0.38, w * 1.0, h * 0.78), fill=dark, outline=INK, width=2)
        draw.ellipse(
            (w * 0.1, h * 0.02, w * 0.9, h * 0.93), fill=colour, outline=INK, width=round(line)
        )
        draw.ellipse((w * 0.24, h * 0.36, w * 0.76, h * 0.88), fill=WHITE)
        for ex in (0.37, 0.63):
            draw.ellipse((w * (ex - 0.08), h * 0.13, w * (ex + 0.08), h * 0.26), fill=WHITE)
            draw.ellipse((w * (ex - 0.035), h * 0.17, w * (ex + 0.035), h * 0.24), fill=INK)
        draw.polygon([(w * 0.4, h * 0.27), (w * 0.6, h * 0.27), (w * 0.5, h * 0.37)], fill=BEAK)
        shape = SEAT_SHAPES[seat]
        paint_shape(draw, shape, w * 0.5, h * 0.63, h * 0.15, INK)

    return supersampled(round(height * 0.78), height, paint)


@cache
def fish(length: int) -> Image.Image:
    """One fish, nose to the left, ``length`` pixels long."""

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = round(h * 0.09)
        tail = [(w * 0.66, h * 0.5), (w * 0.98, h * 0.08), (w * 0.98, h * 0.92)]
        draw.polygon(tail, fill=FISH_FIN, outline=INK, width=line)
        draw.ellipse((w * 0.02, h * 0.12, w * 0.76, h * 0.88), fill=FISH, outline=INK, width=line)
        draw.ellipse((w * 0.14, h * 0.32, w * 0.24, h * 0.48), fill=INK)
        draw.arc((w * 0.2, h * 0.1, w * 0.5, h * 0.9), 300, 60, fill=FISH_FIN, width=line)

    return supersampled(length, round(length * 0.55), paint)
