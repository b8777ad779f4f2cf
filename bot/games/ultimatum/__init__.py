"""The Penguin Ultimatum: card data, iceberg geometry, notation, actions and the rules engine."""

from __future__ import annotations

from bot.games.ultimatum.actions import (
    SUPPLY,
    Invite,
    LayEntertainer,
    Perform,
    Play,
    Skip,
    UltimatumAction,
)
from bot.games.ultimatum.game import UltimatumGame

__all__ = [
    "SUPPLY",
    "Invite",
    "LayEntertainer",
    "Perform",
    "Play",
    "Skip",
    "UltimatumAction",
    "UltimatumGame",
]
