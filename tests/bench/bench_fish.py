"""Fish speed on a 2-player mid-game: the engine's moves and playouts, and hard's evaluation and
search against the plain ones medium keeps."""

from __future__ import annotations

import random

import pytest

from bot.ai.clock import Deadline
from bot.ai.fish_alphabeta import HardSearch
from bot.ai.fish_eval import Evaluator
from bot.ai.fish_position import Position
from bot.ai.fish_search import Search
from bot.ai.fish_territory import Territory
from bot.games.fish import FishGame
from tests.bench.fish_playout import random_playout
from tests.turns import whose_turn


@pytest.fixture
def midgame() -> FishGame:
    """A 2-player game after placement and 12 random moves."""
    game = FishGame.new(2, seed=3)
    rng = random.Random(1)
    while len(game.log) < 8 + 12:
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    return game


def test_move_generation(benchmark, midgame: FishGame) -> None:  # type: ignore[no-untyped-def]
    """Bitboard move generation (what search uses); target ≥ 200,000/s."""
    seat = midgame.to_move
    assert seat is not None
    benchmark(midgame.move_targets, seat)


def test_legal_action_texts(benchmark, midgame: FishGame) -> None:  # type: ignore[no-untyped-def]
    """The sorted notation list the bot's autocomplete uses."""
    benchmark(midgame.legal_actions)


def test_random_playout(benchmark, midgame: FishGame) -> None:  # type: ignore[no-untyped-def]
    """A complete random playout from the mid-game; target ≥ 5,000/s."""
    rng = random.Random(2)
    benchmark(random_playout, midgame, rng)


def test_full_random_game_through_play(benchmark) -> None:  # type: ignore[no-untyped-def]
    """A whole game through the public play() API, with validation, events and F-10."""
    rng = random.Random(5)

    def whole_game() -> None:
        game = FishGame.new(2, seed=rng.randrange(1 << 30))
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))

    benchmark(whole_game)


@pytest.mark.parametrize("evaluator", [Evaluator, Territory], ids=["plain", "hard"])
def test_evaluation(benchmark, midgame: FishGame, evaluator: type[Evaluator]) -> None:  # type: ignore[no-untyped-def]
    """One evaluation: medium's plain one against hard's leaner one (the same values), hard's
    with nothing remembered (one position again and again would time only the memory)."""
    pos = Position.from_game(midgame)
    judge = evaluator(pos.fish)

    def once() -> list[float]:
        if isinstance(judge, Territory):
            judge.divisions.clear()
        return judge.values(pos)

    benchmark(once)


@pytest.mark.parametrize("search", [Search, HardSearch], ids=["plain", "hard"])
def test_search_to_three_plies(benchmark, midgame: FishGame, search: type[Search]) -> None:  # type: ignore[no-untyped-def]
    """A whole three-ply search: medium's plain alpha-beta against hard's."""
    pos = Position.from_game(midgame)

    def three_plies() -> None:
        search(pos, Deadline(60.0), random.Random(0)).run(max_depth=3)

    benchmark(three_plies)
