"""Storage speed, printed (targets: a move ≤ 5 ms median with fsync; opening 10,000 games ≤ 0.5 s).

Run with ``make bench`` or ``.venv/bin/python tests/bench/script_store.py [games]``. The database
is a real file in a temporary folder, with the bot's settings (WAL, synchronous=FULL).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.games import KINDS  # noqa: E402
from bot.play.check import check_snapshots  # noqa: E402
from bot.play.games import load_game  # noqa: E402
from bot.play.lobby import create_game  # noqa: E402
from bot.play.lobby import join as join_game  # noqa: E402
from bot.play.turns import apply_action  # noqa: E402
from bot.store import NewGame, Store  # noqa: E402

START = 1_700_000_000.0
MINUTE = 60.0


class Clock:
    """Time that the script moves on by hand, so reminders spread over days."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def at(seconds: float) -> datetime:
    """A Unix time as an aware datetime."""
    return datetime.fromtimestamp(seconds, UTC)


def percentile(samples: list[float], share: float) -> float:
    """The value below which ``share`` of the samples lie."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def populate(path: Path, games: int, clock: Clock) -> None:
    """Store ``games`` games of both kinds: lobbies, running games with a few moves, finished
    ones. Written with synchronous=OFF to save time; everything measured runs with FULL."""
    rng = random.Random(1)
    async with await Store.open(path, clock=clock, synchronous="OFF") as store:
        for n in range(games):
            clock.now += MINUTE  # one new game a minute: reminders fall due over a week
            record = await create_game(
                store,
                NewGame(
                    KINDS[n % 2],
                    guild_id=1 + n % 50,
                    channel_id=1000 + n % 400,
                    creator_id=10_000 + rng.randrange(3000),
                    seed=n,
                ),
            )
            if n % 10 == 0:
                continue  # an open lobby
            record = await join_game(store, record.id, 20_000 + rng.randrange(3000))
            record, game = await load_game(store, record.id)
            assert game is not None
            for _ in range(rng.randrange(4)):
                assert game.to_move is not None
                move = await apply_action(
                    store,
                    record.id,
                    game.to_move,
                    rng.choice(game.legal_actions()),
                    expected_version=record.version,
                )
                record, game = move.record, move.game
            if n % 10 == 1:
                await store.cancel(record.id)


async def timed(action: Callable[[], Awaitable[object]], rounds: int) -> list[float]:
    """Seconds per call of ``action``."""
    samples = []
    for _ in range(rounds):
        began = time.perf_counter()
        await action()
        samples.append(time.perf_counter() - began)
    return samples


async def open_times(path: Path, rounds: int) -> list[float]:
    """Seconds to open (and migrate-check) the database, then close it."""
    samples = []
    for _ in range(rounds):
        began = time.perf_counter()
        store = await Store.open(path)
        samples.append(time.perf_counter() - began)
        await store.close()
    return samples


async def move_times(path: Path, clock: Clock, moves: int) -> dict[str, list[float]]:
    """Seconds per apply_action (one transaction with fsync) on fresh games of each kind."""
    rng = random.Random(2)
    samples: dict[str, list[float]] = {kind: [] for kind in KINDS}
    async with await Store.open(path, clock=clock) as store:
        for kind in KINDS:
            record, game = None, None
            while len(samples[kind]) < moves:
                if game is None or game.is_over:
                    created = await create_game(
                        store, NewGame(kind, guild_id=1, channel_id=1, creator_id=1, bots=1)
                    )
                    record, game = await load_game(store, created.id)
                assert record is not None and game is not None and game.to_move is not None
                text = rng.choice(game.legal_actions())
                began = time.perf_counter()
                move = await apply_action(
                    store, record.id, game.to_move, text, expected_version=record.version
                )
                samples[kind].append(time.perf_counter() - began)
                record, game = move.record, move.game
    return samples


async def main(games: int) -> None:
    """Populate, then measure and print."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        clock = Clock()
        began = time.perf_counter()
        await populate(path, games, clock)
        print(f"stored {games:,} games in {time.perf_counter() - began:.1f} s (setup)")

        opens = await open_times(path, 9)
        print(
            f"open a database of {games:,} games: median {statistics.median(opens) * 1000:.1f} ms, "
            f"max {max(opens) * 1000:.1f} ms (target ≤ 500 ms)"
        )

        moves = await move_times(path, clock, 600)
        for kind, samples in [*moves.items(), ("both", moves["fish"] + moves["ultimatum"])]:
            print(
                f"move transaction ({kind}, fsync on): median "
                f"{statistics.median(samples) * 1000:.2f} ms, "
                f"p99 {percentile(samples, 0.99) * 1000:.2f} ms over {len(samples)} moves "
                "(target median ≤ 5 ms)"
            )

        # Half-way through the week of stored turns, about half the running games are overdue.
        middle = at(START + games * MINUTE / 2 + 24 * 3600)
        async with await Store.open(path, clock=clock) as store:
            due = await store.games_due_reminder(middle, limit=games)
            listing = await timed(lambda: store.games_due_reminder(middle, limit=games), 5)
            page = await timed(lambda: store.games_due_reminder(middle, limit=100), 50)
            mine = await timed(lambda: store.games_of_user(20_000 + 7), 50)
            channel = await timed(lambda: store.games_in_channel(1000 + 7), 50)
            began = time.perf_counter()
            report = await check_snapshots(store)
            checking = time.perf_counter() - began
            began = time.perf_counter()
            running = await check_snapshots(store, ("active",))
            checking_running = time.perf_counter() - began
        print(
            f"overdue-turn query: {len(due):,} of {games:,} games overdue, listed at "
            f"{len(due) / statistics.median(listing):,.0f} games/s "
            f"(all at once: median {statistics.median(listing) * 1000:.1f} ms; "
            f"a page of 100: median {statistics.median(page) * 1000:.2f} ms)"
        )
        print(
            f"games of a user: median {statistics.median(mine) * 1000:.2f} ms; "
            f"games of a channel: median {statistics.median(channel) * 1000:.2f} ms"
        )
        print(
            f"rebuild from the log: all {report.checked:,} started games in {checking:.1f} s, "
            f"the {running.checked:,} running ones in {checking_running:.1f} s "
            f"({len(report.repaired)} repaired, {len(report.broken)} broken)"
        )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000))
