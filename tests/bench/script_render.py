"""Picture speed: median time per picture and its ratio to only PNG-encoding the finished image.

Targets (issue 4): fish board ≤ 30 ms, party table ≤ 50 ms, hand ≤ 15 ms; ratio ≤ 2.5. Caches
(sea, iceberg, floe sprites, card faces) are warmed first, as they are in a running bot. Also
prints the PNG compress-level trade-off and the size of a full replay. Prints; asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from io import BytesIO
from typing import Any

from PIL import Image

from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from render import fish, png, replay, ultimatum

ROUNDS = 40
NAMES = ["Ann", "Bartholomew the Magnificent", "Zoë", "Kåre"]


def median_ms(work: Callable[[], object], rounds: int = ROUNDS) -> float:
    """Median wall time of ``work`` in milliseconds, after one warm-up call."""
    work()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def played(game: Any, actions: int, seed: int) -> Any:
    """``game`` after up to ``actions`` seeded random legal actions."""
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()), seat=game.to_move)
    return game


def report(label: str, target: float, render: Callable[[], bytes], image: Image.Image) -> None:
    """Print one picture's median, its encode-only median and the ratio."""
    total = median_ms(render)
    encode = median_ms(lambda: png.encode(image))
    size = len(render()) / 1024
    print(
        f"{label:<28} {image.width}x{image.height:<5} {total:7.1f} ms (target ≤ {target:.0f})"
        f"  encode only {encode:5.1f} ms  ratio {total / encode:4.2f} (≤ 2.5)  {size:6.0f} KiB"
    )


def main() -> None:
    """Measure every kind of picture and print the figures."""
    fish_view = played(FishGame.new(4, seed=3), 30, 1).view(None)
    party = played(UltimatumGame.new(players=4, seed=3), 90, 1)
    table_view, own = party.view(None), party.view(0)
    print(f"render benchmark: median of {ROUNDS} rounds, compress_level={png.COMPRESS_LEVEL}")
    report(
        "fish board (4 players)",
        30,
        lambda: fish.board(fish_view, names=NAMES),
        fish.render_image(fish_view, NAMES),
    )
    report(
        "party table (4 players, 9x9)",
        50,
        lambda: ultimatum.table(table_view, names=NAMES),
        ultimatum.render_table(table_view, NAMES),
    )
    report(
        "hand",
        15,
        lambda: ultimatum.hand(own, name=NAMES[0]),
        ultimatum.render_hand(own, NAMES[0]),
    )

    print("PNG compress level trade-off (party table): level, encode ms, KiB")
    still = ultimatum.render_table(table_view, NAMES)
    for level in (1, 3, 6, 9):

        def encode(level: int = level) -> bytes:
            buffer = BytesIO()
            still.save(buffer, "PNG", compress_level=level, optimize=False)
            return buffer.getvalue()

        print(f"  {level}  {median_ms(encode, 15):6.1f} ms  {len(encode()) / 1024:6.0f} KiB")

    for kind in ("fish", "ultimatum"):
        game: Any = (
            FishGame.new(4, seed=7) if kind == "fish" else UltimatumGame.new(players=4, seed=7)
        )
        rng = random.Random(7)
        views = [game.view(None)]
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()), seat=game.to_move)
            views.append(game.view(None))
        start = time.perf_counter()
        data = replay.animation(kind, views, names=NAMES)
        took = time.perf_counter() - start
        print(
            f"replay {kind:<10} {len(views):4d} frames  {len(data) / 2**20:5.2f} MiB (≤ 8)"
            f"  {took:5.2f} s"
        )


if __name__ == "__main__":
    main()
