"""What a table costs its onlookers, through the stand-in: per game kind, the posts in the thread
of a finished game, the direct messages a follower gets (a spectator following with the default
choice, and a follower of turns), and the interactions a person's turn takes by clicks.

Each game is two people and a computer player (Fish; Ultimatum on a 7 × 7 iceberg), played by
clicks to the end while Mia follows with no choice and Chloe follows the turns. With
BENCH_BEFORE set to a git revision, the same games are played with that revision's code too
(extracted to a temporary folder, run in its own process) and both figures are printed side by
side. BENCH_NOISE_GAMES sets the games per kind (default 2); medians are printed. Nothing is
asserted.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.client import PenguinBot  # noqa: E402
from bot.config import load_settings  # noqa: E402
from bot.games.fish import FishGame  # noqa: E402
from bot.play.games import load_game  # noqa: E402
from bot.store import Store  # noqa: E402
from tests.cogs.clicker import play_turn  # noqa: E402
from tests.cogs.players import resign_for_good, settle  # noqa: E402
from tests.fakediscord import FakeDiscord, default_world, run_client  # noqa: E402

GAMES = int(os.environ.get("BENCH_NOISE_GAMES", "2"))
KINDS: dict[str, dict[str, Any]] = {"fish": {}, "ultimatum": {"width": 7, "height": 7}}
#: The table where one person resigns at once against two computer players (Fish).
ALONE = "fish, computers left alone"
FIGURES = ("posts", "dm_default", "dm_turns", "interactions")


async def one_game(fake: FakeDiscord, bot: PenguinBot, kind: str, game_id: int) -> dict[str, float]:
    """Play one game of two people and a computer by clicks; what it cost its onlookers."""
    alice, bruno, chloe, mia = map(fake.user, ("alice", "bruno", "chloe", "mia"))
    people = {alice.id: alice, bruno.id: bruno}
    channel = fake.channel("games")
    before = fake.mark()
    lobby = await fake.invoke(alice, f"/{kind} new", players=3, bots=1, level=1, **KINDS[kind])
    assert lobby.message is not None, lobby.content
    thread = await fake.wait_for_thread(channel, after=before)
    await fake.click(bruno, lobby.message, label="Join")
    await fake.invoke(mia, "/game follow", game=game_id)
    await fake.invoke(chloe, "/game follow", game=game_id, what="turns")
    dms = {user.id: len(fake.dms(user)) for user in (chloe, mia)}
    rng = random.Random(game_id)
    clicks: list[int] = []
    for _ in range(2000):
        record, game = await load_game(bot.store, game_id)
        if record.status == "finished":
            break
        user = people.get(record.to_move_user or 0)
        if user is None or game is None:
            await asyncio.sleep(0.02)  # the computer is thinking
            continue
        logged, mover = len(game.log), game.to_move

        async def ended(logged: int = logged, mover: int | None = mover) -> bool:
            now = (await load_game(bot.store, game_id))[1]
            if now is None or now.is_over:
                return True
            if isinstance(now, FishGame):
                return len(now.log) > logged
            return now.to_move != mover or (now.phase == "play" and len(now.log) > logged)

        await settle(bot)  # the turn post with its Your move button is in the thread
        phase = game.phase if kind == "fish" else "turn"
        turn = await play_turn(fake, user, thread, phase, rng, ended)
        clicks.append(turn.clicks)
    await settle(bot)
    return {
        "posts": len(fake.history(thread)),
        "dm_default": len(fake.dms(mia)) - dms[mia.id],
        "dm_turns": len(fake.dms(chloe)) - dms[chloe.id],
        "interactions": statistics.median(clicks) if clicks else 0,
    }


async def left_alone(fake: FakeDiscord, bot: PenguinBot, game_id: int) -> dict[str, float]:
    """A Fish game where the one person resigns before their first move, leaving two computer
    players on the ice: the posts their remaining moves make."""
    alice, mia = fake.user("alice"), fake.user("mia")
    before = fake.mark()
    lobby = await fake.invoke(alice, "/fish new", players=3, bots=2, level=1)
    assert lobby.message is not None, lobby.content
    thread = await fake.wait_for_thread(fake.channel("games"), after=before)
    await fake.invoke(mia, "/game follow", game=game_id)
    dms = len(fake.dms(mia))
    await settle(bot)
    await resign_for_good(fake, alice, game=game_id)
    for _ in range(3000):
        if (await bot.store.get_game(game_id)).status == "finished":
            break
        await asyncio.sleep(0.02)
    await settle(bot)
    posts = len(fake.history(thread))
    return {"posts": posts, "dm_default": len(fake.dms(mia)) - dms, "dm_turns": 0,
            "interactions": 0}  # fmt: skip


async def measure() -> dict[str, dict[str, float]]:
    """The medians of each figure per kind, with the code this script was loaded with."""
    logging.disable(logging.WARNING)
    figures: dict[str, dict[str, float]] = {}
    for kind in (*KINDS, ALONE):
        with tempfile.TemporaryDirectory() as folder:
            fake = default_world(FakeDiscord())
            async with fake:
                env = {**fake.env(), "DATABASE_PATH": str(Path(folder) / "bench.sqlite3")}
                settings = replace(load_settings(env, dotenv=False), ai_budget=0.02)
                store = await Store.open(settings.database)
                bot = PenguinBot(settings, store=store, guild_ready_timeout=0.05)
                runs = []
                async with run_client(fake, bot):
                    await fake.wait_for_bot()
                    for n in range(GAMES):
                        if kind == ALONE:
                            runs.append(await left_alone(fake, bot, n + 1))
                        else:
                            runs.append(await one_game(fake, bot, kind, n + 1))
                await store.close()
        figures[kind] = {key: statistics.median(r[key] for r in runs) for key in FIGURES}
    return figures


def measure_at(revision: str) -> dict[str, dict[str, float]] | None:
    """The same figures with the code of a git revision (None if it could not be measured)."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", revision], capture_output=True, check=False
        )
        if archive.returncode != 0:
            print(f"(revision {revision} not found: {archive.stderr.decode().strip()})")
            return None
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        script = Path(folder) / "tests" / "bench" / Path(__file__).name
        shutil.copy(__file__, script)
        done = subprocess.run(
            [sys.executable, str(script), "--json"], capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            print(f"(revision {revision} could not be measured: {done.stderr.strip()[-300:]})")
            return None
        result: dict[str, dict[str, float]] = json.loads(done.stdout.strip().splitlines()[-1])
        return result


def report(now: dict[str, dict[str, float]], before: dict[str, dict[str, float]] | None) -> None:
    """Print each kind's figures, the earlier revision's beside them when measured."""
    revision = os.environ.get("BENCH_BEFORE", "")
    names = {
        "posts": "posts per finished game",
        "dm_default": "DMs to a follower with the default choice",
        "dm_turns": "DMs to a follower of turns",
        "interactions": "interactions per person's turn (median)",
    }
    print(
        f"A table's noise: two people and a computer, {GAMES} games per kind (medians); "
        f"{ALONE}: one person resigns at once against two computers"
    )
    for kind, figures in now.items():
        for key, name in names.items():
            if kind == ALONE and key in ("dm_turns", "interactions"):
                continue
            earlier = "" if before is None else f"{before[kind][key]:6.1f} at {revision} → "
            print(f"{kind:26} {name:44} {earlier}{figures[key]:6.1f}")


def main(argv: list[str]) -> None:
    """Measure (``--json``: print the figures as JSON for the comparison) and report."""
    now = asyncio.run(measure())
    if "--json" in argv:
        print(json.dumps(now))
        return
    revision = os.environ.get("BENCH_BEFORE")
    report(now, measure_at(revision) if revision else None)


if __name__ == "__main__":
    main(sys.argv[1:])
