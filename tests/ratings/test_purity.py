"""The ratings core stays pure: no Discord, no database driver, no upper layer; only its wording
module knows the pictures' views."""

from __future__ import annotations

from pathlib import Path

from tests.test_purity import ROOT, imported_modules

FORBIDDEN = {
    "discord",
    "aiosqlite",
    "asyncpg",
    "sqlite3",
    "asyncio",
    "bot.store",
    "bot.cogs",
    "bot.ui",
    "bot.client",
}
#: Only the wording module knows the pictures' views (it fills them); the core draws nothing.
PICTURES = {"PIL", "render"}
WORDING = "texts.py"


def test_bot_ratings_imports_nothing_of_discord_storage_or_pictures() -> None:
    """DESIGN.md: the core of ratings takes results in and gives values out."""
    files = sorted((ROOT / "bot" / "ratings").rglob("*.py"))
    assert files
    for path in files:
        for module in imported_modules(Path(path)):
            top = {module.split(".")[0], ".".join(module.split(".")[:2])}
            banned = FORBIDDEN if path.name == WORDING else FORBIDDEN | PICTURES
            assert not top & banned, f"{path.relative_to(ROOT)} imports {module}"
