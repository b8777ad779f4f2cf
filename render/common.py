"""Pieces every picture shares: player names, ranks, arrows and the canvas."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import text
from render.style import BRONZE, GOLD, INK, SILVER, Colour

RANK_COLOURS: tuple[Colour, ...] = (GOLD, SILVER, BRONZE, (150, 160, 170))
#: The party table picture's width (render.ultimatum_panel lays its panel out for it).
TABLE_WIDTH = 720
#: Discord shows a picture about this many pixels wide on a phone, whatever its own width …
PHONE_WIDTH = 400
#: … and a mark that carries information is at least this many of those pixels tall.
PHONE_LEAST = 12


def legible(width: int) -> int:
    """The smallest size, in a picture's own pixels, of a mark on a picture ``width`` pixels
    wide: PHONE_LEAST pixels when a phone shows it PHONE_WIDTH pixels wide."""
    return math.ceil(PHONE_LEAST * width / PHONE_WIDTH)


def seat_names(names: Sequence[str], players: int, labels: Mapping[str, str]) -> list[str]:
    """One drawable name per seat: cleaned of glyphs the font lacks, else "Player n"."""
    if len(names) != players:
        raise ValueError(f"expected {players} player names, got {len(names)}")
    return [
        text.clean(str(name), labels["player"].format(n=seat + 1))
        for seat, name in enumerate(names)
    ]


def ranks(ranking: Sequence[Sequence[int]] | None) -> dict[int, int]:
    """Seat → 0-based place (tied seats share a place, the next place is skipped)."""
    if not ranking:
        return {}
    place: dict[int, int] = {}
    position = 0
    for group in ranking:
        for seat in group:
            place[seat] = position
        position += len(group)
    return place


def headline(
    view: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str], playing: str
) -> tuple[str, str]:
    """The status line as a template with ``{name}`` and the name to put in it: "Turn 7 · Ann
    moves" while playing (``playing`` is the template), "Game over · Ann wins", "… Draw" or
    "… Shared win" at the end."""
    ranking = view.get("ranking")
    if view["phase"] == "over" and ranking:
        over = labels["game_over"].replace("{", "{{").replace("}", "}}")
        first = ranking[0]
        if len(first) == 1:
            return f"{over} · {labels['wins']}", names[first[0]]
        return f"{over} · {labels['draw' if len(ranking) == 1 else 'shared_win']}", ""
    turn = labels["turn"].format(n=turn_number(view)).replace("{", "{{").replace("}", "}}")
    return f"{turn} · {playing}", names[view["to_move"]]


def turn_number(view: Mapping[str, Any]) -> int:
    """The turn being played (1 for the first), or the number played once the game is over."""
    return int(view["turn"]) + (0 if view["phase"] == "over" else 1)


def canvas(width: int, height: int, colour: Colour) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new opaque RGB picture and a drawing context on it."""
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def arrow(
    draw: ImageDraw.ImageDraw,
    points: Sequence[tuple[float, float]],
    colour: tuple[int, ...],
    width: int,
    head: float,
    rim: int = 3,
    ink: tuple[int, ...] = INK,
) -> None:
    """A thick arrow along ``points`` with a dark rim (``ink``) ``rim`` wide, its head on the last
    point."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    angle = math.atan2(y1 - y0, x1 - x0)
    base = (x1 - head * math.cos(angle), y1 - head * math.sin(angle))
    side = (-math.sin(angle) * head * 0.6, math.cos(angle) * head * 0.6)
    tip = [(x1, y1), (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])]
    shaft = [*points[:-1], base]
    draw.line(shaft, fill=ink, width=width + 2 * rim, joint="curve")
    draw.polygon(tip, fill=ink, outline=ink, width=round(rim * 4 / 3))
    draw.line(shaft, fill=colour, width=width, joint="curve")
    draw.polygon(tip, fill=colour)
    start = points[0]
    r = width * 0.9
    draw.ellipse(
        (start[0] - r, start[1] - r, start[0] + r, start[1] + r),
        fill=colour,
        outline=ink,
        width=rim,
    )


def view_kind(view: Mapping[str, Any], kind: str) -> None:
    """Refuse a view of another game, with a message that says which one was given."""
    if view.get("kind") != kind:
        raise ValueError(f"expected a {kind} view, got {view.get('kind')!r}")
