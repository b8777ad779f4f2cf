"""The Fish computer players, weakest first: random, greedy, easy, medium and hard.

``random`` and ``greedy`` are the yardsticks of the strength benchmark; easy, medium and hard are
the levels a game can be created with.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.ai.clock import Deadline
from bot.ai.fish_alphabeta import HardSearch
from bot.ai.fish_eval import Evaluator, margin
from bot.ai.fish_mcts import FishSearch
from bot.ai.fish_position import PLACE, Move, Position
from bot.ai.fish_search import Search
from bot.games.fish import NEIGHBOURS, bits_of, reach

#: How often easy plays any legal move instead of a greedy one (so a beginner can win).
EASY_SLIP = 0.3
#: Medium searches this many plies at most, and never longer than this share of the budget.
MEDIUM_DEPTH = 2
MEDIUM_SHARE = 0.1
#: Hard searches for this share of the budget; the rest covers the last iteration, the hand-over
#: to the bot and a busy machine (a decision must not take more than the budget plus 10 %).
HARD_SHARE = 0.85

Policy = Callable[[Position, random.Random, float], Move]


def play_random(pos: Position, rng: random.Random, budget: float) -> Move:
    """Any legal decision, uniformly."""
    return rng.choice(pos.moves())


def _greedy_value(pos: Position, move: Move) -> int:
    """One ply: fish caught now plus the fish under the penguin afterwards (caught later)."""
    origin, target = move
    fish = pos.fish
    if origin == PLACE:
        free = pos.board & ~pos.occupied
        return sum(fish[b] for b in bits_of(NEIGHBOURS[target] & free))
    return fish[origin] + fish[target]


def play_greedy(pos: Position, rng: random.Random, budget: float) -> Move:
    """The decision worth most right now, ties broken at random: the benchmark's yardstick."""
    moves = pos.moves()
    rng.shuffle(moves)
    return max(moves, key=lambda m: _greedy_value(pos, m))


def play_easy(pos: Position, rng: random.Random, budget: float) -> Move:
    """Mostly greedy, with a fair share of careless moves."""
    if rng.random() < EASY_SLIP:
        return play_random(pos, rng, budget)
    return play_greedy(pos, rng, budget)


def play_medium(pos: Position, rng: random.Random, budget: float) -> Move:
    """A shallow search with the full evaluation (territory, icebergs, mobility)."""
    if pos.placing:
        return place_by_territory(pos, rng)
    search = Search(pos, Deadline(budget * MEDIUM_SHARE), rng)
    return search.run(max_depth=MEDIUM_DEPTH)[0]


def play_hard(
    pos: Position, rng: random.Random, budget: float, max_iterations: int | None = None
) -> Move:
    """Head to head, selective alpha-beta (fish_alphabeta.py); with three or four seats still
    playing, Monte Carlo tree search (fish_mcts.py); either until the budget is spent. At three
    or four seats a penguin is placed by the territory it claims, as medium places: in 100-game
    matches at four seats that took first place from medium in 66.5 % of the games against
    60.5 % when the tree search placed too."""
    deadline = Deadline(budget * HARD_SHARE)
    if head_to_head(pos) and max_iterations is None:
        return HardSearch(pos, deadline, rng).run()[0]
    if pos.placing and not head_to_head(pos):
        return place_by_territory(pos, rng)
    return FishSearch(pos, rng).run(deadline, max_iterations)


def head_to_head(pos: Position) -> bool:
    """Whether only two seats still play: there alpha-beta sees deeper than the tree search
    within the same time (at 0.2 s a decision the tree search took first place in 42 of 100
    games against plain alpha-beta), and with more seats the tree search is the stronger."""
    return pos.players - sum(pos.out) <= 2


def place_by_territory(pos: Position, rng: random.Random) -> Move:
    """A placement valued by the territory it claims, plus the rich floes within one move."""
    assert pos.seat is not None
    evaluator = Evaluator(pos.fish)
    seat = pos.seat
    moves = pos.moves()
    rng.shuffle(moves)
    free = pos.board & ~pos.occupied

    def value(move: Move) -> float:
        target = move[1]
        nearby = reach(target, free & ~(1 << target))
        rich = sum(pos.fish[b] == 3 for b in bits_of(nearby))
        return margin(evaluator.values(pos.child(move)), seat) + 0.5 * rich

    return max(moves, key=value)


POLICIES: dict[str, Policy] = {
    "random": play_random,
    "greedy": play_greedy,
    "easy": play_easy,
    "medium": play_medium,
    "hard": play_hard,
}
