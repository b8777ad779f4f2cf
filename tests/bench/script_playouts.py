"""Speed of the computer players' inner loops, before and after: playouts and iterations a second.

Before is the former hard player (tests/bench/baseline_ai) and the random-playout yardstick of
tests/bench/fish_playout.py; after is the Monte Carlo search of bot/ai. Each figure is the median
of ``--rounds`` runs of a CPU second each, the before and after runs interleaved so that both see
the same machine. With the search modules compiled (bot/native.py) every figure is printed
twice: first from a process where they run as plain Python, then compiled. Printed, never
asserted: the machine is shared and noisy.

    python -m tests.bench.script_playouts [--seconds 1] [--rounds 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from bot import native
from bot.ai import fish_mcts
from bot.ai.clock import Deadline
from bot.ai.fish_alphabeta import HardSearch
from bot.ai.fish_mcts import FishSearch
from bot.ai.fish_position import Position
from bot.ai.fish_rollout import rollout
from bot.ai.fish_territory import Territory
from bot.ai.ultimatum_ismcts import UltimatumSearch
from bot.ai.ultimatum_players import medium_choices
from bot.ai.ultimatum_world import clone, world
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from tests.bench.baseline_ai import fish_eval as baseline_eval
from tests.bench.baseline_ai import hard as baseline
from tests.bench.baseline_ai.fish_search import Search
from tests.bench.fish_playout import random_playout
from tests.turns import whose_turn


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work`` (each call says how many it did) per second of this process's CPU."""
    # CPU time, not wall time: on a shared machine the wall clock measures the others' load.
    done, started = 0, time.process_time()
    while (spent := time.process_time() - started) < seconds:
        done += work()
    return done / spent


def fish_game(players: int) -> FishGame:
    """A seeded Fish game a few moves into the hunt."""
    game = FishGame.new(players, seed=3)
    rng = random.Random(1)
    while game.phase == "place":
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    for _ in range(2 * players):
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    return game


def fish_rates(players: int, seconds: float) -> dict[str, Callable[[], int]]:
    """The Fish measurements: name → one unit of work."""
    game = fish_game(players)
    pos = Position.from_game(game)
    rng = random.Random(2)
    old_eval, new_eval = baseline_eval.Evaluator(pos.fish), Territory(pos.fish)

    def old_search() -> int:
        search = Search(pos, Deadline(seconds), rng)
        search.run()
        return search.nodes

    def new_alpha_beta() -> int:
        search = HardSearch(pos, Deadline(seconds), rng)
        search.run()
        return search.nodes

    def new_search() -> int:
        fish_mcts.KEPT.clear()
        search = FishSearch(pos, rng)
        search.run(Deadline(seconds))
        return search.iterations

    def fresh_evaluation() -> int:
        # Forgetting the remembered divisions: one position again and again would measure only
        # the memory; in a search about three evaluations in five are new.
        new_eval.divisions.clear()
        return bool(new_eval.values(pos))

    def full_playout() -> int:
        rollout(pos.copy(), 10_000, rng, new_eval)
        return 1

    return {
        "before: random playouts (yardstick, no reap)": lambda: bool(random_playout(game, rng)),
        "after:  playouts with reap and lone icebergs": full_playout,
        "before: evaluations": lambda: bool(old_eval.values(pos)),
        "after:  evaluations": fresh_evaluation,
        "before: hard's alpha-beta nodes": old_search,
        "after:  hard's alpha-beta nodes (head to head)": new_alpha_beta,
        "after:  hard's search iterations": new_search,
    }


def ultimatum_rates(players: int, seconds: float) -> dict[str, Callable[[], int]]:
    """The Ultimatum measurements: name → one unit of work."""
    game = UltimatumGame.new(players, seed=3)
    rng = random.Random(1)
    while game.turn < 4 * players or game.phase != "play":
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    choices = medium_choices(game, seat)
    candidate = max(choices)[1]

    def old_playout() -> int:
        trial = clone(world(view, rng))
        trial.play(candidate, seat)
        baseline.round_out(trial, seat, rng)
        return 1

    def new_search() -> int:
        search = UltimatumSearch(view, rng, choices)
        search.run(Deadline(seconds))
        return search.iterations

    return {
        "before: hard's playouts (medium to the round's end)": old_playout,
        "after:  hard's search iterations": new_search,
    }


def figures(seconds: float, rounds: int) -> dict[str, float]:
    """Every figure for both games at 2 and 4 players, by line."""
    found: dict[str, float] = {}
    for kind, measures in (("fish", fish_rates), ("ultimatum", ultimatum_rates)):
        for players in (2, 4):
            work = measures(players, seconds)
            runs: dict[str, list[float]] = {name: [] for name in work}
            for _ in range(rounds):
                for name, unit in work.items():
                    runs[name].append(rate(unit, seconds))
            for name, measured in runs.items():
                found[f"{kind:<10} {players}p  {name:<52}"] = statistics.median(measured)
    return found


def plain_figures(seconds: float, rounds: int) -> dict[str, float]:
    """The same figures from a process whose search modules run as plain Python."""
    env = {**os.environ, native.SWITCH: "false"}
    command = [sys.executable, "-m", "tests.bench.script_playouts", "--json"]
    command += ["--seconds", str(seconds), "--rounds", str(rounds)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    figures: dict[str, float] = json.loads(out)
    return figures


def main() -> None:
    """Print every figure for both games at 2 and 4 players; with the search modules compiled
    (bot/native.py), beside the same figures as plain Python."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="the figures as JSON, nothing else")
    args = parser.parse_args()
    compiled = native.compiled(fish_mcts)
    if args.json:
        print(json.dumps(figures(args.seconds, args.rounds)))
        return
    print("Inner loops of the computer players, per CPU second (median of interleaved runs)")
    # One after the other, not side by side: each has the machine's two cores to itself.
    plain = plain_figures(args.seconds, args.rounds) if compiled else {}
    found = figures(args.seconds, args.rounds)
    print(f"{'':<70} {'plain Python':>12} {'compiled' if compiled else '':>10}")
    for line, figure in found.items():
        if compiled:
            print(f"{line} {plain[line]:>12,.0f} {figure:>10,.0f}")
        else:
            print(f"{line} {figure:>12,.0f}")


if __name__ == "__main__":
    main()
