"""What the texts need to know of a move (the play layer's ``Move`` has it; no import of play)."""

from __future__ import annotations

from typing import Protocol

from bot.games.base import Event, Game
from bot.ratings import Change
from bot.store import GameRecord


class MoveLike(Protocol):
    """One applied action as it is told: the game after it and what happened."""

    @property
    def record(self) -> GameRecord:
        """The game's record (its seats and where it is played)."""

    @property
    def game(self) -> Game:
        """The game after the action."""

    @property
    def seat(self) -> int:
        """Who acted."""

    @property
    def text(self) -> str:
        """The action as the engine logged it."""

    @property
    def seq(self) -> int:
        """Its number in the log (1 = the first action)."""

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened."""

    @property
    def changes(self) -> tuple[Change, ...]:
        """The rating changes, when the move ends a rated game."""
