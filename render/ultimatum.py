"""The Penguin Ultimatum: the party table (iceberg + panel) and a player's hand.

The picture shows the part of the iceberg in use (render.table_frame): a grid of square cells,
in one band or, when too wide for one, two (the left half above the right), its edge drawn as
the ice's border where the iceberg ends, column letters and row numbers on each band's axes
(U-4). The water, the ice and the names of the cells (the names players type) are one cached
background per part shown; card faces are cached per card and size (render.table_cards), so a
picture only pastes cards, stones and waiting discs (render.table_marks), the stone's arrow and
highlights, and draws the panel.

The pictures are stored as palette PNGs (render.png) with a palette per kind of picture, fitted
once per process to a few sample games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.table import cell_name
from render import cards, palette, palette_store, png, sprites, table_cards, text
from render import labels as labels_table
from render.common import RANK_COLOURS, arrow, canvas, legible, seat_names, view_kind
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
from render.table_frame import INSET as INSET
from render.table_frame import MARGIN, WIDTH, Band, Frame
from render.table_frame import view_frame as view_frame
from render.table_marks import (
    LEGIBLE,
    disc,
    disc_centres,
    stone,
    stone_centre,
    stone_corner,
    stone_side,
    waiting_cells,
)
from render.ultimatum_panel import draw_panel, panel_height

Box = png.Box

CELL_NAME: Colour = (96, 132, 160)  # 3.5:1 on the ice: players type these names
SHOWN: Colour = (255, 128, 32)  # a show that just took place
PENDING: Colour = (236, 72, 200)  # a show still to be performed
NEW_ENTERTAINER: Colour = (64, 220, 255)
STAR: Colour = (255, 200, 30)  # marks a show's cell
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
#: The tag naming a cell the mover may choose (render.marks), as a share of the cell, and at
#: least so tall that its name (three fifths of it) is LEGIBLE.
TAG = 0.4
TAG_LEAST = math.ceil(LEGIBLE * 5 / 3)


def tag_size(frame: Frame) -> int:
    """Height of the tag naming a cell the mover may choose (render.marks)."""
    return max(round(frame.cell * TAG), TAG_LEAST)


def size(view: Mapping[str, Any], marks: Iterable[str] = ()) -> tuple[int, int]:
    """Width and height of the table picture for a view (``marks``: the tagged cells)."""
    return WIDTH, panel_top(view, marks) + panel_height(view)


def panel_top(view: Mapping[str, Any], marks: Iterable[str] = ()) -> int:
    """The first pixel row of the panel under the iceberg."""
    return view_frame(view, marks).picture_height


def cell_box(name: str, frame: Frame) -> tuple[int, int, int, int]:
    """Pixel box (left, top, right, bottom) of a cell on a table picture showing ``frame``."""
    return frame.box(name)


@lru_cache(maxsize=64)
def _iceberg(frame: Frame) -> Image.Image:
    """Water, the part of the iceberg shown with its edge where it ends, the axes and every
    cell's name, faintly, band by band. Where the iceberg goes on, the ice runs out of the
    picture."""
    image, draw = canvas(WIDTH, frame.picture_height, SEA)
    for band in frame.bands:
        _band(draw, frame, band)
    return image


def _band(draw: ImageDraw.ImageDraw, frame: Frame, band: Band) -> None:
    """One band of the iceberg: its ice, grid, column letters, row numbers and cell names."""
    cell = frame.cell
    x0, y0 = band.origin
    x1, y1 = x0 + band.cols * cell, y0 + band.rows * cell
    edge, rim = 6, 3
    opens = frame.open_sides(band)
    far = (x0 - MARGIN, y0 - MARGIN, min(WIDTH, x1 + MARGIN), y1 + MARGIN)
    ice = [far[i] if opens[i] else (x0, y0, x1, y1)[i] for i in range(4)]
    grow = (-1, -1, 1, 1)
    for width, fill in ((edge, ICE_EDGE), (rim, cards.WHITE), (0, ICE)):
        box = [ice[i] + (0 if opens[i] else grow[i] * width) for i in range(4)]
        draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=fill)
    for i in range(0 if opens[0] else 1, band.cols + (1 if opens[2] else 0)):
        draw.line([(x0 + i * cell, ice[1]), (x0 + i * cell, ice[3] - 1)], fill=ICE_EDGE)
    for i in range(0 if opens[1] else 1, band.rows + (1 if opens[3] else 0)):
        draw.line([(ice[0], y0 + i * cell), (ice[2] - 1, y0 + i * cell)], fill=ICE_EDGE)
    axis = text.font(LEGIBLE, True)
    # The names in the cells are a faint guide: the axes carry the coordinates, LEGIBLE.
    small = text.font(max(12, round(cell * 0.25)), True)
    half = cell / 2
    for col in range(band.cols):
        letter = cell_name(band.left + col, 0)[0]
        draw.text(
            (x0 + col * cell + half, y0 - MARGIN + 1), letter, font=axis, fill=TEXT, anchor="md"
        )
    for row in range(band.rows):
        middle = y0 + row * cell + half
        number = str(band.top + row + 1)
        draw.text((x0 - MARGIN + 2, middle), number, font=axis, fill=TEXT, anchor="rm")
        for col in range(band.cols):
            name = cell_name(band.left + col, band.top + row)
            draw.text(
                (x0 + col * cell + half, middle), name, font=small, fill=CELL_NAME, anchor="mm"
            )


@lru_cache(maxsize=64)
def _blank_table(frame: Frame, picture_height: int) -> Image.Image:
    """The whole picture before anything of a game is drawn: the iceberg over the panel's
    ground (copied, it is one pass over the pixels instead of a fill and a paste)."""
    image, _ = canvas(WIDTH, picture_height, PANEL)
    image.paste(_iceberg(frame), (0, 0))
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


def _draw_waiting(
    image: Image.Image, view: Mapping[str, Any], frame: Frame, drawn: list[Box]
) -> None:
    """Mark each empty cell a face-up entertainer still waits for, on the side facing it; the
    discs of fewer missing cells go on top, so where discs of one cell meet, the more urgent
    one shows whole."""
    found = {name: waits for name, waits in waiting_cells(view).items() if frame.shows(name)}
    centres = {name: disc_centres(name, waits, frame) for name, waits in found.items()}
    waits = [(count, name, towards) for name, here in found.items() for towards, count in here]
    for count, name, towards in sorted(waits, key=lambda w: (-w[0], w[1], w[2])):
        mark = disc(frame.cell, count)
        x, y = centres[name][towards]
        _overlay(image, mark, (round(x - mark.width / 2), round(y - mark.height / 2)), drawn)


def _overlay(
    image: Image.Image, sprite: Image.Image, at: tuple[int, int], drawn: list[Box]
) -> None:
    """Paste a see-through ``sprite`` at ``at`` and note its box in ``drawn``."""
    image.paste(sprite, at, sprite)
    drawn.append((at[0], at[1], at[0] + sprite.width, at[1] + sprite.height))


def _ring(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, drawn: list[Box]) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle((x0 - 1, y0 - 1, x1, y1), outline=INK, width=6)
    draw.rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), outline=colour, width=4)
    drawn.append((x0 - 1, y0 - 1, x1 + 1, y1 + 1))


def _stone_arrow(
    image: Image.Image, moved: Mapping[str, str], colour: Colour, frame: Frame
) -> Box | None:
    """U-14: the stone's move as a slim, see-through arrow from where it stood to just short of
    where it stands now. It lies under the stones, so it never hides one or a card's icon."""
    cell = frame.cell
    (x0, y0), (x1, y1) = stone_centre(moved["from"], frame), stone_centre(moved["to"], frame)
    span = math.hypot(x1 - x0, y1 - y0)
    if span == 0:
        return None
    short = stone_side(cell) * 0.5 + max(3, cell * 0.06)  # the stone's radius and a clear gap
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
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], frame: Frame
) -> list[Box]:
    """Lay the cards on the iceberg and draw over them; returns the boxes drawn over the cards
    (rings, the arrow, stars, waiting discs, stones): elsewhere the iceberg is the background
    and the cards' faces alone (see ``_mapped_cards``)."""
    cell = frame.cell
    face_size = cell - 2 * INSET
    for name, card in view["table"].items():
        x0, y0, _, _ = frame.box(name)
        image.paste(table_cards.flat_face(card, face_size, ICE), (x0 + INSET, y0 + INSET))
    last = view.get("last") or {}
    star = _star(max(round(cell * 0.42), LEGIBLE + 2))
    drawn: list[Box] = []
    for name in view.get("pending_shows", []):
        _ring(draw, frame.box(name), PENDING, drawn)
    for show in last.get("shows", []):
        _ring(draw, frame.box(show["cell"]), SHOWN, drawn)
    for name in last.get("entertainers_laid", []):
        _ring(draw, frame.box(name), NEW_ENTERTAINER, drawn)
    if last.get("cell"):
        _ring(draw, frame.box(last["cell"]), HIGHLIGHT, drawn)
    moved = last.get("stone")
    if moved and moved["from"] != "supply":
        arrow_box = _stone_arrow(image, moved, SEAT_COLOURS[last["seat"]], frame)
        drawn.extend([arrow_box] if arrow_box else [])
    # The star overhangs its cell's top-left corner, where the left neighbour's stone sits: it
    # goes on before the stones, so no stone is ever hidden under a star.
    for name in [*view.get("pending_shows", []), *(s["cell"] for s in last.get("shows", []))]:
        x0, y0, _, _ = frame.box(name)
        _overlay(image, star, (x0 - star.width // 4, y0 - star.height // 4), drawn)
    if view["phase"] != "over":  # once the game is over nobody waits for a card any more
        _draw_waiting(image, view, frame, drawn)
    side = stone_side(cell)
    for name, seat in view["stones"].items():
        _overlay(image, stone(seat, side), stone_corner(name, frame), drawn)
    return drawn


def render_table(
    view: Mapping[str, Any],
    names: Sequence[str],
    labels: Mapping[str, str] | None = None,
    frame: Frame | None = None,
) -> Image.Image:
    """The party table picture as a Pillow image (``table`` encodes it); ``frame``: the part of
    the iceberg to show, if not the part in use (render.table_frame)."""
    return _render_table(view, names, labels, frame or view_frame(view))[0]


def _render_table(
    view: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str] | None, frame: Frame
) -> tuple[Image.Image, list[Box]]:
    """The party table picture and the boxes drawn over its cards and background."""
    view_kind(view, "ultimatum")
    words = labels_table.merged(labels)
    shown = seat_names(names, view["players"], words)
    top = frame.picture_height
    height = top + panel_height(view)
    image = _blank_table(frame, height).copy()
    draw = ImageDraw.Draw(image)
    drawn = _draw_table(image, draw, view, frame)
    draw_panel(image, draw, top, view, shown, words)
    drawn.append((0, top, WIDTH, height))  # the panel is drawn afresh every time
    return image, drawn


def table(
    view: Mapping[str, Any],
    *,
    names: Sequence[str],
    labels: Mapping[str, str] | None = None,
    marks: Mapping[str, str] | None = None,
    frame: Frame | None = None,
) -> bytes:
    """PNG of the party table: iceberg, cards, stones, highlights, scores and decks; ``marks``
    tags the cells a player may choose (render.marks); ``frame``: the part of the iceberg to
    show, if not the part in use with the tagged cells."""
    frame = frame or view_frame(view, marks or ())
    image, drawn = _render_table(view, names, labels, frame)
    if marks:
        boxes = {name: frame.box(name) for name in marks if frame.shows(name)}
        spots = {n: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for n, b in boxes.items()}
        drawn.extend(draw_marks(image, spots, marks, tag_size(frame)))
    return png.encode_over(image, table_palette(), _mapped_cards(view, frame, image.height), drawn)


def _mapped_cards(view: Mapping[str, Any], frame: Frame, picture_height: int) -> Image.Image:
    """The background with the cards' faces laid on it, from layers already mapped onto the
    table palette: a third of the bytes to copy, and only what is drawn over them (see
    ``_render_table``) is mapped again for each picture."""
    base = _mapped_blank(frame, picture_height).copy()
    face_size = frame.cell - 2 * INSET
    for name, card in view["table"].items():
        x0, y0, _, _ = frame.box(name)
        base.paste(_mapped_face(card, face_size), (x0 + INSET, y0 + INSET))
    return base


@lru_cache(maxsize=64)
def _mapped_blank(frame: Frame, picture_height: int) -> Image.Image:
    """``_blank_table`` mapped onto the table palette."""
    picture = _blank_table(frame, picture_height)
    return picture.quantize(palette=table_palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=1024)
def _mapped_face(card: str, face_size: int) -> Image.Image:
    """A card's face on the ice (``table_cards.flat_face``) mapped onto the table palette."""
    face = table_cards.flat_face(card, face_size, ICE)
    return face.quantize(palette=table_palette(), dither=Image.Dither.NONE)


#: The hand picture is narrower than the table: Discord shows both about 400 pixels wide on a
#: phone, so a narrower picture shows its cards larger there, in fewer pixels.
HAND_WIDTH = 640
HAND_LEGIBLE = legible(HAND_WIDTH)  # the smallest text on the hand picture
HAND_CARD = 112  # an upright card's width …
HAND_CARD_HEIGHT = 150  # … and height
HAND_GAP = 8
HAND_WON = 104
HAND_PAD = 16
HAND_TITLE = 48
HAND_CAPTION = 30  # the "hand" and "activity" captions under the cards
ACTIVITY_REACH = 150  # how far left of its card a long "activity" caption may reach
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
    small = text.font(HAND_LEGIBLE)
    caption_y = y + HAND_CARD_HEIGHT + 4 + HAND_CAPTION / 2
    # Centred under its card where it fits; a longer word (German "Darbietungsform") ends at the
    # card's right edge and reaches left over the gap towards the hand's caption, uncut.
    word = words["activity"]
    if small.getlength(word) <= HAND_CARD + 16:
        at, anchor = (ax + HAND_CARD / 2, caption_y), "mm"
    else:
        at, anchor = (ax + HAND_CARD, caption_y), "rm"
    text.label(draw, at, word, small, TEXT_DIM, anchor=anchor, width=HAND_CARD + ACTIVITY_REACH)
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


@palette_store.kept("table")
def table_palette() -> list[Colour]:
    """The palette every table picture is stored with: the flat colours exact, the rest fitted
    to a few sample games (early, late and over; 2 to 4 players; small and large icebergs)."""
    names = [f"Player {seat + 1}" for seat in range(4)]
    tables = [render_table(game.view(None), names[: game.players]) for game in _sample_games()]
    return palette.palette_colours(tables, FLAT_COLOURS, palette_store.MOST)


@palette_store.kept("hand")
def hand_palette() -> list[Colour]:
    """The palette every hand picture is stored with (fitted like ``table_palette``)."""
    hands = [render_hand(game.view(0), "Player 1") for game in _sample_games()]
    return palette.palette_colours(hands, FLAT_COLOURS, palette_store.MOST)
