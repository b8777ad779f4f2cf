"""Real engine views for the picture tests: random games played with a seeded random choice."""

from __future__ import annotations

import random
from collections.abc import Iterable
from io import BytesIO
from typing import Any

from PIL import Image

from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from render.table_frame import view_frame
from tests.turns import whose_turn

#: Long names with accents, CJK and emoji: the panel must shorten them and never crash.
LONG_NAMES = (
    "Bartholomew Fitzgerald-Montgomery the Third of Penguinland",
    "Zoë Ångström-Ñúñez, Émpress of the Southern Floes",
    "山田太郎 🐧🐧 Yamada the Long-Named Penguin Whisperer",
    "👨‍👩‍👧‍👦 Kåre Ødegård Ærøskøbing-Wahlström-Fjellheim",
)


def fish_game(players: int, seed: int, actions: int) -> FishGame:
    """A Fish game after up to ``actions`` random legal actions (fewer if it ends first)."""
    game = FishGame.new(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and len(game.log) < actions:
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    return game


def ultimatum_game(
    players: int, seed: int, actions: int, width: int = 9, height: int = 9
) -> UltimatumGame:
    """An Ultimatum game after up to ``actions`` random legal actions."""
    game = UltimatumGame.new(players=players, seed=seed, width=width, height=height)
    rng = random.Random(seed)
    played = 0
    while not game.is_over and played < actions:
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
        played += 1
    return game


def ultimatum_in_phase(players: int, seed: int, phase: str) -> UltimatumGame | None:
    """A random game stopped at the first moment it is in ``phase`` (None if it never is)."""
    game = UltimatumGame.new(players=players, seed=seed)
    rng = random.Random(seed)
    while game.phase != phase:
        if game.is_over:
            return None
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    return game


def decode(data: bytes, fmt: str = "PNG") -> Image.Image:
    """Open picture bytes, checking they are a complete, valid file of the expected format."""
    Image.open(BytesIO(data)).verify()
    image = Image.open(BytesIO(data))
    assert image.format == fmt
    return image


def spectator(view: dict[str, Any]) -> dict[str, Any]:
    """A copy of a view as a spectator would get it (no hand)."""
    return {**view, "viewer": None, "hand": None}


def table_box(
    view: dict[str, Any], name: str, marks: Iterable[str] = ()
) -> tuple[int, int, int, int]:
    """Pixel box of a cell on the party table picture of ``view`` (``marks``: tagged cells)."""
    return view_frame(view, marks).box(name)
