"""Waiting for what the bot does in the background (computer players thinking, the outbox
sending, the scheduler's passes): one polling loop for every test that asks the store."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

#: Seconds between two looks.
EVERY = 0.05


async def until(
    condition: Callable[[], Awaitable[bool]], what: str, *, timeout: float = 30.0
) -> None:
    """Wait (real seconds) until an async condition holds, looking every ``EVERY`` seconds;
    fail the test naming ``what`` after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await condition():
        if loop.time() >= deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        await asyncio.sleep(EVERY)
