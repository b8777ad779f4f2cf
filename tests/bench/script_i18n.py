"""Language costs: reading a catalogue at the first lookup, a translated lookup, a whole turn's
words, the picture words, and the command translator over the full tree at a sync.

The catalogues are parsed from their .po files once per process (no compiled .mo to go stale),
so the first German or French text pays for the parse; every later lookup is a dict read. A
turn post must not get noticeably slower in German or French than in English. Prints; asserts
nothing (the machines are shared and noisy).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

import discord
from discord import app_commands

from bot import catalogue, i18n
from bot.games.ultimatum import UltimatumGame
from bot.texts import ultimatum as ultimatum_texts
from bot.translator import CatalogueTranslator
from tests.turns import whose_turn

ROUNDS = 200


def median_ms(work: Callable[[], object], rounds: int = ROUNDS) -> float:
    """Median wall time of ``work`` in milliseconds, after one warm-up call."""
    work()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def cold_parse_ms(lang: str) -> float:
    """Median time to read a catalogue from its .po file (the first lookup of a process)."""

    def parse() -> None:
        i18n.catalog.cache_clear()
        i18n.catalog(lang)

    return median_ms(parse, rounds=15)


def turn_events() -> tuple[list[dict[str, object]], list[str]]:
    """The events of a stretch of a seeded Ultimatum game, with its seat names."""
    rng = random.Random(3)
    game = UltimatumGame.new(players=3, seed=3)
    events: list[dict[str, object]] = []
    for _ in range(60):
        if game.is_over:
            break
        events += game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    return events, ["Ann", "Ben", "Zoë"]


async def sync_translations_ms() -> float:
    """Median time for the translator to answer every text of every command in every locale."""
    client = discord.Client(intents=discord.Intents.none())
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    for command in catalogue.command_groups():
        tree.add_command(command)
    translator = CatalogueTranslator()
    times = []
    for _ in range(5):
        start = time.perf_counter()
        for top in tree.get_commands():
            await top.get_translated_payload(tree, translator)
        times.append(time.perf_counter() - start)
    await client.close()
    return statistics.median(times) * 1000


def main() -> None:
    """Print the figures."""
    for lang in ("de", "fr"):
        print(f"catalogue {lang}: parse at first use {cold_parse_ms(lang):7.1f} ms (once/process)")
    events, names = turn_events()
    print(f"turn words for {len(events)} Ultimatum events:")
    for lang in i18n.LANGUAGES:
        ms = median_ms(partial(ultimatum_texts.describe, lang, events, names))
        print(f"  {lang}: {ms:7.3f} ms")
    for lang in i18n.LANGUAGES:
        ms = median_ms(partial(i18n.t, lang, "Game #{id} is over.", id=7), 2000)
        print(f"one lookup {lang}: {ms * 1000:7.2f} µs")
    ms = median_ms(lambda: i18n.picture_labels("de"))
    print(f"picture words (de): {ms * 1000:7.2f} µs")
    sync_ms = asyncio.run(sync_translations_ms())
    print(f"command translations at a sync (all locales): {sync_ms:7.1f} ms")


if __name__ == "__main__":
    main()
