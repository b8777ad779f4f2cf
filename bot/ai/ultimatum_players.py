"""The Ultimatum computer players, weakest first: random, greedy, easy, medium and hard.

Each takes a whole game but reads only what its seat may see (ultimatum_choices.py); the game
it is handed is itself built from the seat's view, its hidden cards dealt at random
(ultimatum_world.py). Hard searches from the seat's view alone with information set Monte
Carlo tree search (ultimatum_ismcts.py), starting from medium's evaluation with its own weights.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.ai.clock import Deadline
from bot.ai.ultimatum_choices import (
    Choice,
    entertainers,
    immediate_invites,
    immediate_plays,
    invites,
    performs,
    plays,
)
from bot.ai.ultimatum_eval import MEDIUM, Weights
from bot.ai.ultimatum_ismcts import UltimatumSearch, root_choices
from bot.games.ultimatum import UltimatumGame

Policy = Callable[[UltimatumGame, int, random.Random, float], str]

EASY_SLIP = 0.3  # how often easy makes any legal decision instead of a greedy one
HARD_SHARE = (
    0.9  # of the budget; the rest covers the last iteration, the hand-over and a busy machine
)


def pick(choices: list[Choice], rng: random.Random) -> str:
    """The best-valued action; equal values are decided by the seeded generator."""
    shuffled = list(choices)
    rng.shuffle(shuffled)
    return max(shuffled, key=lambda c: c[0])[1]


def play_random(game: UltimatumGame, seat: int, rng: random.Random, budget: float) -> str:
    """Any legal decision, uniformly."""
    return rng.choice(game.legal_actions())


def play_greedy(game: UltimatumGame, seat: int, rng: random.Random, budget: float) -> str:
    """This turn's points only, one step at a time (the benchmark's yardstick)."""
    if game.phase == "play":
        return pick(immediate_plays(game, seat), rng)
    if game.phase == "invite":
        return pick(immediate_invites(game, seat), rng)
    if game.phase == "perform":
        return pick(performs(game, seat), rng)
    return play_random(game, seat, rng, budget)


def play_easy(game: UltimatumGame, seat: int, rng: random.Random, budget: float) -> str:
    """Mostly greedy, with a fair share of careless decisions."""
    if rng.random() < EASY_SLIP:
        return play_random(game, seat, rng, budget)
    return play_greedy(game, seat, rng, budget)


def medium_choices(game: UltimatumGame, seat: int, weights: Weights = MEDIUM) -> list[Choice]:
    """The valued choices of the current step (stones, shows, cards and fees all counted), by
    medium's weights unless told."""
    if game.phase == "play":
        return plays(game, seat, weights)
    if game.phase == "invite":
        return invites(game, seat, weights)
    if game.phase == "perform":
        return performs(game, seat, weights)
    return entertainers(game, seat, weights)


def play_medium(game: UltimatumGame, seat: int, rng: random.Random, budget: float) -> str:
    """The decision the table evaluation likes best, one step ahead."""
    return pick(medium_choices(game, seat), rng)


def play_hard(
    game: UltimatumGame,
    seat: int,
    rng: random.Random,
    budget: float,
    max_iterations: int | None = None,
) -> str:
    """Information set Monte Carlo tree search until the budget is spent (ultimatum_ismcts.py)."""
    deadline = Deadline(budget * HARD_SHARE)
    choices = root_choices(game, seat)
    if len(choices) == 1:
        return choices[0][1]
    search = UltimatumSearch(game.view(seat), rng, choices)
    return search.run(deadline, max_iterations)


POLICIES: dict[str, Policy] = {
    "random": play_random,
    "greedy": play_greedy,
    "easy": play_easy,
    "medium": play_medium,
    "hard": play_hard,
}
