"""Each player's record so far: points, byes, whom they met, where they sat, their game scores.

Table points: at a table of n, first place scores 1 and last 0, the places between evenly spaced
((n − 1 − i) / (n − 1) for the i-th place from the top); tied players share the mean of the
places they cover. A bye scores 1, like a win. Points are exact fractions, so score groups
compare exactly (a table of 4 gives thirds, shared places sixths).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bot.tournaments.results import Round, Table

#: What a bye is worth: a win.
BYE = Fraction(1)


def table_points(table: Table) -> dict[int, Fraction]:
    """Each player's points from one table, forfeits ranked last."""
    places = table.final_places()
    size = len(places)
    points = {}
    for player, place in zip(table.seats, places, strict=True):
        above = sum(other < place for other in places)
        level = sum(other == place for other in places)
        # The mean of the positions above, above+1, …, above+level−1 (0 is first).
        middle = Fraction(2 * above + level - 1, 2)
        points[player] = (size - 1 - middle) / (size - 1)
    return points


def lead_of(seat: int, size: int) -> Fraction:
    """How far ahead a seat moves: +1 for the first, −1 for the last, evenly between."""
    return 1 - Fraction(2 * seat, size - 1)


@dataclass(slots=True)
class Record:
    """One player's tournament so far, from the rounds played."""

    player: int
    points: Fraction = Fraction(0)
    game_score: int = 0
    games: int = 0
    byes: int = 0
    #: How many times they sat at a table with each other player.
    met: Counter[int] = field(default_factory=Counter)
    #: Per game: the other players at the table (for the opponents' points).
    tables: list[tuple[int, ...]] = field(default_factory=list)
    #: The sum of their seats' leads: above 0 they moved early more often than late.
    lead: Fraction = Fraction(0)
    #: Their last game's lead (0 before any game), to alternate when the sums are level.
    last_lead: Fraction = Fraction(0)
    #: How often they had the first seat.
    firsts: int = 0


def records(players: Iterable[int], rounds: Sequence[Round]) -> dict[int, Record]:
    """Every entrant's record after the given rounds."""
    book = {player: Record(player) for player in players}
    for played in rounds:
        for player in played.byes:
            book[player].points += BYE
            book[player].byes += 1
        for table in played.tables:
            _enter(book, table)
    return book


def _enter(book: dict[int, Record], table: Table) -> None:
    """Add one table's game to its players' records."""
    size = len(table.seats)
    points = table_points(table)
    for seat, (player, score) in enumerate(zip(table.seats, table.scores, strict=True)):
        record = book[player]
        others = tuple(p for p in table.seats if p != player)
        record.points += points[player]
        record.game_score += score
        record.games += 1
        record.met.update(others)
        record.tables.append(others)
        record.last_lead = lead_of(seat, size)
        record.lead += record.last_lead
        record.firsts += seat == 0
