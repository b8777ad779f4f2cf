"""The Fish board picture: valid PNGs for every phase, and pixels that show the rules' state."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.fish import FLOE_NAMES, floe_position
from bot.texts.names import short_name
from render import fish
from render import labels as labels_table
from render.style import ICE, SEAT_COLOURS
from tests.render.games import LONG_NAMES, decode, fish_game
from tests.render.pixels import colour_at
from tests.turns import whose_turn

Pixel = tuple[int, ...]


def free_spot(name: str) -> tuple[int, int]:
    """A point of a floe between its name and its fish (nothing but ice is drawn there)."""
    x, y = fish.centre(name)
    return round(x), round(y - 0.3 * fish.R)


def is_water(pixel: Pixel) -> bool:
    """Open sea: a dark blue, nothing like ice, fish or a penguin."""
    r, _, b = pixel[:3]
    return b > 80 and r < 60 and b - r > 50


def colour_near(image: Any, centre: tuple[float, float], colour: Pixel, radius: int) -> int:
    """How many pixels of exactly ``colour`` lie in the square of ``radius`` around ``centre``."""
    cx, cy = round(centre[0]), round(centre[1])
    box = image.crop((cx - radius, cy - radius, cx + radius, cy + radius)).convert("RGB")
    counts = box.getcolors(box.width * box.height) or []
    return sum(n for n, c in counts if c == colour[:3])


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    actions=st.integers(0, 120),
)
def test_every_position_renders_a_png_of_the_expected_size(
    players: int, seed: int, actions: int
) -> None:
    """Placement (F-6), hunt (F-7) and finished games (F-14) all draw, with the longest names."""
    view = fish_game(players, seed, actions).view(None)
    image = decode(fish.board(view, names=LONG_NAMES[:players]))
    assert image.size == fish.size(players)
    assert image.size[0] == 800
    assert image.mode == "P"  # a palette PNG (render.png)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_finished_games_render(players: int) -> None:
    """F-14/F-15: a game played to its end draws the ranking panel."""
    game = fish_game(players, seed=players, actions=10_000)
    assert game.is_over
    image = decode(fish.board(game.view(None), names=LONG_NAMES[:players]))
    assert image.size == fish.size(players)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), actions=st.integers(0, 60))
def test_floes_are_ice_and_gaps_are_water(players: int, seed: int, actions: int) -> None:
    """F-1, F-9, F-10: every floe on the board is drawn as ice, every removed floe as open sea."""
    view = fish_game(players, seed, actions).view(None)
    image = fish.render_image(view, ["a"] * players)
    for name in FLOE_NAMES:
        pixel = image.getpixel(free_spot(name))
        assert isinstance(pixel, tuple)
        if name not in view["floes"]:
            assert is_water(pixel), f"removed floe {name} should be water, got {pixel}"
        elif name not in view["penguins"]:
            assert pixel == ICE, f"floe {name} should be ice, got {pixel}"


def test_floe_centres_follow_the_indented_layout() -> None:
    """F-1/F-2: the 7-floe rows sit half a floe right of the 8-floe rows; neighbours touch."""
    a1, b1, b2 = fish.centre("A1"), fish.centre("B1"), fish.centre("B2")
    assert a1[0] == pytest.approx((b1[0] + b2[0]) / 2)
    assert math.dist(a1, b1) == pytest.approx(math.dist(a1, b2))
    assert math.dist(a1, b1) == pytest.approx(fish.HEX_W)
    xs = [fish.centre(n)[0] for n in FLOE_NAMES]
    assert min(xs) - fish.HEX_W / 2 >= 0 and max(xs) + fish.HEX_W / 2 <= fish.WIDTH
    rows = {floe_position(n)[0] for n in FLOE_NAMES}
    ys = sorted({fish.centre(n)[1] for n in FLOE_NAMES})
    assert len(rows) == len(ys) == 8


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), actions=st.integers(1, 60))
def test_each_penguin_shows_its_seat_colour_on_its_floe(
    players: int, seed: int, actions: int
) -> None:
    """F-4/F-6: a penguin is drawn in its seat's colour on the floe it stands on."""
    view = fish_game(players, seed, actions).view(None)
    image = fish.render_image(view, ["a"] * players)
    for name, seat in view["penguins"].items():
        x, y = fish.centre(name)
        found = colour_near(image, (x + fish.HEX_W * 0.1, y), SEAT_COLOURS[seat], 14)
        assert found > 40, f"penguin of seat {seat} on {name}: {found} pixels of its colour"
        for other in set(range(players)) - {seat}:
            stray = colour_near(image, (x + fish.HEX_W * 0.1, y), SEAT_COLOURS[other], 14)
            assert stray < found / 4


def fish_beside(image: Any, name: str) -> list[int]:
    """The width of each fish drawn down the left side of a floe, top to bottom: runs of rows
    holding fish orange, left of the penguin."""
    x, y = fish.centre(name)
    left, right = round(x - fish.HEX_W / 2), round(x - 5)
    top, bottom = round(y - fish.R * 0.5), round(y + fish.R * 0.75)
    crop = image.crop((left, top, right, bottom)).convert("RGB")
    data = crop.tobytes()
    widths, run = [], 0
    for row in range(crop.height):
        xs = [
            col
            for col in range(crop.width)
            if (pixel := data[(row * crop.width + col) * 3 : (row * crop.width + col + 1) * 3])
            and pixel[0] > 190
            and 70 < pixel[1] < 150
            and 40 < pixel[2] < 110
        ]
        if len(xs) >= 3:
            run = max(run, max(xs) - min(xs) + 1)
        elif run:
            widths.append(run)
            run = 0
    return widths + ([run] if run else [])


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), actions=st.integers(8, 60))
def test_the_fish_under_a_penguin_can_be_counted(players: int, seed: int, actions: int) -> None:
    """F-9: a penguin's floe shows as many fish as it holds, each drawn apart from the others
    and about a third of the floe long (a quarter in fish orange, inside the outline), so they
    can be counted on a phone."""
    view = fish_game(players, seed, actions).view(None)
    image = fish.render_image(view, ["a"] * players)
    for name in view["penguins"]:
        widths = fish_beside(image, name)
        assert len(widths) == view["floes"][name], f"{name}: {widths}"
        assert min(widths) >= fish.HEX_W * 0.24, f"{name}: fish too small, {widths}"


def test_last_move_marks_the_floe_reached_in_the_movers_colour() -> None:
    """F-7: the floe the last move reached is ringed in the mover's colour; F-9: its origin is
    water."""
    game = fish_game(3, seed=11, actions=15)
    view = game.view(None)
    last = view["last"]
    assert last["from"] and last["to"] in view["floes"]
    image = fish.render_image(view, ["a", "b", "c"])
    x, y = fish.centre(last["to"])
    corner = (x - (fish.R - 5) * math.sqrt(3) / 2 + 2, y)  # on the ring, left edge of the hex
    assert colour_near(image, corner, SEAT_COLOURS[last["seat"]], 4) > 3
    # The same view without the last move has no ring there.
    plain = fish.render_image({**view, "last": None}, ["a", "b", "c"])
    assert colour_near(plain, corner, SEAT_COLOURS[last["seat"]], 4) == 0
    assert is_water(colour_at(plain, free_spot(last["from"])))


def test_rendering_is_deterministic() -> None:
    """The same view gives the same bytes, every time."""
    view = fish_game(4, seed=5, actions=30).view(None)
    first = fish.board(view, names=LONG_NAMES)
    assert fish.board(dict(view), names=list(LONG_NAMES)) == first
    assert b"tIME" not in first  # no timestamp chunk


def test_labels_can_be_overridden_and_unknown_ones_are_refused() -> None:
    """A translated label table changes the picture; a misspelt key is an error, not silence."""
    view = fish_game(2, seed=1, actions=12).view(None)
    english = fish.board(view, names=["Ann", "Bob"])
    german = fish.board(
        view, names=["Ann", "Bob"], labels={"floes_many": "{n} Schollen", "turn": "Zug {n}"}
    )
    assert german != english
    with pytest.raises(ValueError, match="floez"):
        fish.board(view, names=["Ann", "Bob"], labels={"floez": "x"})


def test_penguins_still_to_place_are_counted_in_words() -> None:
    """F-6: while penguins are placed, each row says how many its player still has to place
    ("3 penguins to place", "1 penguin to place"), not a bare "places 3"."""
    view = fish_game(2, seed=1, actions=5).view(None)
    assert view["phase"] == "place" and sorted(view["to_place"]) == [1, 2]
    plain = fish.board(view, names=["Ann", "Bob"])
    for key in ("to_place_one", "to_place_many"):
        other = fish.board(view, names=["Ann", "Bob"], labels={key: "{n} x"})
        assert other != plain, key
    assert labels_table.counted(labels_table.merged(None), "to_place", 3) == "3 penguins to place"
    assert labels_table.counted(labels_table.merged(None), "to_place", 1) == "1 penguin to place"


def test_wrong_view_or_name_count_is_refused() -> None:
    """Bad input gets a clear message."""
    view = fish_game(3, seed=1, actions=3).view(None)
    with pytest.raises(ValueError, match="3 player names"):
        fish.board(view, names=["Ann", "Bob"])
    with pytest.raises(ValueError, match="fish view"):
        fish.board({**view, "kind": "ultimatum"}, names=["a", "b", "c"])


def _player_row(png: bytes, seat: int) -> bytes:
    """The pixels of ``seat``'s row under the board."""
    cell_w = (fish.WIDTH - 3 * fish.PAD) // 2
    x0 = fish.PAD + (seat % 2) * (cell_w + fish.PAD)
    y0 = fish.BOARD_HEIGHT + fish.HEADER + (seat // 2) * (fish.CELL_H + fish.PAD)
    return decode(png).convert("RGB").crop((x0, y0, x0 + cell_w, y0 + fish.CELL_H)).tobytes()


@pytest.mark.parametrize("catch", [None, 99])
def test_a_shortened_name_shows_whole_beside_a_two_digit_catch(catch: int | None) -> None:
    """A picture name shortened to 14 characters ("Alexandra von…", bot.texts.names) is not
    cut a second time ("Alexandra vo…") once its player has caught 10 fish or more: in a real
    game played on until a catch has two digits, and with 99 fish."""
    shown = short_name("Alexandra von Pinguinhausen")
    assert shown == "Alexandra von…"
    game = fish_game(2, seed=5, actions=0)
    while game.view(None)["catch"][0]["fish"] < 10:
        assert not game.is_over
        game.play(game.legal_actions()[0], seat=whose_turn(game))
    view = game.view(None)
    if catch is not None:
        view["catch"][0] = {**view["catch"][0], "fish": catch}
    assert view["catch"][0]["fish"] >= 10
    whole = _player_row(fish.board(view, names=[shown, "Bot (hard)"]), 0)
    cut = _player_row(fish.board(view, names=["Alexandra vo…", "Bot (hard)"]), 0)
    assert whole != cut, "the row cuts the shortened name again"
