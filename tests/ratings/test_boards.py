"""Leaderboards: order, shared positions, pages, and the global board's privacy."""

from __future__ import annotations

import itertools
from dataclasses import asdict

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ratings import (
    GLOBAL,
    Player,
    Ratings,
    Scope,
    board,
    computer_rows,
    leaderboard,
    page_of,
)
from bot.ratings.boards import page_count
from tests.ratings.games import person, random_results, result

#: Every user id of the made-up games: all of them chose to appear on global boards.
EVERYONE = range(1, 1000)


def played(count: int = 400, seed: int = 5) -> Ratings:
    ratings = Ratings()
    for game in random_results(count, seed, people=45):
        ratings.apply(game)
    return ratings


def test_a_board_is_best_first_and_equal_ratings_share_a_position() -> None:
    """Rows go down by displayed rating; equal ratings share a position (1, 2, 2, 4)."""
    ratings = Ratings()
    ratings.apply(result("g1", [1, 2, 2, 4]))
    rows = board(ratings, Scope(1, 1), "fish")
    assert [r.position for r in rows] == [1, 2, 2, 4]
    assert rows[1].rating == rows[2].rating
    assert [r.player for r in rows] == [person(1), person(2), person(3), person(4)]
    big = board(played(), GLOBAL, "fish")
    assert [r.rating for r in big] == sorted((r.rating for r in big), reverse=True)
    for above, below in itertools.pairwise(big):
        same = above.rating == below.rating
        assert (below.position == above.position) == same


def test_pages_hold_ten_rows_and_cover_the_board_once() -> None:
    """Every player appears on exactly one page; a page past the end shows the last one."""
    ratings = played()
    rows = board(ratings, Scope(1, 1), "ultimatum")
    first = leaderboard(ratings, Scope(1, 1), "ultimatum")
    assert first.number == 1 and first.players == len(rows) and len(first.rows) == 10
    assert first.pages == page_count(len(rows)) == -(-len(rows) // 10)
    seen = [
        row
        for n in range(1, first.pages + 1)
        for row in leaderboard(ratings, Scope(1, 1), "ultimatum", page=n).rows
    ]
    assert seen == rows
    assert leaderboard(ratings, Scope(1, 1), "ultimatum", page=999).number == first.pages
    assert leaderboard(ratings, Scope(1, 1), "ultimatum", page=-3).number == 1
    empty = leaderboard(Ratings(), Scope(5, 1), "fish")
    assert (empty.number, empty.pages, empty.rows) == (1, 1, ())


def test_page_of_finds_a_players_own_page() -> None:
    """So that a board can open where one stands."""
    ratings = played()
    rows = board(ratings, GLOBAL, "fish", public=EVERYONE)
    for index in (0, 9, 10, len(rows) - 1):
        player = rows[index].player
        assert player is not None
        page = page_of(ratings, GLOBAL, "fish", player)
        assert page == index // 10 + 1
        shown = leaderboard(ratings, GLOBAL, "fish", page, public=EVERYONE).rows
        assert player in [r.player for r in shown]
    assert page_of(ratings, GLOBAL, "fish", person(999)) is None


@settings(max_examples=25, deadline=None)
@given(public=st.sets(st.integers(1, 45)), seed=st.integers(0, 50))
def test_the_global_board_never_names_a_person_who_did_not_opt_in(
    public: set[int], seed: int
) -> None:
    """Privacy: on the global board, a person not in ``public`` keeps a row (positions stay true)
    that carries no trace of who they are; opted-in people are named (computer levels rank
    apart, bot.ratings.boards.computer_rows); a
    server's own board names everyone."""
    ratings = played(150, seed)
    named_rows = board(ratings, GLOBAL, "fish", public=EVERYONE)  # the reference
    rows = board(ratings, GLOBAL, "fish", public=public)
    assert [(r.position, r.rating) for r in rows] == [(r.position, r.rating) for r in named_rows]
    for row, reference in zip(rows, named_rows, strict=True):
        who = reference.player
        assert who is not None
        if who.is_person and who.user_id not in public:
            assert row.player is None and row.anonymous
            # nothing else in the row could tell who it is
            assert set(asdict(row)) == {
                "position",
                "player",
                "rating",
                "provisional",
                "games",
                "wins",
            }
        else:
            assert row.player == who
    hidden = {r.player.user_id for r in named_rows if r.player and r.player.user_id}
    for n in range(1, leaderboard(ratings, GLOBAL, "fish").pages + 1):
        page = leaderboard(ratings, GLOBAL, "fish", page=n, public=public)
        for row in page.rows:
            assert row.player is None or row.player.user_id in public | {None}
    assert all(r.player is not None for r in board(ratings, Scope(1, 1), "fish", public=set()))
    assert all(r.player is None for r in board(ratings, GLOBAL, "fish"))
    assert hidden  # the board did have people on it


def test_computer_levels_are_rated_apart_from_people() -> None:
    """'Penguin Bot (hard)' is rated but ranks among the levels only: the people's board (here
    the person beat it, a hidden player on the global board) starts at position 1 with a
    person, and the level's own row is there beside it, named."""
    ratings = Ratings()
    ratings.apply(result("g1", [2, 1], [person(1), Player(computer=3)], guild=None))
    ratings.apply(result("g2", [1, 2], [Player(computer=1), Player(computer=3)], guild=None))
    rows = board(ratings, GLOBAL, "fish", public=set())
    assert [(r.position, r.player) for r in rows] == [(1, None)]
    assert leaderboard(ratings, GLOBAL, "fish").players == 1
    levels = computer_rows(ratings, GLOBAL, "fish")
    assert {r.player for r in levels} == {Player(computer=1), Player(computer=3)}
    assert levels[0].position == 1 and levels[0].rating >= levels[1].rating
    assert page_of(ratings, GLOBAL, "fish", Player(computer=3)) is None
