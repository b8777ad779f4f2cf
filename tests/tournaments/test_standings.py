"""Table points and the standings' tie-breaks, against hand computations."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction as F

import pytest

from bot.tournaments import Round, Standing, Table, TournamentError, standings, table_points


@pytest.mark.parametrize(
    ("places", "forfeited", "points"),
    [
        ((1, 2), (), (1, 0)),
        ((1, 1), (), (F(1, 2), F(1, 2))),
        ((2, 1, 3), (), (F(1, 2), 1, 0)),
        ((1, 2, 2, 4), (), (1, F(1, 2), F(1, 2), 0)),
        ((1, 2, 3, 4), (), (1, F(2, 3), F(1, 3), 0)),
        ((1, 1, 1, 4), (), (F(2, 3), F(2, 3), F(2, 3), 0)),
        ((1, 1, 1, 1), (), (F(1, 2), F(1, 2), F(1, 2), F(1, 2))),
        # A forfeit ranks last whatever the position: the leader who timed out scores 0.
        ((1, 2, 3), (10,), (0, 1, F(1, 2))),
        # Two forfeits share the last places.
        ((1, 2, 3, 4), (10, 30), (F(1, 6), 1, F(1, 6), F(2, 3))),
    ],
)
def test_table_points(
    places: tuple[int, ...], forfeited: tuple[int, ...], points: tuple[F, ...]
) -> None:
    """First 1, last 0, evenly between; ties share the mean of the places they cover."""
    seats = (10, 20, 30, 40)[: len(places)]
    table = Table(seats, places, (0,) * len(places), frozenset(forfeited))
    assert table_points(table) == dict(zip(seats, points, strict=True))


def test_standings_of_a_small_swiss() -> None:
    """Five players, three rounds with draws and byes, worked by hand:

    R1: 1–2 drawn, 3–4 drawn, 5 bye. R2: 1 beats 5, 3 beats 2, 4 bye. R3: 1 beats 3, 5 beats 4,
    2 bye. Points: 1: 5/2, 5: 2, and 2, 3, 4: 3/2. Opponents' points (a bye counts as an
    opponent with one's own points): 1: 3/2 + 2 + 3/2 = 5; 5: 2 + 5/2 + 3/2 = 6; 2: 5/2 + 3/2
    + 3/2 = 11/2; 3: 3/2 + 3/2 + 5/2 = 11/2; 4: 3/2 + 2 + 3/2 = 5. Players 2 and 3 are level on
    both: 3 beat 2, so head to head 3 has 1 and 2 has 0.
    """
    rounds = [
        Round((Table((1, 2), (1, 1), (3, 3)), Table((3, 4), (1, 1), (2, 2))), byes=(5,)),
        Round((Table((5, 1), (2, 1), (3, 5)), Table((2, 3), (2, 1), (0, 3))), byes=(4,)),
        Round((Table((1, 3), (1, 2), (5, 0)), Table((4, 5), (2, 1), (0, 5))), byes=(2,)),
    ]
    assert standings([1, 2, 3, 4, 5], rounds) == (
        Standing(1, 1, F(5, 2), F(5), None, 13, 3, 0, False),
        Standing(2, 5, F(2), F(6), None, 8, 2, 1, False),
        Standing(3, 3, F(3, 2), F(11, 2), F(1), 5, 3, 0, False),
        Standing(4, 2, F(3, 2), F(11, 2), F(0), 3, 2, 1, False),
        Standing(5, 4, F(3, 2), F(5), None, 2, 2, 1, False),
    )


def test_players_level_on_everything_share_a_place() -> None:
    """One table of four, places 1, 2, 2, 4 with equal game scores for the tied two: they share
    second place (points 1/2; opponents' points (1 + 1/2 + 0) / 3 = 1/2; head to head 1/2
    each); the withdrawn player stays in the standings, marked."""
    rounds = [Round((Table((7, 8, 9, 6), (1, 2, 2, 4), (9, 5, 5, 1)),))]
    lines = standings([6, 7, 8, 9], rounds, withdrawn={6})
    assert [(s.place, s.player) for s in lines] == [(1, 7), (2, 8), (2, 9), (4, 6)]
    assert lines[1].opponents_points == lines[2].opponents_points == F(1, 2)
    assert lines[1].head_to_head == lines[2].head_to_head == F(1, 2)
    assert lines[0].opponents_points == F(1, 3) and lines[3].opponents_points == F(2, 3)
    assert [s.withdrawn for s in lines] == [False, False, False, True]


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: Table((1,), (1,), (0,)), "table-seats"),
        (lambda: Table((1, 1), (1, 2), (0, 0)), "table-seats"),
        (lambda: Table((1, 2), (1,), (0, 0)), "table-shape"),
        (lambda: Table((1, 2), (0, 1), (0, 0)), "table-place"),
        (lambda: Table((1, 2), (1, 2), (0, 0), frozenset({3})), "table-forfeit"),
        (lambda: standings([1, 2], [Round((Table((1, 3), (1, 2), (0, 0)),))]), "round-stranger"),
        (lambda: standings([1, 2], [Round((Table((1, 2), (1, 2), (0, 0)),), (1,))]), "round-twice"),
        (lambda: standings([1, 2, 2], []), "field-twice"),
        (lambda: standings([1, 2], [], withdrawn={3}), "field-withdrawn"),
    ],
)
def test_bad_input_is_refused_with_its_reason(make: Callable[[], object], code: str) -> None:
    """Each malformed input raises a TournamentError naming what is wrong."""
    with pytest.raises(TournamentError) as refused:
        make()
    assert refused.value.code == code
