"""The pairing core stays pure: plain values in and out, nothing of Discord, the store, the play
layer, the pictures or the event loop."""

from __future__ import annotations

from tests.ratings.test_purity import FORBIDDEN as PURE_CORE
from tests.ratings.test_purity import PICTURES
from tests.test_purity import ROOT, banned_imports

#: What a pure core never imports, and above it the play layer and the texts, which build on it.
FORBIDDEN = PURE_CORE | PICTURES | {"bot.play", "bot.host", "bot.texts"}


def test_bot_tournaments_imports_nothing_of_discord_storage_play_or_pictures() -> None:
    """Every module of bot/tournaments imports only the standard library and its own kind."""
    assert sorted((ROOT / "bot" / "tournaments").rglob("*.py"))
    assert banned_imports(ROOT, ["bot/tournaments"], FORBIDDEN) == []
