"""Single pixels with a precise type: Pillow types a pixel for every band layout at once."""

from __future__ import annotations

from PIL import Image


def colour_at(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    """The bands of one pixel of a picture with several bands (RGB, RGBA)."""
    pixel = image.getpixel(xy)
    assert isinstance(pixel, tuple), f"{image.mode} has a single band"
    return pixel


def level_at(image: Image.Image, xy: tuple[int, int]) -> float:
    """The value of one pixel of a single-band picture (L, 1)."""
    pixel = image.getpixel(xy)
    assert isinstance(pixel, int | float), f"{image.mode} has several bands"
    return pixel
