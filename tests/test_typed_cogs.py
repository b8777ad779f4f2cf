"""One cog reaches another typed, never as Any nor through a private name.

A cog found by name (``bot.get_cog``) is cast to its class by the accessor next to it
(``ultimatum_of``, ``computers_of``); nothing in bot/cogs or bot/ui keeps a found
cog as ``Any``, silences mypy about it, or imports another module's private function.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DISCORD_LAYER = [
    *sorted((ROOT / "bot" / "cogs").glob("*.py")),
    *sorted((ROOT / "bot" / "ui").glob("*.py")),
]


def _is_get_cog(node: ast.expr | None) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get_cog"
    )


def untyped_lookups(source: str, where: str) -> list[str]:
    """Cogs found by name and kept untyped, and private names imported from another module."""
    found = []
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.annotation, ast.Name)
            and node.annotation.id == "Any"
            and _is_get_cog(node.value)
        ):
            found.append(f"{where}:{node.lineno} keeps a cog as Any")
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bot."):
            for alias in node.names:
                if alias.name.startswith("_"):
                    found.append(f"{where}:{node.lineno} imports {node.module}.{alias.name}")
    for number, line in enumerate(lines, 1):
        if "type: ignore[attr-defined]" in line:
            found.append(f"{where}:{number} silences an unknown attribute")
    return found


def test_cogs_reach_each_other_typed() -> None:
    problems = [
        problem
        for path in DISCORD_LAYER
        for problem in untyped_lookups(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    ]
    assert not problems, "an untyped way between cogs:\n" + "\n".join(problems)


def test_the_reading_finds_each_untyped_way() -> None:
    source = (
        "from bot.cogs.computers import _decide\n"
        "async def f(bot):\n"
        "    lobby: Any = bot.get_cog('Lobby')\n"
        "    cog = bot.get_cog('Languages')\n"
        "    await cog.guild_language(1)  # type: ignore[attr-defined]\n"
    )
    assert untyped_lookups(source, "probe.py") == [
        "probe.py:1 imports bot.cogs.computers._decide",
        "probe.py:3 keeps a cog as Any",
        "probe.py:5 silences an unknown attribute",
    ]
