"""A large field's standings and round announcements go out as several posts, each within
Discord's 2,000 characters and headed alike, every line once and in order."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.store.tournament_rows import Entrant, TournamentRecord
from bot.texts.tournament import POST_LIMIT, round_pages, standings_pages
from bot.tournaments import Round, Table, pair, standings

START = datetime(2026, 1, 1, tzinfo=UTC)


def record(players: list[int]) -> TournamentRecord:
    """A running Swiss tournament of ``players`` with long display names."""
    return TournamentRecord(
        id=7, guild_id=1, channel_id=2, organiser_id=players[0], kind="fish", format="swiss",
        table_size=2, rounds=5, round_days=3.0, turn_days=1.0, options={}, rated=True,
        computers=False, status="running", round=2, closes_at=START, due_at=None, version=3,
        signup_message_id=None, created_at=START,
        entrants=tuple(Entrant(p, n, "x" * 32, START) for n, p in enumerate(players)),
    )  # fmt: skip


def test_standings_and_rounds_of_a_large_field_split_within_the_limit() -> None:
    """301 players after a round of random results: standings and the next round's tables."""
    rng = random.Random(4)
    players = list(range(1000, 1301))
    first = pair(players, [], 2)
    played = Round(
        tuple(Table(seats, tuple(rng.sample((1, 2), 2)), (0, 0)) for seats in first.tables),
        first.byes,
    )
    lines = standings(players, [played])
    tournament = record(players)
    table = standings_pages("en", tournament, lines, after=1, final=False)
    tables = round_pages("en", tournament, 2, pair(players, [played], 2), START)
    for posts, rows in ((table, len(players)), (tables, 151)):
        assert len(posts) > 1
        assert all(len(post) <= POST_LIMIT for post in posts)
        assert len({post.split("\n")[0] for post in posts}) == 1
        assert len([line for post in posts for line in post.split("\n")[1:]]) == rows
    places = [int(line.split(".")[0]) for post in table for line in post.split("\n")[1:]]
    assert places == sorted(places) == [line.place for line in lines]
