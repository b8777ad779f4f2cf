"""Swiss at tables of 2: equal points meet, no rematch while avoidable, a bye at most once,
starting seats alternating."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments import Pairing, Round, Table, pair, records
from tests.tournaments.fields import played, swiss_rounds
from tests.tournaments.oracle import descent, perfect_pairings


def check_round(players: list[int], rounds: list[Round], pairing: Pairing) -> None:
    """Every promise of one round's pairing, against all the alternatives of a small field."""
    book = records(players, rounds)
    seed = {p: n for n, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: (-book[p].points, seed[p]))
    assert sorted(pairing.players) == sorted(players)
    assert all(len(t) == 2 for t in pairing.tables)
    assert len(pairing.byes) == len(players) % 2
    pairs = [(a, b) for a, b in pairing.tables]
    if pairing.byes:
        # A bye goes to someone with the fewest byes: at most once while anyone has had none.
        fewest = min(book[p].byes for p in players)
        assert book[pairing.byes[0]].byes == fewest
    rest = [p for p in ranked if p not in pairing.byes]
    clean = list(perfect_pairings(rest, book))
    rematch = any(book[a].met[b] for a, b in pairs)
    if rematch:
        # A rematch only when no bye a player could take leaves a pairing without one.
        fewest = min(book[p].byes for p in players)
        takers = [p for p in players if book[p].byes == fewest] if pairing.byes else [None]
        for taker in takers:
            assert not list(perfect_pairings([p for p in ranked if p != taker], book))
        return
    # Nobody paired down further than needed: no pairing without rematch (same bye) descends
    # fewer score groups in all.
    points = {p: book[p].points for p in rest}
    ours = sum(descent(pairs, rest, points))
    assert ours == min(sum(descent(other, rest, points)) for other in clean)
    # The lowest ranked who could take the bye without forcing a rematch took it.
    if pairing.byes:
        fewest = min(book[p].byes for p in players)
        below = ranked[ranked.index(pairing.byes[0]) + 1 :]
        for other in below:
            if book[other].byes == fewest:
                assert not list(perfect_pairings([p for p in ranked if p != other], book))
    for first, second in pairing.tables:
        # The one who moved first less often (then who moved second last time) goes first.
        assert (book[first].lead, book[first].last_lead) <= (
            book[second].lead,
            book[second].last_lead,
        )


@settings(max_examples=600, deadline=None)
@given(st.integers(2, 11), st.integers(1, 10), st.randoms(use_true_random=False))
def test_small_fields_keep_every_promise(count: int, rounds: int, rng: random.Random) -> None:
    """Over random fields and results: the pairing of every round keeps every promise."""
    players = rng.sample(range(1, 1000), count)
    history: list[Round] = []
    for _ in range(rounds):
        pairing = pair(players, history, 2)
        check_round(players, history, pairing)
        assert pair(players, history, 2) == pairing
        history.append(played(pairing, rng))


@settings(max_examples=20, deadline=None)
@given(st.integers(40, 160), st.randoms(use_true_random=False))
def test_large_fields_never_rematch_and_byes_go_round(count: int, rng: random.Random) -> None:
    """Over 8 rounds of a large field nobody meets anyone twice, and nobody has two byes."""
    players = list(range(1, count + 1))
    history, pairings = swiss_rounds(players, 2, 8, rng)
    book = records(players, history)
    assert all(max(book[p].met.values()) == 1 for p in players)
    assert all(book[p].byes <= 1 for p in players)
    assert sum(len(p.byes) for p in pairings) == 8 * (count % 2)


def test_a_field_drawing_every_game_never_rematches() -> None:
    """Forty players who draw every game stay one score group for eight rounds, and still
    nobody meets anyone twice."""
    players = list(range(1, 41))
    history: list[Round] = []
    for _ in range(8):
        pairing = pair(players, history, 2)
        history.append(Round(tuple(Table(t, (1, 1), (3, 3)) for t in pairing.tables)))
    book = records(players, history)
    assert all(sorted(book[p].met.values()) == [1] * 8 for p in players)


def test_first_round_pairs_in_entry_order() -> None:
    """Round 1: everyone on 0 points, each takes the next entrant; an odd one out, the last
    entered, has the bye."""
    pairing = pair([5, 3, 9, 1, 7], [], 2)
    assert sorted(map(sorted, pairing.tables)) == [[3, 5], [1, 9]] or pairing.tables
    assert {frozenset(t) for t in pairing.tables} == {frozenset({5, 3}), frozenset({9, 1})}
    assert pairing.byes == (7,)


def test_winners_meet_winners_and_seats_swap() -> None:
    """Round 2 of four: the winners meet, the losers meet; at each table the one who moved
    second in round 1 moves first."""
    first = pair([1, 2, 3, 4], [], 2)
    assert first == Pairing(((1, 2), (3, 4)))
    history = [Round((Table((1, 2), (1, 2), (5, 3)), Table((3, 4), (2, 1), (2, 4))))]
    assert pair([1, 2, 3, 4], history, 2) == Pairing(((4, 1), (2, 3)))


def test_withdrawn_players_are_not_paired() -> None:
    """A withdrawn player sits at no table and has no bye."""
    players = [1, 2, 3, 4, 5, 6]
    rng = random.Random(8)
    history = [played(pair(players, [], 2), rng)]
    pairing = pair(players, history, 2, withdrawn={4})
    assert 4 not in pairing.players
    assert sorted(pairing.players) == [1, 2, 3, 5, 6]
