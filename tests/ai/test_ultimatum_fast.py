"""The search's quick valuations equal medium's own (ultimatum_choices.py) at every position of
random games: laying a penguin (U-11 … U-14, U-18, U-19), its greedy value (this turn's shows
minus the fee, U-12), the stone moves (U-14), the shows' order (U-16) and the new
entertainer's places (U-21)."""

from __future__ import annotations

import math
import random

import pytest

from bot.ai.ultimatum_choices import Choice, immediate_plays, plays
from bot.ai.ultimatum_eval import MEDIUM, Weights
from bot.ai.ultimatum_fast import choices, immediate_play_values, play_values
from bot.ai.ultimatum_ismcts import WEIGHTS
from bot.ai.ultimatum_players import medium_choices
from bot.games.ultimatum import UltimatumGame

#: Weights unlike medium's in every part, so that a part the quick values left out shows.
OTHER = Weights(
    supply_stone=0.5, ripe_chance=4.0, card_spare=1.5, shares=(1.0, 0.9, 0.5, 0.1), rival_mix=0.5
)


def same(expected: list[Choice], found: list[Choice]) -> bool:
    """The same action texts with the same values, to rounding."""
    expected, found = sorted(expected, key=lambda c: c[1]), sorted(found, key=lambda c: c[1])
    return [text for _, text in expected] == [text for _, text in found] and all(
        math.isclose(a, b, abs_tol=1e-9) for (a, _), (b, _) in zip(expected, found, strict=True)
    )


@pytest.mark.parametrize("weights", [MEDIUM, WEIGHTS, OTHER], ids=["medium", "hard", "other"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_quick_values_equal_medium_s_through_whole_games(players: int, weights: Weights) -> None:
    """U-11 … U-21: every step of six random games, valued both ways with the same weights."""
    checked = dict.fromkeys(("play", "invite", "perform", "entertainer"), 0)
    for seed in range(6):
        game = UltimatumGame.new(players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            assert same(medium_choices(game, seat, weights), choices(game, seat, weights))
            if weights is MEDIUM:
                assert same(medium_choices(game, seat), choices(game, seat))
            if game.phase == "play":
                assert same(immediate_plays(game, seat), immediate_play_values(game, seat))
            checked[game.phase] += 1
            game.play(rng.choice(game.legal_actions()), seat=seat)
    assert checked["play"] > 50 and checked["invite"] > 50 and checked["entertainer"] > 5


@pytest.mark.parametrize("weights", [MEDIUM, OTHER], ids=["medium", "other"])
def test_u13_waivers_and_resigned_seats_are_valued_as_medium_does(weights: Weights) -> None:
    """U-13 waivers (a seat holding won cards) and a resigned rival (nobody's rival, not even in
    the rivals' average) included."""
    waived = resigned = 0
    for seed in range(40):
        game = UltimatumGame.new(3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            if game.turn == 12 and game.phase == "play" and not any(game.resigned):
                leaver = (seat + 1) % 3
                game.play(f"resign {leaver}", seat=leaver)
                continue
            if game.phase == "play" and (game.won[seat] or any(game.resigned)):
                found = play_values(game, seat, weights)
                assert same(plays(game, seat, weights), found)
                waived += any(" waive " in text for _, text in found)
                resigned += any(game.resigned)
            game.play(rng.choice(game.legal_actions()), seat=seat)
    assert waived and resigned
