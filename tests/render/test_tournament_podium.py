"""The podium of final standings: tied players share a step, a place nobody holds has none,
a crowded step counts the rest, and the podium is as tall as its names need."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from PIL import Image

from render import tournament_podium as podium
from render import tournament_standings as picture
from render.common import RANK_COLOURS
from render.ratings_layout import WIDTH
from render.tournament_look import HEADER, STEP_FRONTS
from render.tournament_views import StandingRow
from tests.render.test_tournament_standings import Drawn, recording, view, words


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text drawn while the test runs."""
    yield from recording(monkeypatch)


def _podium_colours(image: Image.Image, rows: Sequence[StandingRow]) -> set[Any]:
    box = (0, HEADER, WIDTH, HEADER + podium.height(rows))
    return {colour for _, colour in image.crop(box).getcolors(1 << 16) or []}


def test_the_podium_gives_tied_players_one_step(written: list[Drawn]) -> None:
    """Two tied for first share the gold step and leave no silver one; third stands on
    bronze."""
    rows = (
        StandingRow(1, "Ann", Fraction(3), Fraction(6), Fraction(1, 2), 40, 4),
        StandingRow(1, "Bea", Fraction(3), Fraction(6), Fraction(1, 2), 40, 4),
        StandingRow(3, "Cid", Fraction(2), Fraction(5), None, 30, 4),
        StandingRow(4, "Dan", Fraction(0), Fraction(5), None, 10, 4),
    )
    image = picture.render_page(view(rows, final=True, round=4, rounds=4))
    colours = _podium_colours(image, rows)
    assert RANK_COLOURS[0] in colours and RANK_COLOURS[2] in colours
    assert RANK_COLOURS[1] not in colours and STEP_FRONTS[1] not in colours
    drawn = words(written)
    assert drawn[:2] == ["Tournament #7 · Spring Cup", "Fish · Final standings"]
    assert {"Ann", "Bea", "Cid"} <= set(drawn[2:7])  # over the steps, before the table
    assert podium.standing(rows) == {1: [0, 1], 3: [2]}


def test_a_crowded_step_names_two_and_counts_the_rest(written: list[Drawn]) -> None:
    """Five tied for first: two names and "+3" over the step; the table lists all five."""
    rows = tuple(
        StandingRow(1, f"Penguin {n}", Fraction(2), Fraction(4), Fraction(2), 9, 2)
        for n in range(5)
    )
    picture.render_page(view(rows, final=True))
    drawn = words(written)
    assert "+3" in drawn
    assert sum(w.startswith("Penguin") for w in drawn) == 2 + 5


def test_the_podium_is_as_tall_as_its_highest_stack_of_names() -> None:
    """One name a step leaves no empty lines over it; three tied for third stack three names
    over the lowest step, and the podium grows by what that stack needs."""
    alone = tuple(
        StandingRow(n, f"P{n}", Fraction(3 - n), Fraction(1), None, 0, 1) for n in (1, 2, 3)
    )
    tied_third = (*alone, *(replace(alone[2], name=f"Q{n}") for n in range(2)))
    assert (
        podium.height(alone)
        == podium.ABOVE + podium.LINE + podium.STEP_HEIGHTS[1] + 6 + podium.BELOW
    )
    third = 3 * podium.LINE + podium.STEP_HEIGHTS[3]
    assert podium.height(tied_third) == podium.ABOVE + third + 6 + podium.BELOW
    assert podium.height(()) == 0
