"""How a field splits into tables, and who takes which seat at a table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from bot.tournaments.results import TournamentError

#: The table sizes a tournament may play at (both games seat 2 to 4).
SIZES = (2, 3, 4)


def check_size(size: int) -> None:
    """Raise a TournamentError unless ``size`` is a table size the games seat."""
    if size not in SIZES:
        raise TournamentError("table-size", f"Tables seat 2 to 4 players, not {size}.")


def table_sizes(count: int, size: int) -> tuple[int, ...]:
    """The fewest tables of at most ``size`` seating ``count`` players, their sizes within one
    of each other, larger tables first.

    A field that does not divide evenly mixes tables of ``size`` and ``size − 1`` where it can
    (11 at tables of 4: 4, 4, 3); a field too small for that takes the even split of the same
    number of tables (5 at tables of 4: 3 and 2). At tables of 2 an odd field ends in a table
    of 1: that player has the bye.
    """
    check_size(size)
    if count < 2:
        raise TournamentError("field-small", f"A round needs two players or more, not {count}.")
    tables = -(-count // size)
    small, larger = divmod(count, tables)
    return (small + 1,) * larger + (small,) * (tables - larger)


def seated(
    table: Iterable[int],
    lead: Mapping[int, Fraction],
    last_lead: Mapping[int, Fraction],
    rank: Mapping[int, int],
) -> tuple[int, ...]:
    """The table's players in seat order: who moved early least so far goes first; level on
    that, who sat later last time; then the better ranked."""
    return tuple(sorted(table, key=lambda p: (lead[p], last_lead[p], rank[p])))
