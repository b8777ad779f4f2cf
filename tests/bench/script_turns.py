"""Turn latency through the local Discord stand-in: the turn's last interaction sent → board posted.

100 games of each kind run at once, every turn of every game timed, at two paces: players
taking 5–20 s between turns (≈8 turns a second over the server, already far busier than people
playing over days) and a stress pace of 0.5–3 s (≈40–60 turns a second). A burst where all 100
act in the same instant is a different, unrealistic load. The bot, the stand-in and the
simulated players share one process and one event loop on this machine's cores, so the figures
include the stand-in's own work. Run with `make bench`; prints medians and p99 (nothing is
asserted). BENCH_GAMES, BENCH_TURNS (turns per game), BENCH_KINDS and BENCH_THINK (e.g.
"5,20;0.5,3") change the load.

Capacity: after those runs, the p99 of the stress pace (the last of BENCH_THINK) is
held against the goal (≤ 250 ms with no failed turn), and a ladder of paces searches for the
highest at which that still holds: the stress pace's think times divided by each factor of
BENCH_LADDER (default "0.5,0.75,1,1.5,2,3"; empty: no ladder), in order, each run printed with
the turns a second it reached, stopping at the first that misses the goal (a faster pace only
loads the machine more). The highest pace that held is printed last.

A turn that fails (most often: not answered within Discord's 3 s) stops its game, is listed
with its reason, and still counts in the median and p99 — as at least the 3 s a player waited
for nothing — so that a loaded bot cannot look faster by dropping its slowest turns. Every
Discord rule the bot broke in a run is listed too.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.client import PenguinBot
from bot.config import load_settings
from bot.play.games import load_game
from bot.store import Store
from tests.cogs.players import fish_step, ultimatum_step
from tests.fakediscord import FakeDiscord, default_world, run_client

GAMES = int(os.environ.get("BENCH_GAMES", "100"))
#: Seconds a player thinks between turns (drawn uniformly): each pace is one run.
PACES = [
    (float(pace.split(",")[0]), float(pace.split(",")[1]))
    for pace in os.environ.get("BENCH_THINK", "5,20;0.5,3").split(";")
]
TURNS_PER_GAME = int(os.environ.get("BENCH_TURNS", "6"))
#: Capacity goal: p99 of a turn at most this, with no failed turn.
P99_GOAL = 0.250
#: Factors the stress pace is sped up by, one run each, slowest first.
LADDER = [float(f) for f in os.environ.get("BENCH_LADDER", "0.5,0.75,1,1.5,2,3").split(",") if f]
#: Which games to time (BENCH_KINDS=ultimatum for one).
KINDS = os.environ.get("BENCH_KINDS", "fish,ultimatum").split(",")
#: How many different reasons (failures, broken rules) are printed per run; the rest are counted.
SHOWN_REASONS = 10
#: How many failed turns are named by game and turn number; the rest are counted.
SHOWN_FAILED = 30


@dataclass
class Failure:
    """A turn that did not complete: which game, which of its turns, and why."""

    game_id: int
    turn: int
    reason: str


async def play(
    fake: FakeDiscord,
    bot: PenguinBot,
    kind: str,
    think: tuple[float, float],
    latencies: list[float],
    failures: list[Failure],
) -> float:
    """Open GAMES games of ``kind`` and play TURNS_PER_GAME public turns in each, all at once;
    the seconds the turns took, from the first think to the last post."""
    alice, bruno = fake.user("alice"), fake.user("bruno")
    channel = fake.channel("games")
    game_ids = []
    for _ in range(GAMES):
        options: dict[str, Any] = {"width": 7, "height": 7} if kind == "ultimatum" else {}
        reply = await fake.invoke(alice, f"/{kind} new", players=2, channel=channel, **options)
        await fake.click(bruno, reply.message, label="Join")
        game_ids.append(max(r.id for r in await bot.store.games_of_user(alice.id)))
    await asyncio.sleep(1)

    async def one_game(game_id: int) -> None:
        rng = random.Random(game_id)
        record = await bot.store.get_game(game_id)
        assert record is not None and record.thread_id is not None, "a started game has a thread"
        thread = fake.world.channels[record.thread_id]
        last = None
        for turn in range(TURNS_PER_GAME):
            await asyncio.sleep(rng.uniform(*think))
            record, game = await load_game(bot.store, game_id)
            if record.status != "active":
                return
            assert game is not None, "an active game is past its lobby"
            user = alice if record.to_move_user == alice.id else bruno
            sent: list[float] = []
            began = time.perf_counter()
            mark = fake.mark()
            try:
                if kind == "fish":
                    await fish_step(fake, user, thread, game.phase, sent)
                else:
                    while True:  # the private steps of a turn, then its public post
                        last = await ultimatum_step(fake, user, thread, game.phase, rng, last, sent)
                        record, game = await load_game(bot.store, game_id)
                        assert game is not None, "an active game is past its lobby"
                        if game.phase in ("play", "over", "perform", "entertainer"):
                            break
                await fake.wait_for_messages(thread, 1, after=mark, timeout=60)
            except AssertionError as error:  # e.g. not answered within Discord's 3 s
                # Timed from the last interaction sent (or the turn's start if none was), and
                # never less than the deadline: the player waited that long and got nothing.
                waited = time.perf_counter() - (sent[-1] if sent else began)
                latencies.append(max(waited, fake.response_deadline))
                failures.append(Failure(game_id, turn + 1, str(error).splitlines()[0]))
                return  # the game's state is now uncertain: its later turns are not played
            latencies.append(time.perf_counter() - sent[-1])  # the turn's last interaction

    start = time.perf_counter()
    await asyncio.gather(*(one_game(g) for g in game_ids))
    return time.perf_counter() - start


def listing(reasons: list[str]) -> list[str]:
    """Distinct reasons, most frequent first, each with its count (up to SHOWN_REASONS)."""
    counted = Counter(reasons).most_common()
    lines = [f"    {count:4d} x {reason}" for reason, count in counted[:SHOWN_REASONS]]
    if len(counted) > SHOWN_REASONS:
        lines.append(f"    … and {len(counted) - SHOWN_REASONS} other reasons")
    return lines


def percentile99(latencies: list[float]) -> float:
    """The 99th percentile by nearest rank (never below the true one), of a non-empty list."""
    ordered = sorted(latencies)
    return ordered[math.ceil(len(ordered) * 0.99) - 1]


def report(
    kind: str,
    think: tuple[float, float],
    latencies: list[float],
    failures: list[Failure],
    violations: list[str],
    deadline: float,
    rate: float,
) -> None:
    """Print one run's figures, then every failed turn and broken rule (by reason)."""
    latencies = sorted(latencies)
    if latencies:
        p99 = percentile99(latencies)
        figures = f"median={statistics.median(latencies) * 1000:7.1f} ms  p99={p99 * 1000:7.1f} ms"
    else:
        figures = "median=    n/a     p99=    n/a   "
    print(
        f"{kind:10s} turns={len(latencies):4d} concurrent games={GAMES}  {figures}  "
        f"pace={rate:5.1f} turns/s  "
        f"failed turns={len(failures)} (counted as ≥ {deadline:g} s)  "
        f"broken Discord rules={len(violations)}  think={think[0]:g}-{think[1]:g} s"
    )
    if failures:
        print(f"  failed turns ({len(failures)}; each stopped its game):")
        print("\n".join(listing([f.reason for f in failures])))
        where = [f"#{f.game_id} turn {f.turn}" for f in failures]
        more = f", … {len(where) - SHOWN_FAILED} more" if len(where) > SHOWN_FAILED else ""
        print("    games and turns: " + ", ".join(where[:SHOWN_FAILED]) + more)
    if violations:
        print(f"  broken Discord rules ({len(violations)}):")
        print("\n".join(listing(violations)))


async def run(kind: str, think: tuple[float, float]) -> bool:
    """One run of ``kind`` at one pace on a fresh bot and stand-in, printed; whether it held
    the capacity goal (p99 ≤ P99_GOAL, no failed turn)."""
    with tempfile.TemporaryDirectory() as folder:
        fake = default_world(FakeDiscord())
        async with fake:
            env = {**fake.env(), "DATABASE_PATH": str(Path(folder) / "bench.sqlite3")}
            settings = replace(load_settings(env, dotenv=False))
            store = await Store.open(settings.database)
            bot = PenguinBot(settings, store=store, guild_ready_timeout=0.05)
            latencies: list[float] = []
            failures: list[Failure] = []
            async with run_client(fake, bot):
                await fake.wait_for_bot()
                took = await play(fake, bot, kind, think, latencies, failures)
            await store.close()
            violations = [str(v) for v in fake.take_violations()]
        rate = len(latencies) / took if took > 0 else 0.0
        report(kind, think, latencies, failures, violations, fake.response_deadline, rate)
    return bool(latencies) and not failures and percentile99(latencies) <= P99_GOAL


async def capacity(kind: str, stress: tuple[float, float]) -> None:
    """Climb the ladder of paces for ``kind`` until one misses the goal; print the highest
    that held (as think times and as the factor over the stress pace)."""
    print(f"capacity ladder ({kind}): the stress pace's think times divided by {LADDER}")
    held: float | None = None
    for factor in LADDER:
        think = (stress[0] / factor, stress[1] / factor)
        print(f"  ×{factor:g}: ", end="", flush=True)
        if not await run(kind, think):
            print(f"  ×{factor:g} misses the goal: the ladder stops here")
            break
        held = factor
    if held is None:
        print(f"{kind}: no pace of the ladder held p99 ≤ {P99_GOAL * 1000:g} ms")
    else:
        low, high = stress[0] / held, stress[1] / held
        print(
            f"{kind}: highest pace holding p99 ≤ {P99_GOAL * 1000:g} ms with no failed turn:"
            f" ×{held:g} the stress pace (think {low:g}-{high:g} s)"
        )


async def main() -> None:
    """Run both kinds at each pace, say whether the stress pace holds the capacity goal, then
    search the highest pace that does."""
    logging.disable(logging.WARNING)
    stress = PACES[-1]
    for think in PACES:
        for kind in KINDS:
            holds = await run(kind, think)
            if think == stress:
                verdict = "holds" if holds else "does NOT hold"
                print(
                    f"  stress pace ({kind}): {verdict} p99 ≤ {P99_GOAL * 1000:g} ms"
                    " with no failed turn"
                )
    for kind in KINDS if LADDER else []:
        await capacity(kind, stress)


if __name__ == "__main__":
    asyncio.run(main())
