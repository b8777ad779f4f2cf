"""The mover's choices tagged on the ephemeral picture of a turn by clicks: a yellow
tag with the name on every floe or cell the menus offer, nothing on the others, and names that
still read where a phone shows the picture 400 pixels wide."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image

from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.play.choices import step_of
from render import fish, marks, sprites, ultimatum
from render.style import HIGHLIGHT, INK
from render.table_frame import WIDTH as TABLE_WIDTH
from tests.render.games import decode, fish_game, table_box, ultimatum_game
from tests.render.test_ultimatum_legibility import contrast

Spot = tuple[float, float]


def _fish_picture(game: FishGame, tags: Mapping[str, str]) -> Image.Image:
    view = game.view(None)
    return decode(fish.board(view, names=["a", "b"], marks=tags)).convert("RGB")


def _table_picture(
    game: UltimatumGame, tags: Mapping[str, str], shown: Mapping[str, str] | None = None
) -> Image.Image:
    """The table with ``tags``, showing the part of the iceberg ``shown`` tags would."""
    view = game.view(None)
    frame = ultimatum.view_frame(view, tags if shown is None else shown)
    return decode(ultimatum.table(view, names=["a", "b"], marks=tags, frame=frame)).convert("RGB")


def _cell_spot(view: dict[str, Any], name: str, marks: Mapping[str, str]) -> Spot:
    box = table_box(view, name, marks)
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _yellow(image: Image.Image, spot: Spot, radius: int) -> int:
    """Pixels of the tag's yellow in the square of ``radius`` around ``spot``."""
    x, y = round(spot[0]), round(spot[1])
    box = image.crop((x - radius, y - radius, x + radius, y + radius))
    return sum(n for n, colour in box.getcolors(4 * radius * radius) or [] if colour == HIGHLIGHT)


def _name_height(image: Image.Image, spot: Spot, size: int) -> int:
    """How tall the name written in a tag is (its ink between the tag's top and bottom edges,
    near the middle so that the tag's outline does not count)."""
    cx, cy = spot
    rows = [
        y
        for y in range(round(cy - size / 2 + 3), round(cy + size / 2 - 3))
        for x in range(round(cx - size / 4), round(cx + size / 4))
        if image.getpixel((x, y)) == INK
    ]
    assert rows, f"no name written in the tag at {spot}"
    return max(rows) - min(rows) + 1


def _check(
    marked: Image.Image, plain: Image.Image, spots: Mapping[str, Spot], tags: Mapping[str, str]
) -> None:
    """Every tagged place carries the yellow tag; every other place is drawn as without tags."""
    assert tags and set(tags) < set(spots), "some places are left untagged"
    for name, spot in spots.items():
        if name in tags:
            assert _yellow(marked, spot, 8) >= 60, f"{name} has no tag"
            assert _yellow(plain, spot, 8) < 20, f"{name} is yellow without a tag"
        else:
            x, y = round(spot[0]), round(spot[1])
            box = (x - 8, y - 8, x + 8, y + 8)
            assert marked.crop(box).tobytes() == plain.crop(box).tobytes(), f"{name} was tagged"


def test_fish_placement_tags_exactly_the_free_one_fish_floes() -> None:
    """F-6: the floes the placement menu offers are tagged on the board, the others not."""
    game = fish_game(2, seed=3, actions=1)
    step = step_of(game, game.to_move or 0, "en")
    assert step.step == "place"
    spots = {name: fish.tag_spot(name) for name in game.floes}
    _check(_fish_picture(game, step.marks), _fish_picture(game, {}), spots, step.marks)


def test_fish_move_tags_the_penguins_then_their_destinations() -> None:
    """F-7: first the penguins that can move, then the floes the chosen one reaches."""
    game = fish_game(2, seed=5, actions=8)
    assert game.phase == "move"
    seat = game.to_move or 0
    spots = {name: fish.tag_spot(name) for name in game.floes}
    plain = _fish_picture(game, {})
    first = step_of(game, seat, "en")
    start = next(iter(first.marks))
    then = step_of(game, seat, "en", "to", start)
    for step in (first, then):
        _check(_fish_picture(game, step.marks), plain, spots, step.marks)


def test_fish_tags_leave_the_fish_in_view_and_the_chosen_penguin_is_ringed() -> None:
    """F-7 … F-9: a destination's tag sits over the floe's name, so the fish the penguin will
    stand on stay in view, pixel for pixel; the floe of the penguin already chosen carries a
    bold ink ring (apart from the yellow tags and the last move's ring), the others none."""
    game = fish_game(2, seed=4, actions=12)
    assert game.phase == "move"
    seat = game.to_move or 0
    start = next(iter(step_of(game, seat, "en").marks))
    then = step_of(game, seat, "en", "to", start)
    assert then.chosen == start
    view = game.view(None)
    plain = _fish_picture(game, {})
    tagged = _fish_picture(game, then.marks)
    for name in then.marks:
        cx, cy = fish.centre(name)
        for dx, dy, length in fish.fish_spots(game.floes[name], False):
            w, h = sprites.fish(length).size
            box = (round(cx + dx - w / 2), round(cy + dy - h / 2))
            box4 = (*box, box[0] + w, box[1] + h)
            assert tagged.crop(box4).tobytes() == plain.crop(box4).tobytes(), name
    ringed = decode(fish.board(view, names=["a", "b"], marks=then.marks, chosen=start)).convert(
        "RGB"
    )

    def ink_on_edge(image: Image.Image, name: str) -> int:
        """Ink pixels along the inner edge of a floe (where the ring runs)."""
        cx, cy = fish.centre(name)
        edge = fish.hexagon(cx, cy, fish.R - fish.GAP - 4)
        found = 0
        for (x0, y0), (x1, y1) in zip(edge, edge[1:] + edge[:1], strict=True):
            for step in range(20):
                x, y = x0 + (x1 - x0) * step / 20, y0 + (y1 - y0) * step / 20
                found += image.getpixel((round(x), round(y))) == INK
        return found

    assert ink_on_edge(ringed, start) >= 80 and ink_on_edge(tagged, start) < 20  # of 120
    for other in view["penguins"]:
        if other != start:
            assert ink_on_edge(ringed, other) == ink_on_edge(tagged, other), other


@pytest.mark.parametrize("width", [7, 9, 15])
def test_ultimatum_cells_and_penguins_are_tagged(width: int) -> None:
    """U-11: the cells the card may go to; U-14: the penguins a stone may go onto."""
    game = ultimatum_game(2, seed=width, actions=0, width=width, height=width)
    seat = game.to_move or 0
    cells = step_of(game, seat, "en", "cell", "c0")
    spots = _spots(game, cells.marks)
    plain = _table_picture(game, {}, cells.marks)
    _check(_table_picture(game, cells.marks), plain, spots, cells.marks)
    game.play(next(a for a in game.legal_actions() if a.startswith("play ")), seat=seat)
    stones = step_of(game, seat, "en")
    assert stones.step == "stone"
    spots = _spots(game, stones.marks)
    plain = _table_picture(game, {}, stones.marks)
    _check(_table_picture(game, stones.marks), plain, spots, stones.marks)


def _spots(game: UltimatumGame, tags: Mapping[str, str]) -> dict[str, Spot]:
    """The middle of every cell the table picture with ``tags`` shows."""
    view = game.view(None)
    frame = ultimatum.view_frame(view, tags)
    return {name: _cell_spot(view, name, tags) for name in game.ice.geo.names if frame.shows(name)}


#: Where Discord shows a picture 400 pixels wide on a phone, the fraction of its pixels seen.
PHONE = {"fish": 400 / 800, "table": 400 / TABLE_WIDTH}


@pytest.mark.parametrize(("width", "tall"), [(7, 7.5), (9, 5.5), (15, 4.5)])
def test_ultimatum_tags_read_on_a_phone(width: int, tall: float) -> None:
    """The name in a tag is at least ``tall`` phone pixels high (more than the cell names the
    tags cover on a 15 × 15 iceberg), in dark ink on yellow (contrast ≥ 7:1)."""
    assert contrast(INK, HIGHLIGHT) >= 7
    game = ultimatum_game(2, seed=1, actions=0, width=width, height=width)
    step = step_of(game, game.to_move or 0, "en", "cell", "c0")
    image = _table_picture(game, step.marks)
    view = game.view(None)
    size = max(ultimatum.tag_size(ultimatum.view_frame(view, step.marks)), marks.SMALLEST)
    for name in step.marks:
        spot = _cell_spot(view, name, step.marks)
        assert _name_height(image, spot, size) * PHONE["table"] >= tall, name


def test_fish_tags_read_on_a_phone() -> None:
    """A floe's tag name is at least 8 phone pixels high."""
    game = fish_game(2, seed=1, actions=0)
    step = step_of(game, game.to_move or 0, "en")
    image = _fish_picture(game, step.marks)
    for name in step.marks:
        height = _name_height(image, fish.tag_spot(name), int(fish.R * 0.8))
        assert height * PHONE["fish"] >= 8, name
