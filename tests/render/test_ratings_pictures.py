"""The leaderboard and profile pictures read on a phone (about 400 pixels wide): type no smaller
than 12 phone pixels, text that stands out from its ground, long names shortened to fit, and
the same picture for the same view."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.ratings import GLOBAL, Player, Ratings, Result, Scope, leaderboard, profile, texts
from render import leaderboard as board_picture
from render import profile as profile_picture
from render.common import RANK_COLOURS
from render.ratings_layout import SMALLEST, WIDTH
from render.style import HIGHLIGHT, INK, PANEL, PANEL_ACTIVE, PANEL_ROW, TEXT, TEXT_DIM
from tests.ratings.games import person, random_results
from tests.render.test_ultimatum_legibility import contrast

PHONE = 400 / WIDTH
#: The ratings and results of 400 random games.
Rated = tuple[Ratings, list[Result]]
LONG = "Bartholomew Fitzgerald-Montgomery the Third of Penguin Island"


@pytest.fixture(scope="module")
def rated() -> Rated:
    results = random_results(400, seed=12, people=30)
    ratings = Ratings()
    for game in results:
        ratings.apply(game)
    return ratings, results


def names() -> dict[Player, str]:
    return {person(n): (LONG if n % 3 == 0 else f"Zoë {n} 🐧") for n in range(1, 31)}


def test_no_text_is_smaller_than_twelve_pixels_on_a_phone() -> None:
    """Every type size of both pictures, shrunk to a phone's width."""
    assert SMALLEST * PHONE >= 12
    assert min(board_picture.BADGE, board_picture.ROW_H) * PHONE >= 30  # a finger-sized row


def test_text_stands_out_from_its_ground() -> None:
    """WCAG contrast: body text ≥ 4.5:1 on every ground it is drawn on, the dimmed details and
    the provisional note too; position numbers on the medals ≥ 4.5:1."""
    for ground in (PANEL, PANEL_ROW, PANEL_ACTIVE):
        assert contrast(TEXT, ground) >= 4.5
        assert contrast(HIGHLIGHT, ground) >= 4.5
    for ground in (PANEL, PANEL_ROW):  # the lit row draws its details in full TEXT
        assert contrast(TEXT_DIM, ground) >= 4.5
    for medal in RANK_COLOURS[:3]:
        assert contrast(INK, medal) >= 4.5


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_board_page_draws_ten_rows_and_fits_long_names(rated: Rated, lang: str) -> None:
    """A full page is ten rows tall, the width the phone expects; long names and emoji do not
    break it."""
    ratings, _ = rated
    page = leaderboard(ratings, Scope(1, 1), "fish", page=2)
    view = texts.leaderboard_view(page, names(), lang, you=page.rows[3].player)
    image = board_picture.render_image(view)
    assert image.size == (WIDTH, board_picture.height(10))
    assert len(page.rows) == 10
    phone = image.resize((400, round(image.height * PHONE)), Image.Resampling.LANCZOS)
    assert phone.height < 800  # one screen of a phone, about


def test_the_highlighted_row_and_anonymous_rows_look_different(
    rated: Rated,
) -> None:
    """One's own row is lit; a hidden player's name is dimmed, not drawn like a name."""
    ratings, _ = rated
    page = leaderboard(ratings, GLOBAL, "fish", public=set())
    view = texts.leaderboard_view(page, names(), "en")
    plain = board_picture.render_image(view)
    lit = board_picture.render_image(
        {**view, "rows": [{**view["rows"][0], "highlight": True}, *view["rows"][1:]]}
    )
    top = board_picture.HEADER
    row = (0, top, WIDTH, top + board_picture.ROW_H)
    assert plain.crop(row).tobytes() != lit.crop(row).tobytes()
    below = (0, top + board_picture.ROW_H + board_picture.ROW_GAP, WIDTH, lit.height)
    assert plain.crop(below).tobytes() == lit.crop(below).tobytes()
    assert any(r["anonymous"] for r in view["rows"])


def test_an_empty_board_and_an_empty_profile_still_draw() -> None:
    empty = texts.leaderboard_view(leaderboard(Ratings(), Scope(4, 1), "ultimatum"), {}, "fr")
    assert board_picture.render_image(empty).height == board_picture.height(0)
    nobody = texts.profile_view(profile(person(1), []), {}, "de")
    assert profile_picture.render_image(nobody).width == WIDTH


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_profile_draws_a_chart_of_the_rating(rated: Rated, lang: str) -> None:
    """The chart's line is drawn in its colour inside the first panel's box; the picture fits
    a phone's screen width."""
    ratings, results = rated
    me = profile(person(3), results, ratings, Scope(1, 1))
    view = texts.profile_view(me, names(), lang, Scope(1, 1))
    image = profile_picture.render_image(view)
    assert image.width == WIDTH and image.height < 1200
    left = WIDTH - 24 - profile_picture.CHART_W
    top = profile_picture.HEADER + profile_picture.BODY
    box = image.crop((left, top, left + profile_picture.CHART_W, top + profile_picture.CHART_H))
    colours = {c for _, c in box.getcolors(1 << 16) or []}
    assert profile_picture.CHART_COLOUR in colours


def test_the_same_view_gives_the_same_bytes(rated: Rated) -> None:
    ratings, results = rated
    view = texts.leaderboard_view(leaderboard(ratings, GLOBAL, "ultimatum"), names())
    assert board_picture.leaderboard(view) == board_picture.leaderboard(dict(view))  # type: ignore[arg-type]
    pview = texts.profile_view(profile(person(2), results, ratings, GLOBAL), names(), "en", GLOBAL)
    first = profile_picture.profile(pview)
    assert first == profile_picture.profile(pview) and b"tIME" not in first
