"""The results picture of a finished Hey, That's My Fish! game: where every floe went, and the
score breakdown.

At the end (F-13, F-14) every floe has left the board, so the last board picture would be an
empty sea. This one draws the starting board instead, each floe tinted in the colour of the
seat that took it and marked with that seat's shape (colour is never the only clue); floes that
melted away unscored (F-10) are slush on the water. Under it, one row per player in ranking
order: place, name, fish and floes (F-15 breaks a tie on fish by floes).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.fish import FishGame
from bot.games.fish.ending import results_view
from render import fish as board
from render import labels as labels_table
from render import palette, palette_store, png, sprites, text
from render.common import RANK_COLOURS, canvas, headline, ranks, seat_names, view_kind
from render.style import (
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

WIDTH = board.WIDTH
PAD = 12
HEADER = 54
COLUMNS = 26  # the strip with the columns' headings
ROW_H = 60
COLUMN_W = 90  # the width of a column of numbers (and of its heading)
FLOES_X = WIDTH - PAD - 18  # right edges of the columns
FISH_X = FLOES_X - COLUMN_W - 30
TINT = 0.5  # how far a caught floe's ice is tinted towards its seat's colour
TOKEN = 34  # the seat's shape on a caught floe, where its penguin would stand
SLUSH: Colour = mix(SEA, ICE_EDGE, 0.3)
WAVE: Colour = mix(SEA, ICE_EDGE, 0.6)
TINTS: tuple[Colour, ...] = tuple(mix(ICE, c, TINT) for c in SEAT_COLOURS)
FLAT_COLOURS: tuple[Colour, ...] = (*board.FLAT_COLOURS, SLUSH, WAVE, *TINTS)


def size(players: int) -> tuple[int, int]:
    """Width and height of a results picture for a number of players."""
    return WIDTH, board.BOARD_HEIGHT + HEADER + COLUMNS + players * (ROW_H + PAD) + PAD


@cache
def _caught_floe(seat: int) -> Image.Image:
    """A floe in the ice tinted towards the seat's colour, with a darker underside."""

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        s = w / board.SPRITE[0]
        cx, cy = w / 2, h / 2
        r = (board.R - board.GAP) * s
        draw.polygon(board.hexagon(cx, cy + 3 * s, r), fill=mix(TINTS[seat], INK, 0.35))
        draw.polygon(board.hexagon(cx, cy, r), fill=TINTS[seat])

    return sprites.supersampled(*board.SPRITE, paint)


@cache
def _melted_floe() -> Image.Image:
    """Slush where a floe melted away unscored: a dim hexagon with two waves across it."""

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        s = w / board.SPRITE[0]
        cx, cy = w / 2, h / 2
        draw.polygon(board.hexagon(cx, cy, (board.R - board.GAP * 2) * s), fill=SLUSH)
        for dy in (-0.05, 0.3):
            points = [
                (cx + (x - 0.5) * w * 0.6, cy + h * dy * 0.5 + math.sin(x * 2 * math.pi) * 5 * s)
                for x in (i / 12 for i in range(13))
            ]
            draw.line(points, fill=WAVE, width=round(4 * s), joint="curve")

    return sprites.supersampled(*board.SPRITE, paint)


@cache
def _melted_name(name: str) -> Image.Image:
    """A melted floe's name, dim, on a transparent sprite."""
    decor = Image.new("RGBA", board.SPRITE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(decor)
    cx, cy = board.SPRITE[0] / 2, board.SPRITE[1] / 2
    face = text.font(board.LABEL_SIZE, True)
    draw.text((cx, cy - board.R * 0.58), name, font=face, fill=WAVE, anchor="mm")
    return decor


def probe(name: str) -> tuple[int, int]:
    """A pixel of a floe that only its ice covers (no fish, name or seat mark)."""
    cx, cy = board.centre(name)
    return round(cx), round(cy + board.R * 0.72)


def mark_centre(name: str) -> tuple[int, int]:
    """The centre of the seat's shape on a caught floe."""
    cx, cy = board.centre(name)
    return round(cx + board.HEX_W * 0.2), round(cy + board.R * 0.08)


def _draw_floes(image: Image.Image, results: Mapping[str, Any]) -> None:
    """Every starting floe where it lay: tinted and marked by its taker, or slush where it
    melted (at the end no floe is left on the board, F-14)."""
    fish: Mapping[str, int] = results["floes"]
    caught: Mapping[str, int | None] = results["caught"]
    for name, count in fish.items():
        corner = board._corner(name)
        seat = caught.get(name)
        if seat is None:
            image.paste(_melted_floe(), corner, _melted_floe())
            image.paste(_melted_name(name), corner, _melted_name(name))
            continue
        image.paste(_caught_floe(seat), corner, _caught_floe(seat))
        decor = board._decor(name, count, True)
        image.paste(decor, corner, decor)
        token = sprites.seat_token(seat, TOKEN)
        x, y = mark_centre(name)
        image.paste(token, (x - TOKEN // 2, y - TOKEN // 2), token)


def _header(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    names: Sequence[str],
    labels: Mapping[str, str],
    melted: int,
) -> None:
    """The result in a line, the floes that melted unscored, and the columns' headings."""
    y = board.BOARD_HEIGHT + HEADER / 2
    right = labels_table.counted(labels, "melted", melted)
    small = text.font(board.LEGIBLE)
    right_w = small.getlength(right)
    template, name = headline(view, names, labels, "")
    face = text.font(board.LEGIBLE, True)
    width = WIDTH - 2 * PAD - right_w - 16
    status = text.named(template, name, face, width)
    text.label(draw, (PAD, y), status, face, TEXT, anchor="lm", width=width)
    text.label(draw, (WIDTH - PAD, y), right, small, TEXT_DIM, anchor="rm")
    y = board.BOARD_HEIGHT + HEADER + COLUMNS / 2
    for key, x in (("fish_column", FISH_X), ("floes_column", FLOES_X)):
        text.label(draw, (x, y), labels[key], small, TEXT_DIM, anchor="rm", width=COLUMN_W)


def _row(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    top: int,
    seat: int,
    place: int,
    view: Mapping[str, Any],
    name: str,
    labels: Mapping[str, str],
) -> None:
    """One player's line of the breakdown: place, seat, name, fish and floes."""
    box = (PAD, top, WIDTH - PAD, top + ROW_H)
    mid = top + ROW_H / 2
    draw.rounded_rectangle(box, radius=10, fill=PANEL_ROW)
    rank = labels[f"rank_{place + 1}"]
    rank_face = text.font(24, True)
    text.label(draw, (PAD + 14, mid), rank, rank_face, RANK_COLOURS[place], anchor="lm", width=58)
    token = sprites.seat_token(seat, 36)
    image.paste(token, (PAD + 76, round(mid - 18)), token)
    catch = view["catch"][seat]
    number = text.font(30, True)
    text.label(draw, (FISH_X, mid), str(catch["fish"]), number, TEXT, anchor="rm")
    text.label(draw, (FLOES_X, mid), str(catch["floes"]), number, TEXT_DIM, anchor="rm")
    icon = sprites.fish(34)
    icon_x = round(FISH_X - number.getlength(str(catch["fish"])) - 10 - icon.width)
    image.paste(icon, (icon_x, round(mid - icon.height / 2)), icon)
    name_x = PAD + 124
    words = f"{name} ({labels['resigned']})" if view["resigned"][seat] else name
    width = FISH_X - COLUMN_W - 60 - name_x
    text.label(draw, (name_x, mid), words, text.font(24, True), TEXT, anchor="lm", width=width)


def render_image(
    view: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str] | None = None
) -> Image.Image:
    """The results picture as a Pillow image (``results`` encodes it)."""
    view_kind(view, "fish")
    results = view.get("results")
    if view["phase"] != "over" or not results:
        raise ValueError("a results picture needs a finished game's view with its results")
    table = labels_table.merged(labels)
    players = view["players"]
    shown = seat_names(names, players, table)
    image, draw = canvas(*size(players), PANEL)
    image.paste(board.sea(), (0, 0))
    _draw_floes(image, results)
    melted = sum(1 for seat in results["caught"].values() if seat is None)
    _header(draw, view, shown, table, melted)
    place = ranks(view["ranking"])
    order = [seat for group in view["ranking"] for seat in group]
    top = board.BOARD_HEIGHT + HEADER + COLUMNS
    for seat in order:
        _row(draw, image, top, seat, place[seat], view, shown[seat], table)
        top += ROW_H + PAD
    return image


def _sample(players: int, seed: int) -> Mapping[str, Any]:
    game = FishGame.new(players, seed=seed)
    rng = random.Random(seed)
    while game.to_move is not None:
        game.play(rng.choice(game.legal_actions()), game.to_move)
    return results_view(game)


@palette_store.kept("results")
def results_palette() -> list[Colour]:
    """The palette of every results picture: the flat colours exact, the rest fitted to
    finished games of 2 to 4 players."""
    names = [f"Player {seat + 1}" for seat in range(4)]
    pictures = [
        render_image(_sample(players, seed), names[:players])
        for players, seed in ((4, 3), (3, 11), (2, 7))
    ]
    return palette.palette_colours(pictures, FLAT_COLOURS, palette_store.MOST)


def results(
    view: Mapping[str, Any], *, names: Sequence[str], labels: Mapping[str, str] | None = None
) -> bytes:
    """PNG of a finished Fish game: the starting board with each floe marked by who took it
    (or melted), and each player's place, fish and floes."""
    return png.encode(render_image(view, names, labels), results_palette())
