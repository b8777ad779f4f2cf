"""Games over days, printed: the scheduler's wake-up query and reminder pass with thousands of
stored games, and the time to draw a whole game's replay GIF.

Run with ``make bench`` or ``.venv/bin/python tests/bench/script_days.py [games]``. Nothing is
asserted (shared machines are noisy). The database is a real file with the bot's settings.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import MappingProxyType

from tests.turns import whose_turn

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.cogs.history import replay_views  # noqa: E402
from bot.games import new_game  # noqa: E402
from bot.games.fish import FishGame  # noqa: E402
from bot.games.ultimatum import UltimatumGame  # noqa: E402
from bot.store import GameRecord, OutboxDraft, Store  # noqa: E402
from render import replay  # noqa: E402
from tests.bench.script_store import MINUTE, START, Clock, at, percentile, populate  # noqa: E402


async def reminder_pass(store: Store, clock: Clock) -> list[float]:
    """One scheduler pass over every due reminder: read, then count it and queue its post."""
    samples: list[float] = []
    for record in await store.games_due_reminder(limit=100_000):
        began = time.perf_counter()
        draft = OutboxDraft(
            kind="text",
            payload={"text": f"reminder for game #{record.id}"},
            channel_id=record.channel_id,
            game_id=record.id,
            dedupe_key=f"remind:{record.id}:{record.version}:{record.reminders_sent + 1}",
        )
        await store.mark_reminded(record.id, expected_version=record.version, announce=[draft])
        samples.append(time.perf_counter() - began)
    return samples


def whole_game(kind: str, seed: int) -> tuple[GameRecord, list[str]]:
    """A finished two-player game (random legal actions) and a record that describes it."""
    rng = random.Random(seed)
    game = new_game(kind, 2, seed, {})
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    assert isinstance(game, FishGame | UltimatumGame)  # the engines that say their options
    record = GameRecord(
        id=1, kind=kind, guild_id=1, channel_id=1, thread_id=None, status="finished",
        creator_id=1, max_players=2, options=MappingProxyType(dict(game.options)), seed=seed,
        version=1, created_at=at(START),
        updated_at=at(START), turn_started_at=None, to_move_seat=None, ranking=None,
        finished_at=None, reminder_hours=24, timeout_days=7, next_reminder_at=None,
        deadline_at=None, reminders_sent=0, seats=(),
    )  # fmt: skip
    return record, list(game.log)


async def main(games: int) -> None:
    """Populate, then measure and print."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        clock = Clock()
        began = time.perf_counter()
        await populate(path, games, clock)
        print(f"stored {games:,} games in {time.perf_counter() - began:.1f} s (setup)")
        async with await Store.open(path, clock=clock) as store:
            wake = []
            for _ in range(200):
                began = time.perf_counter()
                await store.next_due_at()
                wake.append(time.perf_counter() - began)
            print(
                f"scheduler wake-up query (next_due_at) over {games:,} games: median "
                f"{statistics.median(wake) * 1e6:.0f} µs, p99 {percentile(wake, 0.99) * 1e6:.0f} µs"
            )
            clock.now = START + games * MINUTE / 2 + 24 * 3600
            began = time.perf_counter()
            samples = await reminder_pass(store, clock)
            total = time.perf_counter() - began
            print(
                f"reminder pass (fsync on): {len(samples):,} reminders in {total:.2f} s, median "
                f"{statistics.median(samples) * 1000:.2f} ms, p99 "
                f"{percentile(samples, 0.99) * 1000:.2f} ms each"
            )
            again = await reminder_pass(store, clock)
            print(f"a second pass at the same moment sends {len(again)} reminders (no doubles)")
    for kind in ("fish", "ultimatum"):
        record, log = whole_game(kind, 3)
        began = time.perf_counter()
        views = replay_views(record, 2, log)
        rebuilt = time.perf_counter() - began
        began = time.perf_counter()
        gif = replay.animation(kind, views, names=["Alice", "Bruno"])
        drawn = time.perf_counter() - began
        print(
            f"replay of a whole 2-player {kind} game: {len(views)} frames, views rebuilt in "
            f"{rebuilt * 1000:.0f} ms, GIF drawn in {drawn:.2f} s, {len(gif) / 1024:.0f} KiB"
        )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3_000))
