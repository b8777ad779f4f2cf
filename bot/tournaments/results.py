"""The plain values a tournament's pairing and standings work on: who sits where, how it ended."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field


class TournamentError(ValueError):
    """A pairing or standings input that cannot be used; ``code`` is a stable short id."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Pairing:
    """One round to play: each table's players in seat order (seat 0 moves first), and the
    players who sit out with a bye (counted as a win)."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        """Everyone this round names, table by table, then the byes."""
        return (*(p for table in self.tables for p in table), *self.byes)


@dataclass(frozen=True, slots=True)
class Table:
    """How one table's game ended: players in seat order, their places (1 is best; equal places
    are ties), their game scores (fish caught, Ultimatum points), and who forfeited (timed out
    or withdrew: ranked last at the table, tied with any other forfeit, whatever the position)."""

    seats: tuple[int, ...]
    places: tuple[int, ...]
    scores: tuple[int, ...]
    forfeited: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        size = len(self.seats)
        if size < 2 or len(set(self.seats)) != size:
            raise TournamentError(
                "table-seats", f"A table needs two or more different players, not {self.seats}."
            )
        if len(self.places) != size or len(self.scores) != size:
            raise TournamentError(
                "table-shape",
                f"A table of {size} needs {size} places and {size} scores, "
                f"not {len(self.places)} and {len(self.scores)}.",
            )
        if min(self.places) < 1:
            raise TournamentError("table-place", f"Places start at 1, not {min(self.places)}.")
        strangers = self.forfeited - set(self.seats)
        if strangers:
            raise TournamentError(
                "table-forfeit", f"Only a seated player can forfeit, not {sorted(strangers)}."
            )

    def final_places(self) -> tuple[int, ...]:
        """Places per seat with every forfeit moved to a shared last place."""
        last = max(self.places) + 1
        return tuple(
            last if player in self.forfeited else place
            for player, place in zip(self.seats, self.places, strict=True)
        )


@dataclass(frozen=True, slots=True)
class Round:
    """A round as it was played: every table's ending and the players who had a bye."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()


def check_field(
    players: Sequence[int], withdrawn: Collection[int], rounds: Sequence[Round]
) -> None:
    """Raise a TournamentError unless every player is named once and every round names only
    entrants, each at most once."""
    if len(set(players)) != len(players):
        raise TournamentError("field-twice", "A player is entered twice.")
    entrants = set(players)
    unknown = set(withdrawn) - entrants
    if unknown:
        raise TournamentError(
            "field-withdrawn", f"Not entered, so cannot withdraw: {sorted(unknown)}."
        )
    for number, played in enumerate(rounds, start=1):
        named = [p for table in played.tables for p in table.seats] + list(played.byes)
        if len(set(named)) != len(named):
            raise TournamentError("round-twice", f"Round {number} seats a player twice.")
        strangers = set(named) - entrants
        if strangers:
            raise TournamentError(
                "round-stranger", f"Round {number} seats players not entered: {sorted(strangers)}."
            )
