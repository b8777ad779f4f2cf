"""Hard's head-to-head search and its evaluation: the same values as the plain ones, reached
sooner, and the same decisions where the search is exact."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import fish_territory
from bot.ai.clock import Deadline
from bot.ai.fish_alphabeta import HardSearch
from bot.ai.fish_eval import Evaluator
from bot.ai.fish_position import Position
from bot.ai.fish_search import Search
from bot.ai.fish_territory import Territory
from tests.ai.clocks import StepClock
from tests.ai.positions import fish_position
from tests.turns import whose_turn

cases = st.tuples(st.integers(2, 4), st.integers(0, 2**31), st.integers(0, 90))


@settings(max_examples=300, deadline=None)
@given(cases)
def test_f10_territory_values_equal_the_plain_evaluation(case: tuple[int, int, int]) -> None:
    """Lone icebergs (F-10), contested floes and placement (F-6) valued as medium's (a shared
    iceberg's division is summed on its own first, so the last rounding may differ), the
    remembered division the same as the first."""
    players, seed, steps = case
    pos = Position.from_game(fish_position(players, seed, steps))
    territory = Territory(pos.fish)
    first = territory.values(pos)
    assert first == pytest.approx(Evaluator(pos.fish).values(pos), abs=1e-9)
    assert territory.values(pos) == first


@settings(max_examples=20, deadline=None)
@given(st.integers(3, 4), st.integers(0, 2**31))
def test_f10_remembered_divisions_follow_a_whole_game(players: int, seed: int) -> None:
    """One evaluator carried through a whole random game (and its remembered divisions cleared
    when full) values every position as a fresh plain evaluation does (F-10)."""
    game = fish_position(players, seed, 0)
    territory = Territory(Position.from_game(game).fish)
    rng = random.Random(seed)
    while not game.is_over:
        pos = Position.from_game(game)
        for move in pos.moves()[:6]:
            child = pos.child(move)
            expected = Evaluator(pos.fish).values(child)
            assert territory.values(child) == pytest.approx(expected, abs=1e-9)
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    assert territory.divisions


def test_the_remembered_divisions_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The remembered divisions never outgrow their bound: full, they start afresh."""
    monkeypatch.setattr(fish_territory, "REMEMBERED", 3)
    game = fish_position(4, 11, 0)
    territory = Territory(Position.from_game(game).fish)
    rng = random.Random(4)
    sizes = []
    while not game.is_over:
        territory.values(Position.from_game(game))
        sizes.append(len(territory.divisions))
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    assert max(sizes) == 3 and 1 in sizes[3:]
    plain = Territory(Position.from_game(game).fish, remember=False)
    plain.values(Position.from_game(fish_position(4, 11, 12)))
    assert not plain.divisions  # alpha-beta's evaluator keeps nothing


@settings(max_examples=25, deadline=None)
@given(cases, st.integers(1, 3))
def test_f7_without_reductions_hard_s_move_is_worth_plain_alpha_beta_s(
    case: tuple[int, int, int], depth: int
) -> None:
    """History ordering, null windows and the remembered leaves change no value: at a fixed
    depth the move hard picks among the legal ones (F-6, F-7) is worth what plain alpha-beta's
    is (ties may pick another move of the same worth)."""
    players, seed, steps = case
    pos = Position.from_game(fish_position(players, seed, steps))
    assert pos.seat is not None
    plain = Search(pos, Deadline(60.0), random.Random(1))
    hard = HardSearch(pos, Deadline(60.0), random.Random(1))
    hard.full_moves = 1000  # no reductions: the search is exact
    plain_move, _ = plain.run(max_depth=depth)
    hard_move, _ = hard.run(max_depth=depth)
    assert hard_move in pos.moves()
    judge = Search(pos, Deadline(60.0), random.Random(0))
    worth = [
        judge._value(pos.child(move), depth - 1, -float("inf"), float("inf"))
        for move in (plain_move, hard_move)
    ]
    assert worth[0] == pytest.approx(worth[1])


def test_f7_with_reductions_hard_answers_legal_moves_and_looks_deeper() -> None:
    """Over positions of every table size, late move reductions stay within the rules (F-7)
    and reach deeper than plain alpha-beta within the same number of nodes."""
    plain_depth = hard_depth = 0
    for players in (2, 4):
        for seed in range(3):
            pos = Position.from_game(fish_position(players, seed, 10 + 6 * seed))
            plain = Search(pos, Deadline(0.02, clock=StepClock(0.001)), random.Random(1))
            hard = HardSearch(pos, Deadline(0.02, clock=StepClock(0.001)), random.Random(1))
            plain_depth += plain.run()[1]
            move, depth = hard.run()
            assert move in pos.moves()
            hard_depth += depth
    assert hard_depth > plain_depth


def test_a_cut_short_iteration_plays_the_better_move_it_found() -> None:
    """When the deadline falls inside an iteration, a root move that iteration already proved
    better than the last full iteration's answer is played, not thrown away (F-7)."""
    kept = 0
    for players, seed, steps in ((2, 7, 20), (2, 3, 12), (4, 2, 16)):
        pos = Position.from_game(fish_position(players, seed, steps))
        for readings in (6, 10, 16):
            cut = HardSearch(pos, Deadline(readings, clock=StepClock(1.0)), random.Random(3))
            move, done = cut.run()
            if done == 0:
                continue
            # The same search without a deadline runs the same full iterations.
            last = HardSearch(pos, Deadline(1e9), random.Random(3)).run(max_depth=done)[0]
            assert move == (cut.found or last)
            kept += cut.found is not None and cut.found != last
    assert kept  # some deadline did fall after a better move was found
