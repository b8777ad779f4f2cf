"""The engines and the renderer stay pure (DESIGN.md: dependencies point one way)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "bot/games": {"discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "render", "bot.store"},
    "render": {"discord", "aiosqlite", "asyncio", "sqlite3", "bot.store", "bot.cogs"},
}


def imported_modules(path: Path) -> set[str]:
    """Every module a Python file imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_nothing_forbidden(package: str) -> None:
    """bot/games imports no discord, PIL, aiosqlite or asyncio; render no Discord or storage."""
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package} has no Python files"
    for path in files:
        for module in imported_modules(path):
            for banned in FORBIDDEN[package]:
                assert module != banned and not module.startswith(banned + "."), (
                    f"{path.relative_to(ROOT)} imports {module}"
                )


def test_the_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    """The import scanner sees plain and from-imports (so the test above can fail)."""
    sample = tmp_path / "sample.py"
    sample.write_text("import asyncio\nfrom discord import ui\nfrom PIL.Image import new\n")
    assert imported_modules(sample) == {"asyncio", "discord", "PIL.Image"}
