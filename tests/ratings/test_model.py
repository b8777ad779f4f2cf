"""Ratings: equal to openskill's own ``rate`` for known results, rebuild equals the game-by-game
values, the display scale and the provisional rule, seasons."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from bot.ratings import (
    GLOBAL,
    PROVISIONAL_SIGMA,
    AlreadyRated,
    NewSeason,
    Player,
    Ratings,
    Result,
    Scope,
    display,
    rebuild,
)
from bot.ratings.model import BASE, SCALE
from tests.ratings.games import person, random_results, result

MODEL = PlackettLuce()


def expected(ranks: list[float], players: int = 0) -> list[tuple[float, float]]:
    """openskill's own update for newcomers finishing with ``ranks``."""
    teams = [[MODEL.rating()] for _ in range(players or len(ranks))]
    return [(t[0].mu, t[0].sigma) for t in MODEL.rate(teams, ranks=ranks)]


def values(ratings: Ratings, scope: Scope, players: int) -> list[tuple[float, float]]:
    found = []
    for n in range(1, players + 1):
        standing = ratings.standing(scope, "fish", person(n))
        assert standing is not None
        found.append((standing.mu, standing.sigma))
    return found


@pytest.mark.parametrize(
    ("places", "forfeited", "ranks"),
    [
        ([1, 2], (), [1, 2]),
        ([2, 1], (), [2, 1]),
        ([1, 2, 3], (), [1, 2, 3]),
        ([3, 1, 2, 4], (), [3, 1, 2, 4]),
        ([1, 1], (), [1, 1]),  # a draw
        ([1, 1, 3, 4], (), [1, 1, 3, 4]),  # a shared first place
        ([1, 2, 2, 2], (), [1, 2, 2, 2]),
        ([1, 2, 3], (0,), [4, 2, 3]),  # the leader resigned: last
        ([1, 2, 3, 4], (1, 3), [1, 5, 3, 5]),  # two forfeits tie for last
    ],
)
def test_an_update_equals_openskills_for_known_results(
    places: list[int], forfeited: tuple[int, ...], ranks: list[float]
) -> None:
    """2, 3 and 4 players, ties, resignations: each player's (μ, σ) is exactly what openskill's
    Plackett–Luce ``rate`` gives, in the server's season and globally."""
    ratings = Ratings()
    changes = ratings.apply(result("g1", places, forfeited=forfeited))
    want = expected(ranks)
    assert values(ratings, Scope(1, 1), len(places)) == want
    assert values(ratings, GLOBAL, len(places)) == want
    assert len(changes) == 2 * len(places)
    assert {c.scope for c in changes} == {Scope(1, 1), GLOBAL}


def test_a_second_game_starts_from_the_first_games_values() -> None:
    """Ratings carry over: the second update is openskill's from the first one's values."""
    ratings = Ratings()
    ratings.apply(result("g1", [1, 2, 3]))
    ratings.apply(result("g2", [2, 1], [person(1), person(3)], finished=1))
    first = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[1, 2, 3])
    second = MODEL.rate([first[0], first[2]], ranks=[2, 1])
    got = [ratings.standing(GLOBAL, "fish", person(n)) for n in (1, 3)]
    assert [(s.mu, s.sigma) for s in got if s] == [(t[0].mu, t[0].sigma) for t in second]


def test_a_computer_level_holding_several_seats_takes_the_mean_of_its_copies() -> None:
    """Two 'Bot (hard)' seats in one game: one rating, the mean of both seats' updates."""
    hard = Player(computer=3)
    ratings = Ratings()
    changes = ratings.apply(result("g1", [2, 1, 3], [hard, person(1), hard]))
    out = expected([2, 1, 3])
    standing = ratings.standing(GLOBAL, "fish", hard)
    assert standing is not None and standing.games == 1
    assert standing.mu == pytest.approx((out[0][0] + out[2][0]) / 2)
    assert standing.sigma == pytest.approx((out[0][1] + out[2][1]) / 2)
    assert sorted(c.player.key() for c in changes if c.scope == GLOBAL) == ["c3", "u1"]


def test_unrated_and_repeated_games_change_nothing() -> None:
    """A game opened rated:false is not counted; a result applied twice is refused."""
    ratings = Ratings()
    assert ratings.apply(result("g1", [1, 2], rated=False)) == []
    assert ratings.standings(GLOBAL, "fish") == {}
    ratings.apply(result("g2", [1, 2]))
    with pytest.raises(AlreadyRated):
        ratings.apply(result("g2", [1, 2]))
    assert ratings.standing(GLOBAL, "fish", person(1)).games == 1  # type: ignore[union-attr]


def test_changes_show_the_displayed_ratings_before_and_after() -> None:
    """A newcomer starts at 1,000; the winner gains, the loser drops; both stay provisional."""
    ratings = Ratings()
    changes = [c for c in ratings.apply(result("g1", [1, 2])) if c.scope == Scope(1, 1)]
    winner, loser = changes
    assert winner.before == loser.before == BASE
    assert winner.delta > 0 > loser.delta
    assert winner.won and not loser.won
    assert winner.provisional and loser.provisional


def test_display_scale_and_provisional_rule() -> None:
    """display = floor(1000 + 25·(μ − 3σ)), never below 0; provisional while σ > 7."""
    assert display(25, 25 / 3) == 1000
    assert display(25, 2) == 1000 + SCALE * 19
    assert display(30.0, 1.0) == 1675
    assert display(0, 20) == 0
    assert display(25.01, 25 / 3) == 1000  # floored
    ratings = Ratings()
    games = 0
    while True:
        ratings.apply(result(f"g{games}", [1 + games % 2, 2 - games % 2], finished=games))
        games += 1
        standing = ratings.standing(GLOBAL, "fish", person(1))
        assert standing is not None
        if not standing.provisional:
            break
    assert standing.sigma <= PROVISIONAL_SIGMA
    assert 6 <= games <= 12, games


def test_rebuild_equals_incremental_over_a_thousand_random_games() -> None:
    """1,000 random finished games (2–4 seats, ties, forfeits, computers, unrated ones, three
    servers with season starts between them): rebuilding from the stored results, in any order,
    gives exactly the values reached game by game, histories and past seasons included."""
    results = random_results(1000, seed=19)
    seasons = [NewSeason(2, results[300].finished + 1), NewSeason(1, results[700].finished + 1)]
    live = Ratings()
    changes = 0
    pending = list(seasons)
    for game in results:  # as the bot does it: an admin's new season between two games
        while pending and pending[0].started <= game.finished:
            season = pending.pop(0)
            live.start_season(season.guild_id, season.started)
        changes += len(live.apply(game))
    assert changes > 4000
    events: list[Result | NewSeason] = [*results, *seasons]
    random.Random(3).shuffle(events)
    rebuilt = rebuild(events)
    assert rebuilt == live
    assert list(rebuilt.entries()) == list(live.entries())
    assert live.season(1) == 2 and live.season(2) == 2 and live.season(3) == 1


def test_a_new_season_starts_fresh_and_keeps_the_best_three() -> None:
    """Starting a season empties the server's boards (not the global one nor other servers')
    and keeps the ended season's top three per kind; the next game starts from 1,000."""
    ratings = Ratings()
    for n in range(6):
        ratings.apply(result(f"g{n}", [1, 2, 3, 4], finished=n))
    ratings.apply(result("o1", [1, 2], guild=9, finished=7))
    ratings.apply(result("u1", [2, 1], kind="ultimatum", finished=8))
    past = ratings.start_season(1, started=100)
    assert past.season == 1 and past.ended == 100 and past.started is None
    assert [p.player for p in past.podium["fish"]] == [person(1), person(2), person(3)]
    assert [p.position for p in past.podium["fish"]] == [1, 2, 3]
    assert len(past.podium["ultimatum"]) == 2
    assert ratings.season(1) == 2 and ratings.scope(1) == Scope(1, 2)
    assert ratings.standings(Scope(1, 2), "fish") == {}
    assert ratings.standings(Scope(1, 1), "fish") == {}
    assert ratings.standing(Scope(9, 1), "fish", person(1)) is not None
    assert ratings.standing(GLOBAL, "fish", person(1)).games == 7  # type: ignore[union-attr]
    changes = ratings.apply(result("g9", [1, 2], finished=200))
    assert [c.before for c in changes if c.scope == Scope(1, 2)] == [1000, 1000]
    second = ratings.start_season(1, started=300)
    assert second.started == 100 and second.season == 2
    assert [s.season for s in ratings.past_seasons(1)] == [1, 2]


def test_a_podium_shares_places_on_equal_ratings() -> None:
    """Two players with the same rating share second place; the top three may be four people."""
    ratings = Ratings()
    ratings.apply(result("g1", [1, 2, 2, 4]))
    podium = ratings.start_season(1, 10).podium["fish"]
    assert [p.position for p in podium] == [1, 2, 2]


def test_history_records_the_rating_after_every_game() -> None:
    """One point per rated game in each scope, with the game and its time."""
    ratings = Ratings()
    for n in range(4):
        ratings.apply(result(f"g{n}", [1, 2], finished=n * 10.0))
    history = ratings.history(Scope(1, 1), "fish", person(1))
    assert [p.game_id for p in history] == ["g0", "g1", "g2", "g3"]
    assert [p.finished for p in history] == [0, 10, 20, 30]
    standing = ratings.standing(Scope(1, 1), "fish", person(1))
    assert standing is not None and history[-1].rating == standing.rating
