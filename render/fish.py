"""The Hey, That's My Fish! board: 60 hex floes, fish, penguins, the last move and a panel.

Layout (F-1): rows A–H top to bottom, pointy-topped hexes, the 7-floe rows A, C, E, G indented
by half a floe. Everything that never changes (the sea, the ice, each floe's name and fish) is
drawn once and cached; a picture pastes those sprites and adds penguins, the last move and the
panel.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.fish import FLOE_NAMES, FishGame, floe_position
from render import labels as labels_table
from render import palette, palette_store, png, sprites, text
from render.common import (
    RANK_COLOURS,
    arrow,
    canvas,
    headline,
    legible,
    ranks,
    seat_names,
    view_kind,
)
from render.marks import draw_marks
from render.style import (
    COLOURS,
    HIGHLIGHT,
    ICE,
    ICE_EDGE,
    INK,
    PANEL,
    PANEL_ACTIVE,
    PANEL_ROW,
    SEA,
    SEA_DEEP,
    SEAT_COLOURS,
    TEXT,
    TEXT_DIM,
    Colour,
    mix,
)

WIDTH = 800
MARGIN = 16
HEX_W = (WIDTH - 2 * MARGIN) / 8  # eight floes across the flush rows
R = HEX_W / math.sqrt(3)  # centre-to-corner radius of a pointy-topped hex
BOARD_TOP = 14
BOARD_HEIGHT = round(2 * BOARD_TOP + 12.5 * R)
SPRITE = (round(HEX_W), round(2 * R))
GAP = 2.5  # open water between neighbouring floes
HEADER = 54
CELL_H = 72
#: The smallest text: 12 pixels where a phone shows the picture 400 pixels wide.
LEGIBLE = legible(WIDTH)
NAME_SIZE = LEGIBLE  # a player's name in the rows under the board
NAME_LEFT = 56  # a name's left edge in its row, right of the seat's token
NAME_GAP = 6  # between a name and the catch (the name sits higher, so little is needed)
PAD = 12
LABEL_COLOUR: Colour = (64, 98, 130)
LABEL_SIZE = LEGIBLE  # a floe's name
NAME_RISE = 0.58  # how far above its centre, in radii, a floe's name sits
OCCUPIED_FISH = 0.32  # length of the fish beside a penguin, as a share of the floe's width
PENGUIN_HEIGHT = 0.95  # of R
PENGUIN_SHIFT = 0.17  # of HEX_W, to the right of the floe's centre
GHOST: Colour = mix(SEA, ICE, 0.14)
SUNK: Colour = mix(SEA, ICE, 0.55)
#: The flat colours of the board picture: an animated replay keeps these exact. The sea's swell
#: is left out: its bands differ by a shade, too little for a palette to keep each one apart.
FLAT_COLOURS: tuple[Colour, ...] = (
    *COLOURS,
    *RANK_COLOURS,
    LABEL_COLOUR,
    GHOST,
    SUNK,
    *sprites.COLOURS,
)


def size(players: int) -> tuple[int, int]:
    """Width and height of a board picture for a number of players."""
    rows = (players + 1) // 2
    return WIDTH, BOARD_HEIGHT + HEADER + rows * (CELL_H + PAD) + PAD


def centre(name: str) -> tuple[float, float]:
    """Pixel centre of a floe on the board picture."""
    row, index = floe_position(name)
    indent = HEX_W / 2 if row % 2 == 0 else 0.0
    return MARGIN + indent + HEX_W / 2 + index * HEX_W, BOARD_TOP + R + row * 1.5 * R


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Corners of a pointy-topped hexagon."""
    return [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


def _corner(name: str) -> tuple[int, int]:
    cx, cy = centre(name)
    return round(cx - SPRITE[0] / 2), round(cy - SPRITE[1] / 2)


@cache
def sea() -> Image.Image:
    """Open water with the faint outline of every floe position, so gaps read as sunk floes."""

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        s = w / WIDTH
        draw.rectangle((0, 0, w, h), fill=SEA)
        for band in range(0, BOARD_HEIGHT, 36):  # gentle swell, darker towards the bottom
            shade = mix(SEA, SEA_DEEP, band / BOARD_HEIGHT)
            draw.rectangle((0, band * s, w, (band + 36) * s), fill=shade)
        for name in FLOE_NAMES:
            cx, cy = centre(name)
            corners = [(x * s, y * s) for x, y in hexagon(cx, cy, R - GAP * 2)]
            draw.polygon(corners, outline=GHOST, width=round(2 * s))

    return sprites.supersampled(WIDTH, BOARD_HEIGHT, paint).convert("RGB")


@cache
def _blank(height: int) -> Image.Image:
    """The picture before anything of a game is drawn: the sea over the panel's ground."""
    image, _ = canvas(WIDTH, height, PANEL)
    image.paste(sea(), (0, 0))
    return image


@cache
def _floe() -> Image.Image:
    """A bare ice floe with a darker underside, centred in its sprite."""

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        s = w / SPRITE[0]
        cx, cy = w / 2, h / 2
        draw.polygon(hexagon(cx, cy + 3 * s, (R - GAP) * s), fill=ICE_EDGE)
        draw.polygon(hexagon(cx, cy, (R - GAP) * s), fill=ICE)

    return sprites.supersampled(*SPRITE, paint)


def fish_spots(count: int, occupied: bool) -> list[tuple[float, float, int]]:
    """Where the fish of a floe sit (offsets from its centre) and how long each is drawn."""
    if occupied:  # a penguin stands right of the middle: a column of fish down the left side
        small = round(HEX_W * OCCUPIED_FISH)
        return [(-HEX_W * (0.27 - 0.02 * i), R * (-0.27 + 0.33 * i), small) for i in range(count)]
    big = {1: 0.5, 2: 0.42, 3: 0.36}[count]
    length = round(HEX_W * big)
    if count == 1:
        return [(0.0, R * 0.15, length)]
    if count == 2:
        return [(0.0, R * -0.02, length), (0.0, R * 0.42, length)]
    return [
        (-HEX_W * 0.21, R * 0.0, length),
        (HEX_W * 0.21, R * 0.0, length),
        (0, R * 0.42, length),
    ]


@cache
def _decor(name: str, fish: int, occupied: bool) -> Image.Image:
    """A floe's name and fish on a transparent sprite (the same every game)."""
    decor = Image.new("RGBA", SPRITE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(decor)
    cx, cy = SPRITE[0] / 2, SPRITE[1] / 2
    draw.text(
        (cx, cy - R * NAME_RISE),
        name,
        font=text.font(LABEL_SIZE, True),
        fill=LABEL_COLOUR,
        anchor="mm",
    )
    for dx, dy, length in fish_spots(fish, occupied):
        icon = sprites.fish(length)
        decor.alpha_composite(
            icon, (round(cx + dx - icon.width / 2), round(cy + dy - icon.height / 2))
        )
    return decor


@cache
def _ring(seat: int) -> Image.Image:
    """A thick outline in the seat's colour around the floe a penguin just reached."""

    def paint(draw: ImageDraw.ImageDraw, w: float, h: float) -> None:
        s = w / SPRITE[0]
        corners = hexagon(w / 2, h / 2, (R - GAP - 3) * s)
        draw.polygon(corners, outline=INK, width=round(9 * s))
        draw.polygon(
            hexagon(w / 2, h / 2, (R - GAP - 4) * s), outline=SEAT_COLOURS[seat], width=round(5 * s)
        )

    return sprites.supersampled(*SPRITE, paint)


@cache
def _hex_mask() -> Image.Image:
    """The pixels of a floe sprite that the floe covers (any alpha), as a "1" mask."""
    return _floe().getchannel("A").point(lambda a: 255 if a else 0).convert("1")


@lru_cache(maxsize=1024)
def _tile(name: str, fish: int, occupied: bool, ring: int | None) -> Image.Image:
    """A floe as it lies on the sea at its own place: the ice, the ring of the last move (in
    that seat's colour), its name and fish, flattened onto the water under it.

    Pasting an opaque tile through the floe's own mask costs a fraction of blending three
    see-through sprites; the result is the same pixels. Neighbouring floes never share a
    pixel of their masks, so the order of pasting does not matter.
    """
    corner = _corner(name)
    box = (corner[0], corner[1], corner[0] + SPRITE[0], corner[1] + SPRITE[1])
    tile = sea().crop(box).convert("RGBA")
    tile.alpha_composite(_floe())
    if ring is not None:
        tile.alpha_composite(_ring(ring))
    tile.alpha_composite(_decor(name, fish, occupied))
    return tile.convert("RGB")


def _draw_sunk(draw: ImageDraw.ImageDraw, last: Mapping[str, Any]) -> None:
    """Floes that just sank (F-10, F-11), as a faint outline on the water."""
    sunk = list(last.get("removed", []))
    for gone in last.get("out", []):
        sunk.extend(gone["floes"])
    for name in sunk:
        draw.polygon(hexagon(*centre(name), R - GAP * 2), outline=SUNK, width=3)


def _draw_path(draw: ImageDraw.ImageDraw, last: Mapping[str, Any]) -> None:
    """The last move as an arrow from its origin (now water, F-9) over the path to its floe."""
    if not (last.get("from") and last.get("path")):
        return
    colour = SEAT_COLOURS[last["seat"]]
    points = [centre(last["from"]), *(centre(name) for name in last["path"])]
    (x0, y0), (x1, y1) = points[0], points[-1]
    span = math.hypot(x1 - x0, y1 - y0)
    stop = (x1 - (x1 - x0) * R * 0.5 / span, y1 - (y1 - y0) * R * 0.5 / span)
    arrow(draw, [points[0], stop], colour, 8, 24)
    for x, y in points[1:-1]:  # a waypoint on every floe the penguin slid over
        draw.ellipse((x - 7, y - 7, x + 7, y + 7), fill=colour, outline=INK, width=3)


def _draw_board(image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    floes: Mapping[str, int] = view["floes"]
    penguins: Mapping[str, int] = view["penguins"]
    last = view.get("last") or {}
    # The ring marks the floe the last move reached; that floe may be gone already (its penguin
    # went out, F-11).
    ringed = last.get("to") if last.get("to") in floes else None
    mask = _hex_mask()
    for name, fish in floes.items():
        ring = last["seat"] if name == ringed else None
        image.paste(_tile(name, fish, name in penguins, ring), _corner(name), mask)
    if last:
        _draw_sunk(draw, last)
        _draw_path(draw, last)
    for name, seat in penguins.items():
        figure = sprites.penguin(seat, round(R * PENGUIN_HEIGHT))
        cx, cy = centre(name)
        image.paste(
            figure,
            (round(cx + HEX_W * PENGUIN_SHIFT - figure.width / 2), round(cy - R * 0.36)),
            figure,
        )


def _header(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    view: Mapping[str, Any],
    names: Sequence[str],
    labels: Mapping[str, str],
) -> None:
    top = BOARD_HEIGHT
    y = top + HEADER / 2
    x = PAD
    key = "placing" if view["phase"] == "place" else "moving"
    template, name = headline(view, names, labels, labels[key])
    if view["phase"] != "over":
        token = sprites.seat_token(view["to_move"], 30)
        image.paste(token, (x, round(y - 15)), token)
        x += 38
    last = view.get("last")
    right = ""
    if last:
        right = (
            labels["last_place"].format(to=last["to"]) if not last.get("from") else last["action"]
        )
        sunk = len(last.get("removed", [])) + sum(len(o["floes"]) for o in last.get("out", []))
        if sunk:
            right += " · " + labels_table.counted(labels, "sunk", sunk)
    face = text.font(LEGIBLE, True)
    right_w = text.font(LEGIBLE).getlength(right) if right else 0
    width = WIDTH - x - PAD - right_w - 16
    status = text.named(template, name, face, width)
    text.label(draw, (x, y), status, face, TEXT, anchor="lm", width=width)
    if right:
        text.label(draw, (WIDTH - PAD, y), right, text.font(LEGIBLE), TEXT_DIM, anchor="rm")


def _player(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    box: tuple[int, int, int, int],
    seat: int,
    view: Mapping[str, Any],
    name: str,
    place: int | None,
    labels: Mapping[str, str],
) -> None:
    x0, y0, x1, y1 = box
    active = view["to_move"] == seat
    draw.rounded_rectangle(box, radius=10, fill=PANEL_ACTIVE if active else PANEL_ROW)
    if active:
        draw.rounded_rectangle((x0, y0, x0 + 7, y1), radius=3, fill=HIGHLIGHT)
    token = sprites.seat_token(seat, 36)
    image.paste(token, (x0 + 12, (y0 + y1) // 2 - 18), token)
    catch = view["catch"][seat]
    score_face = text.font(34, True)
    score = str(catch["fish"])
    icon = sprites.fish(30)
    score_w = score_face.getlength(score)
    image.paste(icon, (x1 - 12 - icon.width, (y0 + y1) // 2 - icon.height // 2), icon)
    text.label(draw, (x1 - 20 - icon.width, (y0 + y1) / 2), score, score_face, TEXT, anchor="rm")
    # The name runs up to the score, in the Ultimatum rows' size: a picture name shortened to
    # 14 characters ("Alexandra von…") then shows whole beside a catch of two digits.
    name_w = x1 - 20 - icon.width - score_w - NAME_GAP - (x0 + NAME_LEFT)
    dim = view["out"][seat] and view["phase"] != "over"
    text.label(
        draw,
        (x0 + NAME_LEFT, y0 + 22),
        name,
        text.font(NAME_SIZE, True),
        TEXT_DIM if dim else TEXT,
        anchor="lm",
        width=name_w,
    )
    x: float = x0 + NAME_LEFT
    y = y0 + 52
    small = text.font(LEGIBLE)
    if place is not None:
        rank = labels[f"rank_{place + 1}"]
        rank_face = text.font(LEGIBLE, True)
        x += text.label(draw, (x, y), rank, rank_face, RANK_COLOURS[place], anchor="lm")
        x += 10
    facts = [labels_table.counted(labels, "floes", catch["floes"])]
    if view["phase"] == "place":
        facts.append(labels_table.counted(labels, "to_place", view["to_place"][seat]))
    if view["out"][seat] and view["phase"] != "over":
        facts.append(labels["out"])
    text.label(draw, (x, y), " · ".join(facts), small, TEXT_DIM, anchor="lm", width=x1 - x - 12)


def render_image(
    view: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str] | None = None
) -> Image.Image:
    """The board picture as a Pillow image (``board`` encodes it)."""
    view_kind(view, "fish")
    table = labels_table.merged(labels)
    players = view["players"]
    shown = seat_names(names, players, table)
    height = size(players)[1]
    image = _blank(height).copy()
    draw = ImageDraw.Draw(image)
    _draw_board(image, draw, view)
    _header(draw, image, view, shown, table)
    place = ranks(view.get("ranking"))
    cell_w = (WIDTH - 3 * PAD) // 2
    for seat in range(players):
        col, row = seat % 2, seat // 2
        x0 = PAD + col * (cell_w + PAD)
        y0 = BOARD_HEIGHT + HEADER + row * (CELL_H + PAD)
        box = (x0, y0, x0 + cell_w, y0 + CELL_H)
        _player(draw, image, box, seat, view, shown[seat], place.get(seat), table)
    return image


#: The sample positions the board's palette is fitted to: (players, seed, random actions).
SAMPLES = ((4, 3, 30), (3, 11, 24), (2, 7, 200), (2, 5, 3))


def _sample(players: int, seed: int, actions: int) -> Mapping[str, Any]:
    game = FishGame.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        mover = game.to_move
        assert mover is not None
        game.play(rng.choice(game.legal_actions()), mover)
    return game.view(None)


@palette_store.kept("board")
def board_palette() -> list[Colour]:
    """The palette every board picture is stored with: the flat colours exact, the rest fitted
    to a few sample positions (placing, hunting, over; 2 to 4 players)."""
    names = [f"Player {seat + 1}" for seat in range(4)]
    pictures = []
    for players, seed, actions in SAMPLES:
        pictures.append(render_image(_sample(players, seed, actions), names[:players]))
    return palette.palette_colours(pictures, FLAT_COLOURS, palette_store.MOST)


def board(
    view: Mapping[str, Any],
    *,
    names: Sequence[str],
    labels: Mapping[str, str] | None = None,
    marks: Mapping[str, str] | None = None,
    chosen: str | None = None,
) -> bytes:
    """PNG of the board for a fish view: floes, fish, penguins, last move, catch and turn;
    ``marks`` tags the floes a player may choose (render.marks), ``chosen`` rings the floe of
    the penguin already chosen."""
    image = render_image(view, names, labels)
    if chosen in view["floes"]:
        assert chosen is not None
        # A bold ink ring: unlike the yellow choice tags and the last move's ring in a seat's
        # colour, and leaving the floe's fish (the catch of the move) in view.
        ring = hexagon(*centre(chosen), R - GAP - 4)
        ImageDraw.Draw(image).polygon(ring, outline=INK, width=CHOSEN_RING)
    if marks:
        spots = {name: tag_spot(name) for name in marks}
        draw_marks(image, spots, marks, TAG)
    return png.encode(image, board_palette())


#: The height of a floe's tag (render.marks).
TAG = int(R * 0.8)
CHOSEN_RING = 9  # pixels
TAG_RISE = 0.64  # how far above its centre, in radii, a floe's tag sits


def tag_spot(name: str) -> tuple[float, float]:
    """Where a floe's tag sits: over the floe's own name, a little higher, so that its fish
    stay in view (the upper of two fish reaches 0.2 radii above the centre)."""
    cx, cy = centre(name)
    return cx, cy - R * TAG_RISE
