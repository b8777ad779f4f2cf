"""Pinned Fish boards for rule tests: only the floes named exist, everything else is open water."""

from __future__ import annotations

from bot.games.base import Event
from bot.games.fish import FLOE_NAMES, FishGame
from tests.turns import whose_turn


def pinned(fish: dict[str, int], default: int = 0) -> list[int]:
    """A ``floes=`` list: the named floes with their fish, every other floe ``default``."""
    unknown = set(fish) - set(FLOE_NAMES)
    assert not unknown, f"not floes: {unknown}"
    return [fish.get(name, default) for name in FLOE_NAMES]


def game_with(
    players: int, fish: dict[str, int], placements: list[str], default: int = 0
) -> FishGame:
    """A game on a pinned board after the given placements (in round-robin seat order)."""
    game = FishGame.new(players, seed=0, floes=pinned(fish, default))
    for floe in placements:
        game.play(floe, seat=whose_turn(game))
    return game


def ones(*names: str) -> dict[str, int]:
    """The named floes with one fish each."""
    return dict.fromkeys(names, 1)


def played(players: int, fish: dict[str, int], actions: list[str]) -> tuple[FishGame, list[Event]]:
    """A pinned board with every action (placements, then moves) played; the game and events."""
    game = FishGame.new(players, seed=0, floes=pinned(fish))
    events: list[Event] = []
    for action in actions:
        events += game.play(action, seat=whose_turn(game))
    return game, events
