"""Picture cost, today against now, in one run: median time and size of every kind of picture.

"Today" is the renderer before its palette rewrite (commit a4dc47e: RGB PNG at zlib level 3):
its ``render`` package is taken out of git into a temporary folder and run, unchanged, in a
child process beside this one (with this checkout's engine and fonts), on the very same views;
the two are timed in turn, one drawing each, round after round, so that both see the same load
on the shared machine. Goals: at most a third of today's time per turn picture;
fish board ≤ 100 KiB, party table ≤ 120 KiB, hand ≤ 40 KiB. Caches (sprites, card faces, the
palettes) are warmed first, as they are in a running bot; the palettes' one-off cost per
process is printed apart. Also prints where the time goes now, the zlib level trade-off, the
formats and canvases tried (palette PNG against WebP lossless at several
``method`` settings, and the table on a smaller canvas) and the size of a full replay. Prints;
asserts nothing.

Knobs for a shared machine: ``BENCH_RENDER_ROUNDS`` (default 40) sets the rounds, and
``BENCH_RENDER_SHORT=1`` prints only the side-by-side table (no breakdown, formats or replays).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from functools import partial
from io import BytesIO
from pathlib import Path
from typing import Any

from PIL import Image

from tests.turns import whose_turn

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.games.fish import FishGame  # noqa: E402
from bot.games.ultimatum import UltimatumGame  # noqa: E402
from bot.texts.announce import table_view  # noqa: E402
from render import fish, png, replay, ultimatum  # noqa: E402

ROUNDS = int(os.environ.get("BENCH_RENDER_ROUNDS", "40"))
SHORT = os.environ.get("BENCH_RENDER_SHORT", "") not in ("", "0")
TODAY = "a4dc47e"
NAMES = ["Ann", "Bartholomew the Magnificent", "Zoë", "Kåre"]
GOALS_KIB = {"fish": 100, "table": 120, "hand": 40}

#: The child process: reads one job a line (kind, view, names, rounds), answers the median
#: milliseconds and the bytes of the picture, drawn by whichever ``render`` it imports.
WORKER = r"""
import json, statistics, sys, time
from render import fish, ultimatum

def draw(job):
    if job["kind"] == "fish":
        return fish.board(job["view"], names=job["names"])
    if job["kind"] == "table":
        return ultimatum.table(job["view"], names=job["names"])
    return ultimatum.hand(job["view"], name=job["names"][0])

for line in sys.stdin:
    job = json.loads(line)
    data = draw(job)
    times = []
    for _ in range(job["rounds"]):
        start = time.perf_counter()
        draw(job)
        times.append(time.perf_counter() - start)
    print(json.dumps({"ms": statistics.median(times) * 1000, "bytes": len(data)}), flush=True)
"""


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
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    return game


class Today:
    """Today's renderer (commit TODAY) in a child process, or None where git cannot give it."""

    def __init__(self, folder: Path) -> None:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", TODAY, "render"],
            capture_output=True,
            check=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
        for shared in ("bot", "data"):  # the engine and the fonts are this checkout's
            (folder / shared).symlink_to(ROOT / shared)
        env = {**os.environ, "PYTHONPATH": str(folder)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            cwd=folder,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def measure(
        self, kind: str, view: Mapping[str, Any], names: list[str], rounds: int = ROUNDS
    ) -> tuple[float, int]:
        """Median milliseconds (of ``rounds`` drawings, after a warm-up one) and bytes of one
        picture drawn by today's renderer."""
        assert self.process.stdin is not None and self.process.stdout is not None
        job = {"kind": kind, "view": view, "names": names, "rounds": rounds}
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        return float(answer["ms"]), int(answer["bytes"])

    def close(self) -> None:
        """End the child process."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def now(kind: str, view: Mapping[str, Any], names: list[str]) -> bytes:
    """One picture drawn by this checkout's renderer."""
    if kind == "fish":
        return fish.board(view, names=names)
    if kind == "table":
        return ultimatum.table(view, names=names)
    return ultimatum.hand(view, name=names[0])


def positions() -> list[tuple[str, str, dict[str, Any], list[str]]]:
    """The pictures measured: (label, kind, view, names)."""
    fish_view = played(FishGame.new(4, seed=3), 30, 1).view(None)
    party = played(UltimatumGame.new(players=4, seed=3), 90, 1)
    full = played(UltimatumGame.new(players=4, seed=1), 10_000, 1)  # the largest we found
    wide = played(UltimatumGame.new(players=4, seed=3, width=15, height=15), 102, 3)
    won = {**party.view(0), "won": [["bear-music", "seal-dance", "sheep-juggling"], [], [], []]}
    every = full.view(None)  # every show's entertainer won, three each (the byte test's worst)
    gone = [card for cards in every["won"] for card in cards] + every["removed"]
    every = {**every, "won": [gone[i : i + 3] for i in range(0, 12, 3)], "removed": gone[12:]}
    return [
        ("fish board (4 players)", "fish", fish_view, NAMES),
        ("party table (4p, 9x9, turn 40)", "table", party.view(None), NAMES),
        ("party table (4p, 9x9, full)", "table", full.view(None), NAMES),
        ("party table (9x9, all shows won)", "table", every, NAMES),
        ("party table (4p, 15x15, late)", "table", wide.view(None), NAMES),
        ("hand (3 won)", "hand", won, NAMES),
    ]


def side_by_side(today: Today | None) -> None:
    """Today's and the new time and size of each picture, one line each."""
    print(
        f"{'picture':<32} {'today ms':>8} {'new ms':>7} {'new/today':>9}"
        f" {'today KiB':>9} {'new KiB':>7} {'goal KiB':>8}"
    )
    for label, kind, view, names in positions():
        old_times, new_times = [], []
        old_bytes = 0
        for _ in range(ROUNDS):  # in turn, so a burst of load on the machine hits both
            if today:
                old, old_bytes = today.measure(kind, view, names, rounds=1)
                old_times.append(old)
            new_times.append(median_ms(partial(now, kind, view, names), rounds=1))
        old_ms = statistics.median(old_times) if old_times else float("nan")
        new_ms = statistics.median(new_times)
        new_bytes = len(now(kind, view, names))
        print(
            f"{label:<32} {old_ms:8.1f} {new_ms:7.1f} {new_ms / old_ms:9.2f}"
            f" {old_bytes / 1024:9.0f} {new_bytes / 1024:7.0f} {GOALS_KIB[kind]:8d}"
        )


def breakdown() -> None:
    """Where the new time goes: drawing, mapping onto the palette, zlib."""
    fish_view = played(FishGame.new(4, seed=3), 30, 1).view(None)
    party = played(UltimatumGame.new(players=4, seed=3), 90, 1)
    pictures: list[tuple[str, Callable[[], Image.Image], Image.Image]] = [
        ("fish board", lambda: fish.render_image(fish_view, NAMES), fish.board_palette()),
        (
            "party table",
            lambda: ultimatum.render_table(party.view(None), NAMES),
            ultimatum.table_palette(),
        ),
        ("hand", lambda: ultimatum.render_hand(party.view(0), NAMES[0]), ultimatum.hand_palette()),
    ]
    print("new, where the time goes (median ms): draw, map onto the palette, zlib")
    for label, draw, palette in pictures:
        image = draw()
        mapped = image.quantize(palette=palette, dither=Image.Dither.NONE)

        def save(picture: Image.Image = mapped) -> bytes:
            buffer = BytesIO()
            picture.save(buffer, "PNG", compress_level=png.COMPRESS_LEVEL)
            return buffer.getvalue()

        print(
            f"  {label:<12} {median_ms(draw):5.1f}"
            f" {median_ms(partial(image.quantize, palette=palette, dither=Image.Dither.NONE)):5.1f}"
            f" {median_ms(save):5.1f}"
        )
    print("zlib level trade-off (party table as a palette PNG): level, zlib ms, KiB")
    mapped = ultimatum.render_table(party.view(None), NAMES).quantize(
        palette=ultimatum.table_palette(), dither=Image.Dither.NONE
    )
    for level in (1, 2, 3, 4, 6):

        def encode(level: int = level) -> bytes:
            buffer = BytesIO()
            mapped.save(buffer, "PNG", compress_level=level)
            return buffer.getvalue()

        print(f"  {level}  {median_ms(encode, 15):6.1f} ms  {len(encode()) / 1024:6.0f} KiB")


def formats() -> None:
    """Each kind of picture as the palette PNG it is stored as and as WebP lossless (Pillow's
    ``lossless=True``; ``method`` 0 is the fastest, 6 the smallest; ``quality`` is the effort),
    from the same palette-mapped picture, so both keep the colours exact."""
    fish_view = played(FishGame.new(4, seed=3), 30, 1).view(None)
    full = played(UltimatumGame.new(players=4, seed=1), 10_000, 1)
    pictures = [
        ("fish board", fish.render_image(fish_view, NAMES), fish.board_palette()),
        ("party table", ultimatum.render_table(full.view(None), NAMES), ultimatum.table_palette()),
        ("hand", ultimatum.render_hand(full.view(0), NAMES[0]), ultimatum.hand_palette()),
    ]
    print("formats (median ms to encode, KiB): palette PNG against WebP lossless")
    for label, image, palette in pictures:
        mapped = image.quantize(palette=palette, dither=Image.Dither.NONE)
        print(f"  {label:<12} PNG level {png.COMPRESS_LEVEL}:   {_encoded(mapped, 'PNG', {})}")
        for method, quality in ((0, 0), (1, 0), (2, 25), (4, 50), (6, 80)):
            options = {"lossless": True, "method": method, "quality": quality}
            print(
                f"  {label:<12} WebP method {method} q{quality:<2}: "
                f"{_encoded(mapped, 'WEBP', options, 5 if method >= 4 else 15)}"
            )
    print("smaller canvas (party table reduced, mapped again; a stand-in for drawing it smaller):")
    table = pictures[1][1]
    for share in (1.0, 0.85, 0.7):
        size = (round(table.width * share), round(table.height * share))
        small = table.resize(size, Image.Resampling.LANCZOS) if share < 1 else table
        mapped = small.quantize(palette=ultimatum.table_palette(), dither=Image.Dither.NONE)
        print(f"  {size[0]:4d} px wide: {_encoded(mapped, 'PNG', {})}")


def _encoded(image: Image.Image, fmt: str, options: dict[str, Any], rounds: int = 15) -> str:
    """Median encoding time and size of ``image`` saved as ``fmt`` with ``options``."""

    def save() -> bytes:
        buffer = BytesIO()
        if fmt == "PNG":
            image.save(buffer, "PNG", compress_level=png.COMPRESS_LEVEL)
        else:
            image.save(buffer, fmt, **options)
        return buffer.getvalue()

    return f"{median_ms(save, rounds):7.1f} ms {len(save()) / 1024:6.0f} KiB"


def main() -> None:
    """Measure every kind of picture and print the figures."""
    start = time.perf_counter()
    fish.board_palette()
    ultimatum.table_palette()
    ultimatum.hand_palette()
    warm = (time.perf_counter() - start) * 1000
    print(f"render benchmark: median of {ROUNDS} rounds; today = commit {TODAY}")
    print(f"palettes fitted once per process: {warm:.0f} ms (all three kinds)")
    with tempfile.TemporaryDirectory() as folder:
        today: Today | None = None
        try:
            today = Today(Path(folder))
        except (OSError, subprocess.CalledProcessError) as error:
            print(f"today's renderer is not available here ({error}): new figures only")
        try:
            side_by_side(today)
        finally:
            if today:
                today.close()
    if SHORT:
        return
    breakdown()
    formats()
    for kind in ("fish", "ultimatum"):
        game: Any = (
            FishGame.new(4, seed=7) if kind == "fish" else UltimatumGame.new(players=4, seed=7)
        )
        rng = random.Random(7)
        views = [game.view(None)]
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
            views.append(game.view(None))
        views[-1] = table_view(game)  # a finished game ends on its final post's picture
        start = time.perf_counter()
        data = replay.animation(kind, views, names=NAMES)
        took = time.perf_counter() - start
        print(
            f"replay {kind:<10} {len(views):4d} frames  {len(data) / 2**20:5.2f} MiB (≤ 8)"
            f"  {took:5.2f} s"
        )


if __name__ == "__main__":
    main()
