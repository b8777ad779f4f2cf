"""Strength of the computer players: matches with first-place shares and 95% intervals.

``make strength`` (``--full``) plays the goal matches: hard against the former hard player
(``old-hard``, kept runnable in tests/bench/baseline_ai) at 2 and 4 players, and hard against
medium at 4 players, both games, at least 100 games each. Every deal is played twice, the sides
swapped; with four players each side holds two seats, alternating round the table. A game counts
1 for the side holding first place alone, shares by seats when first place is shared. Every
decision goes through the same view of the deciding seat as in the bot.

    python -m tests.bench.script_ai_strength            # a few games each (``make bench``)
    python -m tests.bench.script_ai_strength --full     # the goal matches (``make strength``)
    python -m tests.bench.script_ai_strength --round-robin  # every pair of levels
    python -m tests.bench.script_ai_strength --full --games 200 --from-game 200  # 100 more deals
    python -m tests.bench.script_ai_strength --kinds ultimatum --players 2 \
        --pairings seer-old-hard,reader-old-hard,hard-old-hard --first-budget 1.0  # cards, time

Yardsticks measure what a game leaves to search: ``seer`` (tests/bench/seer.py) is the hard
search knowing every hidden card, ``reader`` the same knowing the rivals' hands only, and
``--first-budget`` gives the side named first its own budget (hard with ten times the former
hard player's time, say).

Both hard players get the same ``--budget`` a decision (unless told, ``--full`` gives each game
its goal budget, ``GOAL_BUDGETS``, and a short run 0.05 s: a fraction of the bot's 2 s, or the
matches would take days); every other level gets the bot's own 2 s, so that
medium searches as deep as it does in a game. The new hard's decision times are reported with
the share that took longer than the budget plus 10 %. In the matches a budget is CPU time
of the deciding worker (the machine is shared); hard's move times are taken on the wall clock,
as in the bot. Figures are printed, never asserted: the
machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.ai import KINDS, clock, decide
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from tests.bench.baseline_ai import hard as baseline
from tests.bench.seer import seer_decide

#: The default pairings (``make bench``), stronger side first: each level against the next
#: weaker one, hard against the former hard player and against the greedy yardstick.
PAIRINGS = (
    ("easy", "random"),
    ("medium", "easy"),
    ("hard", "medium"),
    ("hard", "old-hard"),
    ("hard", "greedy"),
)
#: ``--pairings`` also offers the yardsticks that see hidden cards (tests/bench/seer.py) against
#: both hard players and medium.
YARDSTICKS = tuple(
    (seer, other) for seer in ("seer", "reader") for other in ("old-hard", "hard", "medium")
)
#: ``--full``: the goals, as (pairing, table sizes).
GOALS = ((("hard", "old-hard"), (2, 4)), (("hard", "medium"), (4,)))
#: ``--full``: each game's budget a decision for both hard players, unless ``--budget`` is given
#: (the README's table of goal matches is played so).
GOAL_BUDGETS = {"fish": 0.2, "ultimatum": 0.25}
#: The players given ``--budget`` (the others get the bot's own budget).
SEARCHERS = ("hard", "old-hard", "seer", "reader")
#: A decision may take this share of the budget beyond it.
OVERRUN = 0.1
#: Every player, weakest first (the order the side named first in a pairing is taken from).
STRENGTH_ORDER = ("random", "greedy", "easy", "medium", "old-hard", "hard")
#: ``--round-robin``: every pair of players once, stronger side first, grouped by the stronger.
ROUND_ROBIN = tuple(
    (stronger, weaker)
    for rank, stronger in enumerate(STRENGTH_ORDER)
    for weaker in STRENGTH_ORDER[:rank]
)
#: kind, players, first side, second side, game number, budget, the first side's budget.
Task = tuple[str, int, str, str, int, float, float]
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
    """One game; the first side's share of first place and the new hard's decision times."""
    kind, players, first, second, game_no, budget, first_budget = task
    game = new_game(kind, players, seed=10_000 + game_no // 2)
    seats = seats_for(first, second, players, game_no)
    times: list[float] = []
    decision = 0
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        started = clock.CLOCK()
        seed = game_no * 100_003 + decision
        # Only the searchers spend their whole budget; the others get the bot's own budget, so
        # that medium's share of it (and with it its depth) is what it has in a real game.
        given = budget if seats[seat] in SEARCHERS else PRODUCTION_BUDGET
        if seats[seat] == first and first in SEARCHERS:
            given = first_budget
        view = game.view(seat)
        if seats[seat] in ("seer", "reader"):
            action = seer_decide(game, seed, given, seats[seat])
        elif seats[seat] == "old-hard":
            action = baseline.decide(kind, view, seed=seed, budget=given)
        else:
            action = decide(kind, view, seats[seat], seed=seed, budget=given)
        if seats[seat] == "hard":
            times.append(clock.CLOCK() - started)
        game.play(action, seat=seat)
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


def count_cpu_time() -> None:
    """Deadlines in a match worker count its own CPU time, not the wall clock: on a shared
    machine both sides then search as far as the budget allows however busy it is."""
    clock.CLOCK = time.process_time


def run_pairing(pool: ProcessPoolExecutor, task: Task, games: int) -> dict[str, Any]:
    """The pairing's ``games`` games from the task's game number on, with progress on stderr."""
    kind, players, first, second, start, budget, first_budget = task
    numbers = range(start, start + games)
    tasks = [(kind, players, first, second, n, budget, first_budget) for n in numbers]
    outcomes: list[float] = []
    times: list[float] = []
    started = time.perf_counter()
    for outcome, hard_times in pool.map(play_match, tasks):
        outcomes.append(outcome)
        times += hard_times
        if len(outcomes) % 10 == 0 or len(outcomes) == games:
            mean, low, high = interval(outcomes)
            print(
                f"  … {kind} {players}p {first} v {second}: {len(outcomes)}/{games} games,"
                f" {mean:.1%} ({low:.1%} – {high:.1%}), {time.perf_counter() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    mean, low, high = interval(outcomes)
    return {"mean": mean, "low": low, "high": high, "times": times, "games": len(outcomes)}


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
        game.play(action, seat=seat)
        decision += 1
    return times


def timing(times: list[float], budget: float) -> str:
    """Median and longest decision, and how many overran the budget plus 10 %."""
    if not times:
        return "no decisions"
    late = sum(t > budget * (1 + OVERRUN) for t in times)
    return (
        f"median {statistics.median(times):.3f} s, max {max(times):.3f} s,"
        f" {late}/{len(times)} over {budget * (1 + OVERRUN):.3f} s"
    )


def schedule(
    args: argparse.Namespace, parser: argparse.ArgumentParser
) -> list[tuple[str, str, int]]:
    """The (stronger, weaker, players) matches asked for."""
    player_counts = [int(p) for p in args.players.split(",")]
    if args.full and not args.round_robin and not args.pairings:
        return [
            (first, second, players)
            for (first, second), sizes in GOALS
            for players in sizes
            if players in player_counts
        ]
    offered = ROUND_ROBIN if args.round_robin else PAIRINGS
    pairings = offered
    if args.pairings:
        wanted = [tuple(p.split("-", 1)) for p in args.pairings.split(",")]
        accepted = offered + YARDSTICKS  # asked for by name only
        pairings = tuple(p for p in accepted if p in wanted)
        if len(pairings) != len(wanted):
            parser.error(f"--pairings: choose among {', '.join('-'.join(p) for p in accepted)}")
    return [(first, second, players) for players in player_counts for first, second in pairings]


def main() -> None:
    """Play the matches and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the goal matches, 100 games each")
    parser.add_argument("--games", type=int, help="games per pairing (overrides --full)")
    parser.add_argument(
        "--from-game",
        type=int,
        default=0,
        help="the first game's number (even): more deals after a run, e.g. --from-game 200",
    )
    parser.add_argument("--budget", type=float, help="both hard players' seconds per decision")
    parser.add_argument(
        "--first-budget", type=float, help="the first side's seconds per decision (a searcher)"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--move-budget", type=float, default=2.0)
    parser.add_argument("--moves", type=int, help="hard decisions timed per game")
    parser.add_argument("--kinds", default="fish,ultimatum")
    parser.add_argument("--players", default="2,4")
    parser.add_argument(
        "--round-robin",
        action="store_true",
        help="every pair among random, greedy, easy, medium, old-hard and hard",
    )
    parser.add_argument(
        "--pairings", help="only these pairings, e.g. hard-medium,hard-old-hard (default: all)"
    )
    parser.add_argument("--no-move-times", action="store_true", help="skip hard's move times")
    args = parser.parse_args()
    games = args.games or (100 if args.full else 4)
    if args.from_game < 0 or args.from_game % 2:
        parser.error("--from-game: an even game number (each deal is two games, sides swapped)")
    kinds = args.kinds.split(",")
    if unknown := [kind for kind in kinds if kind not in KINDS]:
        parser.error(f"--kinds: {', '.join(unknown)}? choose among {', '.join(KINDS)}")
    budgets = {kind: args.budget or (GOAL_BUDGETS[kind] if args.full else 0.05) for kind in kinds}
    moves = args.moves or (12 if args.full else 3)
    matches = schedule(args, parser)
    print(f"AI strength: {games} games per pairing")
    for kind in kinds:
        print(f"{kind}: both hard players at {budgets[kind]} s a decision")
        if args.first_budget and args.first_budget != budgets[kind]:
            print(f"(the side named first, if it searches, at {args.first_budget} s)")
    print(f"{'game':<10} {'players':>7}  {'pairing':<18} {'games':>5} {'first':>6}  95% interval")
    with ProcessPoolExecutor(max_workers=args.workers, initializer=count_cpu_time) as pool:
        for kind in kinds:
            budget = budgets[kind]
            first_budget = args.first_budget or budget
            for first, second, players in matches:
                task = (kind, players, first, second, args.from_game, budget, first_budget)
                result = run_pairing(pool, task, games)
                hard_budget = first_budget if first == "hard" else budget
                print(
                    f"{kind:<10} {players:>7}  {first + ' v ' + second:<18} {result['games']:>5}"
                    f" {result['mean']:>6.1%}  {result['low']:.1%} – {result['high']:.1%}"
                    f"  (hard: {timing(result['times'], hard_budget)})",
                    flush=True,
                )
    for kind in [] if args.no_move_times else kinds:
        times = hard_move_times(kind, args.move_budget, moves)
        print(f"hard {kind} at a {args.move_budget} s budget: {timing(times, args.move_budget)}")


if __name__ == "__main__":
    main()
