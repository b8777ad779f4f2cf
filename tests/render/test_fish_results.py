"""The results picture of a finished Fish game: every starting floe marked by who
took it (F-9, F-11) or shown melted (F-10), the ranking with fish and floes, legible at phone
size and within the Fish byte goal."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.games.fish import FishGame
from bot.games.fish.ending import results_view
from bot.i18n import picture_labels
from render import fish_results
from render.fish import BOARD_HEIGHT
from render.style import PANEL_ROW, SEAT_COLOURS, TEXT
from tests.render.games import LONG_NAMES, decode, fish_game
from tests.render.test_ultimatum_legibility import contrast

NAMES = ["Ann", "Bartholomew the Magnificent", "Zoë", "Kåre"]
KIB = 1024


def finished(players: int, seed: int) -> FishGame:
    """A random game played to its end (F-14)."""
    game = fish_game(players, seed=seed, actions=10_000)
    assert game.is_over
    return game


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 11), (4, 5)])
def test_every_floe_shows_who_took_it_or_that_it_melted(players: int, seed: int) -> None:
    """F-9/F-11: a floe a player took is tinted towards their colour and carries their shape;
    F-10: a floe that melted unscored is slush; the counts agree with each catch."""
    game = finished(players, seed)
    view = results_view(game)
    caught = view["results"]["caught"]
    assert set(caught) == set(view["results"]["floes"]), "every floe left the board"
    for seat in range(players):
        taken = [f for f, s in caught.items() if s == seat]
        assert len(taken) == game.catch[seat]["floes"]
        assert sum(view["results"]["floes"][f] for f in taken) == game.catch[seat]["fish"]
    image = decode(fish_results.results(view, names=NAMES[:players])).convert("RGB")
    for name, seat in caught.items():
        ice = image.getpixel(fish_results.probe(name))
        if seat is None:
            assert ice == fish_results.SLUSH, name
        else:
            assert ice == fish_results.TINTS[seat], (name, seat)
            assert image.getpixel(fish_results.mark_centre(name)) == SEAT_COLOURS[seat], name


def test_a_game_ended_by_resignation_shows_what_melted() -> None:
    """F-14 by resignation during the placing: the last player leaves with the floe under their
    penguin, everything else melts (no penguin is left to reach it)."""
    game = FishGame.new(2, seed=4)
    game.play(game.legal_actions()[0], 0)
    game.play("resign 1", 1)
    view = results_view(game)
    caught = view["results"]["caught"]
    assert game.is_over and not view["floes"]
    assert [f for f, s in caught.items() if s is not None] == [game.log[0]]
    image = decode(fish_results.results(view, names=NAMES[:2])).convert("RGB")
    assert image.getpixel(fish_results.probe(game.log[0])) == fish_results.TINTS[0]
    melted = [f for f, s in caught.items() if s is None]
    assert len(melted) == 59
    assert all(image.getpixel(fish_results.probe(f)) == fish_results.SLUSH for f in melted)


def test_the_breakdown_reads_at_phone_size() -> None:
    """Shown 400 pixels wide, every row's numbers keep their full contrast (strokes wide
    enough not to blur into the row) and the rows follow the ranking."""
    game = finished(4, 5)
    view = results_view(game)
    image = decode(fish_results.results(view, names=list(LONG_NAMES))).convert("RGB")
    small = image.resize((400, round(image.height * 400 / image.width)), Image.Resampling.LANCZOS)
    scale = 400 / image.width
    top = fish_results.size(4)[1] - 4 * (fish_results.ROW_H + fish_results.PAD)
    for row in range(4):
        y0 = top + row * (fish_results.ROW_H + fish_results.PAD)
        box = (
            round((fish_results.FISH_X - fish_results.COLUMN_W) * scale),
            round((y0 + 10) * scale),
            round(fish_results.FISH_X * scale),
            round((y0 + fish_results.ROW_H - 10) * scale),
        )
        data = small.crop(box).tobytes()
        pixels = [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]
        best = max(contrast(pixel, PANEL_ROW) for pixel in pixels)
        assert best >= 0.8 * contrast(TEXT, PANEL_ROW), (row, best)
    # The rows follow the ranking: the seat colour that fills each row's seat token is the
    # colour of the seat in that place.
    order = [seat for group in game.ranking() for seat in group]
    for row, seat in enumerate(order):
        mid = top + row * (fish_results.ROW_H + fish_results.PAD) + fish_results.ROW_H // 2
        left = fish_results.PAD + 76
        token = image.crop((left, mid - 18, left + 36, mid + 18)).getcolors(36 * 36) or []
        filled = max((n, c) for n, c in token if c in SEAT_COLOURS)[1]
        assert filled == SEAT_COLOURS[seat], (row, seat)


def test_its_words_follow_the_language() -> None:
    """The headings and the melted count are drawn in the reader's language."""
    view = results_view(finished(3, 11))
    english = decode(fish_results.results(view, names=NAMES[:3]))
    german = decode(fish_results.results(view, names=NAMES[:3], labels=picture_labels("de")))
    board_height = BOARD_HEIGHT
    band = (0, board_height, english.width, board_height + 80)
    assert english.crop(band).tobytes() != german.crop(band).tobytes()
    top = (0, 0, english.width, board_height)
    assert english.crop(top).tobytes() == german.crop(top).tobytes()


def test_it_stays_under_the_fish_byte_goal() -> None:
    """Four players with the longest names: at most 100 KiB, like a Fish board."""
    for seed in range(3):
        data = fish_results.results(results_view(finished(4, seed)), names=list(LONG_NAMES))
        assert len(data) <= 100 * KIB, len(data)


def test_a_running_game_has_no_results_picture() -> None:
    """Only a finished game's view with its results is drawn; anything else is refused."""
    running = fish_game(2, seed=3, actions=10)
    with pytest.raises(ValueError, match="finished"):
        fish_results.results(results_view(running), names=NAMES[:2])
