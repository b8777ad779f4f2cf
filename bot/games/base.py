"""What both rules engines share: the error type, events, ranking and seeded randomness."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, Self

#: An event is plain JSON-safe data: {"type": "...", ...}. Events drive message texts and the
#: picture's highlights; they never contain hidden information unless marked "private".
Event = dict[str, Any]


class IllegalAction(ValueError):
    """An action the rules do not allow; the game is left unchanged.

    ``code`` is a stable short id (for tests, translations and the bot); the message is a sentence
    a player understands. ``params`` carries the values the message was built from, so that the
    Discord layer can say the same thing in another language.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


class Game(Protocol):
    """The engine contract of DESIGN.md, shared by every game."""

    kind: str
    players: int
    seed: int
    log: list[str]

    @property
    def to_move(self) -> int | None:
        """Seat whose decision it is; None once the game is over."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def scores(self) -> list[int]:
        """Score per seat (final scoring included once over)."""

    @property
    def phase(self) -> str:
        """A short name for the current step."""

    def legal_actions(self) -> list[str]:
        """Every legal action text for ``to_move``, sorted; [] when over."""

    def play(self, text: str, seat: int | None = None) -> list[Event]:
        """Validate and apply one action for ``seat``; raise IllegalAction and change nothing
        if it is illegal or not that seat's to take."""

    def ranking(self) -> list[list[int]]:
        """Groups of seats, best first; tied seats share a group. Only when over."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Restore a game equal to the one snapshotted."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator)."""


def make_rng(seed: int) -> random.Random:
    """The only source of randomness an engine uses: a Random seeded by the game's seed."""
    return random.Random(seed)


def rank_by(keys: Sequence[Sequence[int]]) -> list[list[int]]:
    """Group seats by descending key tuples; equal keys share a rank (a group)."""
    order = sorted(range(len(keys)), key=lambda s: (tuple(-k for k in keys[s]), s))
    groups: list[list[int]] = []
    previous: tuple[int, ...] | None = None
    for seat in order:
        key = tuple(keys[seat])
        if groups and key == previous:
            groups[-1].append(seat)
        else:
            groups.append([seat])
        previous = key
    return groups


def not_over_yet() -> IllegalAction:
    """The error for asking a running game for its final result."""
    return IllegalAction("not_over", "the game is not over yet")


def game_over() -> IllegalAction:
    """The error for acting in a finished game."""
    return IllegalAction("game_over", "the game is over")
