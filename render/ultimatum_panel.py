"""The panel under the party table: whose turn, scores, stones, activity cards, won entertainers,
hand sizes, both decks with the face-up top entertainer, and the entertainers gone from the game
(U-8, U-27: all public).

Discord shows the 720-pixel picture about 400 pixels wide on a phone, so every word and count
is at least LEGIBLE pixels (12 on the phone). The won and the gone entertainers are drawn with
the compact face of ``cards.won``, animal and activity as large as the card allows (their dots
no longer matter, U-25 counts animals and activities): side by side, never overlapping, never
so small that their icons fall under LEGIBLE; a player who won more than fit in one line gets a
taller row, and the gone band wraps likewise. The face-up entertainers of the footer (the next
one and the one to lay) are drawn 95 pixels wide (53 on the phone), dots and all: they are the
next show's star.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import cards, sprites, text
from render.common import RANK_COLOURS, TABLE_WIDTH, headline, legible, ranks
from render.style import HIGHLIGHT, PANEL, PANEL_ACTIVE, PANEL_ROW, TEXT, TEXT_DIM, Colour

#: The table is laid out in the lengths of an 820-pixel design and drawn natively (not resized)
#: on a canvas PANEL_WIDTH wide: a phone shows it about 400 pixels wide whatever its width, and
#: fewer pixels are fewer bytes and less zlib time.
DESIGN_WIDTH = 820
PANEL_WIDTH = TABLE_WIDTH
LEGIBLE = legible(PANEL_WIDTH)


def px(length: float) -> int:
    """A length of the 820-pixel design, in pixels of the table's canvas."""
    return round(length * PANEL_WIDTH / DESIGN_WIDTH)


PAD = px(12)
HEADER = px(50)
ROW_H = px(96)
ROW_GAP = px(6)
FOOTER = px(124)
LAYING = px(112)  # the footer's line for the entertainer being laid
MINI = px(64)  # the activity card
MINI_GAP = px(4)
#: Won and gone entertainers shrink this far to stay in one line, then wrap: the animal and the
#: activity of ``cards.won`` (0.64 and 0.42 of its side) stay LEGIBLE.
WON_LEAST = math.ceil(LEGIBLE / cards.WON_ACTIVITY)
BAND_PAD = px(10)  # above and below the lines of won or gone entertainers
DECK = px(64)  # the penguin deck in the footer
SHOW_CARD = px(108)  # the face-up entertainers in the footer (next, to lay): dots read on a phone
GONE_LABEL = px(130)  # the widest "gone" caption ("défaussés"), left of the gone entertainers
HAND_ICON = LEGIBLE  # the card back beside a hand's size
NAME_LEFT = px(60)  # a name's left edge, from the row's left (right of the seat's token)
SCORE_RIGHT = px(426)  # the score's right edge, from the row's left
NAME_GAP = px(6)  # between a name and the score (the name sits higher, so little is needed)
SUPPLY_GAP = px(18)  # between the hand's size and the stones in supply, under the name
SUPPLY_TOKEN = px(32)  # its square's side is LEGIBLE
ACTIVITY_LEFT = px(440)  # the activity card's left edge, from the row's left
WON_LEFT = ACTIVITY_LEFT + MINI + px(12)  # the won entertainers' left edge, from the row's left
WON_RIGHT = px(8)  # kept free right of the won entertainers
#: Won entertainers, whole faces, as large as three side by side in a player's row allow (88 in
#: the design): larger than a 9 × 9 table's cards.
WON_ROOM = PANEL_WIDTH - 2 * PAD - WON_LEFT - WON_RIGHT
WON = (WON_ROOM - 2 * MINI_GAP) // 3
GONE = px(80)  # the band of entertainers gone from the game, under the footer
#: The gone entertainers' room: right of the caption (at most GONE_LABEL) to the band's end.
GONE_ROOM = PANEL_WIDTH - 2 * PAD - px(14) - GONE_LABEL - px(12) - px(8)


def panel_height(view: Mapping[str, Any]) -> int:
    """Height of the panel for a view: its rows grow with the entertainers won."""
    rows = sum(row_height(len(won)) + ROW_GAP for won in view["won"])
    return HEADER + rows + footer_height(view) + gone_height(len(view.get("removed", [])))


def _lines(count: int, room: int, side: int) -> int:
    """Lines of ``count`` cards ``side`` pixels wide in a band ``room`` pixels wide."""
    per_line = max(1, (room + MINI_GAP) // (side + MINI_GAP))
    return max(1, -(-count // per_line))


def row_height(won: int) -> int:
    """Height of a player's row with ``won`` entertainers won: taller once they wrap."""
    side = won_size(won, WON_ROOM)
    lines = _lines(won, WON_ROOM, side)
    if lines == 1:
        return ROW_H
    return lines * (side + MINI_GAP) - MINI_GAP + 2 * BAND_PAD


def gone_height(count: int) -> int:
    """Height of the band of gone entertainers, with the gap below it."""
    lines = _lines(count, GONE_ROOM, WON_LEAST)
    return max(GONE, lines * (WON_LEAST + MINI_GAP) - MINI_GAP + 2 * BAND_PAD) + ROW_GAP


def _header(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    top: int,
    view: Mapping[str, Any],
    names: Sequence[str],
    words: Mapping[str, str],
) -> None:
    y = top + HEADER / 2
    x = PAD
    playing = words[f"phase_{view['phase']}"] if view["phase"] != "over" else ""
    template, name = headline(view, names, words, playing)
    if view["phase"] != "over":
        token = sprites.on_ground(sprites.seat_token, (view["to_move"], px(30)), PANEL)
        image.paste(token, (x, round(y - token.height / 2)))
        x += px(38)
    face = text.font(LEGIBLE, True)
    width = PANEL_WIDTH - x - PAD
    text.label(
        draw, (x, y), text.named(template, name, face, width), face, TEXT, anchor="lm", width=width
    )


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


def _row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    seat: int,
    view: Mapping[str, Any],
    name: str,
    place: int | None,
    words: Mapping[str, str],
) -> None:
    x0, y0, _, y1 = box
    active = view["to_move"] == seat
    ground = PANEL_ACTIVE if active else PANEL_ROW
    draw.rounded_rectangle(box, radius=px(10), fill=ground)
    if active:
        draw.rounded_rectangle((x0, y0, x0 + px(7), y1), radius=px(3), fill=HIGHLIGHT)
    mid = y0 + ROW_H // 2  # a taller row (many won) keeps its words on its first line
    token = sprites.on_ground(sprites.seat_token, (seat, px(36)), ground)
    image.paste(token, (x0 + px(14), mid - token.height // 2))
    # At the end the rank and the U-25 bonus by kind take a line each under the name, the
    # bonus running on under the score (the supply no longer matters then).
    name_y, sub = (mid - px(27), mid + px(2)) if place is not None else (mid - px(14), mid + px(17))
    score, score_face = str(view["scores"][seat]), text.font(px(32), True)
    # The name runs up to the score: a shortened name ("Alexandra von…") then shows whole.
    name_w = SCORE_RIGHT - NAME_LEFT - score_face.getlength(score) - NAME_GAP
    face = text.font(LEGIBLE, True)
    text.label(draw, (x0 + NAME_LEFT, name_y), name, face, TEXT, anchor="lm", width=name_w)
    if place is not None:
        rank = words[f"rank_{place + 1}"]
        text.label(draw, (x0 + NAME_LEFT, sub), rank, face, RANK_COLOURS[place], anchor="lm")
        bonus = (view.get("final_bonus") or [None] * view["players"])[seat]
        if bonus is not None:
            line = words["bonus"].format(activity=bonus[0], majority=bonus[1])
            text.label(
                draw,
                (x0 + px(14), sub + px(29)),
                line,
                text.font(LEGIBLE),
                TEXT_DIM,
                anchor="lm",
                width=ACTIVITY_LEFT - px(22),
            )
    else:  # the hand's size as a card back and a number, then the stones in supply
        back = sprites.on_ground(cards.back, (HAND_ICON,), ground)
        image.paste(back, (x0 + NAME_LEFT, sub - HAND_ICON // 2))
        x = x0 + NAME_LEFT + HAND_ICON + px(5)
        hand = f"×{view['hand_counts'][seat]}"
        x += round(text.label(draw, (x, sub), hand, face, TEXT_DIM, anchor="lm")) + SUPPLY_GAP
        _supply(image, draw, (x, sub), seat, view["supply"][seat], ground)
    text.label(
        draw,
        (x0 + SCORE_RIGHT, mid - (px(8) if place is not None else 0)),
        score,
        score_face,
        TEXT,
        anchor="rm",
    )
    activity = sprites.on_ground(cards.activity, (view["activities"][seat], MINI), ground)
    image.paste(activity, (x0 + ACTIVITY_LEFT, mid - MINI // 2))
    won = view["won"][seat]
    side = won_size(len(won), WON_ROOM)
    _band(
        image,
        (x0 + WON_LEFT, y0 + BAND_PAD, x0 + WON_LEFT + WON_ROOM, y1 - BAND_PAD),
        won,
        ground,
        side,
    )


def won_size(count: int, room: int) -> int:
    """Side of each of ``count`` won entertainers in a line ``room`` pixels wide: as large as
    WON, smaller if that keeps them in one line, but never below WON_LEAST (then they wrap)."""
    if count <= 1:
        return WON
    fits = (room - (count - 1) * MINI_GAP) // count
    return max(WON_LEAST, min(WON, fits))


def _band(
    image: Image.Image,
    box: tuple[int, int, int, int],
    entertainers: Sequence[str],
    ground: Colour,
    side: int,
) -> None:
    """Entertainers (``cards.won``) ``side`` pixels wide, side by side in lines within ``box``,
    centred on its height; none overlaps another."""
    left, top, right, bottom = box
    per_line = max(1, (right - left + MINI_GAP) // (side + MINI_GAP))
    lines = -(-len(entertainers) // per_line)
    y = (top + bottom - (lines * (side + MINI_GAP) - MINI_GAP)) // 2
    for i, card in enumerate(entertainers):
        line, col = divmod(i, per_line)
        at = (left + col * (side + MINI_GAP), y + line * (side + MINI_GAP))
        image.paste(sprites.on_ground(cards.won, (card, side), ground), at)


def _supply(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
    seat: int,
    stones: int,
    ground: Colour,
) -> None:
    """The stones left in the supply (U-9), apart from the score: one stone and "×n"."""
    x, mid = at
    token = sprites.on_ground(sprites.seat_token, (seat, SUPPLY_TOKEN), ground)
    image.paste(token, (x, mid - token.height // 2))
    text.label(
        draw,
        (x + SUPPLY_TOKEN + px(4), mid),
        f"×{stones}",
        text.font(LEGIBLE, True),
        TEXT if stones else TEXT_DIM,
        anchor="lm",
    )


def _footer(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    top: int,
    view: Mapping[str, Any],
    words: Mapping[str, str],
) -> None:
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


def _gone(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    top: int,
    view: Mapping[str, Any],
    words: Mapping[str, str],
) -> None:
    """The entertainers gone from the game (U-19), in a band of their own that wraps."""
    removed = view.get("removed", [])
    box = (PAD, top, PANEL_WIDTH - PAD, top + gone_height(len(removed)) - ROW_GAP)
    draw.rounded_rectangle(box, radius=px(10), fill=PANEL_ROW)
    mid = top + GONE // 2
    small = text.font(LEGIBLE)
    caption = text.label(
        draw,
        (PAD + px(14), mid),
        words["removed_cards"],
        small,
        TEXT_DIM,
        anchor="lm",
        width=GONE_LABEL,
    )
    left = PAD + px(14) + round(caption) + px(12)
    if not removed:
        text.label(draw, (left, mid), words["no_cards"], small, TEXT_DIM, anchor="lm")
    band = (left, box[1] + BAND_PAD, left + GONE_ROOM, box[3] - BAND_PAD)
    _band(image, band, removed, PANEL_ROW, WON_LEAST)


def draw_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    top: int,
    view: Mapping[str, Any],
    names: Sequence[str],
    words: Mapping[str, str],
) -> None:
    """Draw the whole panel below ``top``."""
    _header(image, draw, top, view, names, words)
    place = ranks(view.get("ranking"))
    y = top + HEADER
    for seat in range(view["players"]):
        box = (PAD, y, PANEL_WIDTH - PAD, y + row_height(len(view["won"][seat])))
        _row(image, draw, box, seat, view, names[seat], place.get(seat), words)
        y = box[3] + ROW_GAP
    _footer(image, draw, y, view, words)
    _gone(image, draw, y + footer_height(view), view, words)
