"""The sign-up post's picture: settings in German-length words, and who has joined with 0, 1
and 64 entrants, long and emoji names fitted."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from io import BytesIO

import pytest
from PIL import Image

from render import tournament_signup as picture
from render.draw import picture as request_picture
from render.ratings_layout import MARGIN, WIDTH
from render.tournament_standings import draw_standings
from render.tournament_views import Setting, SignUpLabels, SignUpView
from tests.render.games import LONG_NAMES
from tests.render.test_tournament_standings import Drawn, field, recording, words
from tests.render.test_tournament_standings import view as standings_view

GERMAN = SignUpLabels(
    title="Turnier Nr. {number}",
    entrants="Angemeldet: {n}",
    nobody="Bisher hat sich noch niemand für dieses Turnier angemeldet.",
    player="Spieler {n}",
)
SETTINGS = (
    Setting("Spiel", "Hey, That's My Fish!"),
    Setting("Turnierform", "Schweizer System über fünf Runden"),
    Setting("Tischgröße", "4 Spielerinnen und Spieler"),
    Setting("Tage pro Runde", "3"),
    Setting("Anmeldeschluss", "Samstag, 28. November 2026, 18:00 Koordinierte Weltzeit"),
    Setting("Wertung", "gewertet"),
)


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text drawn while the test runs."""
    yield from recording(monkeypatch)


def entrants(count: int) -> tuple[str, ...]:
    """``count`` names, the long ones of the picture tests first, one of emoji only."""
    names = [*LONG_NAMES, "🐧🐟"]
    return tuple(names[n] if n < len(names) else f"Penguin {n + 1}" for n in range(count))


def view(count: int) -> SignUpView:
    return SignUpView(
        12,
        "Frühlingspokal der Pinguine",
        "Fish",
        "Anmeldung offen",
        SETTINGS,
        entrants(count),
        GERMAN,
    )


@pytest.mark.parametrize(("count", "columns"), [(0, 1), (1, 1), (8, 1), (9, 2), (24, 2), (64, 3)])
def test_every_entrant_is_named_in_joining_order(
    written: list[Drawn], count: int, columns: int
) -> None:
    """Numbered 1 to n down the columns; nobody yet says so; the count is in the heading."""
    image = picture.render_image(view(count))
    drawn = words(written)
    assert f"Angemeldet: {count}" in drawn
    numbers = [w for w in drawn if w.endswith(".") and w[:-1].isdigit()]
    assert numbers == [f"{n}." for n in range(1, count + 1)]
    said = [w for w in drawn if w.startswith("Bisher") or w.endswith("angemeldet.")]
    assert (" ".join(dict.fromkeys(said)) == GERMAN.nobody) == (count == 0)
    assert picture.name_columns(count) == columns
    lefts = {w.x for w in written if w.words in numbers}
    assert len(lefts) == (columns if count else 0)
    assert image.width == WIDTH and image.height * 400 / WIDTH < 800


def test_long_names_and_values_fit(written: list[Drawn]) -> None:
    """Long names are shortened, an emoji-only name becomes "Spieler n", a long value takes a
    second line and nothing runs past the margin."""
    picture.render_image(view(64))
    drawn = words(written)
    assert "Spieler 5" in drawn
    assert any(w.startswith("Barth") and w.endswith("…") for w in drawn)
    assert all(w.x + w.width <= WIDTH - MARGIN + 1 for w in written if w.words != "64.")
    for setting in SETTINGS:  # every value whole, on one line or two
        start = drawn.index(setting.label) + 1
        lines = drawn[start : start + 2]
        assert setting.value in (lines[0], " ".join(lines))


def test_the_picture_grows_with_its_lines_only() -> None:
    """The sentence for no entrant and one name take one line each; a value of two lines adds
    a line."""
    nobody = SignUpLabels(nobody="No one yet.")
    empty = SignUpView(1, "", "Fish", "", SETTINGS, (), nobody)
    assert picture.size(empty) == picture.size(replace(empty, entrants=("Ann",)))
    short = SignUpView(1, "", "Fish", "", (Setting("Tage", "3"),), (), GERMAN)
    longer = SignUpView(1, "", "Fish", "", (Setting("Tage", "drei " * 30),), (), GERMAN)
    assert picture.size(longer)[1] - picture.size(short)[1] == picture.SETTING_LINE


def test_a_sign_up_is_a_small_palette_png_and_the_same_each_time() -> None:
    data = picture.draw_sign_up(view(64))
    assert data == picture.draw_sign_up(view(64))
    assert Image.open(BytesIO(data)).mode == "P" and len(data) < 50_000


def test_a_bad_template_is_refused() -> None:
    with pytest.raises(ValueError, match=r"label 'entrants' .* may use only \{n\}"):
        SignUpLabels(entrants="Angemeldet: {anzahl}")


def test_the_worker_request_draws_the_same_pictures() -> None:
    """The bot asks its drawing processes by plain request (render.draw): a sign-up and a
    standings page come back as the modules draw them."""
    sign_up = view(9)
    assert request_picture({"picture": "sign_up", "view": sign_up}) == picture.draw_sign_up(sign_up)
    standings = standings_view(field(20, 2, 3, seed=4))
    for page in (0, 1):
        asked = {"picture": "standings", "view": standings, "page": page}
        assert request_picture(asked) == draw_standings(standings, page)
    assert request_picture({"picture": "standings", "view": standings}) == draw_standings(
        standings, 0
    )
