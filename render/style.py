"""Colours and seat marks shared by every picture.

Pictures carry their own opaque background so they read the same in Discord's dark and light
themes. Seat colours come from the Okabe–Ito palette, which stays distinct for the common kinds
of colour blindness; every seat also has its own shape, so colour is never the only clue.
"""

from __future__ import annotations

from collections.abc import Sequence

Colour = tuple[int, int, int]

PANEL: Colour = (22, 32, 46)
PANEL_ROW: Colour = (33, 46, 64)
PANEL_ACTIVE: Colour = (52, 72, 98)
TEXT: Colour = (238, 243, 248)
TEXT_DIM: Colour = (160, 176, 194)
INK: Colour = (20, 28, 38)
SEA: Colour = (28, 78, 120)
SEA_DEEP: Colour = (22, 64, 102)
ICE: Colour = (232, 244, 250)
ICE_EDGE: Colour = (170, 205, 226)
HIGHLIGHT: Colour = (255, 214, 0)
GOLD: Colour = (240, 190, 60)
SILVER: Colour = (200, 210, 220)
BRONZE: Colour = (205, 127, 50)

SEAT_COLOURS: tuple[Colour, ...] = (
    (230, 97, 1),  # vermillion
    (240, 228, 66),  # yellow
    (204, 121, 167),  # reddish purple
    (0, 158, 115),  # bluish green
)
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")
#: Every colour above, for the palette of an animated replay (which keeps them exact).
COLOURS: tuple[Colour, ...] = (
    PANEL,
    PANEL_ROW,
    PANEL_ACTIVE,
    TEXT,
    TEXT_DIM,
    INK,
    SEA,
    SEA_DEEP,
    ICE,
    ICE_EDGE,
    HIGHLIGHT,
    GOLD,
    SILVER,
    BRONZE,
    *SEAT_COLOURS,
)


def shape_points(shape: str, cx: float, cy: float, r: float) -> Sequence[tuple[float, float]]:
    """Corner points of a seat shape (square, triangle or diamond) of radius ``r``."""
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 1.0, cy + r * 0.78), (cx - r * 1.0, cy + r * 0.78)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    raise ValueError(f"no polygon for shape {shape!r}")


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
