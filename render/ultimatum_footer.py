"""The footer under the party table's rows: the penguin deck, the entertainers left with the
face-up next one (U-8), what the previous move cost and started, labelled as the last move,
and, while a new entertainer is laid, that card on a line of its own both ways it may lie (U-2,
U-21). The face-up entertainers are drawn 95 pixels wide (53 on a phone), dots and all: they are
the next show's star.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import cards, text
from render.style import TEXT, TEXT_DIM
from render.ultimatum_metrics import LEGIBLE, PAD, PANEL_WIDTH, ROW_GAP, px

FOOTER = px(124)
LAYING = px(112)  # the footer's line for the entertainer being laid
DECK = px(64)  # the penguin deck
SHOW_CARD = px(108)  # the face-up entertainers (next, to lay): dots read on a phone


def draw_footer(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    top: int,
    view: Mapping[str, Any],
    words: Mapping[str, str],
) -> None:
    """Draw the footer below ``top``: the piles, the last move and the card being laid."""
    mid = top + (FOOTER - ROW_GAP) // 2
    count = text.font(px(26), True)
    small = text.font(LEGIBLE)

    def pile(
        x: int,
        faces: Sequence[Image.Image | None],
        top: str,
        caption: str,
        side: int = SHOW_CARD,
        room: int = px(110),
    ) -> int:
        """Cards (None: an empty pile's outline), then a count or a word above a caption."""
        y = mid - side // 2
        for face in faces:
            if face is not None:
                image.paste(face, (x, y), face)
            else:
                corner = (x + side, y + side)
                draw.rounded_rectangle((x, y, *corner), radius=px(6), outline=TEXT_DIM, width=2)
            x += side + px(6)
        tx = x + px(2)
        width = 0.0
        if top:
            big = count if top.isdigit() else text.font(LEGIBLE, True)
            width = text.label(draw, (tx, mid - px(10)), top, big, TEXT, anchor="lm", width=room)
        below = text.label(
            draw, (tx, mid + px(18)), caption, small, TEXT_DIM, anchor="lm", width=room
        )
        width = max(width, below)
        return round(tx + width + px(20))

    deck = [cards.back(DECK) if view["deck_count"] else None]
    x = pile(PAD, deck, str(view["deck_count"]), words["deck"], DECK)
    top_card = view.get("entertainer_top")
    remaining = view["entertainer_deck_count"]
    laying = _laying(view)
    if laying:
        # What lies under the card being laid is still face down (U-8).
        under = cards.entertainer_back(SHOW_CARD) if remaining > 1 else None
        pile(x, [under], str(remaining - 1), words["left"], room=px(240))
    else:
        next_face = cards.entertainer(top_card, SHOW_CARD) if top_card else None
        pile(x, [next_face], str(remaining), words["left"], room=px(240))
    last = _last_move(view, words)
    if last:
        right = PANEL_WIDTH - PAD - px(4)
        bold = text.font(LEGIBLE, True)
        text.label(draw, (right, mid - px(10)), words["last_move"], bold, TEXT, anchor="rm")
        text.label(draw, (right, mid + px(18)), last, small, TEXT_DIM, anchor="rm", width=px(230))
    if laying:
        # The card to lay on a line of its own, both ways it may lie (U-2, U-21).
        mid += LAYING
        upright, turned = (cards.entertainer(laying, SHOW_CARD, way) for way in (False, True))
        x = pile(PAD, [upright], words["to_lay"], words["upright"], room=px(220))
        pile(x, [turned], "", words["turned"], room=px(220))


def _laying(view: Mapping[str, Any]) -> str | None:
    """The entertainer being laid (U-21), if that is the step."""
    laying = view.get("entertainer_to_lay") if view["phase"] == "entertainer" else None
    return str(laying) if laying else None


def footer_height(view: Mapping[str, Any]) -> int:
    """Height of the footer: one line of piles, and one more for an entertainer being laid."""
    return FOOTER + (LAYING if _laying(view) else 0)


def _last_move(view: Mapping[str, Any], words: Mapping[str, str]) -> str:
    """What the move before this picture cost and started (a fee, or the entertainer given up
    instead, and the shows), or "" when it did neither."""
    last = view.get("last")
    if not last:
        return ""
    facts = []
    if last.get("waived"):
        facts.append(words["waived"])
    elif last.get("fee"):
        facts.append(words["fee"].format(n=last["fee"]))
    facts.extend(words["show_at"].format(cell=show["cell"]) for show in last.get("shows", []))
    return " · ".join(facts)
