"""The ratings core stays pure: no Discord, no database driver, no upper layer, no pictures."""

from __future__ import annotations

from pathlib import Path

from tests.test_purity import ROOT, imported_modules

FORBIDDEN = {
    "discord",
    "aiosqlite",
    "asyncpg",
    "sqlite3",
    "asyncio",
    "PIL",
    "render",
    "bot.store",
    "bot.cogs",
    "bot.ui",
    "bot.client",
}


def test_bot_ratings_imports_nothing_of_discord_storage_or_pictures() -> None:
    """DESIGN.md: the core of ratings takes results in and gives values out."""
    files = sorted((ROOT / "bot" / "ratings").rglob("*.py"))
    assert files
    for path in files:
        for module in imported_modules(Path(path)):
            top = {module.split(".")[0], ".".join(module.split(".")[:2])}
            assert not top & FORBIDDEN, f"{path.relative_to(ROOT)} imports {module}"
