"""Swiss pairing: each round, players with equal points meet, at tables of 2, 3 or 4.

The standings order the field: points first, then the order the players were entered in (the
seeding the caller chose: sign-up order or rating). Withdrawn players are not paired.

At tables of 2 (see ``matching``): nobody meets the same opponent twice while avoidable, and
nobody is paired further down the score groups than needed. An odd field gives one player a bye
(a win): the lowest ranked of those with the fewest byes whose sitting out leaves a pairing
without rematch, so nobody has a second bye before everyone has had one. Who moves first
alternates: at each table the player who moved first less often takes the first seat (seats
rank below rematches and score groups).

At tables of 3 and 4 (as Board Game Arena forms them): the tables are filled best first. The
best player still free heads the next table; its other seats go to players of the highest score
group still free, those who met the players already at the table least often first, the better
ranked among equals. A field that does not divide evenly mixes tables of n and n − 1, never
byes (``tables.table_sizes``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from bot.tournaments.matching import (
    Budget,
    pairs_fewest_meetings,
    pairs_without_rematch,
    score_groups,
)
from bot.tournaments.records import Record, records
from bot.tournaments.results import Pairing, Round, check_field
from bot.tournaments.tables import check_size, seated, table_sizes


def pair(
    players: Sequence[int],
    rounds: Sequence[Round],
    table_size: int,
    withdrawn: Collection[int] = (),
) -> Pairing:
    """The next round of a Swiss tournament of ``players`` (in seeding order) after ``rounds``."""
    check_size(table_size)
    check_field(players, withdrawn, rounds)
    book = records(players, rounds)
    seed = {p: n for n, p in enumerate(players)}
    out = set(withdrawn)
    ranked = sorted((p for p in players if p not in out), key=lambda p: (-book[p].points, seed[p]))
    sizes = table_sizes(len(ranked), table_size)
    group = score_groups(ranked, {p: book[p].points for p in ranked})
    if table_size == 2:
        return _pair_two(ranked, book)
    return _pair_tables(ranked, book, group, sizes)


def _pair_two(ranked: list[int], book: Mapping[int, Record]) -> Pairing:
    """Tables of two, and a bye for the odd one out."""
    if len(ranked) % 2 == 0:
        pairs = pairs_without_rematch(ranked, book, Budget())
        if pairs is None:
            pairs = pairs_fewest_meetings(ranked, book)
        return _seat_pairs(ranked, book, pairs, ())
    # From the bottom up: who has had the fewest byes gets this one.
    takers = sorted(reversed(ranked), key=lambda p: book[p].byes)
    takers = [p for p in takers if book[p].byes == book[takers[0]].byes]
    budget = Budget()
    for taker in takers:
        rest = [p for p in ranked if p != taker]
        pairs = pairs_without_rematch(rest, book, budget)
        if pairs is not None:
            return _seat_pairs(ranked, book, pairs, (taker,))
        if budget.left < 0:
            break
    rest = [p for p in ranked if p != takers[0]]
    return _seat_pairs(ranked, book, pairs_fewest_meetings(rest, book), (takers[0],))


def _pair_tables(
    ranked: list[int], book: Mapping[int, Record], group: Mapping[int, int], sizes: Sequence[int]
) -> Pairing:
    """Tables of three or four, filled best first within score groups."""
    rank = {p: n for n, p in enumerate(ranked)}
    free = list(ranked)
    tables = []
    for size in sizes:
        table = [free.pop(0)]
        while len(table) < size:
            # Only the highest score group still free may fill the seat.
            level = group[free[0]]
            end = next((n for n, p in enumerate(free) if group[p] != level), len(free))
            best = min(free[:end], key=lambda p: (sum(book[p].met[m] for m in table), rank[p]))
            free.remove(best)
            table.append(best)
        tables.append(table)
    return _seated(tables, book, rank, ())


def _seat_pairs(
    ranked: list[int],
    book: Mapping[int, Record],
    pairs: Sequence[tuple[int, int]],
    byes: tuple[int, ...],
) -> Pairing:
    """The pairs as tables of two, best first."""
    rank = {p: n for n, p in enumerate(ranked)}
    tables = sorted(([a, b] for a, b in pairs), key=lambda t: min(rank[p] for p in t))
    return _seated(tables, book, rank, byes)


def _seated(
    tables: Sequence[list[int]],
    book: Mapping[int, Record],
    rank: Mapping[int, int],
    byes: tuple[int, ...],
) -> Pairing:
    """The round with every table in seat order."""
    lead = {p: book[p].lead for p in rank}
    last = {p: book[p].last_lead for p in rank}
    return Pairing(tuple(seated(t, lead, last, rank) for t in tables), byes)
