"""The time budget of one decision: a deadline that search code polls cheaply."""

from __future__ import annotations

import time


class OutOfTime(Exception):
    """Raised inside a search when the deadline has passed; the last finished result stands."""


class Deadline:
    """A point in time after which a search must stop and answer."""

    def __init__(self, seconds: float) -> None:
        self.start = time.perf_counter()
        self.end = self.start + max(0.0, seconds)

    def left(self) -> float:
        """Seconds remaining (negative once past)."""
        return self.end - time.perf_counter()

    def passed(self) -> bool:
        """Whether the deadline has passed."""
        return time.perf_counter() >= self.end

    def check(self) -> None:
        """Raise OutOfTime once the deadline has passed."""
        if time.perf_counter() >= self.end:
            raise OutOfTime
