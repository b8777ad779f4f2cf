"""Strength of the computer players: matches between levels with win rates and 95% intervals.

Each pairing plays both games with 2 and 4 players; seats are rotated (each deal is played twice,
the two sides swapped; with four players the sides alternate round the table). A game counts 1
for the side holding first place alone, shares by seats when first place is shared. Every
decision goes through ``bot.ai.decide`` from the deciding seat's view, as in the bot.

    python tests/bench/script_ai_strength.py            # a few games each (``make bench``)
    python tests/bench/script_ai_strength.py --full     # 200 games per pairing (``make strength``)
    python tests/bench/script_ai_strength.py --round-robin  # every pair of players, not the chain

By default the pairings are a chain, each level against the one below it (and hard against the
greedy yardstick); ``--round-robin`` plays every pair among random, greedy, easy, medium and hard
instead, so that a level's results against all the others can be compared.

Figures are printed, never asserted: the machine is shared and noisy. In the matches hard thinks
for ``--budget`` seconds a decision (a fraction of the bot's 2 s, or the round robin would take
days); every other level gets the bot's own 2 s budget, so medium searches as deep as it does in
a game. Hard is therefore measured handicapped. Its per-move time is measured separately at the
default budget (``--move-budget``), on positions from real games.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.ai import decide
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame

#: The default pairings (``make bench``), stronger side first: each level against the next
#: weaker one, and hard against the greedy yardstick.
PAIRINGS = (
    ("easy", "random"),
    ("medium", "easy"),
    ("hard", "medium"),
    ("hard", "greedy"),
)
#: Every player, weakest first (the order the side named first in a pairing is taken from).
STRENGTH_ORDER = ("random", "greedy", "easy", "medium", "hard")
#: ``--round-robin``: every pair of players once, stronger side first, grouped by the stronger.
ROUND_ROBIN = tuple(
    (stronger, weaker)
    for rank, stronger in enumerate(STRENGTH_ORDER)
    for weaker in STRENGTH_ORDER[:rank]
)
Task = tuple[str, int, str, str, int, float]
#: The bot's default AI_BUDGET_SECONDS: what every level but hard is given in the matches.
PRODUCTION_BUDGET = 2.0


def new_game(kind: str, players: int, seed: int) -> FishGame | UltimatumGame:
    """A fresh game of either kind."""
    if kind == "fish":
        return FishGame.new(players, seed=seed)
    return UltimatumGame.new(players, seed=seed)


def seats_for(first: str, second: str, players: int, game_no: int) -> list[str]:
    """Which side sits where: alternating round the table, swapped on every other game."""
    sides = (first, second) if game_no % 2 == 0 else (second, first)
    return [sides[seat % 2] for seat in range(players)]


def play_match(task: Task) -> tuple[float, list[float]]:
    """One game; the first side's share of first place and the hard side's decision times."""
    kind, players, first, second, game_no, budget = task
    game = new_game(kind, players, seed=10_000 + game_no // 2)
    seats = seats_for(first, second, players, game_no)
    times: list[float] = []
    decision = 0
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        started = time.perf_counter()
        seed = game_no * 100_003 + decision
        # Only hard spends its whole budget; the others get the bot's own budget, so that
        # medium's share of it (and with it its depth) is what it has in a real game.
        given = budget if seats[seat] == "hard" else PRODUCTION_BUDGET
        action = decide(kind, game.view(seat), seats[seat], seed=seed, budget=given)
        if seats[seat] == "hard":
            times.append(time.perf_counter() - started)
        game.play(action, seat=game.to_move)
        decision += 1
    top = game.ranking()[0]
    return sum(seats[s] == first for s in top) / len(top), times


def interval(outcomes: list[float]) -> tuple[float, float, float]:
    """Mean and a 95% Wilson score interval (shared first places count by their share).

    Unlike the normal approximation, it stays honest at 0% and 100%: 200 wins out of 200
    games give 98.1% – 100%, not a point.
    """
    n = len(outcomes)
    mean = sum(outcomes) / n
    z = 1.96
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mean, max(0.0, centre - half), min(1.0, centre + half)


def run_pairing(pool: ProcessPoolExecutor, task: Task, games: int) -> dict[str, Any]:
    """All games of one pairing, with progress on stderr."""
    kind, players, first, second, _, budget = task
    tasks = [(kind, players, first, second, n, budget) for n in range(games)]
    outcomes: list[float] = []
    times: list[float] = []
    started = time.perf_counter()
    for outcome, hard_times in pool.map(play_match, tasks):
        outcomes.append(outcome)
        times += hard_times
        if len(outcomes) % 10 == 0 or len(outcomes) == games:
            print(
                f"  … {kind} {players}p {first} v {second}: {len(outcomes)}/{games} games,"
                f" {time.perf_counter() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    mean, low, high = interval(outcomes)
    return {"mean": mean, "low": low, "high": high, "times": times}


def hard_move_times(kind: str, budget: float, moves: int) -> list[float]:
    """Hard's time per decision at ``budget``, over positions of a medium-versus-hard game."""
    game = new_game(kind, 2, seed=77)
    times: list[float] = []
    decision = 0
    while not game.is_over and len(times) < moves:
        seat = game.to_move
        assert seat is not None
        policy = "hard" if seat == 0 else "medium"
        started = time.perf_counter()
        action = decide(kind, game.view(seat), policy, seed=decision, budget=budget)
        if policy == "hard":
            times.append(time.perf_counter() - started)
        game.play(action, seat=game.to_move)
        decision += 1
    return times


def main() -> None:
    """Run the round robin and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="200 games per pairing")
    parser.add_argument("--games", type=int, help="games per pairing (overrides --full)")
    parser.add_argument("--budget", type=float, help="hard's seconds per decision in matches")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--move-budget", type=float, default=2.0)
    parser.add_argument("--moves", type=int, help="hard decisions timed per game")
    parser.add_argument("--kinds", default="fish,ultimatum")
    parser.add_argument("--players", default="2,4")
    parser.add_argument(
        "--round-robin",
        action="store_true",
        help="every pair among random, greedy, easy, medium and hard (default: the chain)",
    )
    parser.add_argument(
        "--pairings", help="only these pairings, e.g. hard-medium,hard-greedy (default: all)"
    )
    parser.add_argument("--no-move-times", action="store_true", help="skip hard's move times")
    args = parser.parse_args()
    games = args.games or (200 if args.full else 4)
    budget = args.budget or (0.1 if args.full else 0.05)
    moves = args.moves or (12 if args.full else 3)
    kinds = args.kinds.split(",")
    player_counts = [int(p) for p in args.players.split(",")]
    offered = ROUND_ROBIN if args.round_robin else PAIRINGS
    pairings = offered
    if args.pairings:
        wanted = [tuple(p.split("-")) for p in args.pairings.split(",")]
        pairings = tuple(p for p in offered if p in wanted)
        if len(pairings) != len(wanted):
            parser.error(f"--pairings: choose among {', '.join('-'.join(p) for p in offered)}")
    print(f"AI strength: {games} games per pairing, hard at {budget} s per decision")
    print(f"{'game':<10} {'players':>7}  {'pairing':<18} {'win rate':>8}  95% interval")
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for kind in kinds:
            for players in player_counts:
                for first, second in pairings:
                    task = (kind, players, first, second, 0, budget)
                    result = run_pairing(pool, task, games)
                    print(
                        f"{kind:<10} {players:>7}  {first + ' v ' + second:<18}"
                        f" {result['mean']:>8.1%}  {result['low']:.1%} – {result['high']:.1%}",
                        flush=True,
                    )
    for kind in [] if args.no_move_times else kinds:
        times = hard_move_times(kind, args.move_budget, moves)
        print(
            f"hard {kind} at a {args.move_budget} s budget:"
            f" median {statistics.median(times):.2f} s, max {max(times):.2f} s"
            f" over {len(times)} decisions"
        )


if __name__ == "__main__":
    main()
