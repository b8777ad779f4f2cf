"""The bot's clock: what time it is, and waiting until a moment (tests pass one they move)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Protocol


class Clock(Protocol):
    """Anything that tells the time and can sleep until a moment or until woken."""

    def now(self) -> float:
        """Seconds since the Unix epoch."""
        ...

    async def sleep_until(self, deadline: float, wake: asyncio.Event) -> bool:
        """Wait until ``deadline`` or until ``wake`` is set; True if woken."""
        ...


class SystemClock:
    """The real time of the machine."""

    def now(self) -> float:
        """Seconds since the Unix epoch."""
        return time.time()

    async def sleep_until(self, deadline: float, wake: asyncio.Event) -> bool:
        """Wait until ``deadline`` or until ``wake`` is set; True if woken."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), max(0.0, deadline - self.now()))
        return wake.is_set()
