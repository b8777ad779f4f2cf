"""The Fish Monte Carlo search: playouts that keep the rules' scores, reward vectors, the tree
kept between turns, and a search that stops at its deadline."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import fish_mcts, fish_players
from bot.ai.clock import Deadline
from bot.ai.fish_eval import Evaluator, held_icebergs
from bot.ai.fish_mcts import FishSearch
from bot.ai.fish_position import BIT, Position, notation
from bot.ai.fish_reach import reach_all
from bot.ai.fish_rollout import rewards, rollout, settle
from bot.ai.fish_territory import Territory
from bot.ai.rewards import first_place, leads
from bot.games.fish import BITS, FishGame, bits_of, connected, reach
from tests.ai.clocks import StepClock, stepped_deadlines
from tests.ai.positions import fish_position
from tests.turns import whose_turn


def two_icebergs() -> Position:
    """Seat 0 alone on row B (B1-B3 one fish, B4-B8 three), seat 1 alone on H1-H2 (F-10)."""
    pos = Position.from_game(FishGame.new(2, seed=4))
    fish = [0] * 64
    for name in ("B1", "B2", "B3", "H1", "H2"):
        fish[BIT[name]] = 1
    for name in ("B4", "B5", "B6", "B7", "B8"):
        fish[BIT[name]] = 3
    pos.fish = fish
    pos.board = sum(1 << b for b in BITS if fish[b])
    pos.penguins = [[BIT["B4"]], [BIT["H1"]]]
    pos.to_place = [0, 0]
    pos.seat = 0
    return pos


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**31))
def test_f7_f8_reach_of_a_whole_set_equals_each_penguin_s_reach(seed: int) -> None:
    """The bit-parallel slide gives exactly the union of the per-penguin rays (F-7, F-8)."""
    rng = random.Random(seed)
    free = sum(1 << b for b in BITS if rng.random() < 0.7)
    sources = sum(1 << b for b in BITS if rng.random() < 0.15)
    expected = 0
    for b in bits_of(sources):
        expected |= reach(b, free)
    assert reach_all(sources, free) == expected


def test_f10_settle_credits_a_lone_penguin_its_best_path() -> None:
    """A penguin alone on its iceberg takes the exact best path of it, and leaves the ice."""
    pos = two_icebergs()
    evaluator = Evaluator(pos.fish)
    settle(pos, evaluator)
    # From B4: east along B5-B8 is 3+3+3+3+3 = 15 with B4; west can't come back for the 3s.
    assert pos.catch == [15, 2]
    assert pos.penguins == [[], []]
    assert pos.board == 0


def test_settle_leaves_a_shared_iceberg_alone() -> None:
    """Two rivals on one iceberg: nothing is credited, nobody is taken off (F-10)."""
    pos = two_icebergs()
    pos.penguins = [[BIT["B4"]], [BIT["B6"]]]
    board = pos.board
    settle(pos, Evaluator(pos.fish))
    assert pos.penguins[0] == [BIT["B4"]] and pos.penguins[1] == [BIT["B6"]]
    assert pos.catch[0] == 0
    # Seat 1's old iceberg (H1, H2) has no penguin now: untouched too.
    assert pos.board == board


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 4), st.integers(0, 2**31), st.integers(0, 40))
def test_f10_settle_hands_on_the_shared_icebergs_the_evaluation_would_find(
    players: int, seed: int, steps: int
) -> None:
    """What settling leaves shared is exactly what a sweep of the settled board finds, in the
    same order, and the evaluation given it values every seat as it does on its own (F-10)."""
    pos = Position.from_game(fish_position(players, seed, steps))
    if pos.placing:
        return
    evaluator = Territory(pos.fish)
    held = settle(pos, evaluator)
    assert held == held_icebergs(pos.board, pos.occupied)
    for _, here in held:
        seats = [s for s, own in enumerate(pos.penguins) if any(here >> b & 1 for b in own)]
        assert len(seats) > 1  # nobody is alone on an iceberg after settling
    assert evaluator.values(pos, held) == evaluator.values(pos)


def test_f11_a_stuck_penguin_is_reaped_with_its_floe() -> None:
    """A penguin that can no longer move leaves the ice in a playout, its floe caught."""
    pos = two_icebergs()
    # B1 is hemmed in: A1 and C1 are not on the board, a rival stands on B2 (one iceberg).
    pos.penguins = [[BIT["B1"], BIT["B5"]], [BIT["B2"]]]
    rollout(pos, 1, random.Random(1), Evaluator(pos.fish))
    assert pos.penguins[0][0] != BIT["B5"] and len(pos.penguins[0]) == 1
    assert not pos.board >> BIT["B1"] & 1
    assert pos.catch[0] == 1 + 3  # the reaped floe and the floe the move left
    assert pos.floes[0] == 2


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**31), st.integers(10, 60))
def test_f14_a_playout_to_the_end_hands_out_at_most_the_fish_on_the_ice(
    players: int, seed: int, steps: int
) -> None:
    """Played out, the game ends (F-14); nobody loses fish; no more is caught than lies there."""
    game = fish_position(players, seed, steps)
    pos = Position.from_game(game)
    if pos.placing:
        return
    before = list(pos.catch)
    reachable = connected(pos.occupied, pos.board)
    on_ice = sum(pos.fish[b] for b in bits_of(reachable))
    rollout(pos, 10_000, random.Random(seed), Evaluator(pos.fish))
    assert pos.seat is None
    assert all(a >= b for a, b in zip(pos.catch, before, strict=True))
    assert sum(pos.catch) - sum(before) <= on_ice


def test_rewards_give_first_place_one_shared_by_ties() -> None:
    """Max^n rewards: 1 for first place, split among seats tied for it, 0 for everyone else."""
    assert first_place({1}, 3) == [0.0, 1.0, 0.0]
    assert first_place({0, 2}, 4) == [0.5, 0.0, 0.5, 0.0]
    level = leads([10.0, 10.0], 4.0)
    assert level == [0.5, 0.5]
    ahead = leads([14.0, 10.0, 9.0], 4.0)
    assert ahead[0] > 0.5 > ahead[1] > ahead[2]
    # Each seat is measured against its strongest rival: the leader against the runner-up.
    assert ahead[0] == pytest.approx(1 / (1 + math.exp(-1.0)))
    assert ahead[1] == pytest.approx(1 / (1 + math.exp(1.0)))
    assert ahead[2] == pytest.approx(1 / (1 + math.exp(1.25)))
    tied = leads([12.0, 9.0, 12.0, 3.0], 3.0)
    assert tied[0] == tied[2] == 0.5
    assert tied[1] == pytest.approx(1 / (1 + math.exp(1.0)))


def test_f15_a_finished_playout_is_scored_by_fish_then_floes() -> None:
    """Tied on fish, more floes wins (F-15)."""
    pos = two_icebergs()
    pos.seat = None
    pos.catch, pos.floes = [20, 20], [7, 8]
    assert rewards(pos, Evaluator(pos.fish)) == [0.0, 1.0]


def test_hard_heads_for_the_rich_side_of_its_row() -> None:
    """With one penguin each on separate icebergs the exact ending decides: east, not west."""
    move = fish_players.play_hard(two_icebergs(), random.Random(0), 60.0, max_iterations=200)
    assert notation(move) in {"B4-B5", "B4-B6", "B4-B7", "B4-B8"}


def test_the_tree_is_kept_between_the_computer_s_turns() -> None:
    """After the rival's reply, the next search starts from the subtree it already grew."""
    fish_mcts.KEPT.clear()
    game = fish_position(2, 11, 14)
    seat = whose_turn(game)
    first = FishSearch(Position.from_game(game), random.Random(1))
    move = first.run(Deadline(60.0), max_iterations=400)
    game.play(notation(move), seat=seat)
    rival = game.to_move
    assert rival is not None and rival != seat
    replies = first.root.kids[first.root.moves.index(move)]  # type: ignore[union-attr]
    assert replies is not None and replies.moves is not None
    # The rival plays the reply the search looked at most.
    game.play(notation(replies.most_visited()), seat=rival)  # type: ignore[arg-type]
    assert game.to_move == seat
    second = FishSearch(Position.from_game(game), random.Random(2))
    assert second.root.visits > 0
    # Another game's position (other fish) never continues that tree.
    other = FishSearch(Position.from_game(fish_position(2, 12, 14)), random.Random(3))
    assert other.root.visits == 0


def test_only_the_newest_kept_tree_keeps_its_remembered_divisions() -> None:
    """A worker keeps a few trees, but the divisions of one only: the memory stays bounded."""
    fish_mcts.KEPT.clear()
    for seed in (21, 22, 23):
        pos = Position.from_game(fish_position(4, seed, 16))
        FishSearch(pos, random.Random(seed)).run(Deadline(60.0), max_iterations=150)
    assert len(fish_mcts.KEPT) == 3
    newest, *older = (evaluator for _, _, evaluator in fish_mcts.KEPT)
    assert newest.divisions
    assert all(not evaluator.divisions for evaluator in older)


def test_the_search_stops_at_its_deadline() -> None:
    """The clock is read every iteration: no iteration starts after the deadline has passed."""
    fish_mcts.KEPT.clear()
    pos = Position.from_game(fish_position(3, 5, 20))
    clock = StepClock(0.001)
    deadline = Deadline(0.2, clock=clock)
    search = FishSearch(pos, random.Random(1))
    search.run(deadline)
    # Each iteration reads the clock once; the root's moves were each evaluated once first.
    assert clock.now <= 0.2 + 0.001 + 0.001 * len(pos.moves()) + 0.001
    assert search.iterations >= 100


def test_hard_keeps_part_of_its_budget_in_reserve(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's own deadline is 85 % of the budget: budget + 10 % holds with room to answer."""
    clocks = stepped_deadlines(monkeypatch, fish_players)
    fish_mcts.KEPT.clear()
    pos = Position.from_game(fish_position(2, 9, 16))
    fish_players.play_hard(pos, random.Random(0), 0.5)
    reserve = 0.5 * fish_players.HARD_SHARE
    assert reserve <= clocks[0].now <= reserve + 0.002 < 0.5 * 1.1
