"""Property tests: many random Fish games keep the rules' invariants (F-3, F-8 … F-14)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import replay
from bot.games.base import IllegalAction
from bot.games.fish import FLOE_NAMES, FishGame
from tests.turns import whose_turn

games = st.tuples(st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 2**32))


def _random_action(rng: random.Random) -> str:
    a, b = rng.choice(FLOE_NAMES), rng.choice(FLOE_NAMES)
    return a if rng.random() < 0.3 else f"{a}-{b}"


@settings(max_examples=60, deadline=None)
@given(games)
def test_random_games_end_and_keep_every_fish(case: tuple[int, int, int]) -> None:
    """F-3, F-9 … F-14: games end; board + caught + removed fish = the starting 100 fish."""
    players, seed, choices = case
    rng = random.Random(choices)
    game = FishGame.new(players, seed=seed)
    total = sum(game.floes.values())
    assert total == 30 + 40 + 30
    for _ in range(200):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal == sorted(legal) and legal
        # A random text is accepted exactly when it is listed as legal (and changes nothing if not).
        probe = _random_action(rng)
        before = game.to_dict()
        if probe not in legal:
            try:
                game.play(probe, seat=whose_turn(game))
            except IllegalAction:
                assert game.to_dict() == before
            else:
                raise AssertionError(f"{probe} was accepted but not listed in {legal}")
        game.play(rng.choice(legal), seat=whose_turn(game))
        assert sum(game.floes.values()) + sum(game.scores) + game.removed_fish == total
        assert FishGame.from_dict(json.loads(json.dumps(game.to_dict()))) == game
        # Nobody stands on a floe that left the board, and no two penguins share one (F-8).
        assert set(game.penguins) <= set(game.floes)
    assert game.is_over and game.legal_actions() == []
    assert sorted(s for group in game.ranking() for s in group) == list(range(players))
    assert not game.penguins


@settings(max_examples=30, deadline=None)
@given(games)
def test_replaying_the_log_reproduces_the_snapshot(case: tuple[int, int, int]) -> None:
    """The game is given by (kind, seed, actions): replaying the log rebuilds the same state."""
    players, seed, choices = case
    rng = random.Random(choices)
    game = FishGame.new(players, seed=seed)
    for _ in range(rng.randrange(1, 80)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    again = replay("fish", players, seed, {}, game.log)
    assert again.to_dict() == game.to_dict()


@settings(max_examples=30, deadline=None)
@given(games)
def test_every_listed_action_is_accepted(case: tuple[int, int, int]) -> None:
    """Every text in legal_actions() is accepted by play() from the same position."""
    players, seed, choices = case
    rng = random.Random(choices)
    game = FishGame.new(players, seed=seed)
    for _ in range(rng.randrange(0, 40)):
        if game.is_over:
            return
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    snapshot = game.to_dict()
    for action in game.legal_actions():
        FishGame.from_dict(snapshot).play(action, seat=whose_turn(game))
