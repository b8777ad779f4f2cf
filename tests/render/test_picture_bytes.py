"""What a phone downloads. Every picture is a palette PNG whose meaningful colours are
exact, and each kind stays under its byte goal on the largest positions we know of."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ENTERTAINERS
from render import fish, palette, ultimatum
from render.style import Colour
from tests.render.games import LONG_NAMES, decode

KIB = 1024
GOALS = {"fish": 100 * KIB, "table": 120 * KIB, "hand": 40 * KIB}


def positions(game: Any, seed: int, every: int) -> Iterator[Any]:
    """Every ``every``-th position of a seeded random game, and its last one."""
    rng = random.Random(seed)
    played = 0
    while not game.is_over:
        if played % every == 0:
            yield game
        game.play(rng.choice(game.legal_actions()), game.to_move)
        played += 1
    yield game


def test_the_fish_board_stays_under_its_goal_through_a_4_player_game() -> None:
    """A 4-player board with the longest names, at every second turn of a whole game."""
    sizes = [
        len(fish.board(g.view(None), names=LONG_NAMES))
        for g in positions(FishGame.new(4, seed=1), seed=1, every=2)
    ]
    assert max(sizes) <= GOALS["fish"], max(sizes)


@pytest.mark.parametrize(("side", "seed"), [(15, 3), (15, 0), (9, 1), (9, 2), (7, 3)])
def test_the_party_table_stays_under_its_goal_late_in_a_4_player_game(side: int, seed: int) -> None:
    """4 players, the longest names, the second half of a game to its end. The issue named the
    15 × 15 table; the default 9 × 9 one is larger still (bigger cards, as full by the end):
    seed 1 ends on the largest table we found."""
    game = UltimatumGame.new(players=4, seed=seed, width=side, height=side)
    sizes = []
    for position in positions(game, seed=seed, every=6):
        if len(position.view(None)["table"]) >= side * side // 4 or position.is_over:
            sizes.append(len(ultimatum.table(position.view(None), names=LONG_NAMES)))
    assert sizes and max(sizes) <= GOALS["table"], max(sizes)


#: U-2, U-7, U-21, U-24: of the 16 entertainers, 4 players start with 4 on the table and 12 in the
#: deck; every show but the last lays the deck's top one, and the show that finds the deck empty
#: ends the game. So at most 13 shows award a card: 13 won entertainers in all.
STARTING_ENTERTAINERS = 4
MOST_WON = len(ENTERTAINERS) - STARTING_ENTERTAINERS + 1


def _all_won(view: dict[str, Any], spread: Sequence[int]) -> dict[str, Any]:
    """``view`` with every entertainer gone from the table won (none removed), ``spread[seat]``
    of them by each seat in turn, the rest removed."""
    gone = [card for cards in view["won"] for card in cards] + view["removed"]
    won, start = [], 0
    for count in spread:
        won.append(gone[start : start + count])
        start += count
    return {**view, "won": won, "removed": gone[start:]}


@pytest.mark.parametrize(("side", "seed"), [(9, 1), (9, 13), (15, 1), (15, 19)])
def test_the_party_table_stays_under_its_goal_with_every_show_won(side: int, seed: int) -> None:
    """The largest realistic tables: 4 players with the longest names, a game that runs to its
    last show or the penguin deck's end (the seeds gave the largest pictures of 40 tried per
    side), every show's entertainer won
    rather than removed (U-19). Three won entertainers are the most a panel row shows at full
    size (won_size), so the largest picture has three each; the 13th goes to one of them. Every
    position from the twelfth show to the end is drawn, the last entertainer to lay included."""
    assert MOST_WON == 13
    game = UltimatumGame.new(players=4, seed=seed, width=side, height=side)
    sizes, shows = [], 0
    for position in positions(game, seed=seed, every=1):
        view = position.view(None)
        shows = sum(map(len, view["won"])) + len(view["removed"])
        if shows >= MOST_WON - 1:
            for spread in ((3, 3, 3, 3), (4, 3, 3, 3), (3, 3, 3, 4)):
                if sum(spread) <= shows:
                    picture = ultimatum.table(_all_won(view, spread), names=LONG_NAMES)
                    sizes.append(len(picture))
    assert shows >= MOST_WON - 1, shows  # the game ran to (almost) its last show
    assert max(sizes) <= GOALS["table"], max(sizes)


def test_the_hand_stays_under_its_goal_with_two_rows_of_won_entertainers() -> None:
    """Four cards, the longest name and eight won entertainers (two rows, more than any player
    wins in practice)."""
    view = UltimatumGame.new(players=4, seed=2).view(0)
    won = [
        "bear-music",
        "seal-dance",
        "sheep-juggling",
        "kangaroo-acrobatics",
        "bear-dance",
        "seal-music",
        "sheep-acrobatics",
        "kangaroo-juggling",
    ]
    data = ultimatum.hand({**view, "won": [won, [], [], []]}, name=LONG_NAMES[0])
    assert len(data) <= GOALS["hand"], len(data)


def _flat_pixels(image: Image.Image, flat: Sequence[Colour]) -> Image.Image:
    """A mask (255) of the pixels of ``image`` that are exactly one of the ``flat`` colours."""
    onto = palette.palette_image(palette.palette_colours([], flat, 256))
    mapped = image.quantize(palette=onto, dither=Image.Dither.NONE).convert("RGB")
    return _error(image, mapped).point(lambda v: 255 if v == 0 else 0)


def _error(a: Image.Image, b: Image.Image) -> Image.Image:
    """Per pixel, the largest difference of any channel between two pictures."""
    red, green, blue = ImageChops.difference(a, b).split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


Case = tuple[str, Callable[[], Image.Image], Callable[[], bytes], Sequence[Colour]]


def _cases() -> list[Case]:
    hunt = FishGame.new(4, seed=2)
    for action in positions(hunt, seed=2, every=1):
        if len(action.log) >= 40:
            break
    party = UltimatumGame.new(players=4, seed=2)
    for position in positions(party, seed=2, every=1):
        if len(position.log) >= 80:
            break
    board, table, own = hunt.view(None), party.view(None), party.view(1)
    return [
        (
            "fish",
            lambda: fish.render_image(board, LONG_NAMES),
            lambda: fish.board(board, names=LONG_NAMES),
            fish.FLAT_COLOURS,
        ),
        (
            "table",
            lambda: ultimatum.render_table(table, LONG_NAMES),
            lambda: ultimatum.table(table, names=LONG_NAMES),
            ultimatum.FLAT_COLOURS,
        ),
        (
            "hand",
            lambda: ultimatum.render_hand(own, LONG_NAMES[1]),
            lambda: ultimatum.hand(own, name=LONG_NAMES[1]),
            ultimatum.FLAT_COLOURS,
        ),
    ]


@pytest.mark.parametrize("case", _cases(), ids=lambda case: case[0])
def test_pictures_are_palette_pngs_with_their_flat_colours_exact(case: Case) -> None:
    """One byte a pixel, no dithering: every pixel the renderer painted in one of its own
    colours (seats, highlights, families, marks …) comes out as exactly that colour; the
    anti-aliased edges between them come out as a near shade (a channel off by less than 2 on
    average, by more than 32 on fewer than 1 pixel in 1,000)."""
    _, draw, encode, flat = case
    drawn = draw()
    stored = decode(encode())
    assert stored.mode == "P"
    shown = stored.convert("RGB")
    mask = _flat_pixels(drawn, flat)
    assert mask.histogram()[255] > drawn.width * drawn.height // 2  # mostly flat colours
    error = _error(drawn, shown)
    wrong_flat = ImageChops.multiply(mask, error.point(lambda v: 255 if v else 0))
    assert wrong_flat.histogram()[255] == 0
    histogram = error.histogram()
    pixels = drawn.width * drawn.height
    assert sum(level * n for level, n in enumerate(histogram)) / pixels < 2
    assert sum(histogram[33:]) < pixels / 1000


def test_the_flat_colour_check_notices_a_changed_colour() -> None:
    """A picture whose seat colour was stored one shade off fails the check above."""
    _, draw, _, flat = _cases()[1]
    drawn = draw()
    seat = flat[flat.index((230, 97, 1))]
    off = drawn.copy()
    off.putdata([(229, 97, 1) if p == seat else p for p in drawn.get_flattened_data()])
    mask = _flat_pixels(drawn, flat)
    error = _error(drawn, off)
    assert ImageChops.multiply(mask, error.point(lambda v: 255 if v else 0)).histogram()[255] > 0
