"""Round-robin schedules at tables of 3 and 4: opponents spread as evenly as possible.

A schedule has the fewest rounds in which every pair could meet once (the pairs the rounds'
tables hold reach the field's pairs). Its tables are searched for: from seeded random splits,
players trade places between two tables of a round while that brings the pairs' meeting counts
closer to their mean (each pair costs the fourth power of its distance from the mean, so the
extremes go first: the spread, most meetings of a pair less fewest, is what shrinks), keeping
the best of several starts, and stopping early on a schedule as even as the numbers allow. The
seed depends only on the field's size and the table size, so a field always gets the same
schedule. The spreads reached, fields of 3 to 10 (``tests/tournaments/test_spread.py``):

    players        3  4  5  6  7  8  9  10
    tables of 3    0  0  2  2  1  0  0  2
    tables of 4    0  0  2  2  2  2  0  2

A spread of 0: every pair meets exactly once; 1: every pair once or twice; 2: most pairs meet
once, a few twice and a few never. No schedule of that many rounds has a smaller spread where
the tests could try them all (fields of 5 to 8); a spread of 0 or 1 is the least possible.
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
    # A pair meeting c times costs (c − mean)⁴, scaled by the number of pairs to stay whole.
    weight = [(pairs * c - meetings) ** 4 for c in range(rounds + 1)]
    low, high = divmod(meetings, pairs)
    floor = (pairs - high) * weight[low] + high * weight[min(low + 1, rounds)]
    rng = random.Random(f"round robin {count} at {size}")
    best: tuple[int, list[list[list[int]]]] | None = None
    for _ in range(STARTS):
        schedule = [_split(rng, count, sizes) for _ in range(rounds)]
        cost = _settle(schedule, count, weight)
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


def _settle(schedule: list[list[list[int]]], count: int, weight: list[int]) -> int:
    """Trade players between tables while that lowers the cost; the cost reached."""
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
                for i in range(len(one)):
                    for j in range(len(two)):
                        if _gain(met, weight, one, two, one[i], two[j]) < 0:
                            _trade(met, one, two, i, j)
                            better = True
    return sum(weight[met[a][b]] for a, b in combinations(range(count), 2))


def _moves(one: list[int], two: list[int], x: int, y: int) -> list[tuple[int, int, int]]:
    """The meeting counts that change when ``x`` (at ``one``) and ``y`` (at ``two``) trade
    places: (player, player, step)."""
    return [
        *((x, a, -1) for a in one if a != x),
        *((y, a, 1) for a in one if a != x),
        *((y, b, -1) for b in two if b != y),
        *((x, b, 1) for b in two if b != y),
    ]


def _gain(
    met: list[list[int]], weight: list[int], one: list[int], two: list[int], x: int, y: int
) -> int:
    """The cost change of ``x`` and ``y`` trading places (the changed pairs are all different)."""
    return sum(
        weight[met[p][q] + step] - weight[met[p][q]] for p, q, step in _moves(one, two, x, y)
    )


def _trade(met: list[list[int]], one: list[int], two: list[int], i: int, j: int) -> None:
    """Trade ``one[i]`` and ``two[j]`` and update the meeting counts."""
    for p, q, step in _moves(one, two, one[i], two[j]):
        met[p][q] += step
        met[q][p] += step
    one[i], two[j] = two[j], one[i]
