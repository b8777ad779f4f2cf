"""``python -m bot.admin ratings rebuild``: the ratings derived from a JSON-lines file of
results, or from the database the bot would open (``DATABASE_URL`` when set, else
``DATABASE_PATH``)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from bot.admin.ratings import main, rows
from bot.play import ratings as play
from bot.play.rebuild import rebuild, stored_ratings
from bot.play.turns import resign
from bot.ratings import NewSeason, Ratings, Result
from tests.ratings.games import random_results
from tests.store.conftest import GUILD, Clock, open_store, started
from tests.store.conftest import clock as clock  # the fixtures
from tests.store.conftest import db_path as db_path
from tests.store.conftest import target as target

ROOT = Path(__file__).resolve().parents[2]


def write(path: Path, events: list[Result | NewSeason]) -> None:
    path.write_text("".join(json.dumps(e.to_dict()) + "\n" for e in events), encoding="utf-8")


def test_results_round_trip_through_their_json_form() -> None:
    """What the store keeps is what the ratings read back."""
    for game in random_results(50, seed=2):
        assert Result.from_dict(json.loads(json.dumps(game.to_dict()))) == game


def test_rebuild_prints_the_values_the_bot_reached_game_by_game(tmp_path: Path) -> None:
    """The command rebuilds from the file; its output equals the live ratings' rows."""
    results = random_results(200, seed=4)
    season = NewSeason(1, results[120].finished + 0.5)
    live = Ratings()
    for game in results:
        if game is results[121]:
            live.start_season(season.guild_id, season.started)
        live.apply(game)
    path = tmp_path / "results.jsonl"
    write(path, [*results[::-1], season])
    out = io.StringIO()
    assert main(["rebuild", str(path)], out) == 0
    printed = [json.loads(line) for line in out.getvalue().splitlines()]
    assert printed == [json.loads(json.dumps(row)) for row in rows(live)]
    assert {row["scope"] for row in printed} >= {"global", "guild 1 season 2"}
    table = io.StringIO()
    assert main(["rebuild", str(path), "--top", "3"], table) == 0
    assert "global · fish" in table.getvalue()


def test_the_command_says_where_results_come_from_and_refuses_a_bad_file(
    tmp_path: Path,
) -> None:
    """--help names the JSON-lines input; a broken line is an error with its number."""
    helped = subprocess.run(
        [sys.executable, "-m", "bot.admin", "ratings", "rebuild", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "JSON-lines" in helped.stdout
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": "g1"}\n', encoding="utf-8")
    assert main(["rebuild", str(bad)], io.StringIO()) == 1


async def test_rebuild_reads_the_database_the_bot_would_open(
    target: Path | str, clock: Clock, tmp_path: Path
) -> None:
    """Without a file or --database the command opens the bot's database as the bot does:
    DATABASE_URL when it is set (PostgreSQL), else DATABASE_PATH; it prints the ratings the
    running bot stored, and says they all agree."""
    store = await open_store(target, clock)
    try:
        rater = play.Rater(store)
        for players in (2, 3, 2, 4):
            if players == 4:
                await rater.start_season(GUILD)
            record = await started(store, "fish", players)
            for seat in range(players - 1):
                record = await store.get_game(record.id)
                await resign(store, record.id, seat, expected_version=record.version)
            clock.advance(60)
        expected = [json.loads(json.dumps(row)) for row in rows(await stored_ratings(store))]
    finally:
        await store.close()
    assert any(row["scope"] == f"guild {GUILD} season 2" for row in expected)
    (tmp_path / "empty.env").touch()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ENV_FILE": str(tmp_path / "empty.env")}
    if isinstance(target, Path):
        env.update(DATABASE_PATH=str(target), DATABASE_URL="")
    else:  # the SQLite file named beside it does not exist: the URL wins, as in the bot
        env.update(DATABASE_PATH=str(tmp_path / "absent.sqlite3"), DATABASE_URL=target)
    done = subprocess.run(
        [sys.executable, "-m", "bot.admin", "ratings", "rebuild"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert [json.loads(line) for line in done.stdout.splitlines()] == expected
    assert "rebuilt 4 games" in done.stderr and " 0 differing" in done.stderr


async def test_rebuild_finds_and_writes_over_ratings_that_differ(
    target: Path | str, clock: Clock
) -> None:
    """A stored rating changed behind the bot's back is found by the comparison, and --write
    puts the rebuilt one back; the command refuses --write with a results file."""
    store = await open_store(target, clock)
    try:
        for _ in range(3):
            record = await started(store, "fish", 2)
            await resign(store, record.id, 0, expected_version=record.version)
            clock.advance(60)
        kept = await store.all_rating_rows((-1, -1, "", ""), 100)
        await store._db.write_one("UPDATE ratings SET mu = mu + 1 WHERE player = ?", ("u11",))
        assert (await rebuild(store)).differing == [
            (0, 0, "fish", "u11"),
            (GUILD, 1, "fish", "u11"),
        ]
        err = io.StringIO()
        found = await rebuild(store, write=True, out=err)
        assert found.written and "write" in err.getvalue()
        assert await store.all_rating_rows((-1, -1, "", ""), 100) == kept
        assert (await rebuild(store)).differing == []
    finally:
        await store.close()
    assert main(["rebuild", "results.jsonl", "--write"], io.StringIO()) == 2
