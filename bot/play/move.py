"""A turn's step as the play layer hands it on: the game after it and what happened."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Event, Game
from bot.ratings import Change
from bot.store import GameRecord, OutboxEntry


@dataclass(frozen=True)
class Move:
    """One applied action: the game after it, what happened, and where it sits in the log."""

    record: GameRecord
    game: Game
    seat: int
    text: str  # the action as the engine logged it
    seq: int  # its number in the log (1 = the first action)
    events: tuple[Event, ...]
    outbox: tuple[OutboxEntry, ...] = ()
    changes: tuple[Change, ...] = ()  # the rating changes of the move that ends a rated game
    #: The person now to move was found gone from the server when its messages were drafted.
    mover_left: bool = False
    #: Whether that person is still on the server was not known then: asked after the answer.
    mover_unchecked: bool = False
