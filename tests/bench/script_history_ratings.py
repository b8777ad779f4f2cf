"""Ratings against a long history, printed (no assertion about speed: the machine is shared).

Run with ``.venv/bin/python tests/bench/script_history_ratings.py [sizes…]`` (default 10000
100000). For each size it builds an SQLite database of that many finished, rated games by bulk
insertion that matches the schema (games, seats, results, each game's rating changes, every
player's current ratings and each board's count row; 3,000 servers of Zipf sizes, one player
per five games, one in ten opted in to the global board; the rating values are stand-ins, not
openskill's, which only the timing does not care about), then, in a fresh process per size (so
memory is that process's own): the start-up (the store opened and the ratings made ready for
use) with its time and the process's resident memory after it, the leaderboard of the biggest
server and the global one, a profile in that server and from a direct message, and the undo of
a rated game that just ended (played through the store and rated as the bot does). Medians of
the rounds.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime, timedelta
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.play import ratings as play  # noqa: E402
from bot.ratings import PER_PAGE, Player, Result, Seat, display  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.store.schema import COUNT_BOARDS  # noqa: E402

SERVERS = 3_000
START = 1_600_000_000.0
BATCH = 20_000


def zipf_server(rng: random.Random) -> int:
    """A server id, the first ones far busier than the rest (Zipf, exponent 1)."""
    return 1 + min(int(SERVERS ** rng.random()) - 1, SERVERS - 1)


def results(size: int, seed: int = 5) -> Iterator[tuple[int, Result]]:
    """``size`` random finished rated Fish games of 2 to 4 people, in the order they ended."""
    rng = random.Random(seed)
    people = max(1_000, size // 5)
    for number in range(1, size + 1):
        guild = zipf_server(rng)
        seated = rng.sample(range(1, people + 1), rng.randint(2, 4))
        scores = [rng.randint(0, 60) for _ in seated]
        yield (
            (
                guild,
                Result(
                    game_id=str(number),
                    guild_id=guild,
                    kind="fish",
                    finished=START + number * 17.0,
                    seats=tuple(
                        Seat(
                            Player(user_id=user),
                            place=1 + sum(o > s for o in scores),
                            score=s,
                            stats={"fish": s, "floes": s // 2},
                        )
                        for user, s in zip(seated, scores, strict=True)
                    ),
                ),
            )
        )


def build(path: Path, size: int) -> None:
    """Bulk-insert ``size`` finished rated games into the fresh database at ``path``."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA synchronous = OFF")
    made = results(size)
    standing: dict[tuple[int, int, str, str], list[float]] = {}
    while chunk := list(islice(made, BATCH)):
        changes = []
        for guild, r in chunk:
            game = int(r.game_id)
            for scope in ((guild, 1), (0, 0)):
                for seat in r.seats:
                    key = (*scope, "fish", seat.player.key())
                    old = standing.get(key)
                    mu = 25.0 + (seat.score - 30) / 30 + (old[0] - 25.0 if old else 0.0) * 0.9
                    sigma = max(1.0, (old[1] if old else 25 / 3) * 0.97)
                    won = seat.place == 1
                    games, wins = (old[2], old[3]) if old else (0, 0)
                    standing[key] = [mu, sigma, games + 1, wins + won, game]
                    changes.append(
                        (game, *key, r.finished, int(won), old[0] if old else None,
                         old[1] if old else None, games, wins, old[4] if old else None, mu, sigma,
                         display(old[0], old[1]) if old else 0, display(mu, sigma))
                    )  # fmt: skip
        with conn:
            conn.executemany(
                "INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, "
                "max_players, seed, snapshot, version, created_at, updated_at, finished_at, "
                "ranking) VALUES (?, 'fish', ?, ?, 'finished', ?, ?, 7, '{}', 60, ?, ?, ?, ?)",
                [
                    (int(r.game_id), guild, guild * 10, r.seats[0].player.user_id, r.players,
                     r.finished - 3600, r.finished, r.finished, "[[0]]")
                    for guild, r in chunk
                ],
            )  # fmt: skip
            conn.executemany(
                "INSERT INTO seats (game_id, slot, seat, user_id, joined_at, score, place, name) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (int(r.game_id), i, i, s.player.user_id, r.finished - 3600, s.score, s.place,
                     f"Player {s.player.user_id}")
                    for _, r in chunk
                    for i, s in enumerate(r.seats)
                ],
            )  # fmt: skip
            conn.executemany(
                "INSERT INTO results (game_id, guild_id, kind, finished_at, rated, result, "
                "season) VALUES (?, ?, 'fish', ?, 1, ?, 1)",
                [(int(r.game_id), guild, r.finished, play.result_text(r)) for guild, r in chunk],
            )
            conn.executemany(
                "INSERT INTO rating_changes (game_id, guild_id, season, kind, player, "
                "finished_at, won, mu_before, sigma_before, games_before, wins_before, "
                "last_game_before, mu, sigma, rating_before, rating) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                changes,
            )
    with conn:
        conn.executemany(
            "INSERT INTO ratings (guild_id, season, kind, player, user_id, mu, sigma, rating, "
            "ordinal, games, wins, last_game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (*key, int(key[3][1:]), mu, sigma, display(mu, sigma), mu - 3 * sigma,
                 int(games), int(wins), int(last))
                for key, (mu, sigma, games, wins, last) in standing.items()
            ],
        )  # fmt: skip
        conn.execute(COUNT_BOARDS)  # the count rows the store keeps with the ratings
        people = sorted({k[3] for k in standing})
        conn.executemany(
            "INSERT INTO user_settings (user_id, global_board, updated_at) VALUES (?, 1, 0)",
            [(int(p[1:]),) for p in people[::10]],
        )
    conn.close()


async def timed(action: Callable[[], Awaitable[object]], rounds: int) -> float:
    """The median milliseconds of ``rounds`` awaited calls."""
    found = []
    for _ in range(rounds):
        begun = time.perf_counter()
        await action()
        found.append((time.perf_counter() - begun) * 1000)
    return statistics.median(found)


def resident_mb() -> float:
    """This process's resident memory, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def measure(path: Path) -> dict[str, float]:
    """The figures of one database, in this process."""
    from bot.play.undo import carry_out_undo
    from tests.store.conftest import Clock, play_random, started

    figures: dict[str, float] = {}
    clock = Clock(START + 10**9)
    begun = time.perf_counter()
    store = await Store.open(path, clock=clock)
    try:
        rater = play.Rater(store)
        assert not await store.ratings_stale()  # what the bot reads of ratings at start
        figures["start-up s"] = time.perf_counter() - begun
        figures["start-up MB"] = resident_mb()
        rows = await store._db.fetchall(
            "SELECT guild_id, count(*) AS n FROM results GROUP BY guild_id ORDER BY n DESC LIMIT 1"
        )
        guild = int(rows[0]["guild_id"])
        person = int(
            (await store._db.fetchall(
                "SELECT user_id FROM seats JOIN games ON games.id = seats.game_id "
                "WHERE games.guild_id = ? LIMIT 1", (guild,)))[0]["user_id"]
        )  # fmt: skip
        for scope in ("server", "global"):

            async def board(scope: str = scope) -> object:
                return await play.board(
                    rater, store, guild_id=guild, user_id=person, kind="fish", scope=scope
                )

            figures[f"leaderboard {scope} ms"] = await timed(board, 5)
        middle = await store.board_size(0, 0, "fish") // PER_PAGE // 2 + 1

        async def deep() -> object:
            return await play.board(
                rater, store, guild_id=guild, user_id=person, kind="fish", scope="global",
                page=middle,
            )  # fmt: skip

        figures["leaderboard global, page midway ms"] = await timed(deep, 5)
        for where, guild_id in (("server", guild), ("DM", None)):

            async def shown(guild_id: int | None = guild_id) -> object:
                return await play.player_profile(rater, store, guild_id=guild_id, user_id=person)

            figures[f"profile {where} ms"] = await timed(shown, 3)
        record = await started(store, "fish", 2, seed=11)
        record, _ = await play_random(store, record.id, random.Random(11))
        log = await store.action_log(record.id)
        await store.request_undo(
            record.id,
            requester_id=record.seats[0].user_id or 0,
            keep=len(log) - 1,
            expected_version=record.version,
            waiting=[],
            channel_id=record.channel_id,
            expires_at=datetime.now(UTC) + timedelta(days=1),
        )
        begun = time.perf_counter()
        await carry_out_undo(store, record.id)
        figures["undo of a finished game ms"] = (time.perf_counter() - begun) * 1000
    finally:
        await store.close()
    return figures


def main(sizes: list[int]) -> None:
    """Build each size, measure it in a fresh process, print the figures."""
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            path = Path(folder) / f"history-{size}.sqlite3"
            asyncio.run(_create(path))
            begun = time.perf_counter()
            build(path, size)
            built = time.perf_counter() - begun
            output = subprocess.run(
                [sys.executable, __file__, "--measure", str(path)],
                check=True,
                capture_output=True,
                text=True,
                cwd=ROOT,
            ).stdout
            figures = json.loads(output.strip().splitlines()[-1])
            print(f"{size:,} finished rated games (built in {built:.0f} s):")
            for name, value in figures.items():
                print(f"  {name:<30} {value:10.2f}")
            path.unlink()


async def _create(path: Path) -> None:
    await (await Store.open(path)).close()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        print(json.dumps(asyncio.run(measure(Path(sys.argv[2])))))
    else:
        main([int(a) for a in sys.argv[1:]] or [10_000, 100_000])
