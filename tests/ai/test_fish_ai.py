"""Fish computer players: legal in every phase, a search position that follows the rules exactly,
an exact solver for lone penguins, and play that beats chance."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import LEVELS, choose_action, decide
from bot.ai.fish_eval import Evaluator, margin
from bot.ai.fish_players import head_to_head, place_by_territory, play_hard
from bot.ai.fish_position import BIT, PLACE, Position, notation
from bot.games.fish import BITS, FishGame, bits_of, connected, reach
from tests.ai.positions import fish_position
from tests.turns import whose_turn

BUDGET = 0.03  # small: the tests check behaviour, the benchmark measures strength

cases = st.tuples(st.integers(2, 4), st.integers(0, 2**31), st.integers(0, 90))


@settings(max_examples=40, deadline=None)
@given(cases)
def test_every_level_returns_a_legal_action(case: tuple[int, int, int]) -> None:
    """F-6, F-7, F-8: every level picks a listed placement or move in random positions."""
    players, seed, steps = case
    game = fish_position(players, seed, steps)
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions()
    for level in LEVELS:
        action = choose_action("fish", game.view(seat), level, seed=seed, budget=BUDGET)
        assert action in legal, (level, game.phase, action)


def test_yardsticks_return_legal_actions_too() -> None:
    """The benchmark's random and greedy players also stay within the rules (F-6, F-7)."""
    for steps in (0, 5, 30):
        game = fish_position(3, 11, steps)
        seat = game.to_move
        assert seat is not None
        for policy in ("random", "greedy"):
            action = decide("fish", game.view(seat), policy, seed=1, budget=BUDGET)
            assert action in game.legal_actions()


@settings(max_examples=30, deadline=None)
@given(cases, st.integers(0, 2**31))
def test_search_position_follows_the_engine(case: tuple[int, int, int], pick: int) -> None:
    """F-6, F-9, F-11, F-13, F-14: the search's turn order, catches and going out match play()."""
    players, seed, steps = case
    game = fish_position(players, seed, steps)
    rng = random.Random(pick)
    pos = Position.from_game(game)
    while not game.is_over:
        moves = pos.moves()
        assert sorted(notation(m) for m in moves) == game.legal_actions()
        move = rng.choice(moves)
        pos.apply(move)
        game.play(notation(move), seat=whose_turn(game))
        assert pos.seat == game.to_move
        assert pos.catch == [c["fish"] for c in game.catch]
        assert pos.floes == [c["floes"] for c in game.catch]
        assert pos.out == game.out
        assert [sorted(p) for p in pos.penguins] == [sorted(p) for p in game.penguins_of]
        # F-10 removal is left out of the search: the extra floes are out of every penguin's reach.
        extra = pos.board & ~game.board
        assert game.board & ~pos.board == 0
        assert not connected(pos.occupied, pos.board) & extra


def brute_force(penguin: int, floes: int, fish: list[int]) -> int:
    """The most fish a lone penguin catches on ``floes``, by trying every sequence of moves."""
    rest = floes & ~(1 << penguin)
    return fish[penguin] + max(
        (brute_force(t, rest, fish) for t in bits_of(reach(penguin, rest))), default=0
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31), st.integers(3, 11))
def test_lone_penguin_icebergs_are_solved_exactly(seed: int, size: int) -> None:
    """F-7, F-8, F-9, F-11: the exact solver agrees with trying every path on small icebergs."""
    rng = random.Random(seed)
    fish = [0] * 64
    for b in BITS:
        fish[b] = rng.choice((1, 1, 1, 2, 2, 3))
    start = rng.choice(BITS)
    floes = 1 << start
    while floes.bit_count() < size:
        # Grow a connected iceberg floe by floe, as F-10 leaves them.
        edge = [b for b in BITS if not floes >> b & 1 and connected(1 << b, floes | 1 << b) & floes]
        floes |= 1 << rng.choice(edge)
    assert Evaluator(fish).best_path(start, floes) == brute_force(start, floes, fish)


def test_evaluation_counts_a_lone_iceberg_for_its_owner() -> None:
    """F-10, F-11: a seat alone on an iceberg is credited its best path there, nobody else."""
    game = FishGame.new(2, seed=4)
    pos = Position.from_game(game)
    pos.to_place = [0, 0]
    # Seat 0 alone on A1-A2-A3; seat 1 alone on H6-H7-H8: two separate icebergs.
    left = [BIT["A1"], BIT["A2"], BIT["A3"]]
    right = [BIT["H6"], BIT["H7"], BIT["H8"]]
    pos.board = sum(1 << b for b in left + right)
    pos.penguins = [[BIT["A1"]], [BIT["H8"]]]
    pos.seat = 0
    values = Evaluator(pos.fish).values(pos)
    assert values[0] == sum(pos.fish[b] for b in left)
    assert values[1] == sum(pos.fish[b] for b in right)
    assert margin(values, 0) == values[0] - values[1]


def test_hard_takes_a_won_endgame_over_a_lost_one() -> None:
    """F-7, F-9, F-11: with one penguin each, hard heads for the rich side of its row."""
    game = FishGame.new(2, seed=4)
    pos = Position.from_game(game)
    fish = [0] * 64
    # Seat 0 on B4 between a rich row to the east (B5-B8, 3 fish each) and a poor one west.
    for name in ("B1", "B2", "B3"):
        fish[BIT[name]] = 1
    for name in ("B4", "B5", "B6", "B7", "B8"):
        fish[BIT[name]] = 3
    fish[BIT["H1"]] = 1
    fish[BIT["H2"]] = 1
    pos.fish = fish
    pos.board = sum(1 << b for b in BITS if fish[b])
    pos.penguins = [[BIT["B4"]], [BIT["H1"]]]
    pos.to_place = [0, 0]
    pos.seat = 0
    move = play_hard(pos, random.Random(0), 0.3)
    # Any step east keeps all of B5-B8 (one floe at a time back along the row); west loses them.
    assert notation(move) in {"B4-B5", "B4-B6", "B4-B7", "B4-B8"}


def test_medium_beats_random_players() -> None:
    """A sanity check of the evaluation: medium wins both seats of a 2-player deal (F-15)."""
    for first in (0, 1):
        game = FishGame.new(2, seed=21)
        turn = 0
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            policy = "medium" if seat == first else "random"
            game.play(
                decide("fish", game.view(seat), policy, seed=turn, budget=0.2),
                seat=whose_turn(game),
            )
            turn += 1
        assert game.ranking()[0] == [first]


def test_hard_searches_by_alpha_beta_head_to_head_and_by_tree_search_with_more_seats() -> None:
    """Hard's two searches: which one a position gets depends on the seats still playing (F-11:
    a seat out of moves no longer plays)."""
    two = Position.from_view(FishGame.new(2, seed=3).view(None))
    four = Position.from_view(FishGame.new(4, seed=3).view(None))
    assert head_to_head(two) and not head_to_head(four)
    four.out = [True, True, False, False]
    assert head_to_head(four)


@settings(max_examples=20, deadline=None)
@given(st.integers(3, 4), st.integers(0, 2**31), st.integers(0, 5))
def test_hard_places_by_territory_at_three_or_four_seats(
    players: int, seed: int, placed: int
) -> None:
    """F-4, F-5: with three or four seats hard places each penguin where medium's territory
    rule puts it; the tree search takes over once every penguin is on the ice."""
    game = FishGame.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(placed):
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    pos = Position.from_view(game.view(whose_turn(game)))
    assert pos.placing
    by_rule = place_by_territory(pos, random.Random(seed))
    assert play_hard(pos, random.Random(seed), BUDGET) == by_rule
    assert by_rule[0] == PLACE and by_rule in pos.moves()
