"""The party table and the hand: valid PNGs for every phase, and pixels that show the state."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS
from bot.i18n import picture_labels
from render import cards, table_marks, ultimatum
from render.style import HIGHLIGHT, ICE, SEA, SEAT_COLOURS
from render.table_frame import WIDTH as TABLE_WIDTH
from render.table_frame import frame_for
from tests.render.games import (
    LONG_NAMES,
    decode,
    spectator,
    ultimatum_game,
    ultimatum_in_phase,
)

PHASES = ("play", "invite", "perform", "entertainer", "over")


def count(
    image: Image.Image, box: tuple[float, float, float, float], colour: tuple[int, ...]
) -> int:
    """Pixels of exactly ``colour`` inside ``box``."""
    left, top, right, bottom = (round(v) for v in box)
    crop = image.crop((left, top, right, bottom)).convert("RGB")
    return sum(n for n, c in crop.getcolors(crop.width * crop.height) or [] if c == colour[:3])


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    actions=st.integers(0, 300),
    width=st.integers(5, 15),
    height=st.integers(5, 15),
)
def test_every_position_renders_a_png_of_the_expected_size(
    players: int, seed: int, actions: int, width: int, height: int
) -> None:
    """Any iceberg size (U-4), any moment, 2–4 players, the longest names: a valid PNG."""
    game = ultimatum_game(players, seed, actions, width, height)
    view = game.view(None)
    image = decode(ultimatum.table(view, names=LONG_NAMES[:players]))
    assert image.size == ultimatum.size(view)
    assert image.width == TABLE_WIDTH
    own = game.view(0)
    hand = decode(ultimatum.hand(own, name=LONG_NAMES[0]))
    assert hand.size == ultimatum.hand_size(own)


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_phase_renders(players: int, phase: str) -> None:
    """U-11 … U-24: the table draws in every step of a turn and at the end (with the bonus)."""
    game = next(
        g for seed in range(200) if (g := ultimatum_in_phase(players, seed, phase)) is not None
    )
    view = game.view(None)
    assert view["phase"] == phase
    decode(ultimatum.table(view, names=LONG_NAMES[:players]))
    decode(ultimatum.hand(game.view(players - 1), name=LONG_NAMES[players - 1]))


def test_cards_lie_in_their_cells_and_the_edge_of_the_iceberg_shows() -> None:
    """U-4: each card's colour shows in its cell; empty cells are ice; outside is water."""
    game = ultimatum_game(3, seed=21, actions=40)
    view = game.view(None)
    w, h = view["width"], view["height"]
    whole = frame_for(w, h, whole=True)
    image = ultimatum.render_table(view, ["a", "b", "c"], frame=whole)
    for name, card in view["table"].items():
        box = whole.box(name)
        if card in PENGUINS:
            family = cards.FAMILY[PENGUINS[card].colour]
            area = (box[2] - box[0]) * (box[3] - box[1])
            found = count(image, box, family)
            assert found > area / 10, f"{card} at {name}"
            for other, colour in cards.FAMILY.items():
                if other != PENGUINS[card].colour:
                    assert count(image, box, colour) < found / 4, f"{other} in {name}"
    empty = next(
        f"{chr(65 + c)}{r + 1}"
        for r in range(h)
        for c in range(w)
        if f"{chr(65 + c)}{r + 1}" not in view["table"]
    )
    box = whole.box(empty)
    assert image.getpixel((box[0] + 4, box[1] + 4)) == ICE
    a1 = whole.box("A1")
    assert image.getpixel((a1[0] - 12, a1[1] + 20)) == SEA  # just off the iceberg's left edge


def _dot_rows(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int]:
    """Dot-yellow pixels in the top and bottom quarter of a cell."""
    x0, y0, x1, y1 = box
    quarter = (y1 - y0) // 4
    top = count(image, (x0, y0, x1, y0 + quarter), cards.DOT)
    bottom = count(image, (x0, y1 - quarter, x1, y1), cards.DOT)
    return top, bottom


@pytest.mark.parametrize("entertainer", sorted(ENTERTAINERS))
def test_a_turned_entertainers_dots_are_on_the_opposite_side(entertainer: str) -> None:
    """U-2: turned, the card is rotated 180°, so dots on its north side move to the south."""
    game = UltimatumGame.new(players=2, seed=1, deal={"setup": {"D5": "sheep-music"}})
    base = game.view(None)
    whole = frame_for(9, 9, whole=True)
    box = whole.box("E3")
    upright = {**base, "table": {**base["table"], "E3": entertainer}}
    turned = {**base, "table": {**base["table"], "E3": f"{entertainer} turned"}}
    dots = ENTERTAINERS[entertainer].dots
    north = sum(d in ("N", "NE", "NW") for d in dots)
    south = sum(d in ("S", "SE", "SW") for d in dots)
    up_top, up_bottom = _dot_rows(ultimatum.render_table(upright, ["a", "b"], frame=whole), box)
    turned_top, turned_bottom = _dot_rows(
        ultimatum.render_table(turned, ["a", "b"], frame=whole), box
    )
    assert (up_top > 0) == (north > 0) and (up_bottom > 0) == (south > 0)
    assert (turned_top > 0) == (south > 0) and (turned_bottom > 0) == (north > 0)
    assert up_top == pytest.approx(turned_bottom, rel=0.1)


def _top_right(box: tuple[int, int, int, int], side: int) -> tuple[int, int, int, int]:
    """The corner of a cell's box where its stone lies."""
    _, top, right, _ = box
    return right - side - 1, top, right, top + side + 1


def test_stones_show_their_owners_colour_on_their_penguin() -> None:
    """U-14: an invitation stone is drawn in its owner's colour on the penguin it sits on."""
    game = next(g for seed in range(100) if (g := ultimatum_game(4, seed, 60)).view(None)["stones"])
    view = game.view(None)
    image = ultimatum.render_table(view, ["a", "b", "c", "d"])
    frame = ultimatum.view_frame(view)
    side = table_marks.stone_side(frame.cell)
    for name, seat in view["stones"].items():
        corner = _top_right(frame.box(name), side)
        assert count(image, corner, SEAT_COLOURS[seat]) > 30, f"stone of seat {seat} on {name}"
    bare = {**view, "stones": {}}
    plain = ultimatum.render_table(bare, ["a", "b", "c", "d"])
    name, seat = next(iter(view["stones"].items()))
    corner = _top_right(frame.box(name), side)
    assert count(plain, corner, SEAT_COLOURS[seat]) < count(image, corner, SEAT_COLOURS[seat])


@pytest.mark.parametrize("side", [7, 9])
def test_a_show_star_never_covers_a_stone(side: int) -> None:
    """The star of a show overhangs its cell's top-left corner, next to the top-right corner
    where the left neighbour's stone sits: that stone still shows whole, whatever its shape and
    the cell size (a square stone on a 7 × 7 iceberg lost its corner), and the star shows."""
    view = UltimatumGame.new(players=4, seed=1, width=side, height=side).view(None)
    names = ["a", "b", "c", "d"]
    whole = frame_for(side, side, whole=True)
    x, y = table_marks.stone_corner("B2", whole)
    stone = table_marks.stone_side(whole.cell)
    box = (x, y, x + stone, y + stone)
    for seat in range(4):
        plain = {**view, "last": None, "pending_shows": [], "stones": {"B2": seat}}
        starred = {**plain, "pending_shows": ["C2"]}
        without, with_star = (
            ultimatum.render_table(v, names, frame=whole) for v in (plain, starred)
        )
        solid = (
            table_marks.stone(seat, stone).getchannel("A").point(lambda a: 255 if a == 255 else 0)
        )  # the stone's own pixels, not the see-through corners of its square
        blank = Image.new("RGB", solid.size)
        shown = [Image.composite(image.crop(box), blank, solid) for image in (with_star, without)]
        assert shown[0].tobytes() == shown[1].tobytes(), f"seat {seat}'s stone is covered"
    x0, y0, _, _ = whole.box("C2")
    assert count(with_star, (x0, y0, x0 + stone, y0 + stone), ultimatum.STAR) > 20


def test_the_last_card_is_highlighted() -> None:
    """U-11: the penguin laid last is ringed; without a last turn there is no ring."""
    game = ultimatum_in_phase(2, seed=3, phase="invite")
    assert game is not None
    view = game.view(None)
    box = ultimatum.view_frame(view).box(view["last"]["cell"])
    ring = (box[0], box[1], box[2], box[1] + 5)
    assert count(ultimatum.render_table(view, ["a", "b"]), ring, HIGHLIGHT) > 20
    assert count(ultimatum.render_table({**view, "last": None}, ["a", "b"]), ring, HIGHLIGHT) == 0


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), actions=st.integers(0, 200))
def test_a_hidden_card_never_appears_in_the_table(players: int, seed: int, actions: int) -> None:
    """U-27: the table is the same picture whoever asks; a player's hand is never drawn on it."""
    game = ultimatum_game(players, seed, actions)
    names = LONG_NAMES[:players]
    public = ultimatum.table(game.view(None), names=names)
    for seat in range(players):
        assert ultimatum.table(game.view(seat), names=names) == public


def test_the_hand_shows_the_players_cards_and_refuses_a_spectator() -> None:
    """U-9/U-27: the hand picture shows each of the seat's 4 cards; a spectator has none."""
    game = ultimatum_game(3, seed=8, actions=5)
    own = game.view(1)
    image = ultimatum.render_hand(own, "Bob")
    for i, card in enumerate(own["hand"]):
        box = ultimatum.hand_card_box(i)
        family = cards.FAMILY[PENGUINS[card].colour]
        assert count(image, box, family) > ultimatum.HAND_CARD**2 / 6, card
    with pytest.raises(ValueError, match="own view"):
        ultimatum.hand(spectator(own), name="Bob")


def test_rendering_is_deterministic() -> None:
    """The same view gives the same bytes."""
    game = ultimatum_game(4, seed=2, actions=80)
    view: dict[str, Any] = game.view(None)
    assert ultimatum.table(view, names=LONG_NAMES) == ultimatum.table(dict(view), names=LONG_NAMES)
    own = game.view(2)
    assert ultimatum.hand(own, name="Zoë") == ultimatum.hand(dict(own), name="Zoë")


def test_unknown_cards_are_refused_with_their_name() -> None:
    """A view with a card that does not exist is an error naming the card."""
    view = ultimatum_game(2, seed=1, actions=0).view(None)
    with pytest.raises(ValueError, match="purple-9-yodel"):
        ultimatum.table({**view, "table": {"E5": "purple-9-yodel"}}, names=["a", "b"])


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_final_bonus_shows_both_kinds_whole(lang: str) -> None:
    """U-25: at the end each row shows its rank and the bonus of both kinds, two-digit numbers
    and all, in each language: a change of any one number changes the picture (a number cut
    off behind an ellipsis would not)."""
    game = next(g for seed in range(50) if (g := ultimatum_game(4, seed, 10_000)).is_over)
    view = game.view(None)
    view["final_bonus"] = [[18, 18] for _ in range(4)]
    words = picture_labels(lang)
    names = list(LONG_NAMES)
    drawn = ultimatum.render_table(view, names, words).tobytes()
    for seat in range(4):
        for kind in (0, 1):
            other = {**view, "final_bonus": [list(b) for b in view["final_bonus"]]}
            other["final_bonus"][seat][kind] = 19
            changed = ultimatum.render_table(other, names, words).tobytes() != drawn
            assert changed, (lang, seat, ("activity", "animals")[kind])
