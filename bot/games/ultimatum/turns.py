"""Where the turns of an Ultimatum log begin, whose they are, and what they showed everyone.

A turn begins with its ``play`` (step 1) and runs to its draw (U-23), or to the end of the game,
or to its player's resignation. Seats take turns in order, skipping those who resigned, so the
log alone says whose turn each was. What a turn revealed follows from the log and the decks now:
every turn that another turn follows ended with a draw (nothing else passes the turn but a
resignation), and laying an entertainer turns the next one face up while the deck holds one.
"""

from __future__ import annotations

from bot.games.base import Turn, is_resignation, parse_resign


def is_turn_start(action: str) -> bool:
    """Whether a logged action begins a turn (step 1, U-11)."""
    return action.startswith("play ")


def turns(log: list[str], players: int) -> list[Turn]:
    """Every turn of ``log`` with the seat whose turn it was."""
    resigned = [False] * players
    seat, under_way = 0, False
    found: list[Turn] = []

    def following(current: int) -> int:
        nxt = (current + 1) % players
        while resigned[nxt] and nxt != current:
            nxt = (nxt + 1) % players
        return nxt

    for index, action in enumerate(log):
        leaving = parse_resign(action, players)
        if leaving is not None:
            resigned[leaving] = True
            if leaving == seat:  # their turn ends here, or had ended with the draw: either way on
                seat, under_way = following(seat), False
        elif is_turn_start(action):
            if under_way:  # the turn before ended with its draw
                seat = following(seat)
            found.append(Turn(index, seat))
            under_way = True
    return found


def undo_refusal(
    log: list[str], position: int, entertainers_left: int, drew_last: bool
) -> str | None:
    """Why ``log`` may not be cut back to ``position`` (see Game.undo_refusal).

    ``entertainers_left``: the entertainer deck now; ``drew_last``: whether the last turn of the
    log ended with a draw (the game is at step 1 again, or it ended for want of a penguin cell
    right after the draw).
    """
    if any(is_resignation(action) for action in log[position:]):
        return "resigned"
    if not (0 <= position < len(log) and is_turn_start(log[position])):
        return "not_turn_start"
    later = [i for i in range(position + 1, len(log)) if is_turn_start(log[i])]
    end = later[0] if later else len(log)
    laid = [i for i in range(position, len(log)) if log[i].startswith("entertainer ")]
    if laid and laid[0] < end and entertainers_left + len(laid) - 1 > 0:
        return "entertainer_revealed"  # the deck still held a card to turn face up (U-21)
    if later or drew_last:
        return "drawn"
    return None
