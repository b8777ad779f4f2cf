"""The standings: points, then three tie-breaks, each exposed so that it can be shown.

1. Opponents' points (Buchholz at tables of two): for every game, the mean final points of the
   others at that table; a bye counts as a game against an opponent with the player's own
   points (as FIDE's tie-break rules value an unplayed round).
2. Head to head, only among players level on points and opponents' points: at every table they
   shared, 1 for each of them finished ahead of, ½ for each tied with (None for a player level
   with nobody).
3. Total game score: fish caught or Ultimatum points over all games played.

Players level on all of these share a place; among them the entry order decides who is listed
first. Withdrawn players keep their games and stay in the standings, marked.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.tournaments.records import Record, records
from bot.tournaments.results import Round, check_field


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings."""

    place: int
    player: int
    points: Fraction
    opponents_points: Fraction
    head_to_head: Fraction | None
    game_score: int
    games: int
    byes: int
    withdrawn: bool


def standings(
    players: Sequence[int], rounds: Sequence[Round], withdrawn: Collection[int] = ()
) -> tuple[Standing, ...]:
    """Every entrant's line after ``rounds``, best first."""
    check_field(players, withdrawn, rounds)
    book = records(players, rounds)
    opponents = {p: opponents_points(book[p], book) for p in players}
    level: defaultdict[tuple[Fraction, Fraction], list[int]] = defaultdict(list)
    for p in players:
        level[book[p].points, opponents[p]].append(p)
    duel = head_to_head([g for g in level.values() if len(g) > 1], rounds)
    seed = {p: n for n, p in enumerate(players)}

    def key(p: int) -> tuple[Fraction, Fraction, Fraction, int]:
        return (-book[p].points, -opponents[p], -duel.get(p, Fraction(0)), -book[p].game_score)

    lines: list[Standing] = []
    out = set(withdrawn)
    for p in sorted(players, key=lambda p: (key(p), seed[p])):
        shared = bool(lines) and key(lines[-1].player) == key(p)
        lines.append(
            Standing(
                place=lines[-1].place if shared else len(lines) + 1,
                player=p,
                points=book[p].points,
                opponents_points=opponents[p],
                head_to_head=duel.get(p),
                game_score=book[p].game_score,
                games=book[p].games,
                byes=book[p].byes,
                withdrawn=p in out,
            )
        )
    return tuple(lines)


def opponents_points(record: Record, book: dict[int, Record]) -> Fraction:
    """The sum, over a player's games, of the mean points of the others at the table, a bye
    counted as an opponent with the player's own points."""
    total = sum(
        (
            sum((book[o].points for o in others), Fraction(0)) / len(others)
            for others in record.tables
        ),
        Fraction(0),
    )
    return total + record.byes * record.points


def head_to_head(groups: Sequence[Sequence[int]], rounds: Sequence[Round]) -> dict[int, Fraction]:
    """For each player of each group, the points won against the rest of the group at shared
    tables: 1 per player finished ahead of, ½ per tie."""
    team = {p: n for n, group in enumerate(groups) for p in group}
    duel = {p: Fraction(0) for p in team}
    for played in rounds:
        for table in played.tables:
            places = dict(zip(table.seats, table.final_places(), strict=True))
            for p in table.seats:
                for o in table.seats:
                    if o != p and p in team and team.get(o) == team[p]:
                        duel[p] += (
                            1 if places[p] < places[o] else Fraction(places[p] == places[o], 2)
                        )
    return duel
