"""Years of history: what a turn, a tick, a list and an undo cost as finished games pile up.

For each size (finished games, with running games beside them) and backend (SQLite file, WAL,
synchronous=FULL; PostgreSQL), a database is built in bulk from games really played through the
store: two finished games (Fish and Ultimatum) with the posts a real game queues (the turn posts
of bot.texts.announce, each marked sent as delivery does) and a running Fish game, each copied
by SQL inside the database (every column of every row, new ids and spread servers and people).
Every size of a backend is built first and each figure's calls are then taken in turn across
the sizes, so that the load of a shared machine falls on every size alike. It prints, in
milliseconds: one turn (load, rules, commit) median and p99, one claim tick,
one lease renewal, ``/game list``'s query for a server, ``/game mine``'s for a person, an undo of
a finished game's last move (its log read, replayed and cut), the database bytes kept per
finished game (the growth of the database while the finished games were added, over their
number), and last ``/game list``'s first and last page on a server with BIG running games.

``--code DIR`` measures another checkout's bot (e.g. ``git worktree add /tmp/old 6a30af5``): its
``bot`` and ``tests`` come first on the path, so the same figures are taken with its code.
``--sizes`` and ``--backends`` choose what to build (the 1M build takes a while: run it in the
background with its output sent to a file). Nothing is asserted: the machines are shared.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RUNNING_OF = {10_000: 1_000, 100_000: 10_000, 1_000_000: 50_000}
GUILDS = 3_000
PEOPLE = 200_000
LEASE = 60.0
BIG = 2_000  # running games of the biggest server


def p99(samples: list[float]) -> float:
    """Nearest-rank 99th percentile."""
    ordered = sorted(samples)
    return ordered[math.ceil(len(ordered) * 0.99) - 1]


def history() -> ModuleType:
    """tests/store/history.py of this checkout (``--code`` may be a checkout without it)."""
    spec = importlib.util.spec_from_file_location("history", ROOT / "tests/store/history.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def clone(store: Any, template: int, count: int, guilds: int = GUILDS) -> None:
    """``count`` copies of game ``template``, spread over ``guilds`` servers and PEOPLE
    people."""
    await history().clone(store, template, count, guilds=guilds, people=PEOPLE)


async def size(store: Any) -> int:
    """The database's bytes now (SQLite: its pages after a checkpoint)."""
    if store.shared:
        rows = await store._db.fetchall("SELECT pg_database_size(current_database()) AS b")
        return int(rows[0]["b"])
    await store._db.fetchall("PRAGMA wal_checkpoint(TRUNCATE)")
    pages = await store._db.fetchall("PRAGMA page_count")
    page = await store._db.fetchall("PRAGMA page_size")
    return int(pages[0][0]) * int(page[0][0])


async def settled(store: Any) -> None:
    """The database as a long-running one is, not as a bulk load just left it: statistics
    gathered and, on PostgreSQL, the new rows vacuumed and checkpointed, so that autovacuum and
    the checkpointer do not run in the middle of the figures."""
    if not store.shared:
        await store._db.write_one("ANALYZE")
        return
    async with store._db.pool.acquire() as raw:
        await raw.execute("VACUUM (ANALYZE)")
        await raw.execute("CHECKPOINT")


async def timed(work: Callable[[], Awaitable[object]], rounds: int) -> list[float]:
    """Milliseconds per call of ``work``."""
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        await work()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


async def server_list(store: Any, guild_id: int, page: int = 1) -> object:
    """What ``/game list`` reads of the store: a page (older code: every open game)."""
    if hasattr(store, "server_list"):
        return await store.server_list(guild_id, page=page, per_page=10)
    return await store.games_in_guild(guild_id)


async def person_list(store: Any, user_id: int) -> object:
    """What ``/game mine`` reads of the store (older code: every open game of the person)."""
    if hasattr(store, "person_list"):
        return await store.person_list(user_id, 20)
    return await store.games_of_user(user_id)


#: Calls timed per figure (each size in turn, round by round).
ROUNDS = {
    "turn": 200,
    "claim tick": 30,
    "renewal": 30,
    "/game list": 30,
    "/game mine": 30,
    "undo": 20,
}


@dataclass
class Built:
    """One size's database, open, with what its figures call."""

    store: Any
    finished: int
    running: int
    live: int  # the running template game (its server becomes the biggest)
    grown: float  # bytes the finished games added
    work: dict[str, Callable[[], Awaitable[object]]] = field(default_factory=dict)


async def build(target: str, finished: int, running: int) -> Built:
    """Build one database and what its figures call."""
    from bot.play.games import load_game, rebuild
    from bot.play.turns import apply_action
    from bot.store import Store

    # Older code opened PostgreSQL with Store.connect; Store.open takes either now.
    opener = getattr(Store, "connect", Store.open)
    store = await opener(target)
    played = history().played
    templates = [await played(store, "fish", 3), await played(store, "ultimatum", 4)]
    live = await played(store, "fish", 5, 4)
    await clone(store, live, running)
    before = await size(store)
    for template in templates:
        await clone(store, template, finished // 2)
    built = Built(store, finished, running, live, await size(store) - before)
    await settled(store)
    rng = random.Random(1)
    top = int((await store._db.fetchall("SELECT max(id) AS top FROM games"))[0]["top"])
    running_ids = list(range(live + 1, live + 1 + running))

    async def turn() -> None:
        record, game = await load_game(store, rng.choice(running_ids))
        if game is None or game.is_over or game.to_move is None:
            return
        await apply_action(
            store,
            record.id,
            game.to_move,
            rng.choice(game.legal_actions()),
            expected_version=record.version,
        )

    async def tick() -> None:
        for game_id in await store.claim_due_games("bench", lease=LEASE):
            await store.release_game(game_id, "bench")

    sample = await store.get_game(rng.choice(running_ids))
    person = sample.user_ids[0]
    undone = iter(range(top - 200, top))

    async def undo() -> None:
        game_id = next(undone)
        record = await store.get_game(game_id)
        log = [a.text for a in await store.action_log(game_id)]
        position = rebuild(record, log[:-1])
        await store.cut_log(game_id, len(log) - 1, position, expected_version=record.version)

    built.work = {
        "turn": turn,
        "claim tick": tick,
        "renewal": lambda: store.renew_claims("bench", lease=LEASE),
        "/game list": lambda: server_list(store, sample.guild_id),
        "/game mine": lambda: person_list(store, person),
        "undo": undo,
    }
    return built


async def side_by_side(sizes: list[Built]) -> list[dict[str, float]]:
    """Each size's figures, every figure's calls taken in turn across the sizes (so that a
    change in the machine's load falls on every size alike)."""
    samples: list[dict[str, list[float]]] = [{} for _ in sizes]
    for name, rounds in ROUNDS.items():
        for _ in range(rounds):
            for built, taken in zip(sizes, samples, strict=True):
                taken.setdefault(name, []).extend(await timed(built.work[name], 1))
    figures = []
    for built, taken in zip(sizes, samples, strict=True):
        shown = {"turn": statistics.median(taken["turn"]), "turn p99": p99(taken["turn"])}
        shown |= {name: statistics.median(taken[name]) for name in ROUNDS if name != "turn"}
        shown["bytes/finished"] = built.grown / built.finished
        figures.append(shown)
    # The biggest server: BIG more running games in the template's own server.
    for built, shown in zip(sizes, figures, strict=True):
        await clone(built.store, built.live, BIG, guilds=1)
        big = (await built.store.get_game(built.live)).guild_id
        first = await timed(partial(server_list, built.store, big), 30)
        last = await timed(partial(server_list, built.store, big, page=BIG // 10), 30)
        shown["/game list big p1"] = statistics.median(first)
        shown["/game list big last"] = statistics.median(last)
    return figures


async def main(args: argparse.Namespace) -> None:
    """Every size asked for, built side by side on each backend asked for, one line each."""
    server = None
    print(f"code: {args.code}")
    try:
        for backend in args.backends:
            async with AsyncExitStack() as stack:
                sizes = []
                for finished in args.sizes:
                    running = RUNNING_OF.get(finished, max(1, finished // 10))
                    if backend == "sqlite":
                        folder = stack.enter_context(tempfile.TemporaryDirectory())
                        target = str(Path(folder) / "h.sqlite3")
                    else:
                        if server is None:
                            from tests.pg import start_server

                            server = start_server()
                        target = await stack.enter_async_context(server.database())
                    built = await build(target, finished, running)
                    stack.push_async_callback(built.store.close)
                    sizes.append(built)
                for built, figures in zip(sizes, await side_by_side(sizes), strict=True):
                    show(backend, built, figures)
    finally:
        if server is not None and server.cluster is not None:
            server.cluster.remove()  # the cluster this run started, with its files


def show(backend: str, built: Built, figures: dict[str, float]) -> None:
    """One size's line."""
    shown = "  ".join(
        f"{name} {value:.0f}" if name == "bytes/finished" else f"{name} {value:.2f}"
        for name, value in figures.items()
    )
    print(f"{built.finished:>9,} finished {built.running:>6,} running {backend:<10} {shown}")
    sys.stdout.flush()


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", default=str(ROOT), help="the checkout whose bot is measured")
    parser.add_argument(
        "--sizes", default="10000,100000,1000000", help="finished games, comma-separated"
    )
    parser.add_argument("--backends", default="sqlite,postgresql")
    args = parser.parse_args(argv)
    args.sizes = [int(s) for s in args.sizes.split(",")]
    args.backends = args.backends.split(",")
    return args


if __name__ == "__main__":
    arguments = parse(sys.argv[1:])
    sys.path[:0] = [arguments.code]
    os.chdir(arguments.code)
    asyncio.run(main(arguments))
