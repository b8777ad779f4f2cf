"""Round-robin schedules at tables of 3 and 4: opponents spread as evenly as possible.

A schedule has the fewest rounds in which every pair could meet once (the pairs the rounds'
tables hold must reach the field's pairs). Its tables are searched for: from seeded random
splits, players are swapped between tables of a round while that brings the pairs' meeting
counts closer to even (first fewer pairs that never meet, then a smaller sum of squared
counts), keeping the best of several starts; the search stops early on a schedule as even as
the numbers allow. The seed depends only on the field's size and the table size, so the same
field always gets the same schedule. How even the result is, for every field of 3 to 10:
``tests/tournaments/test_spread.py`` measures it (most fields: every pair meets, once or twice).
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

from bot.tournaments.tables import table_sizes

#: The largest field a round robin at tables of 3 or 4 schedules.
MOST = 10
#: Random starts of the search.
STARTS = 60
#: What a pair that never meets costs against the squared counts: always worth avoiding first.
UNMET = 1000

Schedule = tuple[tuple[tuple[int, ...], ...], ...]


def rounds_needed(count: int, size: int) -> int:
    """The fewest rounds in which every pair of ``count`` players could meet."""
    per_round = sum(s * (s - 1) // 2 for s in table_sizes(count, size))
    return -(-(count * (count - 1) // 2) // per_round)


@cache
def spread_schedule(count: int, size: int) -> Schedule:
    """Rounds of tables of player numbers 0 … count − 1, opponents spread evenly."""
    sizes = table_sizes(count, size)
    rounds = rounds_needed(count, size)
    meetings = rounds * sum(s * (s - 1) // 2 for s in sizes)
    pairs = count * (count - 1) // 2
    low, high = divmod(meetings, pairs)
    floor = (pairs - high) * low * low + high * (low + 1) ** 2 + UNMET * max(0, pairs - meetings)
    rng = random.Random(f"round robin {count} at {size}")
    best: tuple[int, list[list[list[int]]]] | None = None
    for _ in range(STARTS):
        schedule = [_split(rng, count, sizes) for _ in range(rounds)]
        cost = _settle(schedule, count)
        if best is None or cost < best[0]:
            best = (cost, schedule)
        if cost == floor:
            break
    assert best is not None
    return tuple(tuple(tuple(t) for t in r) for r in best[1])


def _split(rng: random.Random, count: int, sizes: tuple[int, ...]) -> list[list[int]]:
    """A random split of the players into tables of the given sizes."""
    players = list(range(count))
    rng.shuffle(players)
    tables, start = [], 0
    for s in sizes:
        tables.append(players[start : start + s])
        start += s
    return tables


def _cost(count: int, met: list[list[int]]) -> int:
    """How far the meeting counts are from even: unmet pairs first, then squared counts."""
    return sum(
        met[a][b] ** 2 + (UNMET if met[a][b] == 0 else 0) for a, b in combinations(range(count), 2)
    )


def _change(value: int, step: int) -> int:
    """The cost change of one pair's count going from ``value`` by ``step`` (±1)."""
    after = value + step
    return after * after - value * value + UNMET * ((after == 0) - (value == 0))


def _settle(schedule: list[list[list[int]]], count: int) -> int:
    """Swap players between tables while that lowers the cost; the cost reached."""
    met = [[0] * count for _ in range(count)]
    for tables in schedule:
        for table in tables:
            for a, b in combinations(table, 2):
                met[a][b] += 1
                met[b][a] += 1
    better = True
    while better:
        better = False
        for tables in schedule:
            for one, two in combinations(tables, 2):
                for i, x in enumerate(one):
                    for j, y in enumerate(two):
                        if _gain(met, one, two, x, y) < 0:
                            _swap(met, one, two, i, j)
                            x = one[i]
                            better = True
    return _cost(count, met)


def _gain(met: list[list[int]], one: list[int], two: list[int], x: int, y: int) -> int:
    """The cost change of ``x`` (at ``one``) and ``y`` (at ``two``) trading places."""
    change = 0
    for a in one:
        if a != x:
            change += _change(met[x][a], -1) + _change(met[y][a], 1)
    for b in two:
        if b != y:
            change += _change(met[y][b], -1) + _change(met[x][b], 1)
    return change


def _swap(met: list[list[int]], one: list[int], two: list[int], i: int, j: int) -> None:
    """Trade ``one[i]`` and ``two[j]`` and update the meeting counts."""
    x, y = one[i], two[j]
    for a in one:
        if a != x:
            for p, q, step in ((x, a, -1), (y, a, 1)):
                met[p][q] += step
                met[q][p] += step
    for b in two:
        if b != y:
            for p, q, step in ((y, b, -1), (x, b, 1)):
                met[p][q] += step
                met[q][p] += step
    one[i], two[j] = y, x
