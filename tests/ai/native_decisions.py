"""Values and decisions of every search on seeded positions, printed as JSON lines.

tests/ai/test_native.py runs this in two processes, the compiled modules (bot/native.py: the
Fish searches whole, the tree, rewards and quick values of the Ultimatum search) in use and
as plain Python (``AI_COMPILED=false``), and holds the two outputs equal. Every search here is
bounded by its iterations or depth, never by time, so the decisions depend on the code alone.

    python -m tests.ai.native_decisions
"""

from __future__ import annotations

import json
import random

from bot import native
from bot.ai import fish_mcts, ultimatum_fast
from bot.ai.clock import Deadline
from bot.ai.fish_alphabeta import HardSearch
from bot.ai.fish_eval import Evaluator
from bot.ai.fish_mcts import FishSearch
from bot.ai.fish_position import Position, notation
from bot.ai.fish_territory import Territory
from bot.ai.ultimatum_fast import choices as quick_choices
from bot.ai.ultimatum_ismcts import WEIGHTS, UltimatumSearch
from bot.ai.ultimatum_players import medium_choices
from tests.ai.positions import fish_position, ultimatum_position

SEEDS = range(3)
#: Long enough never to pass: the searches stop at their iteration or depth bound.
UNBOUNDED = 3600.0


def fish_lines() -> list[dict[str, object]]:
    """Evaluations, a depth-bounded alpha-beta answer and a tree search's answer and visits."""
    lines: list[dict[str, object]] = []
    for players in (2, 4):
        for seed in SEEDS:
            pos = Position.from_game(fish_position(players, seed, 4 * players + 6))
            alpha_beta = HardSearch(pos, Deadline(UNBOUNDED), random.Random(seed))
            fish_mcts.KEPT.clear()
            tree = FishSearch(pos, random.Random(seed))
            tree_move = tree.run(Deadline(UNBOUNDED), max_iterations=400)
            lines.append(
                {
                    "fish": players,
                    "seed": seed,
                    "values": Evaluator(pos.fish).values(pos),
                    "territory": Territory(pos.fish).values(pos),
                    "alpha-beta": notation(alpha_beta.run(max_depth=3)[0]),
                    "tree": notation(tree_move),
                    "visits": [k.visits if k else 0 for k in tree.root.kids],
                }
            )
    return lines


def ultimatum_lines() -> list[dict[str, object]]:
    """Medium's values, the quick values and the search's answer from a seat's view."""
    lines: list[dict[str, object]] = []
    for players in (2, 4):
        for seed in SEEDS:
            game = ultimatum_position(players, seed, 6 * players)
            seat = game.to_move
            assert seat is not None
            quick = quick_choices(game, seat, WEIGHTS)
            search = UltimatumSearch(game.view(seat), random.Random(seed), quick)
            lines.append(
                {
                    "ultimatum": players,
                    "seed": seed,
                    "medium": medium_choices(game, seat),
                    "quick": quick,
                    "search": search.run(Deadline(UNBOUNDED), max_iterations=80),
                }
            )
    return lines


def main() -> None:
    """One JSON line per position, then which modules ran: compiled or plain."""
    for line in fish_lines() + ultimatum_lines():
        print(json.dumps(line))
    both = native.compiled(fish_mcts) and native.compiled(ultimatum_fast)
    print(json.dumps({"compiled": both}))


if __name__ == "__main__":
    main()
