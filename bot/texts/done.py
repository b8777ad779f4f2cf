"""The answer to the player who acted: what their action did, in words (the drawn card only to
its drawer), never the notation they may not have typed."""

from __future__ import annotations

from bot.games.ultimatum import UltimatumGame
from bot.i18n import t
from bot.texts import ultimatum as ultimatum_texts
from bot.texts.announce import describe, last_entertainer
from bot.texts.move import MoveLike
from bot.texts.names import seat_names


def done_lines(lang: str, move: MoveLike) -> list[str]:
    """``Done in game #4:`` and the action's events in ``lang``, then what only the mover may
    know and what the end of the game depends on now."""
    names = seat_names(move.record, lang)
    lines = [t(lang, "Done in game #{id}:", id=move.record.id)]
    lines += describe(lang, move.record.kind, list(move.events), names)
    for event in move.events:
        if event["type"] == "drawn" and event["seat"] == move.seat:
            card = ultimatum_texts.card_name(lang, event["private"]["card"])
            lines.append(t(lang, "You drew a {card}.", card=card))
    if isinstance(move.game, UltimatumGame):
        lines += last_entertainer(lang, move.game, move.events)
    return lines
