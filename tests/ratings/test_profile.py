"""Profiles: games, wins, win rates, averages, opponents, streak and the rating history."""

from __future__ import annotations

import pytest

from bot.ratings import Player, Ratings, Scope, profile
from bot.ratings.profile import streak
from tests.ratings.games import person, random_results, result

HARD = Player(computer=3)


def test_a_profile_counts_games_wins_and_rates_per_kind_and_table_size() -> None:
    """Shared first places are wins; a forfeit is never one; unrated games count as games."""
    games = [
        result("g1", [1, 2], finished=1),
        result("g2", [1, 1, 3], finished=2),
        result("g3", [2, 1, 3], [person(1), HARD, person(3)], finished=3),
        result("u1", [1, 2], kind="ultimatum", finished=4, rated=False),
        result("u2", [1, 2, 3, 4], kind="ultimatum", finished=5, forfeited=(0,)),
        result("x1", [1, 2], [person(5), person(6)], finished=6),  # not theirs
    ]
    me = profile(person(1), games)
    assert (me.total.games, me.total.wins) == (5, 3)
    assert (me.by_kind["fish"].games, me.by_kind["fish"].wins) == (3, 2)
    assert me.by_kind["fish"].win_rate == pytest.approx(2 / 3)
    assert me.by_kind["ultimatum"].wins == 1
    assert me.by_size[("fish", 3)].games == 2 and me.by_size[("fish", 2)].wins == 1
    assert me.by_size[("ultimatum", 4)].wins == 0
    assert set(me.by_size) == {("fish", 2), ("fish", 3), ("ultimatum", 2), ("ultimatum", 4)}
    assert me.averages["fish"] == {"fish": pytest.approx(100 / 3), "floes": pytest.approx(52 / 3)}
    assert me.averages["ultimatum"] == {"points": 26, "shows": 3}
    assert me.opponents[0] == (person(2), 4)
    assert me.opponents[1] == (person(3), 3)
    assert len(me.opponents) == 3
    assert (me.streak.won, me.streak.length) == (False, 1)


def test_a_streak_is_the_run_at_the_end() -> None:
    """Latest games decide: three wins after a loss is a winning streak of three."""
    assert streak([]).length == 0
    assert (streak([False, True, True, True]).won, streak([False, True, True, True]).length) == (
        True,
        3,
    )
    assert streak([True, False, False]).length == 2 and not streak([True, False]).won


def test_the_streak_follows_time_not_the_order_given() -> None:
    """Results may come in any order; the profile sorts them by when they ended."""
    games = [result("b", [2, 1], finished=20), result("a", [1, 2], finished=10)]
    assert profile(person(1), games).streak.won is False
    assert profile(person(2), games).streak.won is True


def test_a_profile_carries_each_kinds_rating_and_history() -> None:
    """The rating of each kind in the scope asked for, with one point per rated game."""
    results = random_results(300, seed=8, people=12)
    ratings = Ratings()
    for game in results:
        ratings.apply(game)
    me = profile(person(4), results, ratings, Scope(2, 1))
    for kind, shown in me.ratings.items():
        standing = ratings.standing(Scope(2, 1), kind, person(4))
        assert standing is not None
        assert shown.rating == standing.rating and shown.games == standing.games
        assert len(shown.history) == standing.games
        assert shown.history[-1].rating == standing.rating
    assert me.ratings and profile(person(4), results).ratings == {}
    bot = profile(HARD, results)
    assert bot.total.games > 0
