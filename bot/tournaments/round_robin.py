"""Round robin: the whole schedule is fixed at the start, from the entry order.

At tables of 2 it follows FIDE's Berger tables (Handbook C.05): every pair meets exactly once
in n − 1 rounds (n rounds for an odd field, where each player has one bye), and who moves first
alternates so that nobody moves first more than once more than second. At tables of 3 and 4
(fields up to ``spread.MOST``) the schedule spreads opponents as evenly as it can
(``spread.spread_schedule``), and the first seats are shared out as evenly as the tables
allow (then the later seats).

A withdrawn player's seats stay empty for the rounds after: their tables play without them,
and a player left alone at a table has a bye.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction
from itertools import permutations

from bot.tournaments.records import lead_of
from bot.tournaments.results import Pairing, TournamentError
from bot.tournaments.spread import MOST, spread_schedule
from bot.tournaments.tables import check_size


def schedule(players: Sequence[int], table_size: int) -> tuple[Pairing, ...]:
    """Every round of a round robin of ``players`` (in entry order) at tables of ``table_size``."""
    check_size(table_size)
    count = len(players)
    if len(set(players)) != count:
        raise TournamentError("field-twice", "A player is entered twice.")
    if count < 2:
        raise TournamentError("field-small", f"A round robin needs two players, not {count}.")
    if table_size == 2:
        return tuple(_name(players, tables) for tables in berger(count))
    if count > MOST:
        raise TournamentError(
            "field-large",
            f"A round robin at tables of {table_size} takes at most {MOST} players, not {count}.",
        )
    return tuple(_name(players, tables) for tables in _rotate(spread_schedule(count, table_size)))


def round_pairing(
    players: Sequence[int], table_size: int, number: int, withdrawn: Collection[int] = ()
) -> Pairing:
    """Round ``number`` (from 1) of the schedule, the withdrawn players taken out."""
    rounds = schedule(players, table_size)
    if not 1 <= number <= len(rounds):
        raise TournamentError(
            "round-number", f"This round robin has rounds 1 to {len(rounds)}, not {number}."
        )
    planned = rounds[number - 1]
    out = set(withdrawn)
    tables, byes = [], [p for p in planned.byes if p not in out]
    for table in planned.tables:
        left = tuple(p for p in table if p not in out)
        if len(left) > 1:
            tables.append(left)
        else:
            byes.extend(left)
    return Pairing(tuple(tables), tuple(byes))


def berger(count: int) -> list[list[tuple[int, ...]]]:
    """FIDE's Berger tables for ``count`` players numbered 0 … count − 1: each round's tables
    in seat order; a player alone at a table has the bye (odd fields)."""
    n = count + count % 2  # an odd field adds a phantom: whoever meets it has the bye
    cycle = n - 1
    rounds = []
    for number in range(1, n):
        tables: list[tuple[int, ...]] = []
        for x in range(1, n):
            if (2 * x - number - 1) % cycle == 0:
                # The last player moves second against the first half of the numbers.
                tables.insert(0, (x, n) if x <= n // 2 else (n, x))
            for y in range(x + 1, n):
                if (x + y - number - 1) % cycle == 0:
                    # Berger: an odd sum gives the lower number the first move.
                    tables.append((x, y) if (x + y) % 2 else (y, x))
        rounds.append(
            [tuple(p - 1 for p in t if p <= count) for t in tables]  # numbers from 0, no phantom
        )
    return rounds


def _rotate(rounds: Sequence[Sequence[tuple[int, ...]]]) -> list[list[tuple[int, ...]]]:
    """The rounds with each table in seat order: the first seats shared out as evenly as the
    tables allow, then the other seats (by each player's lead), found by trying every order of
    one table at a time while that makes it more even."""
    tables = [list(t) for r in rounds for t in r]
    counts = {p: 0 for t in tables for p in t}
    lead = {p: Fraction(0) for p in counts}
    for table in tables:
        _count(table, counts, lead, 1)

    def cost() -> tuple[int, Fraction]:
        return sum(c * c for c in counts.values()), sum((v * v for v in lead.values()), Fraction(0))

    better = True
    while better:
        better = False
        for table in tables:
            best = cost()
            _count(table, counts, lead, -1)
            for order in permutations(table):
                _count(order, counts, lead, 1)
                if cost() < best:
                    best, table[:] = cost(), order
                    better = True
                _count(order, counts, lead, -1)
            _count(table, counts, lead, 1)
    turned, start = [], 0
    for r in rounds:
        turned.append([tuple(t) for t in tables[start : start + len(r)]])
        start += len(r)
    return turned


def _count(
    table: Sequence[int], counts: dict[int, int], lead: dict[int, Fraction], step: int
) -> None:
    """Add (``step`` 1) or take away (−1) one table's seats: its first seat and every lead."""
    counts[table[0]] += step
    for seat, p in enumerate(table):
        lead[p] += step * lead_of(seat, len(table))


def _name(players: Sequence[int], tables: Sequence[tuple[int, ...]]) -> Pairing:
    """A round of numbered tables with the players' ids; a table of one is a bye."""
    return Pairing(
        tuple(tuple(players[i] for i in t) for t in tables if len(t) > 1),
        tuple(players[t[0]] for t in tables if len(t) == 1),
    )
