"""Reward vectors for multi-player search: one reward per seat, each seat maximising its own.

A finished game gives first place 1 (shared equally when several seats tie for it) and every
other seat 0, so that two players get the usual 1 / 0.5 / 0 for a win, a tie and a loss. A
position cut off before the end is scored by a seat's lead over its strongest rival, squashed
into (0, 1) so that it is on the same scale as a finished game.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence


def first_place(top: Collection[int], players: int) -> list[float]:
    """1 for the seat in first place, shared equally among the ``top`` seats tied for it."""
    share = 1.0 / len(top)
    return [share if seat in top else 0.0 for seat in range(players)]


def leads(values: Sequence[float], scale: float) -> list[float]:
    """Per seat, the chance-like score of its lead over its strongest rival (0.5: level)."""
    # Every seat's strongest rival is the leader, or for the leader the runner-up.
    leader = max(range(len(values)), key=values.__getitem__)
    runner_up = max(v for s, v in enumerate(values) if s != leader)
    rewards: list[float] = []
    for seat, value in enumerate(values):
        rival = runner_up if seat == leader else values[leader]
        lead = (value - rival) / scale
        # Clamped: a resigned seat's value is minus infinity or far below everyone.
        rewards.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead)))))
    return rewards
