"""The panel under the party table: whose turn, scores, stones, activity cards, won entertainers,
hand sizes, the footer (render.ultimatum_footer), and the entertainers gone from the game (U-8,
U-27: all public).

Discord shows the 720-pixel picture about 400 pixels wide on a phone, so every word and count
is at least LEGIBLE pixels (12 on the phone). The won and the gone entertainers are drawn with
the compact face of ``cards.won``, animal and activity as large as the card allows (their dots
no longer matter, U-25 counts animals and activities): side by side, never overlapping, never
so small that their icons fall under LEGIBLE; a player who won more than fit in one line gets a
taller row, and the gone band wraps likewise.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import cards, sprites, text
from render.common import RANK_COLOURS, headline, ranks
from render.style import HIGHLIGHT, PANEL, PANEL_ACTIVE, PANEL_ROW, TEXT, TEXT_DIM, Colour
from render.ultimatum_footer import draw_footer, footer_height
from render.ultimatum_metrics import LEGIBLE, PAD, PANEL_WIDTH, ROW_GAP, px

HEADER = px(50)
ROW_H = px(96)
MINI = px(64)  # the activity card
MINI_GAP = px(4)
#: Won and gone entertainers shrink this far to stay in one line, then wrap: the animal and the
#: activity of ``cards.won`` (0.64 and 0.42 of its side) stay LEGIBLE.
WON_LEAST = math.ceil(LEGIBLE / cards.WON_ACTIVITY)
BAND_PAD = px(10)  # above and below the lines of won or gone entertainers
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
    draw_footer(image, draw, y, view, words)
    _gone(image, draw, y + footer_height(view), view, words)
