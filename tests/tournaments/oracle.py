"""Every pairing of a small field, to check the pairing's promises against all alternatives."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction

from bot.tournaments import Record


def perfect_pairings(
    field: Sequence[int], book: Mapping[int, Record]
) -> Iterator[list[tuple[int, int]]]:
    """Every way of pairing the even ``field`` with no rematch."""
    if not field:
        yield []
        return
    first, rest = field[0], field[1:]
    for n, other in enumerate(rest):
        if book[first].met[other]:
            continue
        for more in perfect_pairings([*rest[:n], *rest[n + 1 :]], book):
            yield [(first, other), *more]


def descent(
    pairs: Sequence[tuple[int, int]], ranked: Sequence[int], points: Mapping[int, Fraction]
) -> list[int]:
    """From the top of the standings down, how many score groups below each unpaired player
    their opponent is: the order in which 'paired down no further than needed' is judged."""
    levels = sorted(set(points.values()), reverse=True)
    group = {p: levels.index(points[p]) for p in ranked}
    partner = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    seen: set[int] = set()
    steps = []
    for p in ranked:
        if p in seen:
            continue
        seen |= {p, partner[p]}
        steps.append(group[partner[p]] - group[p])
    return steps
