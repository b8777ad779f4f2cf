"""Real bot processes on one PostgreSQL through the local Discord stand-in, printed (nothing is
asserted about speed): the figures that script_backends.py measures through the
store alone, here with everything a turn costs (the interaction, the rules, the commit, the
picture drawn, the post).

1. Turns per second at p99 ≤ 250 ms: one ``python -m bot`` process running the one shard,
   against two processes running one shard each (``SHARD_COUNT=2``), with the same servers,
   people and games. Games are spread over two servers (on the two shards when there are two);
   people play Fish at a ladder of paces, every turn timed from its last interaction to its
   post in the game's thread (as script_turns.py does in one process). Each run prints turns/s,
   median and p99; then the fastest pace that held the goal with no failed turn.
2. How long a job waits when its process died, with the bot's default ``LEASE_SECONDS``: a
   computer player thinks in the shard-1 process's game when that process is SIGKILLed; the
   seconds until the other process claims the game, and until the computer's move is logged.

The stand-in and the simulated people run in this process; the bots in their own processes.
PostgreSQL is a throwaway cluster started as the tests do (fsync off). Knobs: BENCH_SHARD_GAMES
(games per run, default 60), BENCH_SHARD_TURNS (turns per game, 6), BENCH_SHARD_THINK (the
slowest pace's think times, "2,6"), BENCH_SHARD_LADDER (factors it is sped up by, "1,2,4,8"),
BENCH_SHARD_LEASES (leases for part 2: "default" is the bot's, or seconds; "default").
A smoke run: BENCH_SHARD_GAMES=4 BENCH_SHARD_TURNS=2 BENCH_SHARD_LADDER=1.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.config import Settings  # noqa: E402
from bot.play.games import load_game  # noqa: E402
from bot.store import Store  # noqa: E402
from tests.bench.script_turns import Failure, listing, percentile99  # noqa: E402
from tests.cogs.players import fish_step  # noqa: E402
from tests.cogs.test_process import process_env  # noqa: E402
from tests.fakediscord import Channel, FakeDiscord  # noqa: E402
from tests.pg import PostgresServer, start_server  # noqa: E402
from tests.postgres.test_shards import alices_turn, bot_group, open_against_computer  # noqa: E402

GOAL = 0.250
GAMES = int(os.environ.get("BENCH_SHARD_GAMES", "60"))
TURNS = int(os.environ.get("BENCH_SHARD_TURNS", "6"))
THINK = tuple(float(x) for x in os.environ.get("BENCH_SHARD_THINK", "2,6").split(","))
LADDER = [float(f) for f in os.environ.get("BENCH_SHARD_LADDER", "1,2,4,8").split(",") if f]
LEASES = os.environ.get("BENCH_SHARD_LEASES", "default").split(",")
PEOPLE = ("alice", "bruno")


def world(shards: int) -> FakeDiscord:
    """A stand-in with ``shards`` shards and two servers, one per shard of two (all on the one
    shard when there is one), each with #games and both people."""
    fake = FakeDiscord(shards=shards, max_concurrency=1, identify_interval=5.0)
    for name in PEOPLE:
        fake.add_user(name, locale="en-US")
    for shard in (0, 1):
        guild = fake.world.add_guild(
            f"Shard {shard} club", owner=fake.world.application.owner, shard=(shard, 2)
        )
        fake.world.add_text_channel(guild, "games")
        for name in PEOPLE:
            fake.world.add_member(guild, fake.user(name))
    return fake


@contextlib.asynccontextmanager
async def bots(
    fake: FakeDiscord, url: str, folder: Path, processes: int, **settings: str
) -> AsyncIterator[list[asyncio.subprocess.Process]]:
    """``processes`` bot processes with one shard each, connected; SIGKILLed on the way out."""
    async with contextlib.AsyncExitStack() as stack:
        running = []
        for shard in range(processes):
            env = process_env(
                fake,
                folder,
                DATABASE_URL=url,
                SHARD_COUNT=str(processes),
                SHARD_IDS=str(shard),
                **settings,
            )
            log = folder / f"shard{shard}.log"
            running.append(await stack.enter_async_context(bot_group(env, log)))
        wanted = [(shard, processes) for shard in range(processes)]
        await fake.wait_until(
            lambda: sorted(tuple(s.shard) for s in fake.gateway.connected()) == wanted,
            timeout=120,
            what="every shard to connect",
        )
        await asyncio.sleep(1.0)  # the servers' GUILD_CREATE handled
        yield running


async def open_games(fake: FakeDiscord, store: Store) -> list[tuple[int, Channel]]:
    """GAMES two-player Fish games, alternately in each server; ids and threads."""
    alice, bruno = fake.user("alice"), fake.user("bruno")
    channels = [fake.channel("games", guild=g) for g in fake.world.guilds.values()]
    opened = []
    for n in range(GAMES):
        channel = channels[n % len(channels)]
        mark = fake.mark()
        reply = await fake.invoke(alice, "/fish new", players=2, channel=channel)
        assert not reply.ephemeral, reply.content
        await fake.click(bruno, reply.message, label="Join")
        thread = await fake.wait_for_thread(channel, after=mark, timeout=30)
        for _ in range(200):  # the thread is made before the game names it
            record = await store.game_of_thread(thread.id)
            if record is not None:
                break
            await asyncio.sleep(0.05)
        assert record is not None, "the game never named its thread"
        opened.append((record.id, thread))
    return opened


async def play(
    fake: FakeDiscord, store: Store, games: list[tuple[int, Channel]], think: tuple[float, float]
) -> tuple[list[float], list[Failure], float]:
    """TURNS turns in every game at once; each turn's latency, the failures, the seconds."""
    latencies: list[float] = []
    failures: list[Failure] = []
    people = [fake.user(name) for name in PEOPLE]

    async def one(game_id: int, thread: Channel) -> None:
        rng = random.Random(game_id)
        for turn in range(TURNS):
            await asyncio.sleep(rng.uniform(*think))
            record, game = await load_game(store, game_id)
            if record.status != "active" or game is None:
                return
            user = next(p for p in people if p.id == record.to_move_user)
            sent: list[float] = []
            mark = fake.mark()
            began = time.perf_counter()
            try:
                await fish_step(fake, user, thread, game.phase, sent)
                await fake.wait_for_messages(thread, 1, after=mark, timeout=60)
            except AssertionError as error:  # e.g. not answered within Discord's 3 s
                waited = time.perf_counter() - (sent[-1] if sent else began)
                latencies.append(max(waited, fake.response_deadline))
                failures.append(Failure(game_id, turn + 1, str(error).splitlines()[0]))
                return
            latencies.append(time.perf_counter() - sent[-1])

    start = time.perf_counter()
    await asyncio.gather(*(one(game_id, thread) for game_id, thread in games))
    return latencies, failures, time.perf_counter() - start


async def run(server: PostgresServer, processes: int, think: tuple[float, float]) -> bool:
    """One run on a fresh database and stand-in, printed; whether it held the goal."""
    fake = world(shards=processes)
    with tempfile.TemporaryDirectory() as folder:
        async with (
            server.database() as url,
            fake,
            bots(fake, url, Path(folder), processes),
            await Store.open(url, pool_size=4) as store,
        ):
            games = await open_games(fake, store)
            await asyncio.sleep(1.0)  # the opening posts
            latencies, failures, took = await play(fake, store, games, think)
    held = bool(latencies) and not failures and percentile99(latencies) <= GOAL
    figures = "median=   n/a    p99=   n/a  "
    if latencies:
        median, p99 = statistics.median(latencies), percentile99(latencies)
        figures = f"median={median * 1000:6.1f} ms  p99={p99 * 1000:6.1f} ms"
    print(
        f"  think {think[0]:g}-{think[1]:g} s: {len(latencies) / took:5.1f} turns/s  {figures}  "
        f"turns={len(latencies)} failed={len(failures)}  {'holds' if held else 'MISSES'}",
        flush=True,
    )
    if failures:
        print("\n".join(listing([f.reason for f in failures])))
    return held


async def ladder(server: PostgresServer, processes: int) -> None:
    """Climb the paces until one misses the goal; print the fastest that held."""
    print(f"{processes} process(es), one shard each, {GAMES} games over two servers:", flush=True)
    best: float | None = None
    for factor in LADDER:
        think = (THINK[0] / factor, THINK[1] / factor)
        if not await run(server, processes, think):
            break
        best = factor
    if best is None:
        print(f"  no pace held p99 ≤ {GOAL * 1000:g} ms with no failed turn")
    else:
        print(f"  fastest pace holding p99 ≤ {GOAL * 1000:g} ms: ×{best:g} (think / {best:g})")


async def takeover(server: PostgresServer, lease: float) -> tuple[float, float, bool]:
    """Seconds from SIGKILLing the process whose computer thinks to another's claim of the
    game, and to the computer's move in the log; whether the dead one held the game then."""
    fake = world(shards=2)
    with tempfile.TemporaryDirectory() as folder:
        settings = {"LEASE_SECONDS": str(lease), "AI_BUDGET_SECONDS": "4", "AI_WORKERS": "1"}
        async with (
            server.database() as url,
            fake,
            bots(fake, url, Path(folder), 2, **settings) as running,
            await Store.open(url, pool_size=2) as store,
        ):
            channel = next(
                fake.channel("games", guild=g)
                for g in fake.world.guilds.values()
                if (g.id >> 22) % 2 == 1
            )
            game_id, thread = await open_against_computer(fake, store, channel)
            while True:  # placing is quick; the computer thinks over its moves
                game = await alices_turn(store, game_id)
                await fish_step(fake, fake.user("alice"), thread, game.phase)
                if game.phase == "move":
                    break
            # Killed while its computer thinks: the shard-1 process holds the game's lease.
            dying = f":{running[1].pid}:"
            holder = None
            for _ in range(300):
                holder = (await store.claimed("games")).get(game_id)
                if holder is not None:
                    break
                await asyncio.sleep(0.01)
            actions = len(await store.action_log(game_id))
            os.killpg(running[1].pid, signal.SIGKILL)
            died = time.monotonic()
            claimed = moved = None
            while moved is None and time.monotonic() - died < 2 * lease + 60:
                now = (await store.claimed("games")).get(game_id)
                if claimed is None and now is not None and dying not in now:
                    claimed = time.monotonic() - died
                if len(await store.action_log(game_id)) > actions:
                    moved = time.monotonic() - died
                await asyncio.sleep(0.1)
            assert moved is not None, "the dead process's computer move never came"
    held = holder is not None and dying in holder
    return (moved if claimed is None else claimed), moved, held


async def main() -> None:
    """Both measurements, printed."""
    logging.disable(logging.WARNING)
    server = start_server()
    try:
        print(f"turns per second through real bot processes, p99 ≤ {GOAL * 1000:g} ms:")
        for processes in (1, 2) if LADDER else ():
            await ladder(server, processes)
        for lease_name in LEASES:
            lease = Settings.lease_seconds if lease_name == "default" else float(lease_name)
            claimed, moved, held = await takeover(server, lease)
            which = " (the bot's default)" if lease_name == "default" else ""
            print(
                f"a dead process's job (lease {lease:g} s{which},"
                f" others look every {max(0.5, lease / 3):.2f} s; the game's lease "
                f"{'held' if held else 'not held'} by the dead one): claimed after "
                f"{claimed:.1f} s, the computer's move logged after {moved:.1f} s",
                flush=True,
            )
    finally:
        if server.cluster is not None:
            server.cluster.remove()


if __name__ == "__main__":
    asyncio.run(main())
