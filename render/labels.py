"""Every word drawn in a picture, in English; callers pass overrides for other languages.

Texts are kept short so that translations fit the same space. Entries with ``{placeholders}``
are filled with ``str.format``. Each English text is marked with ``N_`` so that the bot's message
catalogue (``data/locale``) carries its translations; the bot passes them in as overrides.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType


def N_(text: str) -> str:
    """Mark a picture text for the message catalogue (the renderer itself draws it as is)."""
    return text


ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        # shared
        "player": N_("Player {n}"),
        "turn": N_("Turn {n}"),
        "game_over": N_("Game over"),
        "wins": N_("{name} wins"),
        "draw": N_("Draw"),
        "shared_win": N_("Shared win"),
        "rank_1": N_("1st"),
        "rank_2": N_("2nd"),
        "rank_3": N_("3rd"),
        "rank_4": N_("4th"),
        # Hey, That's My Fish!
        "floes_one": N_("{n} floe"),
        "floes_many": N_("{n} floes"),
        "out": N_("out"),
        "to_place": N_("places"),
        "placing": N_("{name} places a penguin"),
        "moving": N_("{name} moves"),
        "last_place": N_("placed on {to}"),
        "sunk_one": N_("{n} floe sinks"),
        "sunk_many": N_("{n} floes sink"),
        # The Penguin Ultimatum
        "hand": N_("hand"),
        "deck": N_("deck"),
        "next": N_("next"),
        "won": N_("won"),
        "activity": N_("activity"),
        "to_lay": N_("to lay"),
        "removed_cards": N_("gone"),
        "phase_play": N_("{name} lays a penguin"),
        "phase_invite": N_("{name} may move a stone"),
        "phase_perform": N_("{name} picks a show"),
        "phase_entertainer": N_("{name} lays an entertainer"),
        "fee": N_("fee {n}"),
        "waived": N_("fee waived"),
        "bonus": N_("bonus +{activity} +{majority}"),
        "hand_title": N_("{name}'s hand"),
        "no_cards": N_("none"),
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
