"""Ratings in words: the final post's rating changes, boards and profiles in en, de and fr."""

from __future__ import annotations

import pytest

from bot.ratings import GLOBAL, Change, Player, Ratings, Scope, leaderboard, profile, texts
from tests.ratings.games import person, random_results, result

NAMES = {person(1): "Alice", person(2): "Bob", person(3): "Cleo"}


def change(before: int, after: int, provisional: bool = False) -> Change:
    return Change(Scope(1, 1), "fish", person(1), before, after, provisional, after > before)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Alice 1,487 → 1,512 (+25)"),
        ("de", "Alice 1.487 → 1.512 (+25)"),
        ("fr", "Alice 1\u202f487 → 1\u202f512 (+25)"),
    ],
)
def test_the_final_post_shows_each_rating_change(lang: str, line: str) -> None:
    """The example line of a rating change, grouped the reader's way."""
    assert texts.change_line(change(1487, 1512), "Alice", lang) == line


def test_a_loss_a_standstill_and_a_provisional_rating_are_worded() -> None:
    assert texts.change_line(change(1512, 1500), "Alice") == "Alice 1,512 → 1,500 (−12)"
    assert texts.change_line(change(1500, 1500), "Alice") == "Alice 1,500 → 1,500 (±0)"
    assert texts.change_line(change(1000, 1062, True), "Alice", "de") == (
        "Alice 1.000 → 1.062 (+62, vorläufig)"
    )


def test_the_final_post_lists_the_servers_changes_in_seat_order() -> None:
    """One line per seat from the server's season (global changes are not repeated); a
    computer level is named by its level in the reader's language."""
    ratings = Ratings()
    seats = [person(2), Player(computer=3), person(1)]
    changes = ratings.apply(result("g1", [2, 1, 3], seats))
    lines = texts.change_lines(changes, NAMES, "fr")
    assert [line.split(" ")[0] for line in lines] == ["Bob", "Penguin", "Alice"]
    assert lines[1].startswith(texts.player_name(Player(computer=3), NAMES, "fr") + " 1\u202f000")
    assert texts.player_name(Player(computer=3), NAMES, "de") == "Penguin Bot (schwer)"
    assert all("provisoire" in line for line in lines)
    outside = Ratings().apply(result("g2", [1, 2], guild=None))
    assert len(texts.change_lines(outside, NAMES)) == 2


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_board_view_never_names_a_hidden_player(lang: str) -> None:
    """Anonymous rows read "Hidden player" (in the language), named ones their name."""
    ratings = Ratings()
    for game in random_results(200, seed=6, people=12):
        ratings.apply(game)
    names = {person(n): f"Person{n}" for n in range(1, 13)}
    page = leaderboard(ratings, GLOBAL, "fish", public={3})
    view = texts.leaderboard_view(page, names, lang)
    hidden = texts.player_name(None, names, lang)
    for row, drawn in zip(page.rows, view["rows"], strict=True):
        if row.anonymous:
            assert drawn["name"] == hidden and drawn["anonymous"]
    everything = repr(view) + "\n".join(texts.leaderboard_lines(page, names, lang))
    for n in range(1, 13):
        if n != 3:
            assert f"Person{n}" not in everything
    assert view["rows"][0]["medal"] == 1


def test_a_profile_view_in_words() -> None:
    """Record, table sizes, averages, streak and opponents read as sentences."""
    games = [result(f"g{n}", [1, 2, 3], finished=n) for n in range(3)]
    ratings = Ratings()
    for game in games:
        ratings.apply(game)
    view = texts.profile_view(
        profile(person(1), games, ratings, Scope(1, 1)), NAMES, "en", Scope(1, 1)
    )
    panel = view["kinds"][0]
    assert panel["title"] == "Hey, That's My Fish!"
    assert panel["lines"][0] == "3 games · 3 wins · 100% won"
    assert panel["lines"][1] == "3 players: 3 games, 100% won"
    assert panel["lines"][2] == "Average: 35.0 fish, 18.0 floes"
    assert len(panel["history"]) == 3 and panel["note"] == "provisional"
    assert view["lines"] == ["Streak: 3 wins in a row", "Most often against: Bob (3), Cleo (3)"]
    assert view["subtitle"] == "This server · season 1"
    empty = texts.profile_view(profile(person(9), games), NAMES, "de")
    assert empty["kinds"] == [] and empty["empty"] == "Noch keine beendeten Partien."


def test_past_seasons_name_their_best_three() -> None:
    ratings = Ratings()
    ratings.apply(result("g1", [1, 2, 3]))
    past = ratings.start_season(1, 5)
    assert texts.season_lines([past], NAMES) == [
        f"Season 1 · Hey, That's My Fish!: 1. Alice {texts.number(p[0].rating)} · "
        f"2. Bob {texts.number(p[1].rating)} · 3. Cleo {texts.number(p[2].rating)}"
        for p in [past.podium["fish"]]
    ]
