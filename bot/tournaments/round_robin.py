"""Round robin: the whole schedule is fixed at the start, from the entry order.

At tables of 2 it follows FIDE's Berger tables (Handbook C.05): every pair meets exactly once
in n − 1 rounds (n rounds for an odd field, where each player has one bye), and who moves first
alternates so that nobody moves first more than once more than second. At tables of 3 and 4
(fields up to ``spread.MOST``) the schedule spreads opponents as evenly as it can
(``spread.spread_schedule``), and seats rotate: who moved early least so far goes first.

A withdrawn player's seats stay empty for the rounds after: their tables play without them,
and a player left alone at a table has a bye.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction

from bot.tournaments.records import lead_of
from bot.tournaments.results import Pairing, TournamentError
from bot.tournaments.spread import MOST, spread_schedule
from bot.tournaments.tables import check_size, seated


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
    """The rounds with each table in seat order, round by round: who moved early least so far
    goes first, then who sat later last time, then the lower number."""
    players = {p for tables in rounds for table in tables for p in table}
    lead = {p: Fraction(0) for p in players}
    last = dict(lead)
    rank = {p: p for p in players}
    turned = []
    for tables in rounds:
        ordered = [seated(t, lead, last, rank) for t in tables]
        for table in ordered:
            for seat, p in enumerate(table):
                last[p] = lead_of(seat, len(table))
                lead[p] += last[p]
        turned.append(ordered)
    return turned


def _name(players: Sequence[int], tables: Sequence[tuple[int, ...]]) -> Pairing:
    """A round of numbered tables with the players' ids; a table of one is a bye."""
    return Pairing(
        tuple(tuple(players[i] for i in t) for t in tables if len(t) > 1),
        tuple(players[t[0]] for t in tables if len(t) == 1),
    )
