"""The standings pictures of queued posts: a payload that survives JSON becomes the view of the
reader's language, and a large field's pages are spread over posts within Discord's 10 files,
every page once and in order; the sign-up picture lists the settings and who has joined."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from fractions import Fraction

from bot.play.tournament_rounds import standings_posts
from bot.store.tournament_rows import Entrant, TournamentRecord
from bot.texts.tournament_views import (
    PICTURES_PER_POST,
    sign_up_view,
    standings_payload,
    standings_view,
)
from bot.tournaments import Round, Table, pair, standings
from render.tournament_views import page_rows

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def record(players: list[int], **changes: object) -> TournamentRecord:
    """A running Swiss tournament of ``players``, named ``p<id>``, the last one withdrawn."""
    fields: dict[str, object] = dict(
        id=7, guild_id=1, channel_id=2, organiser_id=players[0], kind="fish", format="swiss",
        table_size=2, rounds=5, round_days=3.0, turn_days=1.0, options={}, rated=True,
        computers=False, status="running", round=1, closes_at=START, due_at=None, version=3,
        signup_message_id=None, created_at=START,
        entrants=tuple(
            Entrant(p, n, f"p{p}", START, withdrawn=p == players[-1])
            for n, p in enumerate(players)
        ),
    )  # fmt: skip
    fields.update(changes)
    return TournamentRecord(**fields)  # type: ignore[arg-type]


def played_round(players: list[int], seed: int) -> Round:
    """Round 1 of a 2-player Swiss with random winners (F/U game scores 0)."""
    rng = random.Random(seed)
    first = pair(players, [], 2)
    return Round(
        tuple(Table(seats, tuple(rng.sample((1, 2), 2)), (3, 5)) for seats in first.tables),
        first.byes,
    )


def test_a_payload_through_json_is_the_readers_standings() -> None:
    """Points stay exact through JSON; German labels; names, byes and withdrawals kept."""
    players = [11, 12, 13, 14, 15]
    lines = standings(players, [played_round(players, 1)], {15})
    payload = json.loads(json.dumps(standings_payload(record(players), lines, 1, final=True)))
    view = standings_view(payload, "de")
    assert view.final and (view.round, view.rounds, view.number) == (1, 5, 7)
    assert view.labels.final == "Endstand" and view.kind == "Packeis am Pol"
    assert len(view.rows) == len(lines)
    for row, line in zip(view.rows, lines, strict=True):
        exact = (row.points, row.opponents_points, row.head_to_head, row.game_score)
        assert exact == (line.points, line.opponents_points, line.head_to_head, line.game_score)
        assert (row.place, row.name, row.games) == (line.place, f"p{line.player}", line.games)
    assert sum(row.byes for row in view.rows) == 1
    assert [row.name for row in view.rows if row.withdrawn] == ["p15"]
    assert all(isinstance(row.points, Fraction) for row in view.rows)


def test_a_large_fields_pictures_spread_over_posts_each_once() -> None:
    """301 players: 19 picture pages in two posts (10 and 9), the other posts text only."""
    players = list(range(1000, 1301))
    lines = standings(players, [played_round(players, 4)])
    posts = standings_posts("en", record(players), lines, 1, final=True)
    pages = len(page_rows(len(players), True))
    carried = [list(range(*post.payload["pages"])) for post in posts if post.kind == "standings"]
    assert [n for group in carried for n in group] == list(range(pages))
    assert all(len(group) <= PICTURES_PER_POST for group in carried)
    assert [post.kind for post in posts[: len(carried)]] == ["standings"] * len(carried)
    assert all(post.kind == "post" for post in posts[len(carried) :])
    json.dumps([dict(post.payload) for post in posts])  # a queued post's payload is JSON


def test_the_sign_up_shows_settings_and_who_has_joined() -> None:
    """French settings of an Ultimatum tournament; a withdrawn entrant is not listed."""
    tournament = record(
        [21, 22, 23], kind="ultimatum", status="signup", rated=False,
        options={"width": 11, "height": 7}, format="round-robin", table_size=3,
    )  # fmt: skip
    view = sign_up_view("fr", tournament)
    assert view.entrants == ("p21", "p22")
    assert view.status == "Inscriptions ouvertes"
    shown = {setting.label: setting.value for setting in view.settings}
    assert shown["Jeu"] == "The Penguin Ultimatum"
    assert shown["Formule"] == "toutes rondes" and shown["Joueurs par table"] == "3"
    assert shown["Iceberg"] == "11 × 7 cases" and shown["Classée"] == "non"
    assert shown["Jours par ronde"] == "3" and "2026" in shown["Fin des inscriptions"]
