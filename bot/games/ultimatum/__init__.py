"""The Penguin Ultimatum: card data, iceberg geometry, notation and the rules engine."""

from __future__ import annotations

from bot.games.ultimatum.game import UltimatumGame

__all__ = ["UltimatumGame"]
