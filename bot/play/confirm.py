"""Confirmations: a step that cannot be taken back (resigning) waits for a second click, which
counts only for a short while, so an old confirmation found later in a scrolled-up reply does
nothing by surprise."""

from __future__ import annotations

#: Seconds a confirmation button counts after it was offered.
CONFIRM_SECONDS = 120


def confirm_until(now: float) -> int:
    """The moment (whole Unix seconds) until which a confirmation offered now counts."""
    return int(now) + CONFIRM_SECONDS


def still_counts(until: int, now: float) -> bool:
    """Whether a confirmation offered with ``until`` still counts at ``now``."""
    return now <= until
