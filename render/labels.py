"""Every word drawn in a picture, in English; callers pass overrides for other languages.

Texts are kept short so that translations fit the same space. Entries with ``{placeholders}``
are filled with ``str.format``. Each English text is marked with ``N_`` so that the bot's message
catalogue (``data/locale``) carries its translations; the bot passes them in as overrides.

One entry is not a text: ``plural`` is the language's plural rule, the C expression of its
catalogue's ``Plural-Forms`` header (Babel's ``Catalog.plural_expr``, e.g. ``(n > 1)`` for
French), which picks between the ``_one`` and ``_many`` texts. It is not marked for translation:
the rule belongs to the catalogue's header, not to a message, so the bot copies it from there.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType


def N_(text: str) -> str:
    """Mark a picture text for the message catalogue (the renderer itself draws it as is)."""
    return text


ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        # not a text: the plural rule (English: the singular for exactly one)
        "plural": "n != 1",
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
        "to_place_one": N_("{n} penguin to place"),
        "to_place_many": N_("{n} penguins to place"),
        "placing": N_("{name} places a penguin"),
        "moving": N_("{name} moves"),
        "last_place": N_("placed on {to}"),
        "sunk_one": N_("{n} floe sinks"),
        "sunk_many": N_("{n} floes sink"),
        "fish_column": N_("fish"),
        "floes_column": N_("floes"),
        "melted_one": N_("{n} floe melted"),
        "melted_many": N_("{n} floes melted"),
        "resigned": N_("resigned"),
        # The Penguin Ultimatum
        "hand": N_("hand"),
        "deck": N_("deck"),
        "left": N_("entertainers left"),
        "won": N_("won"),
        "activity": N_("activity"),
        "to_lay": N_("to lay"),
        "upright": N_("upright"),
        "turned": N_("or turned"),
        "removed_cards": N_("gone"),
        "phase_play": N_("{name} lays a penguin"),
        "phase_invite": N_("{name} may move a stone"),
        "phase_perform": N_("{name} picks a show"),
        "phase_entertainer": N_("{name} lays an entertainer"),
        "fee": N_("fee {n}"),
        "waived": N_("fee waived"),
        "show_at": N_("show {cell}"),
        "last_move": N_("last move"),
        "bonus": N_("activity +{activity} · animals +{majority}"),
        "hand_title": N_("{name}'s hand"),
        "no_cards": N_("none"),
    }
)


@cache
def plural_rule(expression: str) -> Callable[[int], int]:
    """The plural form index a count takes under a gettext plural expression (``n != 1``,
    ``(n > 1)``, or a whole ``nplurals=2; plural=(n > 1);`` header value).

    The standard library compiles it: it accepts only gettext's C-like grammar, so a label
    table cannot smuggle code in. A bad expression is a ``ValueError``.
    """
    _, _, after = expression.rpartition("plural=")
    rule: Callable[[int], int] = gettext.c2py(after.strip().rstrip(";"))
    return rule


def counted(labels: Mapping[str, str], key: str, n: int) -> str:
    """The singular (``<key>_one``) or plural (``<key>_many``) label for ``n`` things, chosen by
    the table's plural rule: French takes the singular for 0 too, English only for 1. Forms past
    the second (languages with several plurals) fall back to ``_many``."""
    form = plural_rule(labels.get("plural", ENGLISH["plural"]))(n)
    return labels[f"{key}_one" if form == 0 else f"{key}_many"].format(n=n)


def merged(overrides: Mapping[str, str] | None) -> Mapping[str, str]:
    """The English table with the caller's overrides (e.g. a German table) laid over it."""
    if not overrides:
        return ENGLISH
    unknown = set(overrides) - set(ENGLISH)
    if unknown:
        raise ValueError(f"unknown picture labels: {', '.join(sorted(unknown))}")
    if "plural" in overrides:
        plural_rule(overrides["plural"])  # a bad rule fails here, not halfway through a picture
    return MappingProxyType({**ENGLISH, **overrides})
