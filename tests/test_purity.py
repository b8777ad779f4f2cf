"""The engines and the renderer stay pure (DESIGN.md: dependencies point one way).

Also: SQL lives only in bot/store, so no other module of the bot imports an SQLite driver.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The bot's own source trees (pyproject's packages: bot*, render*).
SOURCES = ("bot", "render")
#: The layers above the engines, the computer players and the renderer.
UPPER = {"bot.store", "bot.cogs", "bot.ui"}
FORBIDDEN = {
    "bot/games": {"discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "render"} | UPPER,
    "bot/ai": set(UPPER),
    "render": {"discord", "aiosqlite", "asyncio", "sqlite3"} | UPPER,
}
#: Only the store talks to SQLite.
SQL_DRIVERS = {"sqlite3", "aiosqlite"}
SQL_HOME = "bot/store"
IMPORTERS = {"import_module", "__import__"}


def _package_of(path: Path, root: Path) -> list[str]:
    """The dotted package a file belongs to, as parts (what relative imports start from)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return parts[:-1]  # a module's package; for __init__.py, the package it initialises


def imported_modules(path: Path, root: Path = ROOT) -> set[str]:
    """Every module a Python file imports, relative imports resolved against ``root``.

    ``from bot import store`` counts as importing ``bot.store`` too, and a literal
    ``importlib.import_module("x")`` or ``__import__("x")`` as importing ``x``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package_of(path, root)
                anchor = package[: len(package) - node.level + 1]  # each dot beyond one: up
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            if base:
                found.add(base)
            found |= {f"{base}.{alias.name}" if base else alias.name for alias in node.names}
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            first = node.args[0]
            if (
                name in IMPORTERS
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
            ):
                found.add(first.value)
    return found


def banned_imports(
    root: Path, folders: list[str], banned: set[str], *, skip: str = ""
) -> list[str]:
    """ "file imports module" for every import of a banned module (or a submodule of one) by a
    Python file under ``folders`` of ``root``, leaving out the folder ``skip``."""
    found = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            relative = path.relative_to(root)
            if skip and relative.is_relative_to(skip):
                continue
            for module in sorted(imported_modules(path, root)):
                if any(module == b or module.startswith(b + ".") for b in banned):
                    found.append(f"{relative.as_posix()} imports {module}")
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_nothing_forbidden(package: str) -> None:
    """bot/games imports no discord, PIL, aiosqlite or asyncio; render no Discord or storage;
    none of bot/games, bot/ai and render imports the store, the cogs or the UI."""
    assert sorted((ROOT / package).rglob("*.py")), f"{package} has no Python files"
    assert banned_imports(ROOT, [package], FORBIDDEN[package]) == []


def test_only_the_store_imports_an_sqlite_driver() -> None:
    """sqlite3 and aiosqlite are imported in bot/store and nowhere else in bot or render."""
    assert sorted((ROOT / SQL_HOME).rglob("*.py")), f"{SQL_HOME} has no Python files"
    assert banned_imports(ROOT, list(SOURCES), SQL_DRIVERS, skip=SQL_HOME) == []


def test_the_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    """The import scanner sees plain and from-imports (so the test above can fail)."""
    sample = tmp_path / "sample.py"
    sample.write_text("import asyncio\nfrom discord import ui\nfrom PIL.Image import new\n")
    assert imported_modules(sample, tmp_path) == {
        "asyncio",
        "discord",
        "discord.ui",
        "PIL.Image",
        "PIL.Image.new",
    }


def test_the_checks_catch_hidden_and_misplaced_imports(tmp_path: Path) -> None:
    """Relative imports, ``from bot import store`` and import_module are seen; an SQLite
    driver imported outside bot/store is reported, one inside it is not."""
    files = {
        "bot/__init__.py": "",
        "bot/games/__init__.py": "",
        "bot/games/fish.py": "from .. import store\nfrom ..cogs.play import Play\n",
        "bot/ai/__init__.py": "from bot import ui\n",
        "render/draw.py": "import importlib\nimportlib.import_module('bot.store.db')\n",
        "bot/store/db.py": "import sqlite3\nimport aiosqlite\n",
        "bot/cogs/play.py": "from sqlite3 import Row\n",
        "render/cache.py": "def load():\n    import aiosqlite.context\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert banned_imports(tmp_path, ["bot/games"], UPPER) == [
        "bot/games/fish.py imports bot.cogs.play",
        "bot/games/fish.py imports bot.cogs.play.Play",
        "bot/games/fish.py imports bot.store",
    ]
    assert banned_imports(tmp_path, ["bot/ai"], UPPER) == ["bot/ai/__init__.py imports bot.ui"]
    assert banned_imports(tmp_path, ["render"], UPPER) == ["render/draw.py imports bot.store.db"]
    assert banned_imports(tmp_path, ["bot", "render"], SQL_DRIVERS, skip="bot/store") == [
        "bot/cogs/play.py imports sqlite3",
        "bot/cogs/play.py imports sqlite3.Row",
        "render/cache.py imports aiosqlite.context",
    ]
