"""Ratings speed, printed (no assertion about speed: the machines are shared and noisy).

Run with ``make bench`` or ``.venv/bin/python tests/bench/script_ratings.py [players]``. Figures:
the rating update of one finished game (median over 2–4 seats, into a server season and the
global scope, with 10,000 players already rated); the leaderboard of one server with 10,000
rated players (ordering + one page), its picture and PNG; a profile and its picture; a rebuild;
and from the store (a real SQLite file with the bot's settings, the same games stored as finished
games with their seats and results): reading every result, the rebuild at start, and the
``/ratings leaderboard`` query (server board, and the global board with the opted-in people read).
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.play import ratings as play  # noqa: E402
from bot.ratings import (  # noqa: E402
    Player,
    Ratings,
    Result,
    Seat,
    leaderboard,
    profile,
    rebuild,
    texts,
)
from bot.store import Store  # noqa: E402
from render import leaderboard as board_picture  # noqa: E402
from render import png  # noqa: E402
from render import profile as profile_picture  # noqa: E402

GUILD = 1


def game(rng: random.Random, number: int, players: int) -> Result:
    """A random finished game of ``players`` people out of ``players`` user ids."""
    size = rng.randint(2, 4)
    seated = rng.sample(range(1, players + 1), size)
    scores = [rng.randint(0, 9) for _ in range(size)]
    return Result(
        game_id=f"g{number}",
        guild_id=GUILD,
        kind="fish",
        finished=1_700_000_000 + number,
        seats=tuple(
            Seat(
                Player(user_id=uid),
                place=1 + sum(o > s for o in scores),
                score=s,
                stats={"fish": 20 + s, "floes": 8 + s // 2},
            )
            for uid, s in zip(seated, scores, strict=True)
        ),
    )


def timed(action: Callable[[], object], rounds: int) -> list[float]:
    """Milliseconds of each of ``rounds`` calls."""
    found = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        found.append((time.perf_counter() - start) * 1000)
    return found


def show(label: str, samples: list[float]) -> None:
    print(
        f"{label:<52} median {statistics.median(samples):8.3f} ms"
        f"  (min {min(samples):.3f}, max {max(samples):.3f}, n={len(samples)})"
    )


def main(players: int = 10_000) -> None:
    """Print the figures."""
    rng = random.Random(19)
    results = [game(rng, n, players) for n in range(players * 3)]
    ratings = Ratings()
    start = time.perf_counter()
    for result in results:
        ratings.apply(result)
    spent = time.perf_counter() - start
    rated = len(ratings.standings(ratings.scope(GUILD), "fish"))
    print(f"{len(results):,} games applied in {spent:.2f} s; {rated:,} rated players in one server")
    extra = iter(game(rng, n, players) for n in range(len(results), len(results) + 2000))
    show(
        "rating update per finished game (server + global)",
        timed(lambda: ratings.apply(next(extra)), 2000),
    )
    scope = ratings.scope(GUILD)
    show(
        "leaderboard: order 10,000 + page 1", timed(lambda: leaderboard(ratings, scope, "fish"), 20)
    )
    show(
        "leaderboard: order 10,000 + last page",
        timed(lambda: leaderboard(ratings, scope, "fish", 10**6), 20),
    )
    names = {Player(user_id=n): f"Player number {n}" for n in range(1, players + 1)}
    page = leaderboard(ratings, scope, "fish")
    view = texts.leaderboard_view(page, names, "de")
    show("leaderboard: words (de)", timed(lambda: texts.leaderboard_view(page, names, "de"), 50))
    show("leaderboard: picture (draw)", timed(lambda: board_picture.render_image(view), 20))
    image = board_picture.render_image(view)
    show("leaderboard: PNG encoding", timed(lambda: png.encode(image), 20))
    print(f"{'leaderboard PNG size':<52} {len(png.encode(image)) / 1024:8.1f} KiB")
    me = Player(user_id=1)
    mine = [r for r in results if r.seats_of(me)]
    show("profile: statistics", timed(lambda: profile(me, mine, ratings, scope), 50))
    pview = texts.profile_view(profile(me, mine, ratings, scope), names, "en", scope)
    show("profile: picture + PNG", timed(lambda: profile_picture.profile(pview), 20))
    show(f"rebuild of {len(results):,} games", timed(lambda: rebuild(results), 1))
    asyncio.run(store_figures(results, players))


async def timed_async(action: Callable[[], Awaitable[object]], rounds: int) -> list[float]:
    """Milliseconds of each of ``rounds`` awaited calls."""
    found = []
    for _ in range(rounds):
        start = time.perf_counter()
        await action()
        found.append((time.perf_counter() - start) * 1000)
    return found


def seed_database(path: Path, results: list[Result], players: int) -> None:
    """Store ``results`` as finished games with their seats and results; one person in ten
    opted in to the global board."""
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(
            "INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, max_players, "
            "seed, created_at, updated_at, finished_at) "
            "VALUES (?, 'fish', ?, 2, 'finished', ?, ?, 7, ?, ?, ?)",
            [
                (n + 1, GUILD, r.seats[0].player.user_id, r.players, r.finished, r.finished,
                 r.finished)
                for n, r in enumerate(results)
            ],
        )  # fmt: skip
        conn.executemany(
            "INSERT INTO seats (game_id, slot, seat, user_id, joined_at, name) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [
                (n + 1, i, i, s.player.user_id, r.finished, f"Player number {s.player.user_id}")
                for n, r in enumerate(results)
                for i, s in enumerate(r.seats)
            ],
        )
        conn.executemany(
            "INSERT INTO results (game_id, guild_id, kind, finished_at, rated, result) "
            "VALUES (?, ?, 'fish', ?, 1, ?)",
            [(n + 1, GUILD, r.finished, play.result_text(r)) for n, r in enumerate(results)],
        )
        conn.executemany(
            "INSERT INTO user_settings (user_id, global_board, updated_at) VALUES (?, 1, 0)",
            [(n,) for n in range(1, players + 1, 10)],
        )
    conn.close()


async def store_figures(results: list[Result], players: int) -> None:
    """The figures of ratings read from the store."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "penguins.sqlite3"
        await (await Store.open(path)).close()  # the schema
        seed_database(path, results, players)
        store = await Store.open(path)
        try:
            show(
                f"store: read {len(results):,} results",
                await timed_async(store.results, 3),
            )
            rater = play.Rater(store)
            show(
                f"store: rebuild at start ({len(results):,} results)",
                await timed_async(rater.load, 1),
            )
            me = players // 2

            async def server_board() -> object:
                return await play.board(
                    rater, store, guild_id=GUILD, user_id=me, kind="fish", scope="server"
                )

            async def global_board() -> object:
                return await play.board(
                    rater, store, guild_id=GUILD, user_id=me, kind="fish", scope="global"
                )

            show(
                "store: /ratings leaderboard query, server (10,000)",
                await timed_async(server_board, 20),
            )
            show(
                "store: /ratings leaderboard query, global (10,000)",
                await timed_async(global_board, 20),
            )
        finally:
            await store.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
