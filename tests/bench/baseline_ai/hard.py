"""The former hard players, kept runnable so that ``make strength`` can measure against them.

Fish: iterative-deepening alpha-beta (paranoid, best-reply at four seats). Ultimatum: medium's
best few decisions, each tried in sampled worlds played out by medium to the end of the round.
They decide through the same view as every level (``decide``).
"""

from __future__ import annotations

import random
from typing import Any

from bot.ai.clock import Deadline
from bot.ai.fish_position import Move, Position, notation
from bot.ai.ultimatum_eval import margin, standing
from bot.ai.ultimatum_players import medium_choices, play_medium
from bot.ai.ultimatum_world import clone, world
from bot.games.ultimatum import UltimatumGame
from tests.bench.baseline_ai.fish_search import Search

HARD_SHARE = 0.9
CANDIDATES = 6
MAX_WORLDS = 400


def fish_hard(pos: Position, rng: random.Random, budget: float) -> Move:
    """Iterative-deepening alpha-beta until the budget is spent (or the game is solved)."""
    playing = pos.players - sum(pos.out)
    best_reply = pos.players >= 4 and playing > 2
    search = Search(pos, Deadline(budget * HARD_SHARE), rng, best_reply=best_reply)
    return search.run()[0]


def ultimatum_hard(game: UltimatumGame, seat: int, rng: random.Random, budget: float) -> str:
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
    while worlds < MAX_WORLDS:
        dealt = world(view, rng)
        outcomes = []
        for text in candidates:
            trial = clone(dealt)
            trial.play(text, seat)
            outcomes.append(round_out(trial, seat, rng))
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


def round_out(game: UltimatumGame, seat: int, rng: random.Random) -> float:
    """Medium players finish this turn and every rival's next one; the seat's margin then."""
    while (mover := game.current) is not None and not (mover == seat and game.phase == "play"):
        game.play(play_medium(game, mover, rng, 0.0), mover)
    return margin(standing(game, None), seat)


def decide(kind: str, view: dict[str, Any], *, seed: int, budget: float) -> str:
    """The former hard player's action text from ``view``, as ``bot.ai.decide`` runs a level."""
    rng = random.Random(seed)
    if kind == "fish":
        return notation(fish_hard(Position.from_view(view), rng, budget))
    return ultimatum_hard(world(view, rng), view["viewer"], rng, budget)
