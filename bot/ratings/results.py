"""What a finished game leaves behind for ratings and profiles: one ``Result`` per game.

A result is plain data (no discord, no database): who sat where, the places the engine's ranking
gave, who resigned or timed out, and the few numbers a profile averages. The store keeps one per
finished game (``to_dict``/``from_dict`` give its JSON form); ratings are derived from results
alone, so they can always be rebuilt.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Self

#: The game kinds a result can be of (the engines' ``kind``).
KINDS = ("fish", "ultimatum")
#: The numbers a profile averages per kind, as the engines report them.
STATS: Mapping[str, tuple[str, ...]] = {"fish": ("fish", "floes"), "ultimatum": ("points", "shows")}


@dataclass(frozen=True, order=True, slots=True)
class Player:
    """Who sat in a seat: a person (``user_id``) or a computer level (``computer``, 1–3).

    Each computer level is a rated player of its own, so ``Player(computer=3)`` is the same
    player in every game it sits in.
    """

    user_id: int | None = None
    computer: int | None = None

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.computer is None):
            raise ValueError("a player is either a person (user_id) or a computer level")

    @property
    def is_person(self) -> bool:
        """Whether this is a person rather than a computer level."""
        return self.user_id is not None

    def key(self) -> str:
        """A short stable text for the player: ``u<user id>`` or ``c<level>``."""
        return f"u{self.user_id}" if self.user_id is not None else f"c{self.computer}"

    @classmethod
    def from_key(cls, text: str) -> Self:
        """The player of a ``key()`` text."""
        if text[:1] == "u":
            return cls(user_id=int(text[1:]))
        if text[:1] == "c":
            return cls(computer=int(text[1:]))
        raise ValueError(f"not a player key: {text!r}")


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a finished game.

    ``place`` is 1-based from the engine's ranking (tied seats share it). ``forfeited`` is true
    for a seat whose player resigned or timed out: it ranks last whatever its place says.
    ``stats`` carries the kind's numbers (``fish``/``floes``, ``points``/``shows``).
    """

    player: Player
    place: int
    score: int = 0
    forfeited: bool = False
    stats: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game: id, server (None outside one), kind, when it ended (Unix seconds),
    whether it counts for ratings, and its seats in seat order."""

    game_id: str
    guild_id: int | None
    kind: str
    finished: float
    seats: tuple[Seat, ...]
    rated: bool = True
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown game kind {self.kind!r}")
        if not 2 <= len(self.seats) <= 4:
            raise ValueError(f"a game has 2 to 4 seats, not {len(self.seats)}")
        people = [s.player for s in self.seats if s.player.is_person]
        if len(set(people)) != len(people):
            raise ValueError("a person sits only once in a game")
        if any(not 1 <= s.place <= len(self.seats) for s in self.seats):
            raise ValueError("places run from 1 to the number of seats")

    @property
    def players(self) -> int:
        """How many seats the game had."""
        return len(self.seats)

    def ranks(self) -> list[int]:
        """The rank of each seat for the rating model (1 is best, equal ranks are ties):
        the engine's places, with every forfeited seat tied behind all the others."""
        last = len(self.seats) + 1
        return [last if s.forfeited else s.place for s in self.seats]

    def seats_of(self, player: Player) -> list[Seat]:
        """The seats ``player`` held (a computer level may hold several)."""
        return [s for s in self.seats if s.player == player]

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe form the store keeps and ``from_dict`` reads."""
        return {
            "game": self.game_id,
            "guild": self.guild_id,
            "kind": self.kind,
            "finished": self.finished,
            "rated": self.rated,
            "options": dict(self.options),
            "seats": [
                {
                    "player": s.player.key(),
                    "place": s.place,
                    "score": s.score,
                    "forfeited": s.forfeited,
                    "stats": dict(s.stats),
                }
                for s in self.seats
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The result of a ``to_dict`` form."""
        return cls(
            game_id=str(data["game"]),
            guild_id=None if data.get("guild") is None else int(data["guild"]),
            kind=str(data["kind"]),
            finished=float(data["finished"]),
            rated=bool(data.get("rated", True)),
            options=dict(data.get("options") or {}),
            seats=tuple(
                Seat(
                    player=Player.from_key(str(s["player"])),
                    place=int(s["place"]),
                    score=int(s.get("score", 0)),
                    forfeited=bool(s.get("forfeited", False)),
                    stats={str(k): int(v) for k, v in (s.get("stats") or {}).items()},
                )
                for s in data["seats"]
            ),
        )


@dataclass(frozen=True, slots=True)
class NewSeason:
    """An admin started a new season for a server at ``started`` (Unix seconds)."""

    guild_id: int
    started: float

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe form (``{"season": guild id, "started": time}``)."""
        return {"season": self.guild_id, "started": self.started}


#: Whatever ratings are derived from, in order.
Event = Result | NewSeason


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """A result or a season start from its JSON form."""
    if "season" in data:
        return NewSeason(guild_id=int(data["season"]), started=float(data["started"]))
    return Result.from_dict(data)


def read_lines(lines: Iterable[str]) -> Iterator[Event]:
    """Events from JSON lines (one object a line; blank lines are skipped)."""
    for number, line in enumerate(lines, 1):
        if line.strip():
            try:
                yield event_from_dict(json.loads(line))
            except (ValueError, KeyError, TypeError) as error:
                raise ValueError(f"line {number}: {error}") from error


def places_from_ranking(ranking: Iterable[Iterable[int]], players: int) -> list[int]:
    """Each seat's 1-based place from an engine ranking (groups of seats, best first): tied
    seats share a place and the next place is skipped (1, 1, 3)."""
    place = [0] * players
    position = 1
    for group in ranking:
        seats = list(group)
        for seat in seats:
            place[seat] = position
        position += len(seats)
    if 0 in place:
        raise ValueError("the ranking leaves a seat out")
    return place
