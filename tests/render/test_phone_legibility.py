"""Every mark that carries information is at least 12 pixels tall where a phone shows the picture
400 pixels wide: on the party table at every iceberg size up to 15 × 15 and in the largest
realistic positions, on the Fish board and its results, on the hand, the leaderboard and the
profile.

What is measured, in phone pixels (a picture's pixels × 400 / its width):

- every word and number drawn on the picture's own canvas (names, scores, counts, captions,
  axes, choice tags …), recorded as it is drawn: its font size, as CSS counts "12-pixel text";
  only the faint names inside empty cells of the iceberg are left out, a guide beside the axes;
- the marks drawn as sprites, from the sizes the renderer draws them at: the seat's shape on a
  stone, a waiting disc and its digit, an entertainer's arrowheads (across), a penguin card's
  value, the icons of won and gone entertainers, a show's star, a floe's name, its fish and
  penguins, a caught floe's seat shape;
- the family symbol and the activity icon of every card on the table (and an entertainer's
  animal where its full face shows one), each drawn alone at the size its card draws it, as
  the larger of its ink's height and width (a symbol's size, as a letter's is its em), for the
  smallest symbol or icon of its kind;
- and, from the drawn pixels, how tall each stone's colour stands on its card.
"""

from __future__ import annotations

import inspect
import math
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.games.fish.ending import results_view
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS
from bot.play.choices import step_of
from bot.ratings import Ratings, Scope, leaderboard, profile, texts
from render import (
    cards,
    fish,
    fish_results,
    icons,
    sprites,
    table_cards,
    table_marks,
    text,
    ultimatum,
)
from render import leaderboard as board_picture
from render import profile as profile_picture
from render import tournament_podium as podium_picture
from render import tournament_signup as sign_up_picture
from render import tournament_standings as standings_picture
from render.common import PHONE_LEAST, PHONE_WIDTH
from render.ratings_layout import WIDTH as RATINGS_WIDTH
from render.style import INK, SEAT_COLOURS, SEAT_SHAPES, shape_points
from render.table_frame import GRID
from render.table_frame import WIDTH as TABLE_WIDTH
from render.tournament_views import StandingsLabels, StandingsView
from render.ultimatum_panel import WON_LEAST, WON_ROOM, won_size
from tests.ratings.games import person, random_results
from tests.render.games import LONG_NAMES, fish_game, ultimatum_game
from tests.render.pixels import level_at
from tests.render.test_picture_bytes import MOST_WON, _all_won
from tests.render.test_tournament_signup import view as sign_up_view
from tests.render.test_tournament_standings import GERMAN, field
from tests.turns import whose_turn


@dataclass
class Written:
    """One word or number drawn: on a canvas of ``canvas`` width, at ``size`` pixels."""

    canvas: int
    size: int
    words: str
    fill: object


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Written]]:
    """Every text drawn while the test runs, with the caches of the pictures' parts emptied
    first, so that backgrounds and labels drawn once per process are drawn (and seen) again."""
    found: list[Written] = []
    label, draw_text = text.label, ImageDraw.ImageDraw.text

    def recorded_label(
        draw: ImageDraw.ImageDraw, xy: Any, words: str, face: Any, fill: Any, **kw: Any
    ) -> float:
        found.append(Written(draw.im.size[0], face.size, words, fill))
        return label(draw, xy, words, face, fill, **kw)

    def recorded_text(
        self: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kw: Any
    ) -> None:
        face = kw.get("font")
        if face is not None:
            found.append(Written(self.im.size[0], face.size, str(words), kw.get("fill")))
        draw_text(self, xy, words, *args, **kw)

    monkeypatch.setattr(text, "label", recorded_label)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recorded_text)
    _empty_caches()
    yield found
    _empty_caches()


def _empty_caches() -> None:
    """Empty the cache of every drawing function of the renderer (not the fitted palettes)."""
    for module in (cards, fish, fish_results, sprites, table_cards, table_marks, text, ultimatum):
        for name, member in inspect.getmembers(module):
            if hasattr(member, "cache_clear") and "palette" not in name and "sample" not in name:
                member.cache_clear()


def phone(length: float, width: int) -> float:
    """A length in a picture ``width`` pixels wide, in the pixels of a phone."""
    return length * PHONE_WIDTH / width


def smallest_text(found: list[Written], width: int, leave_out: object = None) -> Written:
    """The smallest text drawn on a picture ``width`` pixels wide (not in ``leave_out``'s
    colour)."""
    drawn = [w for w in found if w.canvas == width and w.words.strip() and w.fill != leave_out]
    assert drawn, "no text recorded"
    return min(drawn, key=lambda w: w.size)


# --- the party table ------------------------------------------------------------------------------


def _positions() -> Iterator[tuple[str, dict[str, Any], Mapping[str, str]]]:
    """Tables of every size from 5 × 5 to 15 × 15 at their start (with the cells a player may
    choose tagged), a third of the way in and at the end; two narrow icebergs; and the largest
    realistic positions: every show won, three each, on 9 × 9 and 15 × 15."""
    shapes = [(side, side) for side in range(5, 16)] + [(15, 5), (5, 15)]
    for width, height in shapes:
        game = ultimatum_game(4, seed=width + height, actions=0, width=width, height=height)
        yield f"{width}x{height} start", game.view(None), step_of(game, 0, "en", "cell", "c0").marks
        for actions in (60, 10_000):
            game = ultimatum_game(
                4, seed=width * height, actions=actions, width=width, height=height
            )
            yield f"{width}x{height} after {actions}", game.view(None), {}
    for side, seed in ((9, 1), (15, 1), (15, 19)):
        game = UltimatumGame.new(players=4, seed=seed, width=side, height=side)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()), whose_turn(game))
        view = game.view(None)
        assert sum(map(len, view["won"])) + len(view["removed"]) >= MOST_WON - 1
        yield f"{side}x{side} seed {seed} every show won", _all_won(view, (3, 3, 3, 4)), {}


POSITIONS = list(_positions())


def table_marks_sizes(view: Mapping[str, Any], marks: Mapping[str, str]) -> dict[str, float]:
    """The size of each kind of sprite mark on the table picture of ``view``, in its pixels."""
    frame = ultimatum.view_frame(view, marks)
    cell, card = frame.cell, frame.cell - 2 * ultimatum.INSET
    sizes: dict[str, float] = {"star": max(round(cell * 0.42), table_marks.LEGIBLE + 2)}
    side = table_marks.stone_side(cell)
    for seat in set(view["stones"].values()):
        sizes[f"stone of seat {seat}"] = table_marks.stone_shape_height(seat, side)
    counts = {count for waits in table_marks.waiting_cells(view).values() for _, count in waits}
    for count in counts if view["phase"] != "over" else ():
        disc = table_marks.disc_side(cell, count)
        sizes[f"disc {count}"] = disc
        sizes[f"digit {count}"] = table_marks.digit_size(disc)
    faces = {card_id.partition(" ")[0] for card_id in view["table"].values()}
    if faces & set(ENTERTAINERS):
        sizes["arrowhead"] = cards.dot_width(card) * card
        sizes["entertainer family symbol"] = symbol_ink(table_cards.entertainer_symbol(card))
        sizes["entertainer activity icon"] = icon_ink(table_cards.entertainer_icon(card))
        if card >= table_cards.FULL_FACE:
            sizes["entertainer animal"] = icon_ink(card * cards.ANIMAL, icons.ANIMAL_ICONS)
    if faces & set(PENGUINS):
        sizes["penguin value"] = table_cards.value_size(card)
        sizes["penguin family symbol"] = symbol_ink(table_cards.penguin_symbol(card))
        sizes["penguin activity icon"] = icon_ink(table_cards.penguin_icon(card))
    for seat, won in enumerate(view["won"]):
        if won:
            sizes[f"won icons of seat {seat}"] = won_size(len(won), WON_ROOM) * cards.WON_ACTIVITY
    if view["removed"]:
        sizes["gone icons"] = WON_LEAST * cards.WON_ACTIVITY
    return sizes


INK_SCALE = 4  # symbols and icons are measured drawn this many times larger


def _ink(paint: Callable[[ImageDraw.ImageDraw, float], None], side: float) -> float:
    """The larger of the height and width of what ``paint`` draws round the middle of a clear
    canvas, ``side`` pixels a side (and twice as much room), in pixels."""
    room = math.ceil(side * 2 * INK_SCALE)
    canvas = Image.new("RGBA", (room, room), (0, 0, 0, 0))
    paint(ImageDraw.Draw(canvas), room / 2)
    box = canvas.getbbox()
    assert box, "nothing drawn"
    return max(box[2] - box[0], box[3] - box[1]) / INK_SCALE


def symbol_ink(side: float) -> float:
    """The size of the smallest family symbol drawn ``side`` pixels a side on a card."""

    def ink_of(colour: str) -> float:
        return _ink(lambda d, m: cards.family_mark(d, colour, m, m, side * INK_SCALE), side)

    return min(ink_of(c) for c in cards.FAMILY)


def icon_ink(
    side: float, painters: Mapping[str, icons.IconPainter] = icons.ACTIVITY_ICONS
) -> float:
    """The size of the smallest icon of ``painters`` drawn ``side`` pixels a side."""

    def ink_of(painter: icons.IconPainter) -> float:
        return _ink(lambda d, m: painter(d, m, m, side * INK_SCALE), side)

    return min(ink_of(p) for p in painters.values())


def stone_heights(image: Image.Image, view: Mapping[str, Any]) -> dict[str, int]:
    """How many pixel rows each stone's shape spans on the picture: its owner's colour inside
    its dark rim, where the stone's own picture covers the card (not its white halo)."""
    frame = ultimatum.view_frame(view)
    side = table_marks.stone_side(frame.cell)
    heights = {}
    for name, seat in view["stones"].items():
        x, y = table_marks.stone_corner(name, frame)
        corner = image.crop((x, y, x + side, y + side)).convert("RGB")
        covered = table_marks.stone(seat, side).getchannel("A")
        shape = (SEAT_COLOURS[seat], INK)
        rows = [
            row
            for row in range(side)
            if any(
                covered.getpixel((col, row)) == 255 and corner.getpixel((col, row)) in shape
                for col in range(side)
            )
        ]
        heights[name] = max(rows) - min(rows) + 1 if rows else 0
    return heights


@pytest.mark.parametrize(("case", "view", "marks"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_every_mark_of_the_party_table_reads_on_a_phone(
    written: list[Written], case: str, view: dict[str, Any], marks: Mapping[str, str]
) -> None:
    """Stones, discs and digits, arrowheads, values, family symbols, activity icons, won and
    gone icons, names, scores, counts, axes and choice tags: none under 12 phone pixels."""
    names = list(LONG_NAMES)
    image = ultimatum.render_table(view, names)
    if marks:
        ultimatum.table(view, names=names, marks=marks)
    words = smallest_text(written, TABLE_WIDTH, leave_out=ultimatum.CELL_NAME)
    assert phone(words.size, TABLE_WIDTH) >= PHONE_LEAST, (case, words)
    for mark, size in table_marks_sizes(view, marks).items():
        assert phone(size, TABLE_WIDTH) >= PHONE_LEAST, (case, mark, size)
    for cell, rows in stone_heights(image, view).items():
        assert phone(rows, TABLE_WIDTH) >= PHONE_LEAST, (case, "stone on", cell, rows)


def test_a_digit_is_as_tall_as_its_size_says() -> None:
    """The digit's font size is what the disc draws: its dark ink spans about three quarters
    of that size, as DejaVu Sans's figures do (0.73 em)."""
    disc = table_marks.disc(43, 2)
    grey = disc.convert("L")
    middle = range(disc.width // 2 - 6, disc.width // 2 + 6)  # the digit, clear of the rim
    rows = [
        y for y in range(4, disc.height - 4) if any(level_at(grey, (x, y)) < 128 for x in middle)
    ]
    assert max(rows) - min(rows) + 1 >= 0.7 * table_marks.digit_size(disc.width)


def test_the_measure_notices_a_small_stone() -> None:
    """A stone drawn as a seat token 0.38 of a cell wide spans fewer than 12 phone pixels on
    the cells of 15 columns drawn side by side, so the check above fails on it; the stones
    drawn on cells that small still pass."""
    cell = GRID // 15
    old = round(cell * 0.38)
    shape = max(
        max(y for _, y in shape_points(s, 0, 0, old * 0.46)) * 2
        for s in SEAT_SHAPES
        if s != "circle"
    )
    drawn = min(
        table_marks.stone_shape_height(seat, table_marks.stone_side(cell)) for seat in range(4)
    )
    assert phone(shape, TABLE_WIDTH) < PHONE_LEAST <= phone(drawn, TABLE_WIDTH)


# --- the other pictures ---------------------------------------------------------------------------


def _check_words(found: list[Written], width: int, what: str) -> None:
    words = smallest_text(found, width)
    assert phone(words.size, width) >= PHONE_LEAST, (what, words)


@pytest.mark.parametrize("players", [2, 4])
def test_the_fish_board_reads_on_a_phone(written: list[Written], players: int) -> None:
    """Names, counts, the headline, choice tags, floe names, fish and penguins."""
    game = fish_game(players, seed=3, actions=30)
    view = game.view(None)
    tags = step_of(game, game.to_move or 0, "en").marks
    fish.board(view, names=list(LONG_NAMES[:players]), marks=tags)
    _check_words(written, fish.WIDTH, "fish board")
    marks = {
        "floe name": fish.LABEL_SIZE,
        "fish": min(length for n in (1, 2, 3) for _, _, length in fish.fish_spots(n, True)),
        "penguin": fish.PENGUIN_HEIGHT * fish.R,
    }
    for mark, size in marks.items():
        assert phone(size, fish.WIDTH) >= PHONE_LEAST, mark


def test_the_fish_results_read_on_a_phone(written: list[Written]) -> None:
    """Names, ranks, catches, floe names and each caught floe's seat shape."""
    game = fish_game(4, seed=11, actions=10_000)
    fish_results.results(results_view(game), names=list(LONG_NAMES))
    _check_words(written, fish_results.WIDTH, "fish results")
    square = max(y for _, y in shape_points("square", 0, 0, fish_results.TOKEN * 0.46)) * 2
    assert phone(square, fish_results.WIDTH) >= PHONE_LEAST
    assert phone(fish.LABEL_SIZE, fish_results.WIDTH) >= PHONE_LEAST


def test_the_hand_reads_on_a_phone(written: list[Written]) -> None:
    """The title, captions, and the cards' values and icons."""
    view = ultimatum_game(4, seed=5, actions=70).view(0)
    ultimatum.hand({**view, "won": [["bear-music", "seal-dance"], [], [], []]}, name=LONG_NAMES[0])
    _check_words(written, ultimatum.HAND_WIDTH, "hand")
    assert phone(ultimatum.HAND_CARD * 0.5, ultimatum.HAND_WIDTH) >= PHONE_LEAST  # the value
    arrowhead = cards.dot_width(ultimatum.HAND_WON) * ultimatum.HAND_WON
    assert phone(arrowhead, ultimatum.HAND_WIDTH) >= PHONE_LEAST


def test_the_leaderboard_and_profile_read_on_a_phone(written: list[Written]) -> None:
    """Every word and number of a board page and of a profile."""
    results = random_results(60, seed=12, people=12)
    ratings = Ratings()
    for game in results:
        ratings.apply(game)
    named = {person(n): f"Zoë {n}" for n in range(1, 13)}
    page = leaderboard(ratings, Scope(1, 1), "fish")
    board_picture.leaderboard(texts.leaderboard_view(page, named, "en"))
    _check_words(written, RATINGS_WIDTH, "leaderboard")
    written.clear()
    me = profile(person(3), results, ratings, Scope(1, 1))
    profile_picture.profile(texts.profile_view(me, named, "en"))
    _check_words(written, RATINGS_WIDTH, "profile")


@pytest.mark.parametrize(
    ("players", "size", "final", "german"),
    [(2, 2, True, False), (9, 2, False, True), (11, 4, True, True), (64, 4, False, False)],
)
def test_the_tournament_standings_read_on_a_phone(
    written: list[Written], players: int, size: int, final: bool, german: bool
) -> None:
    """Every page: the heading, column keys, places, names, marks, the whole numbers and each
    fraction's figures, the legend and the podium's names; the place badges and the lowest
    podium step stand well above the floor."""
    rows = field(players, size, rounds=3, seed=players, withdrawn=[2] if players > 2 else [])
    labels = GERMAN if german else StandingsLabels()
    view = StandingsView(4, "Cup", "Fish", 3, 3, rows, labels, final)
    for page in range(standings_picture.page_count(view)):
        standings_picture.draw_standings(view, page)
    _check_words(written, RATINGS_WIDTH, f"standings of {players}")
    width = RATINGS_WIDTH
    assert phone(standings_picture.BADGE, width) >= PHONE_LEAST
    assert phone(min(podium_picture.STEP_HEIGHTS.values()), width) >= PHONE_LEAST


@pytest.mark.parametrize("entrants", [0, 1, 64])
def test_the_tournament_sign_up_reads_on_a_phone(written: list[Written], entrants: int) -> None:
    """The heading, settings, the count, the numbers and the names, in German words."""
    sign_up_picture.draw_sign_up(sign_up_view(entrants))
    _check_words(written, RATINGS_WIDTH, f"sign-up of {entrants}")


def test_the_recording_sees_small_words(written: list[Written]) -> None:
    """A word drawn 18 pixels high on the 720-pixel table (10 on a phone) is noticed."""
    image = Image.new("RGB", (TABLE_WIDTH, 100))
    text.label(ImageDraw.Draw(image), (10, 10), "fee 2", text.font(18), (255, 255, 255))
    words = smallest_text(written, TABLE_WIDTH)
    assert phone(words.size, TABLE_WIDTH) < PHONE_LEAST
