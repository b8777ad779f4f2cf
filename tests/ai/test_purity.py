"""The computer players stay pure: no Discord, drawing, storage or event loop (DESIGN.md)."""

from __future__ import annotations

from pathlib import Path

from tests.test_purity import imported_modules

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {"discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "render", "bot.store", "bot.cogs"}


def test_bot_ai_imports_nothing_forbidden() -> None:
    """bot/ai runs in a process pool off the event loop; it depends on the engines only."""
    files = sorted((ROOT / "bot" / "ai").rglob("*.py"))
    assert files
    for path in files:
        for module in imported_modules(path):
            for banned in FORBIDDEN:
                assert module != banned and not module.startswith(banned + "."), (
                    f"{path.relative_to(ROOT)} imports {module}"
                )
