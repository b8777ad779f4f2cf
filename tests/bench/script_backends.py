"""SQLite beside PostgreSQL, printed (nothing is asserted about speed).

1. The move transaction (``commit_turn``: version check, log append, snapshot) — median and p99
   on SQLite (a file, WAL, synchronous=FULL) and on PostgreSQL.
2. Turns per second through the store with one and with two processes on one PostgreSQL: each
   process plays random games (load, rules, commit) with more and more games at once; the
   figure is the best rate whose p99 per turn stayed within 250 ms. (No Discord and no
   pictures here: tests/bench/script_turns.py measures those through the stand-in.)
3. How long a due job waits when the process holding it died: a process claims a game whose
   computer is to move and is SIGKILLed; another process polls as the bot does (every third of
   the lease) and claims it once the lease lapsed.

PostgreSQL is ``DATABASE_URL`` when set, else a throwaway cluster started as the tests do
(fsync off there: the PostgreSQL figures are then the server's work without the disk flush).
Run with ``make bench`` or ``.venv/bin/python tests/bench/script_backends.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.play.games import load_game  # noqa: E402
from bot.play.lobby import create_game  # noqa: E402
from bot.play.lobby import join as join_game  # noqa: E402
from bot.play.turns import apply_action  # noqa: E402
from bot.store import NewGame, Store, VersionConflict  # noqa: E402
from tests.pg import start_server  # noqa: E402

BUDGET = 0.250
LEASE = 2.0


def p99(samples: list[float]) -> float:
    """Nearest-rank 99th percentile."""
    ordered = sorted(samples)
    return ordered[math.ceil(len(ordered) * 0.99) - 1]


async def new_game(store: Store, rng: random.Random) -> int:
    """A 2-player Fish game, both seats people (so nothing plays by itself)."""
    record = await create_game(
        store, NewGame("fish", guild_id=1, channel_id=rng.randrange(10**9), creator_id=1, players=2)
    )
    await join_game(store, record.id, 2)
    return record.id


async def play_turn(store: Store, game_id: int, rng: random.Random) -> bool:
    """One random turn; False when the game is over."""
    record, game = await load_game(store, game_id)
    if game is None or game.is_over or game.to_move is None:
        return False
    with contextlib.suppress(VersionConflict):  # not in these games: one player each turn
        await apply_action(
            store,
            game_id,
            game.to_move,
            rng.choice(game.legal_actions()),
            expected_version=record.version,
        )
    return True


async def commit_times(store: Store, turns: int) -> list[float]:
    """How long each ``commit_turn`` takes over ``turns`` random turns."""
    times: list[float] = []
    original = store.commit_turn

    async def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return await original(*args, **kwargs)
        finally:
            times.append(time.perf_counter() - start)

    store.commit_turn = timed  # type: ignore[method-assign]
    rng = random.Random(1)
    game_id = await new_game(store, rng)
    while len(times) < turns:
        if not await play_turn(store, game_id, rng):
            game_id = await new_game(store, rng)
    return times


async def player(url: str, games: int, seconds: float, seed: int) -> list[float]:
    """Play ``games`` games at once for ``seconds``; each turn's latency."""
    rng = random.Random(seed)
    latencies: list[float] = []
    async with await Store.open(url, pool_size=min(games, 20)) as store:
        ids = [await new_game(store, rng) for _ in range(games)]
        end = time.perf_counter() + seconds

        async def one(index: int) -> None:
            while time.perf_counter() < end:
                start = time.perf_counter()
                if not await play_turn(store, ids[index], rng):
                    ids[index] = await new_game(store, rng)
                    continue
                latencies.append(time.perf_counter() - start)

        await asyncio.gather(*(one(i) for i in range(games)))
    return latencies


def _process(url: str, games: int, seconds: float, seed: int, out: Any) -> None:
    out.put(asyncio.run(player(url, games, seconds, seed)))


def throughput(url: str, processes: int, games: int, seconds: float = 4.0) -> tuple[float, float]:
    """Turns per second and p99 latency with ``processes`` processes of ``games`` games each."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    workers = [
        context.Process(target=_process, args=(url, games, seconds, n, queue))
        for n in range(processes)
    ]
    for worker in workers:
        worker.start()
    latencies = [value for _ in workers for value in queue.get()]
    for worker in workers:
        worker.join()
    return len(latencies) / seconds, p99(latencies)


def _holder(url: str, game_id: int, ready: Any) -> None:
    async def hold() -> None:
        async with await Store.open(url, pool_size=1) as store:
            assert await store.claim_game(game_id, "doomed", lease=LEASE)
            ready.set()
            await asyncio.sleep(3600)

    asyncio.run(hold())


async def takeover_wait(url: str) -> float:
    """Seconds from a holder's SIGKILL to another process's claim of its game."""
    async with await Store.open(url, pool_size=2) as store:
        record = await create_game(
            store,
            NewGame("fish", guild_id=1, channel_id=1, creator_id=1, players=2, bots=1, seed=3),
        )
        context = multiprocessing.get_context("spawn")
        ready = context.Event()
        holder = context.Process(target=_holder, args=(url, record.id, ready))
        holder.start()
        await asyncio.to_thread(ready.wait)
        await asyncio.sleep(random.random() * LEASE / 2)  # dies somewhere in its lease
        holder.kill()
        died = time.perf_counter()
        holder.join()
        while not await store.claim_game(record.id, "survivor", lease=LEASE):
            await asyncio.sleep(LEASE / 3)  # the bot's poll
        return time.perf_counter() - died


async def main() -> None:
    server = start_server()
    try:
        with tempfile.TemporaryDirectory() as folder:
            async with await Store.open(Path(folder) / "bench.sqlite3") as store:
                sqlite = await commit_times(store, 400)
        async with server.database() as url:
            async with await Store.open(url) as store:
                postgres = await commit_times(store, 400)
            print("move transaction (commit_turn), 400 turns:")
            for name, times in (("SQLite (WAL, FULL)", sqlite), ("PostgreSQL", postgres)):
                print(
                    f"  {name:20} median={statistics.median(times) * 1000:6.2f} ms  "
                    f"p99={p99(times) * 1000:6.2f} ms"
                )
            print(f"turns per second through the store, p99 per turn <= {BUDGET * 1000:.0f} ms:")
            for processes in (1, 2):
                best = (0.0, 0.0, 0)
                for games in (1, 4, 16, 32):
                    rate, slowest = throughput(url, processes, games)
                    if slowest <= BUDGET and rate > best[0]:
                        best = (rate, slowest, games)
                print(
                    f"  {processes} process(es): {best[0]:7.1f} turns/s "
                    f"(p99 {best[1] * 1000:.0f} ms, {best[2]} games at once per process)"
                )
        async with server.database() as url:
            waits = [await takeover_wait(url) for _ in range(3)]
        print(
            f"a dead process's due job waits (lease {LEASE:g} s, poll every {LEASE / 3:.2f} s): "
            f"median {statistics.median(waits):.2f} s, max {max(waits):.2f} s "
            "(the bot's default lease is 60 s: at most ~80 s)"
        )
    finally:
        if server.cluster is not None:
            server.cluster.remove()


if __name__ == "__main__":
    asyncio.run(main())
