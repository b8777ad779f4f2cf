"""Turn latency through the local Discord stand-in: the turn's last interaction sent → board posted.

100 games of each kind run at once, every turn of every game timed, at two paces: players
taking 5–20 s between turns (≈8 turns a second over the server, already far busier than people
playing over days) and a stress pace of 0.5–3 s (≈40–60 turns a second). A burst where all 100
act in the same instant is a different, unrealistic load. The bot, the stand-in and the
simulated players share one process and one event loop on this machine's cores, so the figures
include the stand-in's own work. Run with `make bench`; prints medians and p99 (nothing is
asserted). BENCH_GAMES, BENCH_KINDS and BENCH_THINK (e.g. "5,20;0.5,3") change the load.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.client import PenguinBot
from bot.config import load_settings
from bot.store import Store
from tests.bot.players import fish_step, ultimatum_step
from tests.fakediscord import FakeDiscord, default_world, run_client

GAMES = int(os.environ.get("BENCH_GAMES", "100"))
#: Seconds a player thinks between turns (drawn uniformly): each pace is one run.
PACES = [
    (float(pace.split(",")[0]), float(pace.split(",")[1]))
    for pace in os.environ.get("BENCH_THINK", "5,20;0.5,3").split(";")
]
TURNS_PER_GAME = 6
#: Which games to time (BENCH_KINDS=ultimatum for one).
KINDS = os.environ.get("BENCH_KINDS", "fish,ultimatum").split(",")


async def play(
    fake: FakeDiscord,
    bot: PenguinBot,
    kind: str,
    think: tuple[float, float],
    latencies: list[float],
    failures: list[int],
) -> None:
    """Open GAMES games of ``kind`` and play TURNS_PER_GAME public turns in each, all at once."""
    alice, bruno = fake.user("alice"), fake.user("bruno")
    channel = fake.channel("games")
    game_ids = []
    for _ in range(GAMES):
        options = {"width": 7, "height": 7} if kind == "ultimatum" else {}
        reply = await fake.invoke(alice, f"/{kind} new", players=2, channel=channel, **options)
        await fake.click(bruno, reply.message, label="Join")
        game_ids.append(max(r.id for r in await bot.store.games_of_user(alice.id)))
    await asyncio.sleep(1)

    async def one_game(game_id: int) -> None:
        rng = random.Random(game_id)
        record = await bot.store.get_game(game_id)
        thread = fake.world.channels[record.thread_id]
        last = None
        for _ in range(TURNS_PER_GAME):
            await asyncio.sleep(rng.uniform(*think))
            record, game = await bot.store.load_game(game_id)
            if record.status != "active":
                return
            user = alice if record.to_move_user == alice.id else bruno
            sent: list[float] = []
            mark = fake.mark()
            try:
                if kind == "fish":
                    await fish_step(fake, user, thread, game.phase, sent)
                else:
                    while True:  # the private steps of a turn, then its public post
                        last = await ultimatum_step(fake, user, thread, game.phase, rng, last, sent)
                        record, game = await bot.store.load_game(game_id)
                        if game.phase in ("play", "over", "perform", "entertainer"):
                            break
                await fake.wait_for_messages(thread, 1, after=mark, timeout=60)
            except AssertionError:  # e.g. not answered within Discord's 3 s: counted, not timed
                failures.append(game_id)
                return
            latencies.append(time.perf_counter() - sent[-1])  # the turn's last interaction

    await asyncio.gather(*(one_game(g) for g in game_ids))


async def main() -> None:
    """Run both kinds and print the figures."""
    logging.disable(logging.WARNING)
    for think, kind in ((think, kind) for think in PACES for kind in KINDS):
        with tempfile.TemporaryDirectory() as folder:
            fake = default_world(FakeDiscord())
            async with fake:
                env = {**fake.env(), "DATABASE_PATH": str(Path(folder) / "bench.sqlite3")}
                settings = replace(load_settings(env, dotenv=False))
                store = await Store.open(settings.database)
                bot = PenguinBot(settings, store=store, guild_ready_timeout=0.05)
                latencies: list[float] = []
                failures: list[int] = []
                async with run_client(fake, bot):
                    await fake.wait_for_bot()
                    await play(fake, bot, kind, think, latencies, failures)
                await store.close()
                fake.take_violations()
            latencies.sort()
            p99 = latencies[max(0, int(len(latencies) * 0.99) - 1)]
            print(
                f"{kind:10s} turns={len(latencies):4d} concurrent games={GAMES}  "
                f"median={statistics.median(latencies) * 1000:7.1f} ms  p99={p99 * 1000:7.1f} ms  "
                f"turns not answered in time={len(failures)}  think={think[0]:g}-{think[1]:g} s"
            )


if __name__ == "__main__":
    asyncio.run(main())
