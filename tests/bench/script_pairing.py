"""Pairing speed, printed (no assertion about speed: the machines are shared and noisy).

Run with ``make bench`` or ``.venv/bin/python tests/bench/script_pairing.py [players]``. Figures:
the time to pair one Swiss round of a 1,000-player field (median over several runs), at tables
of 2 and of 4, in round 5 after four rounds of random results; and a round-robin schedule at
tables of 4 for the largest field (computed once per field size, then remembered).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.tournaments import Round, pair  # noqa: E402
from bot.tournaments.spread import MOST, spread_schedule  # noqa: E402
from tests.tournaments.fields import swiss_rounds  # noqa: E402

RUNS = 7


def pairing_ms(field: list[int], rounds: list[Round], size: int) -> float:
    """The median wall time of pairing the next round, in milliseconds."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        pair(field, rounds, size)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(players: int) -> None:
    """Print the figures for a field of ``players``."""
    print(f"Pairing, {players} players, round 5 of random results (median of {RUNS} runs):")
    for size in (2, 4):
        field = list(range(1, players + 1))
        rounds, _ = swiss_rounds(field, size, 4, random.Random(size))
        ms = pairing_ms(field, rounds, size)
        print(f"  Swiss at tables of {size}: {ms:8.1f} ms")
    start = time.perf_counter()
    spread_schedule(MOST, 4)
    ms = (time.perf_counter() - start) * 1000
    print(f"  round-robin schedule of {MOST} at tables of 4 (first time): {ms:8.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
