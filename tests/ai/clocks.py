"""Clocks for the deadline tests: time that moves by a fixed step each time it is read."""

from __future__ import annotations

from types import ModuleType

import pytest

from bot.ai.clock import Deadline


class StepClock:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def stepped_deadlines(monkeypatch: pytest.MonkeyPatch, players: ModuleType) -> list[StepClock]:
    """Make ``players``' deadlines run on step clocks (1 ms a reading); the clocks, as made."""
    clocks: list[StepClock] = []

    def stepped(seconds: float) -> Deadline:
        clocks.append(StepClock(0.001))
        return Deadline(seconds, clock=clocks[-1])

    monkeypatch.setattr(players, "Deadline", stepped)
    return clocks
