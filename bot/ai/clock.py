"""The time budget of one decision: a deadline that search code polls cheaply."""

from __future__ import annotations

import time
from collections.abc import Callable

#: The time source of every deadline that is not handed its own. The bot measures the wall
#: clock (a player waits in real time); the strength benchmark sets the CPU time of its worker
#: processes, so that a busy machine does not change how far either side of a match searches.
CLOCK: Callable[[], float] = time.perf_counter


class OutOfTime(Exception):
    """Raised inside a search when the deadline has passed; the last finished result stands."""


class Deadline:
    """A point in time after which a search must stop and answer.

    ``clock`` is the time source (seconds, ``CLOCK`` unless given); tests hand in their own to
    check the stopping rule without depending on the speed of the machine.
    """

    def __init__(self, seconds: float, clock: Callable[[], float] | None = None) -> None:
        self.clock = clock or CLOCK
        self.start = self.clock()
        self.end = self.start + max(0.0, seconds)

    def left(self) -> float:
        """Seconds remaining (negative once past)."""
        return self.end - self.clock()

    def passed(self) -> bool:
        """Whether the deadline has passed."""
        return self.clock() >= self.end

    def check(self) -> None:
        """Raise OutOfTime once the deadline has passed."""
        if self.clock() >= self.end:
            raise OutOfTime
