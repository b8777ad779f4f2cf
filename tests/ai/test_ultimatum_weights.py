"""The weights of the Ultimatum table evaluation: how a lead is measured against several rivals
(U-26: first place is what counts) and which weights make sense at all."""

from __future__ import annotations

import math
from typing import Any

import pytest

from bot.ai.ultimatum_eval import MEDIUM, Weights, bonus, card_value, margin
from bot.ai.ultimatum_ismcts import WEIGHTS
from bot.games.ultimatum import UltimatumGame


def test_u26_medium_measures_a_lead_against_the_strongest_rival_alone() -> None:
    """Medium: 10 against rivals at 12, 4 and 4 is two points behind, whoever else is behind."""
    assert margin([10.0, 12.0, 4.0, 4.0], 0, MEDIUM) == -2.0
    assert margin([10.0, 12.0, 11.0, 11.0], 0, MEDIUM) == -2.0


def test_u26_a_blended_lead_also_counts_the_rivals_behind() -> None:
    """Three parts the strongest rival, one part the rivals' average: 10 against 12, 4 and 4 is
    10 - (0.75 × 12 + 0.25 × 20/3); closer rivals behind make the same seat worse off."""
    weights = Weights(rival_mix=0.75)
    assert math.isclose(margin([10.0, 12.0, 4.0, 4.0], 0, weights), 10 - (9 + 20 / 12))
    assert margin([10.0, 12.0, 11.0, 11.0], 0, weights) < margin([10.0, 12.0, 4.0, 4.0], 0, weights)


def test_u26_one_rival_is_the_plain_difference_and_a_resigned_seat_is_nobody_s_rival() -> None:
    """Head to head the blend changes nothing (to the last bit); a seat that resigned (minus
    infinity, ranked last) is left out of the average as well as of the strongest."""
    weights = Weights(rival_mix=0.3)
    assert margin([7.1, 9.3], 0, weights) == 7.1 - 9.3
    gone = float("-inf")
    assert margin([10.0, 12.0, gone, 4.0], 0, weights) == margin([10.0, 12.0, 4.0], 0, weights)
    assert margin([10.0, gone, gone], 0, weights) == math.inf


def test_the_search_blends_its_lead_and_medium_does_not() -> None:
    """The search's own weights are the tuned ones; medium keeps its judgement."""
    assert MEDIUM.rival_mix == 1.0 and MEDIUM.supply_stone == 1.0
    assert WEIGHTS.rival_mix < 1.0 and WEIGHTS.supply_stone == 0.0


@pytest.mark.parametrize(
    "changes",
    [{"supply_stone": -1.0}, {"ripe_chance": -0.1}, {"shares": (1.0, -0.5)}, {"rival_mix": 1.5}],
)
def test_weights_that_make_no_sense_are_refused(changes: dict[str, Any]) -> None:
    """A negative weight, or a lead over more than the strongest rival, is refused at once."""
    with pytest.raises(ValueError):
        Weights(**changes)


def test_u25_the_remembered_final_scoring_follows_the_holding_not_the_first_answer() -> None:
    """U-25: the evaluation remembers each holding's final scoring; a seat that wins another card
    gets the new holding's points (activity +2, a sole majority +5, a shared one +3 each), and
    a card's value counts the majority it takes from a rival."""
    activities = ["dance", "music"]
    assert bonus([["seal-dance"], []], activities) == [2 + 5, 0]
    assert bonus([["seal-dance"], ["seal-music"]], activities) == [2 + 3, 2 + 3]
    assert bonus([["seal-dance"], []], activities) == [2 + 5, 0]
    game = UltimatumGame.new(2, seed=1)
    game.won = [["seal-dance"], []]
    game.activities = activities
    # Seat 1 winning a seal ties the majority: +3 and +2 for itself, 2 taken from seat 0.
    assert card_value(game, 1, "seal-music", MEDIUM) == 3 + 2 + 2 + MEDIUM.card_spare
    game.won = [["seal-dance"], ["seal-juggling"]]
    assert card_value(game, 1, "seal-music", MEDIUM) == 5 + 2 - 3 + 3 + MEDIUM.card_spare
