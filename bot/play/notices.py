"""Who is told what by direct message after a change: the rules of less noise, no loss.

A follower hears when the turn passes to someone else and when the game ends. A player who
moves again and again (alone on the ice, F-13, or through an Ultimatum turn's steps) is not
announced again each time: nothing else changed for the follower.
"""

from __future__ import annotations


def follower_hears(over: bool, to_move: int | None, last_seat: int | None) -> bool:
    """Whether followers get an update now: the game is over, or the turn has passed to a seat
    other than the one that just acted (``last_seat``: None before the first action)."""
    if over:
        return True
    return to_move is not None and to_move != last_seat
