"""Random positions of both games, reached by random legal play, for the computer player tests."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from bot.ai.ultimatum_fast import choices
from bot.ai.ultimatum_players import pick
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from tests.turns import whose_turn


def fish_position(players: int, seed: int, steps: int) -> FishGame:
    """A Fish game after up to ``steps`` random decisions (placement or hunt), not yet over."""
    game = FishGame.new(players, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(steps):
        legal = game.legal_actions()
        following = FishGame.from_dict(game.to_dict())
        following.play(rng.choice(legal), seat=whose_turn(following))
        if following.is_over:
            break
        game = following
    return game


def ultimatum_position(
    players: int, seed: int, steps: int, width: int = 9, height: int = 9
) -> UltimatumGame:
    """An Ultimatum game after up to ``steps`` random decisions, not yet over."""
    game = UltimatumGame.new(players, seed=seed, width=width, height=height)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(steps):
        following = UltimatumGame.from_dict(game.to_dict())
        following.play(rng.choice(game.legal_actions()), seat=whose_turn(following))
        if following.is_over:
            break
        game = following
    return game


def ultimatum_phase(phase: str, players: int, start_seed: int = 0) -> UltimatumGame:
    """The first position of the given phase met in random games from ``start_seed`` on."""
    for seed in range(start_seed, start_seed + 500):
        game = UltimatumGame.new(players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            if game.phase == phase:
                return game
            game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    raise LookupError(f"no {phase} position found")  # pragma: no cover - random games reach all


def ultimatum_decisions(players: int, seeds: Iterable[int]) -> Iterator[tuple[UltimatumGame, int]]:
    """Every decision of whole Ultimatum games played by medium's choices, one game per seed: the
    game before it and the seat to decide (to look at; the game plays on after each)."""
    for seed in seeds:
        game = UltimatumGame.new(players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            yield game, seat
            game.play(pick(choices(game, seat), rng), seat)
