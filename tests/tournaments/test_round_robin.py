"""Round robin at tables of 2: FIDE's Berger tables, every pair once, seats alternating."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations

import pytest

from bot.tournaments import Pairing, TournamentError, round_pairing, schedule

#: FIDE Handbook C.05, Annex 1: the Berger tables for 6 players (first named moves first).
FIDE_SIX = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


def test_six_players_follow_fides_berger_tables() -> None:
    """Six players entered 1 … 6 play FIDE's published rounds, seats as published."""
    rounds = schedule([1, 2, 3, 4, 5, 6], 2)
    assert [sorted(r.tables) for r in rounds] == [sorted(r) for r in FIDE_SIX]


@pytest.mark.parametrize("count", range(2, 21))
def test_every_pair_meets_once_and_seats_alternate(count: int) -> None:
    """n − 1 rounds (n for an odd field, one bye each); each round seats everyone once; every
    pair meets exactly once; nobody moves first more than once more than second."""
    players = [3 * n + 11 for n in range(count)]
    rounds = schedule(players, 2)
    assert len(rounds) == count - 1 + count % 2
    for pairing in rounds:
        assert sorted(pairing.players) == sorted(players)
        assert len(pairing.byes) == count % 2
    met = Counter(frozenset(t) for r in rounds for t in r.tables)
    assert set(met) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(met.values()) == {1}
    assert Counter(p for r in rounds for p in r.byes) == Counter(players if count % 2 else [])
    firsts = Counter(t[0] for r in rounds for t in r.tables)
    seconds = Counter(t[1] for r in rounds for t in r.tables)
    assert all(abs(firsts[p] - seconds[p]) <= 1 for p in players)


def test_a_withdrawn_players_opponent_has_a_bye() -> None:
    """From the round after a withdrawal, whoever was to meet the player has a bye."""
    players = [1, 2, 3, 4]
    planned = schedule(players, 2)[1]
    opponent = next(p for t in planned.tables if 2 in t for p in t if p != 2)
    later = round_pairing(players, 2, 2, withdrawn={2})
    assert later == Pairing(tuple(t for t in planned.tables if 2 not in t), (opponent,))


def test_bad_fields_and_rounds_are_refused() -> None:
    """A field entered twice, one player, a field too large for tables of 3–4, or a round
    outside the schedule: each refused with its own reason."""
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: schedule([1, 1, 2], 2), "field-twice"),
        (lambda: schedule([1], 2), "field-small"),
        (lambda: schedule(list(range(11)), 3), "field-large"),
        (lambda: schedule([1, 2, 3], 5), "table-size"),
        (lambda: round_pairing([1, 2, 3, 4], 2, 4), "round-number"),
    ]
    for call, code in cases:
        with pytest.raises(TournamentError) as refused:
            call()
        assert refused.value.code == code
