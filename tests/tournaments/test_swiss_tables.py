"""Swiss at tables of 3 and 4: tables filled best first within score groups, those who met least
put together, tables of n and n − 1 instead of byes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments import Round, Table, pair, records, table_sizes
from tests.tournaments.fields import played


@settings(max_examples=600, deadline=None)
@given(
    st.integers(2, 40),
    st.sampled_from([3, 4]),
    st.integers(1, 8),
    st.randoms(use_true_random=False),
)
def test_random_fields_keep_every_promise(
    count: int, size: int, rounds: int, rng: random.Random
) -> None:
    """Each round: everyone still in sits once, no byes, table sizes within one (at most the
    table size); every player at a table scores at least as much as anyone at a later table;
    the table's head met the first member taken from a score group no more often than anyone
    of that group left for later tables; the same input gives the same pairing."""
    players = rng.sample(range(1, 10_000), count)
    withdrawn: set[int] = set()
    history: list[Round] = []
    for _ in range(rounds):
        if len(players) - len(withdrawn) < 2:
            break
        pairing = pair(players, history, size, withdrawn)
        assert pair(players, history, size, withdrawn) == pairing
        still = [p for p in players if p not in withdrawn]
        assert sorted(pairing.players) == sorted(still) and pairing.byes == ()
        sizes = [len(t) for t in pairing.tables]
        assert sizes == list(table_sizes(len(still), size))
        assert max(sizes) - min(sizes) <= 1 and max(sizes) <= size
        book = records(players, history)
        for n, table in enumerate(pairing.tables):
            later = [p for t in pairing.tables[n + 1 :] for p in t]
            assert min(book[p].points for p in table) >= max(
                (book[p].points for p in later), default=0
            )
            head = min(table, key=lambda p: (-book[p].points, players.index(p)))
            mates = [p for p in table if p != head]
            level = max(book[p].points for p in mates)
            from_level = [p for p in mates if book[p].points == level]
            rivals = [p for p in later if book[p].points == level]
            assert min(book[head].met[p] for p in from_level) <= min(
                (book[head].met[p] for p in rivals), default=99
            )
        history.append(played(pairing, rng))
        if rng.random() < 0.2:
            withdrawn.add(rng.choice(still))


def test_those_who_met_least_sit_together() -> None:
    """Eight at tables of 4, round 1 all tied: round 2 is one score group, so each table takes
    two players from each table of round 1 (two pairs who met, the fewest possible) rather
    than three or four who met."""
    history = [
        Round(
            (
                Table((1, 2, 3, 4), (1, 1, 1, 1), (4, 4, 4, 4)),
                Table((5, 6, 7, 8), (1, 1, 1, 1), (2, 2, 2, 2)),
            )
        )
    ]
    tables = pair([1, 2, 3, 4, 5, 6, 7, 8], history, 4).tables
    assert [set(t) for t in tables] == [{1, 2, 5, 6}, {3, 4, 7, 8}]


@pytest.mark.parametrize(
    ("count", "size", "sizes"),
    [
        (11, 4, (4, 4, 3)),
        (10, 4, (4, 3, 3)),
        (9, 4, (3, 3, 3)),
        (5, 4, (3, 2)),
        (3, 4, (3,)),
        (7, 3, (3, 2, 2)),
        (9, 2, (2, 2, 2, 2, 1)),
    ],
)
def test_fields_split_into_tables_within_one(count: int, size: int, sizes: tuple[int, ...]) -> None:
    """The fewest tables, sizes within one of each other: 11 at tables of 4 play 4, 4, 3; a
    field too small for n and n − 1 (5 at tables of 4) plays 3 and 2; at tables of 2 an odd
    field leaves one alone (the bye)."""
    assert table_sizes(count, size) == sizes
