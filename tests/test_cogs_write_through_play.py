"""The Discord layer changes a game only through the play layer.

Cogs and buttons parse, call one play function and answer; no module of ``bot/cogs`` or
``bot/ui`` calls a method of the store that changes a game, its seats, moves, followers, undo
requests or queued posts. Read from the source, so a new direct write fails here.

Left out, on purpose: a person's or server's preferences (language, defaults, board privacy:
``update_user_settings`` and the like, written by the settings commands), and the delivery
and lease machinery of the background cogs (``mark_sent``, ``claim_game``, …), which is the
outbox's and the claims' own bookkeeping, not a use case.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from bot.store import Store

ROOT = Path(__file__).resolve().parents[1]
DISCORD_LAYER = [
    *sorted((ROOT / "bot" / "cogs").glob("*.py")),
    *sorted((ROOT / "bot" / "ui").glob("*.py")),
]
#: The store's methods that change a game (what bot/play calls on a person's or the bot's behalf).
GAME_WRITES = frozenset(
    {
        "create_game",
        "join",
        "add_computer",
        "leave",
        "start",
        "cancel",
        "set_thread",
        "set_lobby_message",
        "commit_turn",
        "hand_to_computer",
        "cut_log",
        "mark_reminded",
        "enqueue",
        "follow",
        "set_away",
        "take_back_seat",
        "request_undo",
        "posted_undo",
        "approve_undo",
        "drop_undo",
        "carry_out_undo",
    }
)


def _receiver(node: ast.expr) -> str:
    """The last name of what a method is called on (``self.bot.store`` -> ``store``)."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def direct_writes(source: str, where: str) -> list[str]:
    """Places in ``source`` (the file ``where``) that call a game-changing store method."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in GAME_WRITES
            and _receiver(node.func.value) == "store"
        ):
            found.append(f"{where}:{node.lineno} calls store.{node.func.attr}")
    return found


def test_the_list_names_real_store_methods() -> None:
    """A renamed store method must not slip out of the check unnoticed."""
    methods = {name for name, _ in inspect.getmembers(Store, inspect.isfunction)}
    assert methods >= GAME_WRITES, GAME_WRITES - methods


def test_cogs_and_buttons_change_games_only_through_the_play_layer() -> None:
    problems = [
        problem
        for path in DISCORD_LAYER
        for problem in direct_writes(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not problems, "a store write outside bot/play:\n" + "\n".join(problems)


def test_the_reading_finds_a_direct_write() -> None:
    """The reading itself can fail: each way of reaching the store is caught; reads are not."""
    source = (
        "async def leave(bot, interaction, store):\n"
        "    await bot.store.leave(1, 2)\n"
        "    await self.bot.store.cancel(1)\n"
        "    await store.follow(1, 2, True)\n"
        "    await store.followers(1)\n"
        "    await leave(bot.store, 1, 2)\n"
    )
    assert direct_writes(source, "probe.py") == [
        "probe.py:2 calls store.leave",
        "probe.py:3 calls store.cancel",
        "probe.py:4 calls store.follow",
    ]
