"""The part of the iceberg the party table shows: never in cells too small for the cards' marks,
and, when the part in use is too wide for that, in two bands that each name their columns and
rows (U-4)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from bot.games.ultimatum.cards import PENGUINS
from bot.games.ultimatum.table import cell_name
from render import cards, table_cards, ultimatum
from render.style import TEXT
from render.table_frame import GRID, LEAST_CELL, WIDTH, Frame, frame_for
from tests.render.games import LONG_NAMES, ultimatum_game
from tests.render.test_ultimatum_table import count


def _cells(frame: Frame) -> Iterator[str]:
    for band in frame.bands:
        for col, row in itertools.product(range(band.cols), range(band.rows)):
            yield cell_name(band.left + col, band.top + row)


@pytest.mark.parametrize("side", range(5, 16))
def test_no_cell_is_smaller_than_the_cards_marks_allow(side: int) -> None:
    """Every iceberg from 5 × 5 to 15 × 15, whole, in use at the start and late, and the
    narrow 15 × 5 and 5 × 15 ones: cells of at least LEAST_CELL, the smallest on which every
    mark of a card stays legible."""
    views = [ultimatum_game(4, seed=side, actions=a, width=side, height=side) for a in (0, 300)]
    frames = [frame_for(side, side, whole=True), frame_for(15, 5, whole=True)]
    frames += [frame_for(5, 15, whole=True)]
    frames += [ultimatum.view_frame(game.view(None)) for game in views]
    assert LEAST_CELL == table_cards.LEAST_CARD + 2 * ultimatum.INSET
    for frame in frames:
        assert frame.cell >= LEAST_CELL, frame


def test_a_part_too_wide_for_one_band_is_drawn_in_two() -> None:
    """15 columns do not fit side by side in cells of LEAST_CELL: columns A–H lie in a band
    above I–O, every cell of the iceberg in exactly one place, no two overlapping, all on the
    picture, and a narrower part stays in one band."""
    assert GRID // 15 < LEAST_CELL <= GRID // 9
    whole = frame_for(15, 15, whole=True)
    upper, lower = whole.bands
    assert (upper.left, upper.cols, lower.left, lower.cols) == (0, 8, 8, 7)
    assert upper.origin[0] == lower.origin[0] and lower.origin[1] > upper.origin[1]
    boxes = {name: whole.box(name) for name in _cells(whole)}
    assert len(boxes) == 15 * 15 and len(set(boxes.values())) == 15 * 15
    for x0, y0, x1, y1 in boxes.values():
        assert 0 <= x0 < x1 <= WIDTH and 0 <= y0 < y1 <= whole.picture_height
    assert boxes["H1"][1] < boxes["I1"][1]  # H above I, as the letters run
    assert len(frame_for(9, 9, whole=True).bands) == len(frame_for(5, 15, whole=True).bands) == 1


def test_each_band_shows_the_rows_its_own_columns_use() -> None:
    """Cards at A1–B2 and N14–O15: the upper band shows rows 1–5, the lower rows 11–15 (the
    cells in use, a ring of one and at least five), not the fifteen rows between."""
    frame = frame_for(15, 15, ["A1", "B2", "N14", "O15"])
    upper, lower = frame.bands
    assert (upper.top, upper.rows) == (0, 5) and (lower.top, lower.rows) == (10, 5)
    assert frame.shows("A1") and frame.shows("O15") and not frame.shows("O1")


@pytest.fixture
def letters(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, float]]]:
    """The axis labels drawn on the table's background (each with its height on the picture),
    with the background's cache emptied first."""
    found: list[tuple[str, float]] = []
    draw_text = ImageDraw.ImageDraw.text

    def recorded(self: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kw: Any) -> None:
        if kw.get("fill") == TEXT:
            found.append((str(words), xy[1]))
        draw_text(self, xy, words, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recorded)
    ultimatum._iceberg.cache_clear()
    ultimatum._blank_table.cache_clear()
    yield found
    ultimatum._iceberg.cache_clear()
    ultimatum._blank_table.cache_clear()


def test_each_band_names_its_columns_above_it_and_its_rows_beside_it(
    letters: list[tuple[str, float]],
) -> None:
    """U-4: a reader never loses where a cell is. Each band carries the letters of its own
    columns just above its first row and the numbers of its own rows; the lower band's numbers
    start again."""
    view = ultimatum_game(4, seed=2, actions=0, width=15, height=15).view(None)
    whole = frame_for(15, 15, whole=True)
    ultimatum.render_table(view, LONG_NAMES, frame=whole)
    for band in whole.bands:
        top = band.origin[1]
        above = [w for w, y in letters if top - 40 < y < top and w.isalpha()]
        assert above == [cell_name(band.left + c, 0)[0] for c in range(band.cols)]
        beside = [w for w, y in letters if top < y < top + band.rows * whole.cell]
        assert beside == [str(band.top + r + 1) for r in range(band.rows)]


def test_the_cards_of_a_split_table_lie_in_their_cells() -> None:
    """A late 15 × 15 game drawn in two bands: each penguin's family colour shows in its cell,
    and no other family's."""
    game = ultimatum_game(4, seed=7, actions=400, width=15, height=15)
    view = game.view(None)
    frame = ultimatum.view_frame(view)
    assert len(frame.bands) == 2
    image = ultimatum.render_table(view, LONG_NAMES)
    for name, card in view["table"].items():
        if card in PENGUINS:
            box = frame.box(name)
            area = (box[2] - box[0]) * (box[3] - box[1])
            found = count(image, box, cards.FAMILY[PENGUINS[card].colour])
            assert found > area / 10, name
            for other, colour in cards.FAMILY.items():
                if other != PENGUINS[card].colour:
                    assert count(image, box, colour) < found / 4, f"{other} in {name}"


def test_the_bands_are_cut_where_they_need_the_fewest_rows() -> None:
    """Cards at D1 and D6, H15, L10 and L15: cut after column G, the upper band needs rows 1–7
    and the lower 9–15; cut in the middle (after H), the upper one would need all 15."""
    frame = frame_for(15, 15, ["D1", "D6", "H15", "L10", "L15"])
    upper, lower = frame.bands
    assert (upper.left, upper.cols, upper.top, upper.rows) == (2, 5, 0, 7)
    assert (lower.left, lower.cols, lower.top, lower.rows) == (7, 6, 8, 7)
