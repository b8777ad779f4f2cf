"""A tournament's posts and round changes, printed (nothing is asserted: shared machines are
noisy).

Run with ``make bench`` or ``.venv/bin/python tests/bench/script_tournament_posts.py
[players]``. A Swiss tournament of ``players`` (default 200) at tables of 2 and of 4 runs three
rounds through the play layer on a throw-away SQLite file; every game ends by a resignation.
Per round: the posts to the tournament's channel (the round change queues its standings and
the round's announcement; each table adds its own post, whose thread gets the game's first
post), the direct messages the tournament itself sends (none: a game's turn DMs are the game's,
to those who opted in), and the wall time of the round change that pairs it and opens its games.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.play.tournament_rounds import run_due  # noqa: E402
from bot.play.turns import resign  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.store.tournament_rows import NewTournament  # noqa: E402
from tests.bench.script_store import START, Clock  # noqa: E402

ROUNDS = 3


async def queued(store: Store) -> tuple[int, int]:
    """The unsent posts to channels and direct messages, then marks them sent."""
    entries = await store.pending(limit=100_000)
    for entry in entries:
        await store.mark_sent(entry.id, None)
    return sum(e.user_id is None for e in entries), sum(e.user_id is not None for e in entries)


async def field(players: int, size: int) -> None:
    """Run one tournament and print its figures per round."""
    clock = Clock()
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3", clock=clock, synchronous="OFF")
        async with store:
            opened = await store.create_tournament(
                NewTournament(1, 2, 3, "fish", "swiss", size, ROUNDS, 3.0, 1.0, START + 60)
            )
            for user in range(100, 100 + players):
                await store.enter_tournament(opened.id, user, f"player {user}")
            clock.now = START + 61
            changes = []
            print(f"Swiss, {players} players at tables of {size}:")
            for number in range(1, ROUNDS + 2):
                began = time.perf_counter()
                step = await run_due(store, opened.id, clock.now, "en", seeder=lambda: 7)
                changes.append(time.perf_counter() - began)
                posts, dms = await queued(store)
                tables = len(step.opened)
                what = f"round {number}" if number <= ROUNDS else "the end"
                print(
                    f"  {what}: {posts} posts queued by the round change + {tables} table posts "
                    f"(+ {tables} first posts in their threads), {dms} DMs; "
                    f"round change {changes[-1] * 1000:.0f} ms"
                )
                for game in step.opened:
                    for seat in range(1, len(game.seats)):  # the first seat is left alone
                        current = await store.get_game(game.id)
                        await resign(store, game.id, seat, expected_version=current.version)
                await queued(store)  # the games' own posts are not the tournament's
            print(f"  median round change: {statistics.median(changes) * 1000:.0f} ms")


async def main(players: int) -> None:
    """Print the figures for both table sizes."""
    for size in (2, 4):
        await field(players, size)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
