"""Ratings speed, printed (no assertion about speed: the machines are shared and noisy).

Run with ``make bench`` or ``.venv/bin/python tests/bench/script_ratings.py [players]``. Figures:
the rating update of one finished game (median over 2–4 seats, into a server season and the
global scope, with 10,000 players already rated); the leaderboard of one server with 10,000
rated players (ordering + one page), its picture and PNG; a profile and its picture; a rebuild.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
