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
        "to_move": "to move",
        "game_over": "Game over",
        "wins": "{name} wins",
        "draw": "Draw",
        "shared_win": "Shared win",
        "rank_1": "1st",
        "rank_2": "2nd",
        "rank_3": "3rd",
        "rank_4": "4th",
        # Hey, That's My Fish!
        "fish_title": "Hey, That's My Fish!",
        "fish": "fish",
        "floes": "floes",
        "out": "out",
        "to_place": "places",
        "placing": "{name} places a penguin",
        "moving": "{name} moves",
        "last_place": "placed on {to}",
        "last_move": "{move}",
        "removed": "{n} floes sink",
        # The Penguin Ultimatum
        "ultimatum_title": "The Penguin Ultimatum",
        "score": "score",
        "stones": "stones",
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
        "show_points": "show {cell}",
        "bonus": "bonus +{activity} +{majority}",
        "hand_title": "{name}'s hand",
        "no_cards": "none",
        "empty_deck": "empty",
    }
)


def merged(overrides: Mapping[str, str] | None) -> Mapping[str, str]:
    """The English table with the caller's overrides (e.g. a German table) laid over it."""
    if not overrides:
        return ENGLISH
    unknown = set(overrides) - set(ENGLISH)
    if unknown:
        raise ValueError(f"unknown picture labels: {', '.join(sorted(unknown))}")
    return MappingProxyType({**ENGLISH, **overrides})
