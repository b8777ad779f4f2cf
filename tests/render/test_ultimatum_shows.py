"""The shows read at a glance. An entertainer's dots point at their cells, the empty
cells it still waits for carry a mark with how many are missing (one missing stands out), the
entertainer to lay is large in the footer and the hand shows symbol and activity large; all of
it on a phone (400 pixels wide) and for colour-blind players."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
from PIL import Image

from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ENTERTAINERS, OPPOSITE, PENGUINS
from render import cards, table_marks, ultimatum
from render.style import ICE, INK, PANEL, PANEL_ROW
from render.table_frame import frame_for
from render.ultimatum_footer import FOOTER, SHOW_CARD
from render.ultimatum_metrics import LEGIBLE
from render.ultimatum_panel import (
    MINI_GAP,
    ROW_H,
    WON,
    WON_LEAST,
    WON_ROOM,
    gone_height,
    row_height,
    won_size,
)
from tests.render.games import ultimatum_game
from tests.render.pixels import colour_at
from tests.render.test_ultimatum_legibility import (
    DEUTERANOPIA,
    FAMILIES,
    PHONE,
    PROTANOPIA,
    TABLE_CARD,
    _phone,
    _swapped,
    _visible_change,
    contrast,
    overlap,
    simulate,
    white_mask,
)

NAMES = ["a", "b"]
#: The whole 9 × 9 iceberg: tables of a card or two compared cell by cell, in the same place.
WHOLE = frame_for(9, 9, whole=True)


def _render(view: dict[str, Any]) -> Image.Image:
    return ultimatum.render_table(view, NAMES, frame=WHOLE)


HAND_PHONE = 400 / ultimatum.HAND_WIDTH


def _table(cards_on_table: dict[str, str], phase: str = "play") -> dict[str, Any]:
    """A 2-player 9 × 9 view holding exactly ``cards_on_table`` (no stones, no last turn)."""
    base = UltimatumGame.new(players=2, seed=1).view(None)
    return {
        **base,
        "table": cards_on_table,
        "stones": {},
        "last": None,
        "pending_shows": [],
        "phase": phase,
    }


# --- which cells wait (U-15) ---------------------------------------------------------------------


def test_an_entertainer_waits_for_each_empty_cell_its_dots_point_at() -> None:
    """bear-music points E and W: both empty cells wait, each missing 2; a card on one leaves
    the other missing 1; cells not pointed at never wait."""
    view = _table({"E5": "bear-music"})
    assert table_marks.waiting_cells(view) == {"D5": [("E", 2)], "F5": [("W", 2)]}
    view = _table({"E5": "bear-music", "F5": "curtain"})
    assert table_marks.waiting_cells(view) == {"D5": [("E", 1)]}


def test_off_the_iceberg_counts_as_occupied_and_turned_dots_point_back() -> None:
    """U-15: at the west edge only the east cell is missing; U-2: seal-music (N NE NW) turned
    waits south."""
    assert table_marks.waiting_cells(_table({"A5": "bear-music"})) == {"B5": [("W", 1)]}
    turned = table_marks.waiting_cells(_table({"E5": "seal-music turned"}))
    assert turned == {"D6": [("NE", 3)], "E6": [("N", 3)], "F6": [("NW", 3)]}


def test_a_cell_several_entertainers_wait_for_lists_each() -> None:
    """Two entertainers pointing at the same cell each leave their own mark there."""
    view = _table({"D5": "bear-music", "F5": "bear-music"})
    assert sorted(table_marks.waiting_cells(view)["E5"]) == [("E", 2), ("W", 2)]


# --- the marks on the table ----------------------------------------------------------------------


def _mark_pixels(
    image: Image.Image, cell: str, towards: str, colour: tuple[int, int, int], share: float = 1
) -> int:
    """Pixels of exactly ``colour`` in the mark's box of ``cell`` on its side ``towards`` (or a
    ``share`` of that box around the mark's centre)."""
    x, y = table_marks.disc_centres(cell, [(towards, 2)], WHOLE)[towards]
    r = table_marks.disc_side(WHOLE.cell, 1) / 2 * share
    crop = image.crop((round(x - r), round(y - r), round(x + r), round(y + r))).convert("RGB")
    return sum(n for n, c in crop.getcolors(crop.width * crop.height) or [] if c == colour)


def test_waiting_cells_carry_a_mark_on_the_side_facing_their_entertainer() -> None:
    """Each waiting cell shows a yellow mark on the side towards the entertainer, none on its
    other sides, and no empty cell that nobody waits for has one."""
    image = _render(_table({"E5": "bear-music"}))
    for cell, towards in (("D5", "E"), ("F5", "W")):
        assert _mark_pixels(image, cell, towards, cards.DOT) > 60, cell
        assert _mark_pixels(image, cell, OPPOSITE[towards], cards.DOT) == 0, cell
    for cell in ("E4", "E6", "D4", "F6"):  # next to the entertainer, not pointed at
        x0, y0, x1, y1 = WHOLE.box(cell)
        crop = image.crop((x0, y0, x1, y1)).convert("RGB")
        colours = dict((c, n) for n, c in crop.getcolors(crop.width * crop.height) or [])
        assert cards.DOT not in colours, cell


def test_one_missing_card_turns_the_mark_dark_and_larger() -> None:
    """ "One more card here starts a show": the mark of an entertainer missing one cell is a
    dark disc (yellow number and rim) larger than the yellow disc of one missing more."""
    image = _render(_table({"E5": "bear-music", "F5": "curtain"}))
    ready_ink = _mark_pixels(image, "D5", "E", INK, share=0.6)  # inside the disc
    ready_yellow = _mark_pixels(image, "D5", "E", cards.DOT)
    waiting = _render(_table({"E5": "bear-music"}))
    assert ready_ink > 2 * _mark_pixels(waiting, "D5", "E", INK, share=0.6)
    assert ready_yellow > 20  # the number and the rim
    assert table_marks.disc_side(WHOLE.cell, 1) > table_marks.disc_side(WHOLE.cell, 2)


def test_the_mark_shows_how_many_cells_are_missing() -> None:
    """The marks of an entertainer missing 2, 3, 4 and 5 cells (all pointing west at D5) differ
    visibly from each other at phone size: the number is readable there."""
    x, y = table_marks.disc_centres("D5", [("E", 2)], WHOLE)["E"]
    r = table_marks.disc_side(WHOLE.cell, 1) / 2
    box = (round(x - r), round(y - r), round(x + r), round(y + r))
    crops = []
    for missing, entertainer in (
        (2, "bear-music"),
        (3, "sheep-acrobatics"),
        (4, "seal-dance"),
        (5, "seal-juggling"),
    ):
        view = _table({"E5": entertainer})
        assert ("E", missing) in table_marks.waiting_cells(view)["D5"]
        crop = _render(view).crop(box)
        size = (round(crop.width * PHONE), round(crop.height * PHONE))
        crops.append(crop.resize(size, Image.Resampling.LANCZOS))
    for a, b in itertools.combinations(crops, 2):
        assert _visible_change(a, b) >= 12


@pytest.mark.parametrize("matrix", [DEUTERANOPIA, PROTANOPIA], ids=["deuteranopia", "protanopia"])
def test_marks_stand_out_for_colour_blind_players(matrix: tuple[float, ...]) -> None:
    """The two kinds of mark differ in lightness, not only hue, and both have a dark rim that
    stands out from the ice (≥ 3:1) after the colour-blind simulation."""
    swatch = Image.new("RGB", (3, 1))
    swatch.putdata([cards.DOT, INK, ICE])
    seen = simulate(swatch, matrix)
    dot, ink, ice = (colour_at(seen, (i, 0)) for i in range(3))
    assert contrast(dot, ink) >= 7  # waiting (yellow disc) against one missing (dark disc)
    assert contrast(ink, ice) >= 7
    assert contrast(dot, ice) < contrast(ink, ice)  # hence the rim


def test_marks_read_on_a_phone() -> None:
    """Shrunk to a phone, a waiting mark still changes a patch of the picture the size of a
    small icon, and one missing card another patch of about the same size."""
    plain = _render(_table({"E5": "curtain"}))
    waiting = _render(_table({"E5": "bear-music"}))
    ready = _render(_table({"E5": "bear-music", "F5": "curtain"}))
    box = WHOLE.box("D5")

    def phone(image: Image.Image) -> Image.Image:
        crop = image.crop(box)
        size = round(crop.width * PHONE)
        return crop.resize((size, size), Image.Resampling.LANCZOS)

    assert _visible_change(phone(plain), phone(waiting)) >= 60
    assert _visible_change(phone(waiting), phone(ready)) >= 60


def test_no_marks_once_the_game_is_over() -> None:
    """At the end nobody waits for a card: the same table shows no mark."""
    over = _render(_table({"E5": "bear-music"}, phase="over"))
    assert _mark_pixels(over, "D5", "E", cards.DOT) == 0


# --- the dots point ------------------------------------------------------------------------------


def _yellowness(image: Image.Image) -> list[list[float]]:
    """How yellow each pixel is (0 … 1): the dots' colour against everything else."""
    rgb = image.convert("RGB")
    w, h = rgb.size
    data = rgb.tobytes()
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            r, g, b = data[3 * (y * w + x) : 3 * (y * w + x) + 3]
            row.append(max(0.0, min(r, g) - b) / (min(cards.DOT[:2]) - cards.DOT[2]))
        rows.append(row)
    return rows


@pytest.mark.parametrize(
    ("drawn", "size"),
    [(TABLE_CARD, TABLE_CARD), (TABLE_CARD, round(TABLE_CARD * PHONE))],
    ids=["table", "phone"],
)
@pytest.mark.parametrize("direction", list(cards.DIRECTION_VECTORS))
def test_each_dot_points_out_at_its_cell(direction: str, drawn: int, size: int) -> None:
    """U-2: a dot is an arrowhead. Along its direction its yellow lies mostly on the inner side
    of its extent (wide base inside, tip outside), on the card and shrunk to a phone; a round
    bead would be balanced."""
    entertainer = next(e for e, data in ENTERTAINERS.items() if direction in data.dots)
    big = cards.entertainer(entertainer, drawn)
    face = Image.alpha_composite(Image.new("RGBA", big.size, PANEL), big)
    if size != drawn:
        face = face.resize((size, size), Image.Resampling.LANCZOS)
    ux, uy = cards.DIRECTION_VECTORS[direction]
    tip = cards.dot_points(direction, size)[0]
    yellow = _yellowness(face)
    weights, along = [], []
    for y, row in enumerate(yellow):
        for x, v in enumerate(row):
            # only this dot: within a dot's length of its tip
            if v > 0.3 and math.hypot(x + 0.5 - tip[0], y + 0.5 - tip[1]) < size * 0.24:
                weights.append(v)
                along.append((x + 0.5 - tip[0]) * ux + (y + 0.5 - tip[1]) * uy)
    assert sum(weights) >= (4 if size < drawn else 30), "dot too small"
    centre = sum(w * a for w, a in zip(weights, along, strict=True)) / sum(weights)
    middle = (min(along) + max(along)) / 2
    assert centre < middle - 0.08 * (max(along) - min(along)), (centre, min(along), max(along))


# --- the footer and the hand on a phone ----------------------------------------------------------


def _footer_card(view: dict[str, Any]) -> Image.Image:
    """The "to lay" entertainer of the footer as a phone shows it."""
    image = _render(view)
    phone = image.resize((400, round(image.height * PHONE)), Image.Resampling.LANCZOS)
    bottom = phone.height - round(gone_height(len(view.get("removed", []))) * PHONE)
    return phone.crop((0, bottom - round(FOOTER * PHONE), phone.width, bottom))


def _laying(entertainer: str) -> dict[str, Any]:
    game = next(
        g
        for seed in range(100)
        if (g := UltimatumGame.new(players=2, seed=seed)) and g.view(None)["entertainer_top"]
    )
    view = game.view(None)
    return {**view, "phase": "entertainer", "entertainer_to_lay": entertainer}


def test_the_entertainer_to_lay_is_large_on_a_phone() -> None:
    """The face-up entertainer to lay is at least 50 pixels wide on a phone (the table's cards
    are about 40), and another animal, activity or set of dots changes it visibly there."""
    assert SHOW_CARD * PHONE >= 50
    plain = _footer_card(_laying("bear-music"))
    for other in ("seal-music", "bear-dance", "bear-juggling"):  # animal, activity, dots
        assert _visible_change(plain, _footer_card(_laying(other))) >= 300, other


def test_the_footer_entertainers_dots_are_solid_on_a_phone() -> None:
    """Each dot of the footer's entertainer covers at least 12 clearly yellow phone pixels."""
    face = cards.entertainer("kangaroo-music", SHOW_CARD)
    flat = Image.alpha_composite(Image.new("RGBA", face.size, PANEL), face)
    small = round(SHOW_CARD * PHONE)
    phone = flat.resize((small, small), Image.Resampling.LANCZOS)
    yellow = sum(v > 0.6 for row in _yellowness(phone) for v in row)
    assert yellow >= 12 * len(ENTERTAINERS["kangaroo-music"].dots)


# --- the won entertainers of the panel on a phone -------------------------------------------------

#: Three won entertainers, two to five dots each: they fit side by side in a player's row.
WON_CARDS = ["kangaroo-music", "seal-dance", "sheep-juggling"]


def _won_table(won: list[str]) -> Image.Image:
    """A crowded 4-player table whose first player won ``won``, as a phone shows it."""
    view = ultimatum_game(4, seed=5, actions=70).view(None)
    return _phone(ultimatum.render_table({**view, "won": [won, [], [], []]}, list("abcd")))


def test_won_entertainers_are_large_icons_side_by_side_then_in_a_taller_row() -> None:
    """Won entertainers are compact faces (animal and activity, U-25) whose icons stay LEGIBLE:
    three at WON pixels, four shrunk to one line, and more in a taller row rather than
    overlapping thumbnails."""
    assert WON_LEAST * cards.WON_ACTIVITY >= LEGIBLE
    assert won_size(3, WON_ROOM) == WON
    assert won_size(4, WON_ROOM) * 4 + 3 * MINI_GAP <= WON_ROOM
    assert row_height(4) == ROW_H < row_height(5) < row_height(9)
    view = ultimatum_game(4, seed=5, actions=70).view(None)
    six = [f"{a}-{b}" for a in ("bear", "seal") for b in ("music", "dance", "juggling")]
    image = ultimatum.render_table({**view, "won": [six, [], [], []]}, list("abcd"))
    none = ultimatum.render_table({**view, "won": [[], [], [], []]}, list("abcd"))
    assert image.height == none.height + row_height(6) - ROW_H


@pytest.mark.parametrize(("part", "least"), [("animal", 150), ("activity", 60)])
def test_won_entertainers_show_animal_and_activity_on_a_phone(part: str, least: int) -> None:
    """Swapping one won entertainer's animal or activity for another changes, on a phone, a
    patch at least as large as a 12-pixel icon (an activity: a third of that)."""
    plain = _won_table(WON_CARDS)
    for i, card in enumerate(WON_CARDS):
        other = [*WON_CARDS[:i], _swapped(card, part), *WON_CARDS[i + 1 :]]
        assert _visible_change(plain, _won_table(other)) >= least, card


def _hand_card(card: str) -> Image.Image:
    face = cards.hand_penguin(card, ultimatum.HAND_CARD, ultimatum.HAND_CARD_HEIGHT)
    flat = Image.alpha_composite(Image.new("RGBA", face.size, PANEL_ROW), face)
    size = (round(face.width * HAND_PHONE), round(face.height * HAND_PHONE))
    return flat.resize(size, Image.Resampling.LANCZOS)


@pytest.mark.parametrize("matrix", [DEUTERANOPIA, PROTANOPIA], ids=["deuteranopia", "protanopia"])
def test_hand_cards_show_the_family_symbol_large_on_a_phone(matrix: tuple[float, ...]) -> None:
    """In the hand, each family's white symbol covers a fifth of its corner box at phone size,
    and the shapes differ for colour-blind players."""
    w, h = ultimatum.HAND_CARD, ultimatum.HAND_CARD_HEIGHT
    box = (0.5, 0.03 * w / h, 0.96, 0.49 * w / h)  # the top right corner, as fractions
    masks = {}
    for colour in FAMILIES:
        card = next(c for c, d in PENGUINS.items() if d.colour == colour and d.value == 4)
        masks[colour] = white_mask(simulate(_hand_card(card), matrix), box)
        assert sum(masks[colour]) > 24 * 24 / 5, f"{colour}: symbol too small"
    for a, b in itertools.combinations(FAMILIES, 2):
        assert overlap(masks[a], masks[b]) < 0.7, f"{a} and {b} symbols look alike"


def test_hand_cards_show_the_activity_large_on_a_phone() -> None:
    """Another activity changes a hand card on a phone over at least 600 pixels (the square
    cards of the old, wider hand picture: 342 at least), so the activity reads at a glance."""
    for colour in FAMILIES:
        faces = {
            d.activity: _hand_card(c)
            for c, d in PENGUINS.items()
            if d.colour == colour and d.value == 3
        }
        for a, b in itertools.combinations(sorted(faces), 2):
            assert _visible_change(faces[a], faces[b]) >= 600, (colour, a, b)


def test_the_hand_is_narrower_so_its_cards_are_larger_on_a_phone() -> None:
    """Discord shows the hand 400 pixels wide: its cards are at least 70 phone pixels wide and
    its won entertainers at least 60, with their dots."""
    assert ultimatum.HAND_CARD * HAND_PHONE >= 70
    assert ultimatum.HAND_WON * HAND_PHONE >= 60


@pytest.mark.parametrize("side", [5, 9, 15])
def test_discs_sharing_a_cell_leave_each_digit_clear(side: int) -> None:
    """U-15: an empty cell two entertainers wait for carries two discs; on the smallest cells
    (the whole 15 × 15 iceberg) they still lie far enough apart that neither covers the other's
    digit, whichever two sides they are on."""
    frame = frame_for(side, side, whole=True)
    cell = "C3"
    for towards, other in itertools.combinations(sorted(OPPOSITE), 2):
        for counts in ((2, 2), (1, 3)):
            waits = [(towards, counts[0]), (other, counts[1])]
            centres = table_marks.disc_centres(cell, waits, frame)
            for (mine, count), (theirs, more) in itertools.permutations(waits):
                over = table_marks.disc_side(frame.cell, more) / 2  # the other disc's radius
                digit = table_marks.digit_size(table_marks.disc_side(frame.cell, count))
                clear = math.dist(centres[mine], centres[theirs]) - over
                assert clear >= digit * 0.3, (waits, mine)  # a figure is about 0.6 em wide
