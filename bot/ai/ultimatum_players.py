"""The Ultimatum computer players, weakest first: random, greedy, easy, medium and hard.

Each takes a whole game but reads only what its seat may see (ultimatum_choices.py); the game
it is handed is itself built from the seat's view, its hidden cards dealt at random
(ultimatum_world.py). Hard looks further by determinization: it deals the unseen cards out
again and again, plays the rest of the round in each such world with medium players, and keeps
the candidate that does best on average.
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
from bot.ai.ultimatum_eval import margin, standing
from bot.ai.ultimatum_world import clone, world
from bot.games.ultimatum import UltimatumGame

Policy = Callable[[UltimatumGame, int, random.Random, float], str]

EASY_SLIP = 0.3  # how often easy makes any legal decision instead of a greedy one
HARD_SHARE = 0.9  # of the budget; the rest covers the hand-over to the bot
CANDIDATES = 6  # medium's best decisions that hard compares in sampled worlds
MAX_WORLDS = 400  # more would not change a decision worth changing


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


def medium_choices(game: UltimatumGame, seat: int) -> list[Choice]:
    """The valued choices of the current step (stones, shows, cards and fees all counted)."""
    if game.phase == "play":
        return plays(game, seat)
    if game.phase == "invite":
        return invites(game, seat)
    if game.phase == "perform":
        return performs(game, seat)
    return entertainers(game, seat)


def play_medium(game: UltimatumGame, seat: int, rng: random.Random, budget: float) -> str:
    """The decision the table evaluation likes best, one step ahead."""
    return pick(medium_choices(game, seat), rng)


def play_hard(
    game: UltimatumGame,
    seat: int,
    rng: random.Random,
    budget: float,
    max_worlds: int = MAX_WORLDS,
) -> str:
    """Medium's best few, each tried in freshly dealt worlds to the end of the round."""
    deadline = Deadline(budget * HARD_SHARE)
    ranked = medium_choices(game, seat)
    rng.shuffle(ranked)
    ranked.sort(key=lambda c: -c[0])
    candidates = [text for _, text in ranked[:CANDIDATES]]
    if len(candidates) == 1:
        return candidates[0]
    view = game.view(seat)
    totals = [0.0] * len(candidates)
    worlds = 0
    while worlds < max_worlds:
        dealt = world(view, rng)
        outcomes = []
        for text in candidates:
            trial = clone(dealt)
            trial.play(text, seat)
            outcomes.append(_round_out(trial, seat, rng))
            if worlds and deadline.passed():
                break
        else:
            worlds += 1
            totals = [t + o for t, o in zip(totals, outcomes, strict=True)]
            if not deadline.passed():
                continue
        break
    best = max(range(len(candidates)), key=lambda i: totals[i])
    return candidates[best]


def _round_out(game: UltimatumGame, seat: int, rng: random.Random) -> float:
    """Medium players finish this turn and every rival's next one; the seat's margin then."""
    while (mover := game.current) is not None and not (mover == seat and game.phase == "play"):
        game.play(play_medium(game, mover, rng, 0.0), mover)
    return margin(standing(game, None), seat)


POLICIES: dict[str, Policy] = {
    "random": play_random,
    "greedy": play_greedy,
    "easy": play_easy,
    "medium": play_medium,
    "hard": play_hard,
}
