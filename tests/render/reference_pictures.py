"""The committed reference pictures and how each is made (run this file to rebuild them).

.venv/bin/python -m tests.render.reference_pictures
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.games.fish.ending import results_view
from render import fish, fish_results, replay, ultimatum
from tests.render.games import fish_game, ultimatum_game

FOLDER = Path(__file__).resolve().parent / "reference"
NAMES = ["Ann", "Bartholomew the Magnificent", "Zoë", "Kåre"]


def fish_board() -> bytes:
    """A 3-player hunt, mid-game: gaps, penguins, the last move and the panel."""
    return fish.board(fish_game(3, seed=11, actions=24).view(None), names=NAMES[:3])


def fish_results_picture() -> bytes:
    """The same 3-player game played to its end: who took each floe, and the ranking."""
    game = fish_game(3, seed=11, actions=10_000)
    return fish_results.results(results_view(game), names=NAMES[:3])


def party_table() -> bytes:
    """A 4-player party table, mid-game."""
    return ultimatum.table(ultimatum_game(4, seed=5, actions=70).view(None), names=NAMES)


def hand() -> bytes:
    """Seat 0's hand in the same game."""
    return ultimatum.hand(ultimatum_game(4, seed=5, actions=70).view(0), name=NAMES[0])


def fish_replay() -> bytes:
    """The first 24 turns of a 2-player Fish game."""
    views = [fish_game(2, seed=3, actions=n).view(None) for n in range(25)]
    return replay.animation("fish", views, names=NAMES[:2])


PICTURES: dict[str, Callable[[], bytes]] = {
    "fish_board.png": fish_board,
    "fish_results.png": fish_results_picture,
    "party_table.png": party_table,
    "hand.png": hand,
    "fish_replay.gif": fish_replay,
}

if __name__ == "__main__":
    FOLDER.mkdir(exist_ok=True)
    for file_name, make in PICTURES.items():
        (FOLDER / file_name).write_bytes(make())
        print(f"wrote {FOLDER / file_name}")
