"""The standings pictures of a tournament: built from real standings (bot.tournaments), paged
for a phone, points written as exact fractions, ties, byes and withdrawals marked, German
labels and long names fitted, the podium's steps shared by tied players."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from io import BytesIO
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.tournaments import Round, Table, pair, standings
from render import text
from render import tournament_figures as figures
from render import tournament_standings as picture
from render.common import RANK_COLOURS
from render.ratings_layout import MARGIN, WIDTH
from render.style import PANEL, PANEL_ROW
from render.tournament_look import HEADER, LEAST
from render.tournament_views import (
    StandingRow,
    StandingsLabels,
    StandingsView,
)
from tests.render.games import LONG_NAMES
from tests.render.pixels import colour_at
from tests.tournaments.fields import played

#: German words as long as the catalogue's, the column keys short as keys are meant to be.
GERMAN = StandingsLabels(
    title="Turnier Nr. {number}",
    round="Runde {n} von {m}",
    final="Endstand",
    page="Seite {n} von {m}",
    player="Spieler {n}",
    points_key="Pkt.",
    points="Punkte",
    opponents_key="Buchh.",
    opponents="Punkte der Gegner (Buchholz-Wertung)",
    duel_key="DV",
    duel="Direkter Vergleich unter Punktgleichen",
    score_key="SP",
    score="Summe der Spielpunkte aller Partien",
    games_key="Part.",
    games="gespielte Partien",
    withdrawn="zurückgezogen",
    bye="spielfrei",
)


def field(
    players: int, size: int, rounds: int, seed: int, withdrawn: Sequence[int] = ()
) -> tuple[StandingRow, ...]:
    """The standings rows of a Swiss tournament of random results, ``withdrawn`` leaving after
    the first round (forfeiting nothing more: they are not paired again)."""
    rng = random.Random(seed)
    entrants = list(range(1, players + 1))
    played_rounds: list[Round] = []
    for number in range(rounds):
        out = withdrawn if number else ()
        played_rounds.append(played(pair(entrants, played_rounds, size, out), rng))
    names = {p: LONG_NAMES[p % 4] if p % 5 == 0 else f"Penguin {p}" for p in entrants}
    return tuple(
        StandingRow(
            place=line.place,
            name=names[line.player],
            points=line.points,
            opponents_points=line.opponents_points,
            head_to_head=line.head_to_head,
            game_score=line.game_score,
            games=line.games,
            byes=line.byes,
            withdrawn=line.withdrawn,
        )
        for line in standings(entrants, played_rounds, withdrawn)
    )


def view(rows: tuple[StandingRow, ...], **changes: Any) -> StandingsView:
    """Standings after round 3 of 5 of tournament #7."""
    return replace(StandingsView(7, "Spring Cup", "Fish", 3, 5, rows), **changes)


@dataclass(frozen=True)
class Drawn:
    """One text drawn: its words as shown, type size, width taken and where (its anchor)."""

    words: str
    size: int
    width: float
    x: float
    y: float


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text drawn while the test runs."""
    yield from recording(monkeypatch)


def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Record every text drawn through ``text.label`` until the test ends."""
    found: list[Drawn] = []
    label = text.label

    def recorded(
        draw: ImageDraw.ImageDraw, xy: Any, words: str, face: Any, *a: Any, **kw: Any
    ) -> float:
        drawn = label(draw, xy, words, face, *a, **kw)
        shown = text.fit(words, face, kw["width"]) if kw.get("width") is not None else words
        found.append(Drawn(shown, face.size, drawn, xy[0], xy[1]))
        return drawn

    monkeypatch.setattr(text, "label", recorded)
    yield found


def words(found: list[Drawn]) -> list[str]:
    return [w.words for w in found]


def decoded(data: bytes) -> Image.Image:
    return Image.open(BytesIO(data)).convert("RGB")


# --- numbers --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (Fraction(17, 6), ("2", "5", "6")),
        (Fraction(1, 2), ("", "1", "2")),
        (Fraction(3), ("3", "", "")),
        (Fraction(0), ("0", "", "")),
        (Fraction(149, 36), ("4", "5", "36")),
    ],
)
def test_points_are_written_as_a_whole_number_and_an_exact_fraction(
    value: Fraction, expected: tuple[str, str, str]
) -> None:
    """Table points in sixths (a shared place at a table of four) stay exact."""
    assert figures.parts(value) == expected


def test_a_fraction_is_drawn_stacked_at_the_legible_size(written: list[Drawn]) -> None:
    """2⅚ is "2", "5" and "6", the fraction's figures as large as the smallest type."""
    image = Image.new("RGB", (200, 80))
    whole, part = text.font(26, True), text.font(LEAST, True)
    figures.draw(ImageDraw.Draw(image), 190, 40, Fraction(17, 6), whole, part, (255, 255, 255))
    assert [(w.words, w.size) for w in written] == [("5", 18), ("6", 18), ("2", 26)]
    assert figures.width(Fraction(17, 6), whole, part) > figures.width(2, whole, part)


# --- pages ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 2), (9, 2), (11, 4), (64, 2), (64, 4)])
def test_every_player_is_drawn_once_and_a_page_fits_a_phone_screen(
    written: list[Drawn], players: int, size: int
) -> None:
    """Each page names its own players; shown 400 pixels wide it is under 800 tall."""
    rows = field(players, size, rounds=3, seed=players)
    shown = view(rows)
    seen: list[str] = []
    for page in range(picture.page_count(shown)):
        written.clear()
        image = decoded(picture.draw_standings(shown, page))
        assert image.width == WIDTH and image.height * 400 / WIDTH < 800
        seen += [w for w in words(written) if w.startswith("Penguin ")]
    expected = [r.name for r in rows if r.name.startswith("Penguin ")]
    assert seen == expected


def test_the_pages_of_a_field_share_one_layout() -> None:
    """The columns stand where they stand on every page: the widest value of the whole field
    sets them."""
    rows = list(field(40, 2, rounds=4, seed=3))
    rows[-1] = replace(rows[-1], game_score=98_765)
    shown = view(tuple(rows))
    edges = picture._right_edges(shown)
    narrow = picture._right_edges(view(tuple(rows[:16])))
    assert edges[3] < narrow[3]  # the score column widened for a value on the last page


# --- marks ----------------------------------------------------------------------------------------


def _badge_colour(image: Image.Image, row: int, first_row_top: int) -> tuple[int, ...]:
    top = first_row_top + row * (picture.ROW_H + picture.ROW_GAP)
    x = picture.EDGE + picture.ROW_PAD + picture.BADGE // 2
    return colour_at(image, (x, top + 6))


def test_tied_players_share_their_place_and_its_medal(written: list[Drawn]) -> None:
    """Two players level on everything are both first (gold), the next is third (bronze)."""
    ann = StandingRow(1, "Ann", Fraction(5, 2), Fraction(7), Fraction(1, 2), game_score=20, games=3)
    rows = (
        ann,
        replace(ann, name="Bea"),
        StandingRow(3, "Cid", Fraction(1), Fraction(4), None, 12, 3),
    )
    image = picture.render_page(view(rows))
    top = HEADER + picture.KEYS_H
    assert [_badge_colour(image, n, top) for n in range(3)] == [
        RANK_COLOURS[0],
        RANK_COLOURS[0],
        RANK_COLOURS[2],
    ]
    badge = picture.EDGE + picture.ROW_PAD + picture.BADGE / 2
    assert [w.words for w in written if w.x == badge] == ["1", "1", "3"]


def test_a_withdrawn_player_and_a_bye_are_marked(written: list[Drawn]) -> None:
    """The withdrawn row sits on the darker ground and says so; a bye is named, twice as
    "bye ×2"."""
    rows = (
        StandingRow(1, "Ann", Fraction(3), Fraction(5), None, 30, 2, byes=1),
        StandingRow(2, "Bea", Fraction(2), Fraction(5), None, 25, 1, byes=2),
        StandingRow(3, "Cid", Fraction(1), Fraction(6), None, 20, 3, withdrawn=True),
        StandingRow(4, "Dan", Fraction(0), Fraction(6), None, 10, 3),
    )
    image = picture.render_page(view(rows))
    drawn = words(written)
    assert "bye" in drawn and "bye ×2" in drawn and "withdrawn" in drawn
    top = HEADER + picture.KEYS_H
    ground = [
        image.getpixel((WIDTH // 2, top + n * (picture.ROW_H + picture.ROW_GAP) + 3))
        for n in range(4)
    ]
    assert ground == [PANEL_ROW, PANEL_ROW, PANEL, PANEL_ROW]


@pytest.mark.parametrize(("players", "withdrawn", "byes"), [(9, [], 4), (10, [4], 3)])
def test_real_standings_mark_the_byes_and_the_withdrawn(
    written: list[Drawn], players: int, withdrawn: list[int], byes: int
) -> None:
    """A 9-player Swiss of 4 rounds gives a bye every round; in a field of 10 a player who
    withdraws after the first round leaves 9 (a bye in each later round) and stays in the
    standings, marked."""
    rows = field(players, 2, rounds=4, seed=5, withdrawn=withdrawn)
    assert sum(r.byes for r in rows) == byes
    assert [r.withdrawn for r in rows].count(True) == len(withdrawn)
    picture.render_page(view(rows, round=4, rounds=4))
    drawn = words(written)
    assert sum(w.endswith("bye") for w in drawn) == byes  # at most one bye each
    assert sum(w.startswith("withdrawn") for w in drawn) == len(withdrawn)


# --- words ----------------------------------------------------------------------------------------


def test_german_labels_and_long_names_fit(written: list[Drawn]) -> None:
    """Even keys written out in full ("Buchholz-Wertung") never overflow their column nor take
    the names' room (they are shortened, the legend has them whole); the legend wraps inside the
    picture, long names are shortened with an ellipsis and a name of emoji only becomes
    "Spieler n"."""
    rows = list(field(11, 4, rounds=3, seed=11))
    rows[0] = replace(rows[0], name=LONG_NAMES[0])
    rows[1] = replace(rows[1], name="🐧🐧🐧")
    keys_in_full = replace(
        GERMAN,
        points_key="Punkte",
        opponents_key="Buchholz-Wertung",
        duel_key="Direkter Vergleich",
        score_key="Spielpunkte",
        games_key="Partien",
    )
    shown = view(tuple(rows), labels=keys_in_full)
    image = picture.render_page(shown)
    inner = WIDTH - 2 * MARGIN
    assert all(w.width <= inner + 1 for w in written)
    edges = picture._right_edges(shown)
    strip = HEADER + picture.KEYS_H / 2
    keys = [w for w in written if w.y == strip]
    assert len(keys) == 5
    for key, left, right in zip(keys, edges[:-1], edges[1:], strict=True):
        assert key.width <= min(picture.COLUMN_MOST, right - left - picture.COLUMN_GAP) + 1
    assert keys[1].words.endswith("…")  # "Buchholz-Wertung" shortened, explained in the legend
    assert edges[0] - picture.NAME_LEFT >= picture.NAME_ROOM - 1  # the names keep their room
    drawn = words(written)
    assert "Spieler 2" in drawn
    assert any(w.endswith("…") and w.startswith("Bartholomew") for w in drawn)
    assert "Buchholz-Wertung: Punkte der Gegner (Buchholz-Wertung)" in drawn  # the legend
    assert image.width == WIDTH


# --- bytes and refusals ---------------------------------------------------------------------------


def test_a_page_is_a_small_palette_png_and_the_same_each_time() -> None:
    """A full page of 16 rows is a palette PNG of under 60 KB, identical when drawn again."""
    shown = view(field(64, 2, rounds=5, seed=2))
    first = picture.draw_standings(shown, 1)
    assert first == picture.draw_standings(shown, 1)
    assert Image.open(BytesIO(first)).mode == "P"
    assert len(first) < 60_000
    assert len(picture.standings_pages(shown)) == 4


def test_a_round_of_only_forfeits_still_draws() -> None:
    """Everyone forfeits the only round: all share the last place of their tables."""
    table = Table((1, 2), (1, 2), (0, 0), frozenset({1, 2}))
    lines = standings([1, 2], [Round((table,))])
    rows = tuple(
        StandingRow(
            s.place,
            f"P{s.player}",
            s.points,
            s.opponents_points,
            s.head_to_head,
            s.game_score,
            s.games,
        )
        for s in lines
    )
    assert [r.place for r in rows] == [1, 1]
    assert picture.render_page(view(rows, round=1)).width == WIDTH
