"""A turn in a few clicks: interactions per turn and the time from a click to its answer.

Whole games of both kinds for 2, 3 and 4 people (Ultimatum on a 7 × 7 iceberg, and for 2
people also on 9 × 9, where cells are split over several menus), played through the stand-in
with clicks only (the turn post's Your move button, then the buttons and menus of the mover's
ephemeral reply), as tests/cogs/test_clicks.py plays them. Printed per game and phase: the
interactions a turn took (median, max); and the milliseconds from a click to its answer with
the picture (Your move → the ephemeral reply, and each later step), median, p90 and max.
Nothing is asserted here (the tests assert the goals: Fish ≤ 3, Ultimatum's common turn ≤ 5).
BENCH_CLICK_GAMES sets how many games of each kind and size (default 1).
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.client import PenguinBot
from bot.config import load_settings
from bot.games.fish import FishGame
from bot.play.games import load_game
from bot.store import Store
from tests.cogs.clicker import Turn, play_turn
from tests.cogs.players import open_game, settle, who_moves
from tests.fakediscord import FakeDiscord, default_world, run_client

GAMES = int(os.environ.get("BENCH_CLICK_GAMES", "1"))


#: The games measured: (kind, players, iceberg side; 0 for Fish).
SIZES = [("fish", n, 0) for n in (2, 3, 4)] + [("ultimatum", n, 7) for n in (2, 3, 4)]
SIZES.append(("ultimatum", 2, 9))


async def one_game(
    fake: FakeDiscord,
    bot: PenguinBot,
    kind: str,
    players: int,
    game_id: int,
    seed: int,
    side: int = 7,
) -> list[Turn]:
    """Play one whole game by clicks; its turns."""
    rng = random.Random(seed)
    options = {"width": side, "height": side} if kind == "ultimatum" else {}
    _, thread, _ = await open_game(fake, kind, players, **options)
    turns: list[Turn] = []
    for _ in range(400):
        record, game, user = await who_moves(bot, fake, game_id)
        before, mover = len(game.log), game.to_move

        async def ended(before: int = before, mover: int | None = mover) -> bool:
            now = (await load_game(bot.store, game_id))[1]
            assert now is not None, "a game being played is past its lobby"
            if isinstance(now, FishGame):
                return len(now.log) > before
            return now.to_move != mover or (now.phase == "play" and len(now.log) > before)

        phase = game.phase if kind == "fish" else "turn"
        turn = await play_turn(fake, user, thread, phase, rng, ended)
        if kind == "ultimatum" and set(turn.steps) - {"card", "cell", "stone"}:
            turn.phase = "turn with shows"
        turns.append(turn)
        await settle(bot)
        record, game = await load_game(bot.store, game_id)
        if record.status == "finished":
            break
    return turns


def quantiles(values: list[float]) -> str:
    """Median, p90 and max of milliseconds."""
    ordered = sorted(values)
    if not ordered:
        return "—"
    median = ordered[len(ordered) // 2]
    p90 = ordered[min(int(len(ordered) * 0.9), len(ordered) - 1)]
    return f"median {median:6.1f}  p90 {p90:6.1f}  max {ordered[-1]:6.1f}"


def report(kind: str, players: int, turns: list[Turn], side: int = 0) -> None:
    """Print one game size's figures."""
    if side:
        kind = f"{kind[:5]} {side}×{side}"
    for phase in sorted({t.phase for t in turns}):
        counts = sorted(t.clicks for t in turns if t.phase == phase)
        print(
            f"{kind:9} {players}p  {phase:16} turns {len(counts):4}  interactions "
            f"median {counts[len(counts) // 2]}  max {counts[-1]}"
        )
    entry = [t.waits[0] * 1000 for t in turns if t.waits]
    steps = [w * 1000 for t in turns for w in t.waits[1:]]
    print(f"{kind:9} {players}p  Your move → reply with picture (ms): {quantiles(entry)}")
    print(f"{kind:9} {players}p  a step's click → its answer (ms):   {quantiles(steps)}")


async def main() -> None:
    """Play the games and print the figures."""
    logging.disable(logging.WARNING)
    print("A turn by clicks through the stand-in (interactions per turn; click → answer)")
    for kind, players, side in SIZES:
        with tempfile.TemporaryDirectory() as folder:
            fake = default_world(FakeDiscord())
            async with fake:
                env = {**fake.env(), "DATABASE_PATH": str(Path(folder) / "bench.sqlite3")}
                settings = replace(load_settings(env, dotenv=False))
                store = await Store.open(settings.database)
                bot = PenguinBot(settings, store=store, guild_ready_timeout=0.05)
                turns: list[Turn] = []
                async with run_client(fake, bot):
                    await fake.wait_for_bot()
                    for n in range(GAMES):
                        turns += await one_game(fake, bot, kind, players, n + 1, n, side)
                await store.close()
                broken = fake.take_violations()
            report(kind, players, turns, side)
            if broken:
                print(f"  {len(broken)} Discord rules broken, e.g. {broken[0]}")


if __name__ == "__main__":
    asyncio.run(main())
