"""A clock the tests can move forward, so Discord's time limits are checked without sleeping."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

DISCORD_EPOCH_MS = 1_420_070_400_000


class Clock:
    """Wall-clock time plus an offset that tests advance; waiters wake up when it moves."""

    def __init__(self) -> None:
        self._offset = 0.0
        self._listeners: list[Callable[[], None]] = []

    def now(self) -> float:
        """Seconds since the Unix epoch, as the stand-in sees them."""
        return time.time() + self._offset

    def advance(self, seconds: float) -> None:
        """Jump forward in time (timers measured with this clock expire at once)."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._offset += seconds
        for listener in list(self._listeners):
            listener()

    def on_advance(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` every time the clock is advanced."""
        self._listeners.append(listener)

    async def sleep_until(self, deadline: float, wake: asyncio.Event) -> bool:
        """Wait until ``deadline`` on this clock or until ``wake`` is set; True if woken."""
        while not wake.is_set():
            remaining = deadline - self.now()
            if remaining <= 0:
                return False
            jumped = asyncio.Event()
            self._listeners.append(jumped.set)
            try:
                waiters = {asyncio.ensure_future(wake.wait()), asyncio.ensure_future(jumped.wait())}
                _, pending = await asyncio.wait(
                    waiters, timeout=remaining, return_when="FIRST_COMPLETED"
                )
                for task in pending:
                    task.cancel()
                await asyncio.gather(*pending, return_exceptions=True)
            finally:
                self._listeners.remove(jumped.set)
        return True


class Snowflakes:
    """Discord ids: milliseconds since Discord's epoch in the high bits, a counter in the low."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> int:
        """A fresh id, greater than every id handed out before."""
        candidate = (int(self._clock.now() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A fresh id whose guild would be served by ``shard_id`` of ``shard_count`` shards:
        Discord's ``(guild_id >> 22) % shard_count``. The timestamp moves up to
        ``shard_count - 1`` ms ahead, so ids stay increasing."""
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"shard {shard_id} is not one of {shard_count} shards")
        stamp = self.next() >> 22
        if (self._last & ((1 << 22) - 1)) != 0:
            stamp += 1  # the counter bits are taken: the next millisecond is free
        stamp += (shard_id - stamp) % shard_count
        self._last = stamp << 22
        return self._last
