"""The party table stays readable for colour-blind players and on a phone: family symbols, the
stone's arrow under the stone, cell names, entertainer details, the panel's counts, the hand."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS
from render import cards, table_cards, table_marks, ultimatum
from render.style import ICE, PANEL, SEAT_COLOURS
from render.table_frame import WIDTH as TABLE_WIDTH
from render.table_frame import frame_for
from render.ultimatum_footer import FOOTER, footer_height
from render.ultimatum_metrics import ROW_GAP
from render.ultimatum_panel import HEADER, ROW_H, gone_height
from tests.render.games import ultimatum_game, ultimatum_in_phase

#: Machado et al. (2009), full deuteranopia and protanopia, applied to linear RGB.
DEUTERANOPIA = (0.367, 0.861, -0.228, 0, 0.280, 0.673, 0.047, 0, -0.012, 0.043, 0.969, 0)
PROTANOPIA = (0.152, 1.053, -0.205, 0, 0.115, 0.786, 0.099, 0, -0.004, -0.048, 1.052, 0)
PHONE = 400 / TABLE_WIDTH  # Discord shows the table about 400 pixels wide on a phone
TABLE_CARD = frame_for(9, 9, whole=True).cell - 2 * ultimatum.INSET
FAMILIES = sorted(cards.FAMILY)


def simulate(image: Image.Image, matrix: tuple[float, ...]) -> Image.Image:
    """How ``image`` looks to a colour-blind viewer (a colour matrix on linearised RGB)."""
    linear = image.convert("RGB").point([round(255 * (i / 255) ** 2.2) for i in range(256)] * 3)
    seen = linear.convert("RGB", matrix)
    return seen.point([round(255 * (i / 255) ** (1 / 2.2)) for i in range(256)] * 3)


def luminance(colour: tuple[int, ...]) -> float:
    """WCAG relative luminance of an sRGB colour."""
    channels = [c / 255 for c in colour[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG contrast ratio of two colours."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def white_mask(image: Image.Image, box: tuple[float, float, float, float]) -> list[bool]:
    """Which pixels of ``box`` (fractions of the image) are near white, on a 24 × 24 grid."""
    w, h = image.size
    crop = image.convert("RGB").crop(
        (round(box[0] * w), round(box[1] * h), round(box[2] * w), round(box[3] * h))
    )
    grid = crop.resize((24, 24), Image.Resampling.BOX)
    data = grid.tobytes()
    return [min(data[i : i + 3]) > 236 for i in range(0, len(data), 3)]  # white, not cream


def overlap(a: list[bool], b: list[bool]) -> float:
    """Intersection over union of two masks."""
    both = sum(x and y for x, y in zip(a, b, strict=True))
    either = sum(x or y for x, y in zip(a, b, strict=True))
    return both / either


def _card(colour: str) -> str:
    return next(c for c, data in PENGUINS.items() if data.colour == colour and data.value == 4)


@pytest.mark.parametrize("matrix", [DEUTERANOPIA, PROTANOPIA], ids=["deuteranopia", "protanopia"])
def test_families_differ_by_symbol_for_colour_blind_players_on_a_phone(
    matrix: tuple[float, ...],
) -> None:
    """Red, green and brown look alike to many colour-blind players; each family's card
    carries its own white symbol, whose shape still differs after the colour-blind simulation
    at the size a phone shows the table."""
    small = round(TABLE_CARD * PHONE)
    masks = {}
    for colour in FAMILIES:
        face = table_cards.penguin(_card(colour), TABLE_CARD).resize((small, small))
        seen = simulate(Image.alpha_composite(Image.new("RGBA", face.size, PANEL), face), matrix)
        masks[colour] = white_mask(seen, _mark_box(*table_cards.penguin_marks(TABLE_CARD)[0]))
        assert sum(masks[colour]) > 24 * 24 / 8, f"{colour}: symbol too small"
    for a, b in itertools.combinations(FAMILIES, 2):
        assert overlap(masks[a], masks[b]) < 0.7, f"{a} and {b} symbols look alike"


def test_families_differ_in_grey_too() -> None:
    """The family grounds themselves differ in lightness (not only hue), red from brown most."""
    greys = sorted(luminance(cards.FAMILY[c]) for c in ("red", "green", "brown"))
    assert greys[1] - greys[0] > 0.02 and greys[2] - greys[1] > 0.02


@pytest.mark.parametrize("size", [TABLE_CARD, 3 * TABLE_CARD], ids=["compact", "full"])
@pytest.mark.parametrize("entertainer", sorted(ENTERTAINERS))
def test_an_entertainer_carries_its_familys_symbol_upright_even_when_turned(
    entertainer: str, size: int
) -> None:
    """An entertainer shows the symbol of the family that enjoys it (U-18), the shape of the
    penguin cards' symbol, and upright on a turned card too: on its compact face (the table's
    cells) and on its full face (large cells, the footer)."""
    own = ENTERTAINERS[entertainer].colour
    big = 3 * TABLE_CARD  # large enough to compare shapes, not only blobs
    penguin_box = _mark_box(*table_cards.penguin_marks(big)[0])
    on_penguins = {c: white_mask(table_cards.penguin(_card(c), big), penguin_box) for c in FAMILIES}
    if size < table_cards.FULL_FACE:
        x, y, side = table_cards.compact_marks(size)[0]
        boxes = {False: _mark_box(x, y, side), True: _mark_box(x, y, side)}
    else:
        x, y, side = cards.ENTERTAINER_MARK
        boxes = {False: _mark_box(x, y, side), True: _mark_box(1 - x, 1 - y, side)}
    for turned, box in boxes.items():
        face = table_cards.entertainer(entertainer, size, turned).resize((big, big))
        mask = white_mask(face, box)
        best = max(FAMILIES, key=lambda c: overlap(mask, on_penguins[c]))
        assert best == own, f"{entertainer} (turned: {turned}) shows the {best} symbol"


def _mark_box(x: float, y: float, side: float) -> tuple[float, float, float, float]:
    half = side * 0.5
    return x - half, y - half, x + half, y + half


def _stone_moved() -> dict[str, Any]:
    """A 4-player table whose last turn moved a stone from one penguin to another (U-14)."""
    for seed in range(200):
        view = ultimatum_game(4, seed, 60).view(None)
        stone = (view["last"] or {}).get("stone")
        if stone and stone["from"] != "supply":
            return view
    raise AssertionError("no stone move found")


def test_the_stones_arrow_lies_under_the_stone_and_stops_short_of_it() -> None:
    """U-14: the moved stone shows whole, in its owner's colour at its centre; the arrow shows
    between the two cells, see-through, and nothing of it touches the stone."""
    view = _stone_moved()
    last, names = view["last"], ["a", "b", "c", "d"]
    seat = view["stones"][last["stone"]["to"]]
    image = ultimatum.render_table(view, names)
    plain = ultimatum.render_table({**view, "last": {**last, "stone": None}}, names)
    frame = ultimatum.view_frame(view)
    x, y = table_marks.stone_corner(last["stone"]["to"], frame)
    side = table_marks.stone_side(frame.cell)
    cx, cy = table_marks.stone_centre(last["stone"]["to"], frame)
    assert image.getpixel((round(cx), round(cy + side * 0.1))) == SEAT_COLOURS[seat]
    around = (x - 2, y - 2, x + side + 2, y + side + 2)
    assert image.crop(around).tobytes() == plain.crop(around).tobytes()
    (x0, y0), (x1, y1) = table_marks.stone_centre(last["stone"]["from"], frame), (cx, cy)
    mid = (round((x0 + x1) / 2), round((y0 + y1) / 2))
    shaft, under = image.getpixel(mid), plain.getpixel(mid)
    assert shaft != under, "no arrow between the two cells"
    assert shaft != SEAT_COLOURS[last["seat"]], "the arrow hides what lies under it"


def test_empty_cell_names_read_on_the_ice_even_on_the_largest_iceberg() -> None:
    """U-4: the names players type stand out from the ice (≥ 3:1) and are drawn large enough
    to read on a 15 × 15 iceberg."""
    assert contrast(ultimatum.CELL_NAME, ICE) >= 3
    view = ultimatum_game(2, seed=4, actions=0, width=15, height=15).view(None)
    whole = frame_for(15, 15, whole=True)  # as a replay shows it: its cells are smallest
    image = ultimatum.render_table(view, ["a", "b"], frame=whole)
    box = whole.box("A1")
    ink = [
        (x, y)
        for y in range(box[1] + 2, box[3] - 2)
        for x in range(box[0] + 2, box[2] - 2)
        if image.getpixel((x, y)) == ultimatum.CELL_NAME
    ]
    xs, ys = [p[0] for p in ink], [p[1] for p in ink]
    assert max(ys) - min(ys) >= 8 and max(xs) - min(xs) >= 14


@pytest.mark.parametrize("size", [TABLE_CARD, table_cards.LEAST_CARD], ids=["9x9", "smallest"])
@pytest.mark.parametrize("entertainer", ["bear-music", "sheep-dance", "bear-acrobatics"])
def test_an_entertainers_dots_are_solid_spots_on_the_table(entertainer: str, size: int) -> None:
    """On the cards of a 9 × 9 table and on the smallest the table draws, every dot is a solid
    spot (≥ 60 yellow pixels, about 18 at phone size) however many the card carries."""
    face = table_cards.entertainer(entertainer, size).convert("RGB")
    colours = face.getcolors(size**2) or []
    yellow = sum(n for n, c in colours if c == cards.DOT)
    assert yellow / len(ENTERTAINERS[entertainer].dots) >= 60


def _row_colour(
    image: Image.Image, view: dict[str, Any], seat: int, colour: tuple[int, ...]
) -> int:
    """Pixels of exactly ``colour`` in a seat's row of the panel."""
    top = ultimatum.panel_top(view) + HEADER + seat * (ROW_H + ROW_GAP)
    crop = image.crop((0, top, image.width, top + ROW_H)).convert("RGB")
    return sum(n for n, c in crop.getcolors(crop.width * crop.height) or [] if c == colour)


def test_supply_and_hand_sizes_are_one_icon_and_a_count() -> None:
    """U-8: the stones in supply and the hand's size are each one icon with "×n", so the picture
    of a player with 3 stones has as many stone pixels as one with 1 (the count differs)."""
    view = ultimatum_game(2, seed=6, actions=3).view(None)
    names = ["a", "b"]
    one = ultimatum.render_table({**view, "supply": [1, 1], "hand_counts": [1, 1]}, names)
    three = ultimatum.render_table({**view, "supply": [3, 1], "hand_counts": [4, 1]}, names)
    assert one.tobytes() != three.tobytes()
    for colour in (SEAT_COLOURS[0], cards.BACK):
        assert _row_colour(one, view, 0, colour) == _row_colour(three, view, 0, colour) > 0


def test_in_the_entertainer_phase_the_next_pile_is_face_down() -> None:
    """U-21: while the top entertainer is being laid, the next pile shows a card back (the card
    under it is not yet turned up); otherwise it shows the face-up top card."""
    game = ultimatum_in_phase(3, seed=0, phase="entertainer")
    assert game is not None
    view = game.view(None)
    playing = {**view, "phase": "play", "entertainer_to_lay": None}
    backs = []
    for shown in (view, playing):
        image = ultimatum.render_table(shown, ["a", "b", "c"]).convert("RGB")
        top = image.height - gone_height(len(view["removed"])) - footer_height(shown)
        footer = image.crop((0, top, image.width, top + FOOTER))
        colours = footer.getcolors(footer.width * footer.height) or []
        backs.append(sum(n for n, c in colours if c == cards.ENTERTAINER_BACK))
    assert backs[0] > 100 and backs[1] == 0


def test_the_hand_without_won_cards_is_compact() -> None:
    """The hand picture spends one short line on "won: none", and grows with won cards."""
    game = ultimatum_game(2, seed=8, actions=0)
    own = game.view(0)
    assert ultimatum.hand_size(own)[1] <= 300
    won = {**own, "won": [["bear-music", "seal-dance"], []]}
    assert ultimatum.hand_size(won)[1] > ultimatum.hand_size(own)[1]
    assert ultimatum.render_hand(won, "Ann").size == ultimatum.hand_size(won)


ANIMALS = ("sheep", "kangaroo", "seal", "bear")
ACTIVITIES = ("juggling", "acrobatics", "dance", "music")
#: Every entertainer but two gone, the most a random game leaves; seat 0 won four.
GONE_CARDS = [f"{a}-{b}" for a in ANIMALS for b in ACTIVITIES][:14]
WON_CARDS = ["bear-music", "seal-dance", "sheep-juggling", "kangaroo-acrobatics"]
#: Phone pixels that must change clearly when a card's animal or activity is swapped (about a
#: 12-pixel icon's area; the cards of the first panel changed 91 and 20 at worst).
CLEAR_CHANGE = {"animal": 150, "activity": 60}


def _phone(image: Image.Image) -> Image.Image:
    """The picture as Discord shows it on a phone, 400 pixels wide."""
    return image.resize((400, round(image.height * PHONE)), Image.Resampling.LANCZOS)


def _visible_change(a: Image.Image, b: Image.Image) -> int:
    """Pixels that differ clearly (by more than 48 in a channel) between two pictures."""
    bands = ImageChops.difference(a, b).split()
    changed = bands[0]
    for band in bands[1:]:
        changed = ImageChops.lighter(changed, band)
    return changed.point(lambda v: 255 if v > 48 else 0).histogram()[255]


def _swapped(card: str, part: str) -> str:
    animal, activity = card.split("-")
    if part == "animal":
        return f"{ANIMALS[(ANIMALS.index(animal) + 1) % 4]}-{activity}"
    return f"{animal}-{ACTIVITIES[(ACTIVITIES.index(activity) + 1) % 4]}"


@pytest.mark.parametrize("part", ["animal", "activity"])
def test_panel_cards_tell_animal_and_activity_apart_on_a_phone(part: str) -> None:
    """The won entertainers and the gone ones were drawn 48 and 36 pixels wide (23 and 17 on a
    phone), the gone ones overlapping: another animal or activity changed a handful of pixels.
    Now, in a crowded panel shrunk to 400 pixels, swapping any one card's animal or activity
    for another visibly changes a patch of the picture the size of an icon."""
    base = ultimatum_game(4, seed=5, actions=70).view(None)
    names = ["a", "b", "c", "d"]

    def phone(won: list[str], gone: list[str]) -> Image.Image:
        view = {**base, "won": [won, [], [], []], "removed": gone}
        return _phone(ultimatum.render_table(view, names))

    plain = phone(WON_CARDS, GONE_CARDS)
    changes = {}
    for i, card in enumerate(WON_CARDS):
        won = [*WON_CARDS[:i], _swapped(card, part), *WON_CARDS[i + 1 :]]
        changes[f"won {card}"] = _visible_change(plain, phone(won, GONE_CARDS))
    for i, card in enumerate(GONE_CARDS):
        gone = [*GONE_CARDS[:i], _swapped(card, part), *GONE_CARDS[i + 1 :]]
        changes[f"gone {card}"] = _visible_change(plain, phone(WON_CARDS, gone))
    least = sorted(changes.items(), key=lambda item: item[1])[:3]
    assert least[0][1] >= CLEAR_CHANGE[part], least
