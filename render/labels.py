"""Every word drawn in a picture, in English; callers pass overrides for other languages.

Texts are kept short so that translations fit the same space. Entries with ``{placeholders}``
are filled with ``str.format``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        # shared
        "player": "Player {n}",
        "turn": "Turn {n}",
        "game_over": "Game over",
        "wins": "{name} wins",
        "draw": "Draw",
        "shared_win": "Shared win",
        "rank_1": "1st",
        "rank_2": "2nd",
        "rank_3": "3rd",
        "rank_4": "4th",
        # Hey, That's My Fish!
        "floes_one": "{n} floe",
        "floes_many": "{n} floes",
        "out": "out",
        "to_place": "places",
        "placing": "{name} places a penguin",
        "moving": "{name} moves",
        "last_place": "placed on {to}",
        "sunk_one": "{n} floe sinks",
        "sunk_many": "{n} floes sink",
        # The Penguin Ultimatum
        "hand": "hand",
        "deck": "deck",
        "next": "next",
        "won": "won",
        "activity": "activity",
        "to_lay": "to lay",
        "removed_cards": "gone",
        "phase_play": "{name} lays a penguin",
        "phase_invite": "{name} may move a stone",
        "phase_perform": "{name} picks a show",
        "phase_entertainer": "{name} lays an entertainer",
        "fee": "fee {n}",
        "waived": "fee waived",
        "bonus": "bonus +{activity} +{majority}",
        "hand_title": "{name}'s hand",
        "no_cards": "none",
    }
)


def counted(labels: Mapping[str, str], key: str, n: int) -> str:
    """The singular (``<key>_one``) or plural (``<key>_many``) label for ``n`` things."""
    return labels[f"{key}_one" if n == 1 else f"{key}_many"].format(n=n)


def merged(overrides: Mapping[str, str] | None) -> Mapping[str, str]:
    """The English table with the caller's overrides (e.g. a German table) laid over it."""
    if not overrides:
        return ENGLISH
    unknown = set(overrides) - set(ENGLISH)
    if unknown:
        raise ValueError(f"unknown picture labels: {', '.join(sorted(unknown))}")
    return MappingProxyType({**ENGLISH, **overrides})
