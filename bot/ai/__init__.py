"""Computer opponents for both games: pure, CPU-bound, deciding from one seat's view only.

The Discord layer calls ``choose_action`` in a process pool (so the event loop never blocks);
everything it takes is plain data. The choice depends only on the view, the level, the seed and
— at hard, which searches until its budget is spent — how far the search got in that time
(for Fish also on the search tree the worker kept from its earlier decisions in the game).
"""

from __future__ import annotations

import random
from typing import Any

from bot.ai import fish_players, ultimatum_players
from bot.ai.fish_position import Position, notation
from bot.ai.ultimatum_world import world

LEVELS = {1: "easy", 2: "medium", 3: "hard"}
KINDS = ("fish", "ultimatum")


def player_name(level: int) -> str:
    """How a computer player is named in the channel, e.g. ``Penguin Bot (hard)``."""
    return f"Penguin Bot ({LEVELS[level]})"


def decide(kind: str, view: dict[str, Any], policy: str, *, seed: int, budget: float) -> str:
    """The action text ``policy`` (random, greedy, easy, medium, hard) picks from ``view``."""
    if view["viewer"] is None or view["viewer"] != view["to_move"]:
        raise ValueError("the view must be that of the seat whose turn it is")
    rng = random.Random(seed)
    if kind == "fish":
        return notation(fish_players.POLICIES[policy](Position.from_view(view), rng, budget))
    if kind == "ultimatum":
        game = world(view, rng)
        return ultimatum_players.POLICIES[policy](game, view["viewer"], rng, budget)
    raise ValueError(f"unknown game kind {kind!r}; expected one of {', '.join(KINDS)}")


def choose_action(
    kind: str, view: dict[str, Any], level: int, *, seed: int, budget: float = 2.0
) -> str:
    """A legal action text for the seat ``view["viewer"]`` whose turn it is, from its view only."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {sorted(LEVELS)}, not {level!r}")
    if budget <= 0:
        raise ValueError("the time budget must be positive")
    return decide(kind, view, LEVELS[level], seed=seed, budget=budget)
