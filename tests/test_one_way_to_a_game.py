"""Every way to a game goes through the one check of who may reach it.

The Discord layer (bot/cogs, bot/ui, the host and the client) fetches a game by its id only
through ``bot.play.access.open_game`` / ``open_record``, which take the viewer and apply
``reach``; the bot's own background work says so with ``BACKGROUND``, which no code handling a
person's interaction may use. Read from the source, so a new fetch that skips the check fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DISCORD_LAYER = [
    *sorted((ROOT / "bot" / "cogs").glob("*.py")),
    *sorted((ROOT / "bot" / "ui").glob("*.py")),
    ROOT / "bot" / "host.py",
    ROOT / "bot" / "client.py",
]
#: Store methods that hand out one game by its id, unchecked.
BY_ID = {"get_game", "load"}
#: Play-layer functions that do the same without the check.
UNCHECKED = {"load_game"}
CHECKED = {"open_game", "open_record"}


def _receiver(node: ast.expr) -> str:
    """The last name of what a method is called on (``self.bot.store`` -> ``store``)."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def _called(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def unchecked_fetches(source: str, where: str) -> list[str]:
    """Places in ``source`` (the file ``where``) that reach a game by id without the check."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any(a.name in UNCHECKED for a in node.names):
            found.append(f"{where}:{node.lineno} imports {node.module}.load_game")
        if not isinstance(node, ast.Call):
            continue
        name = _called(node)
        if name in UNCHECKED:
            found.append(f"{where}:{node.lineno} calls {name}")
        if (
            name in BY_ID
            and isinstance(node.func, ast.Attribute)
            and _receiver(node.func.value) == "store"
        ):
            found.append(f"{where}:{node.lineno} calls store.{name}")
        if (
            name in CHECKED
            and len(node.args) < 3
            and not any(k.arg == "viewer" for k in node.keywords)
        ):
            found.append(f"{where}:{node.lineno} calls {name} without saying who asks")
    return found


def background_for_people(source: str, where: str) -> list[str]:
    """Functions handling a person's interaction that reach games as the bot's own work."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = {a.arg for a in [*node.args.args, *node.args.kwonlyargs]}
        if "interaction" not in params:
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Name) and inner.id == "BACKGROUND":
                found.append(f"{where}:{inner.lineno} in {node.name}")
    return found


def _sources() -> list[tuple[str, str]]:
    return [(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT))) for p in DISCORD_LAYER]


def test_the_discord_layer_reaches_games_only_through_the_access_check() -> None:
    problems = [p for source, where in _sources() for p in unchecked_fetches(source, where)]
    assert not problems, "a game fetched without bot.play.access:\n" + "\n".join(problems)


def test_no_persons_request_reaches_a_game_as_the_bots_own_work() -> None:
    problems = [p for source, where in _sources() for p in background_for_people(source, where)]
    assert not problems, "BACKGROUND used for a person:\n" + "\n".join(problems)


def test_the_reading_finds_each_way_around_the_check() -> None:
    """The reading itself can fail: a cog that skips the check in each way is caught."""
    source = (
        "from bot.play.games import load_game\n"
        "async def board(bot, interaction, game_id):\n"
        "    await load_game(bot.store, game_id)\n"
        "    await bot.store.get_game(game_id)\n"
        "    await self.bot.store.load(game_id)\n"
        "    await open_game(bot.store, game_id)\n"
        "    await open_record(bot.store, game_id, BACKGROUND)\n"
        "    await open_game(bot.store, game_id, where(interaction))\n"
    )
    assert len(unchecked_fetches(source, "probe.py")) == 5
    assert background_for_people(source, "probe.py") == ["probe.py:7 in board"]
