"""Who is told what by direct message after a change: the rules of less noise, no loss.

A follower hears when the turn passes to someone else and when the game ends. A player who
moves again and again (alone on the ice, F-13, or through an Ultimatum turn's steps) is not
announced again each time: nothing else changed for the follower. The same holds for the
mover's own "your turn" message: they just played, so they know.
"""

from __future__ import annotations


def follower_hears(over: bool, to_move: int | None, last_seat: int | None) -> bool:
    """Whether followers get an update now: the game is over, or the turn has passed to a seat
    other than the one that just acted (``last_seat``: None before the first action)."""
    if over:
        return True
    return to_move is not None and to_move != last_seat


def mover_hears(to_move: int | None, last_seat: int | None) -> bool:
    """Whether the person to move gets their "your turn" message now: the turn has just come to
    them from another seat (or the game has just begun), not back to the seat that just acted."""
    return to_move is not None and to_move != last_seat
