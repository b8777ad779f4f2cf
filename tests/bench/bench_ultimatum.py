"""Ultimatum engine speed: legal-action generation per step and complete random games.

Target: at least 200 complete random 2-player games per second on one core (through play(),
with validation, events and the automatic steps).
"""

from __future__ import annotations

import random

import pytest

from bot.games.ultimatum import UltimatumGame
from tests.turns import whose_turn


def advance_to(phase: str, seed: int) -> UltimatumGame:
    """A 2-player game played at random until ``phase`` comes up after turn 10."""
    rng = random.Random(seed)
    while True:
        game = UltimatumGame.new(2, seed=rng.randrange(1 << 30))
        while not game.is_over:
            if game.turn >= 10 and game.phase == phase:
                return game
            game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))


@pytest.mark.parametrize("phase", ["play", "invite", "entertainer"])
def test_legal_actions(benchmark, phase: str) -> None:  # type: ignore[no-untyped-def]
    """legal_actions() in the middle of a game, per step (what autocomplete and the AI call)."""
    game = advance_to(phase, seed=4)
    assert benchmark(game.legal_actions)


def test_full_random_game(benchmark) -> None:  # type: ignore[no-untyped-def]
    """A whole 2-player game through play(); target ≥ 200 games/s."""
    rng = random.Random(5)

    def whole_game() -> None:
        game = UltimatumGame.new(2, seed=rng.randrange(1 << 30))
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))

    benchmark(whole_game)


def test_snapshot_round_trip(benchmark) -> None:  # type: ignore[no-untyped-def]
    """to_dict + from_dict of a mid-game (what the store does on every move)."""
    game = advance_to("play", seed=6)
    benchmark(lambda: UltimatumGame.from_dict(game.to_dict()))
