"""What both rules engines share: the error type, events, seats, turns, ranking and randomness."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple, Protocol, Self

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


class Turn(NamedTuple):
    """One turn of a game's log: where its first action is and whose turn it was."""

    start: int
    seat: int


class Game(Protocol):
    """The engine contract shared by every game: new, play, legal moves, snapshots, views."""

    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]

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

    def legal_moves(self) -> Sequence[object]:
        """The same actions as values (the game's own frozen types; ``str`` gives the text)."""

    def play(self, text: str, seat: int) -> list[Event]:
        """Apply one action of ``seat``; IllegalAction (nothing changes) if it is not theirs."""

    def ranking(self) -> list[list[int]]:
        """Groups of seats, best first; tied seats share a group. Only when over."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Restore a game equal to the one snapshotted."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator)."""

    @property
    def between_turns(self) -> bool:
        """Whether no turn is under way: to_move has taken no step of theirs yet, or it is over."""

    def turn_start(self) -> int:
        """The log position where the turn under way began; len(log) between turns."""

    def turns(self) -> list[Turn]:
        """Every turn of the log in order; resignations are no turns and are left out."""

    def turn_starts(self) -> list[int]:
        """Where the turns of ``turns()`` begin, read from the log alone (no replay: cheap)."""

    def undo_refusal(self, position: int) -> str | None:
        """Why the log may not be cut back to ``position`` (None: it may).

        ``not_turn_start`` (no turn begins there), ``resigned`` (a resignation follows, which is
        never taken back), or what cutting back would hide again although everyone has seen it:
        ``drawn`` (a penguin card) or ``entertainer_revealed`` (a new top entertainer).
        """

    def undo_points(self) -> list[int]:
        """The log positions the game may be cut back to, in order (turn starts only)."""


_RESIGN = re.compile(r"[ \t]*resign[ \t]+(0|[1-9][0-9]*)[ \t]*", re.ASCII)


def is_resignation(text: str) -> bool:
    """Whether ``text`` says ``resign …`` (right or wrong); such a text is never a move."""
    words = text.split(maxsplit=1)
    return bool(words) and words[0].lower() == "resign"


def parse_resign(text: str, players: int) -> int | None:
    """The seat of ``resign <seat>``, or None if ``text`` is no resignation.

    Only the plain form is a resignation: ``resign`` and a seat number in ASCII digits. Any other
    text that starts with the word is refused, so that no look-alike digit or spelling gets in.
    """
    if not is_resignation(text):
        return None
    match = _RESIGN.fullmatch(text)
    if match is None:
        raise IllegalAction(
            "bad_notation",
            f"'{text.strip()}' is not a resignation: say resign and your seat number "
            f"(0 to {players - 1}) in plain digits",
            text=text.strip(),
        )
    seat = int(match[1])
    if seat >= players:
        raise IllegalAction(
            "no_such_seat", f"there is no seat {seat} (seats 0 to {players - 1})", seat=seat
        )
    return seat


def check_seat(text: str, seat: int, players: int, to_move: int | None) -> int | None:
    """Refuse ``text`` unless ``seat`` may take it now; the seat resigning, None for a move.

    A resignation is taken from the resigning seat only, at any time; anything else from the
    seat to move only.
    """
    if to_move is None:
        raise game_over()
    resigning = parse_resign(text, players)
    if resigning is not None:
        if seat != resigning:
            raise IllegalAction(
                "resign_other", "only a player may resign for themselves", seat=resigning
            )
        return resigning
    if seat != to_move:
        raise IllegalAction("not_your_turn", "it is not your turn", seat=to_move)
    return None


def logged_seat(text: str, players: int, to_move: int | None) -> int:
    """The seat that took ``text`` in a game's own log: N for ``resign N``, else to_move.

    Only for replaying a log the engine wrote itself; a person's action carries their own seat.
    """
    resigning = parse_resign(text, players)
    if resigning is not None:
        return resigning
    if to_move is None:
        raise game_over()
    return to_move


def make_rng(seed: int) -> random.Random:
    """The only source of randomness an engine uses: a Random seeded by the game's seed."""
    return random.Random(seed)


def seat_order(seed: int, players: int) -> list[int]:
    """Which lobby position gets which seat: a permutation drawn from the seed (F-5, U-10)."""
    order = list(range(players))
    # A stream of its own, so the seating does not mirror the engine's first draws (the deal).
    random.Random(f"seat order/{seed}").shuffle(order)
    return order


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
