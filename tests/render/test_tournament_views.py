"""The views the tournament pictures are drawn from: pages that split a field evenly,
labels translated field by field, and bad input refused with its reason."""

from __future__ import annotations

from dataclasses import fields, replace
from fractions import Fraction
from functools import partial

import pytest

from bot.i18n import t
from render import tournament_signup as sign_up_picture
from render import tournament_standings as picture
from render.ratings_layout import WIDTH
from render.tournament_views import (
    PAGE_ROWS,
    SignUpLabels,
    SignUpView,
    StandingRow,
    StandingsLabels,
    page_rows,
    translated,
)
from tests.render.test_tournament_standings import view


@pytest.mark.parametrize(
    ("count", "final", "sizes"),
    [
        (0, False, [0]),
        (2, False, [2]),
        (16, False, [16]),
        (17, False, [8, 9]),
        (64, False, [16, 16, 16, 16]),
        (11, True, [11]),
        (12, True, [11, 1]),
        (64, True, [11, 13, 13, 13, 14]),
    ],
)
def test_pages_split_a_field_evenly(count: int, final: bool, sizes: list[int]) -> None:
    """At most 16 rows a page, every row on exactly one page in order; the final first page
    leaves room for the podium."""
    pages = page_rows(count, final)
    assert [len(rows) for rows in pages] == sizes
    assert [i for rows in pages for i in rows] == list(range(count))
    assert all(len(rows) <= PAGE_ROWS for rows in pages)


def test_labels_are_translated_field_by_field() -> None:
    """``translated`` passes every word of the English labels through the catalogue; a
    translation that breaks a template's placeholders is refused."""
    catalogue = {"Round {n} of {m}": "Runde {n} von {m}", "bye": "spielfrei"}
    words = translated(StandingsLabels(), lambda english: catalogue.get(english, english))
    assert (words.round, words.bye, words.points) == ("Runde {n} von {m}", "spielfrei", "points")
    with pytest.raises(ValueError, match="label 'round'"):
        translated(StandingsLabels(), lambda english: english.replace("{n}", "{nummer}"))


def test_bad_standings_are_refused_with_the_reason() -> None:
    row = StandingRow(1, "Ann", Fraction(1), Fraction(1), None, 3, 1)
    with pytest.raises(ValueError, match="after place 1 comes 1 \\(a tie\\) or 2"):
        view((row, replace(row, place=3)))
    with pytest.raises(ValueError, match="start at place 2"):
        view((replace(row, place=2),))
    with pytest.raises(ValueError, match="round 6 is not between 0 and 5"):
        view((row,), round=6)
    with pytest.raises(ValueError, match="points cannot be negative"):
        replace(row, points=Fraction(-1, 2))
    with pytest.raises(ValueError, match=r"label 'round' .* may use only \{n\}, \{m\}"):
        StandingsLabels(round="Runde {runde}")
    with pytest.raises(ValueError, match="1 page\\(s\\), not a page 2"):
        picture.render_page(view((row,)), 1)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_catalogue_translates_every_word_and_the_pictures_fit_them(lang: str) -> None:
    """The words come from the message catalogue (bot.i18n), every one translated but the
    placeholders, and both pictures draw them."""
    words = translated(StandingsLabels(), partial(t, lang))
    english = StandingsLabels()
    changed = [f.name for f in fields(words) if getattr(words, f.name) != getattr(english, f.name)]
    same = {"points_key", "points", "score_key"} if lang == "fr" else set()
    assert set(changed) == {f.name for f in fields(english)} - same
    assert words.round.count("{n}") == words.round.count("{m}") == 1
    rows = (StandingRow(1, "Ann", Fraction(2), Fraction(3), None, 40, 2, byes=1),)
    assert picture.render_page(view(rows, labels=words, final=True)).width == WIDTH
    sign_up = translated(SignUpLabels(), partial(t, lang))
    assert sign_up.entrants.format(n=3) != SignUpLabels().entrants.format(n=3)
    assert (
        sign_up_picture.render_image(SignUpView(1, "", "Fish", "", (), (), sign_up)).width == WIDTH
    )
