"""The party table is stored from layers already mapped onto its palette (the
background and the cards' faces), and only what is drawn over them is mapped again. The bytes
must be exactly those of mapping the whole drawn picture."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image

from bot.games.ultimatum import UltimatumGame
from render import png, ultimatum
from render.marks import draw_marks
from tests.render.games import LONG_NAMES
from tests.turns import whose_turn


def _whole_picture_mapped(
    view: dict[str, Any], names: list[str], marks: dict[str, str] | None
) -> bytes:
    """The table as it was stored before: the whole RGB picture mapped onto the palette."""
    frame = ultimatum.view_frame(view, marks or ())
    image = ultimatum.render_table(view, names, frame=frame)
    if marks:
        boxes = {name: frame.box(name) for name in marks}
        spots = {n: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for n, b in boxes.items()}
        draw_marks(image, spots, marks, ultimatum.tag_size(frame))
    return png.encode(image, ultimatum.table_palette())


@pytest.mark.parametrize(("players", "side", "seed"), [(2, 7, 1), (3, 9, 2), (4, 9, 1), (4, 15, 3)])
def test_the_table_from_mapped_layers_is_the_whole_picture_mapped(
    players: int, side: int, seed: int
) -> None:
    """Every fifth position of a whole game (stones, the stone's arrow, rings, stars, waiting
    marks, the choice tags on every other one) stores the same bytes either way."""
    game = UltimatumGame.new(players=players, seed=seed, width=side, height=side)
    rng = random.Random(seed)
    names = list(LONG_NAMES[:players])
    checked = 0
    while True:
        if len(game.log) % 5 == 0 or game.is_over:
            view = game.view(None)
            marks = {cell: cell for cell in sorted(view["table"])[:6]} if checked % 2 else None
            stored = ultimatum.table(view, names=names, marks=marks)
            assert stored == _whole_picture_mapped(view, names, marks), len(game.log)
            checked += 1
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    assert checked > 10


def test_a_box_left_out_would_show() -> None:
    """The check above notices a drawing the layers miss: a stone left out of the boxes
    mapped again leaves the card under it in the stored picture."""
    game = UltimatumGame.new(players=2, seed=4)
    rng = random.Random(4)
    while not game.view(None)["stones"]:
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    view = game.view(None)
    frame = ultimatum.view_frame(view)
    image, drawn = ultimatum._render_table(view, ["a", "b"], None, frame)
    base = ultimatum._mapped_cards(view, frame, image.height)
    panel = drawn[-1]
    partial = png.encode_over(image, ultimatum.table_palette(), base, [panel])
    assert partial != png.encode(image, ultimatum.table_palette())


def test_merged_boxes_cover_every_box_and_stay_inside_the_picture() -> None:
    """Joined boxes hold every pixel of the boxes given (clipped to the picture), nothing
    outside the picture, and boxes far apart stay apart."""
    rng = random.Random(7)
    size = (300, 200)
    for _ in range(200):
        boxes = []
        for _ in range(rng.randrange(1, 12)):
            x, y = rng.randrange(-20, 300), rng.randrange(-20, 200)
            boxes.append((x, y, x + rng.randrange(0, 60), y + rng.randrange(0, 60)))
        joined = png.merged(boxes, size)
        covered = Image.new("1", size, 0)
        for box in joined:
            assert 0 <= box[0] < box[2] <= size[0] and 0 <= box[1] < box[3] <= size[1]
            covered.paste(1, box)
        for x0, y0, x1, y1 in boxes:
            for x in range(max(0, x0), min(size[0], x1)):
                for y in range(max(0, y0), min(size[1], y1)):
                    assert covered.getpixel((x, y)) == 1
    assert len(png.merged([(0, 0, 10, 10), (200, 0, 210, 10), (0, 100, 10, 110)], size)) == 3
