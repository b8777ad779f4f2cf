"""The panel under the party table: whose turn, scores, stones, activity cards, won entertainers,
hand sizes, both decks with the face-up top entertainer, and the entertainers gone from the game
(U-8, U-27: all public).

Discord shows the 720-pixel picture about 400 pixels wide on a phone. The won entertainers are
drawn with their whole face (animal, activity, dots and family symbol) 76 pixels wide (42 on the
phone), larger than a card on the 9 × 9 table: three fit side by side in a player's row, and a
fourth shrinks them all rather than hiding one's dots under the next. The activity card and the
gone entertainers are 56 pixels (31 on the phone), the gone ones with the compact face of
``cards.won``, animal and activity large (their dots no longer matter). The face-up
entertainers of the footer (the next one and the one to lay) are drawn 95 pixels wide (53 on
the phone), dots and all: they are the next show's star.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import cards, sprites, text
from render.common import RANK_COLOURS, headline, ranks
from render.style import HIGHLIGHT, PANEL, PANEL_ACTIVE, PANEL_ROW, TEXT, TEXT_DIM, Colour

#: The table is laid out in the lengths of an 820-pixel design and drawn natively (not resized)
#: on a canvas PANEL_WIDTH wide: a phone shows it about 400 pixels wide whatever its width, and
#: fewer pixels are fewer bytes and less zlib time (issue 18).
DESIGN_WIDTH = 820
PANEL_WIDTH = 720


def px(length: float) -> int:
    """A length of the 820-pixel design, in pixels of the table's canvas."""
    return round(length * PANEL_WIDTH / DESIGN_WIDTH)


PAD = px(12)
HEADER = px(50)
ROW_H = px(96)
ROW_GAP = px(6)
FOOTER = px(124)
GONE = px(80)  # the band of entertainers gone from the game, under the footer (with a gap below)
MINI = px(64)  # activity card and gone entertainers
MINI_GAP = px(4)
WON_LEAST = px(64)  # won entertainers shrink this far to stay side by side, then overlap
DECK = px(64)  # the penguin deck in the footer
SHOW_CARD = px(108)  # the face-up entertainers in the footer (next, to lay): dots read on a phone
GONE_LABEL = px(110)  # the widest "gone" caption, left of the gone entertainers
HAND_ICON = px(22)  # the card back beside a hand's size
NAME_LEFT = px(60)  # a name's left edge, from the row's left (right of the seat's token)
SCORE_RIGHT = px(326)  # the score's right edge, from the row's left
NAME_GAP = px(6)  # between a name and the score (the name sits higher, so little is needed)
SUPPLY_LEFT = px(344)  # the supply pill's left edge, from the row's left
SUPPLY_W = px(84)
ACTIVITY_LEFT = px(440)  # the activity card's left edge, from the row's left
WON_LEFT = ACTIVITY_LEFT + MINI + px(12)  # the won entertainers' left edge, from the row's left
WON_RIGHT = px(8)  # kept free right of the won entertainers
#: Won entertainers, whole faces, as large as three side by side in a player's row allow (88 in
#: the design): larger than a 9 × 9 table's cards.
WON = (PANEL_WIDTH - 2 * PAD - WON_LEFT - WON_RIGHT - 2 * MINI_GAP) // 3


def panel_height(players: int) -> int:
    """Height of the panel for a number of players."""
    return HEADER + players * (ROW_H + ROW_GAP) + FOOTER + GONE


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
    facts = []
    last = view.get("last")
    if last:
        if last.get("waived"):
            facts.append(words["waived"])
        elif last.get("fee"):
            facts.append(words["fee"].format(n=last["fee"]))
        facts.extend(f"★ {show['cell']}" for show in last.get("shows", []))
    right = " · ".join(facts)
    small = text.font(px(20))
    right_w = small.getlength(right) + px(16) if right else 0
    face = text.font(px(22), True)
    width = PANEL_WIDTH - x - PAD - right_w
    text.label(
        draw, (x, y), text.named(template, name, face, width), face, TEXT, anchor="lm", width=width
    )
    if right:
        text.label(draw, (PANEL_WIDTH - PAD, y), right, small, TEXT_DIM, anchor="rm")


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
    x0, y0, x1, y1 = box
    active = view["to_move"] == seat
    ground = PANEL_ACTIVE if active else PANEL_ROW
    draw.rounded_rectangle(box, radius=px(10), fill=ground)
    if active:
        draw.rounded_rectangle((x0, y0, x0 + px(7), y1), radius=px(3), fill=HIGHLIGHT)
    mid = (y0 + y1) // 2
    token = sprites.on_ground(sprites.seat_token, (seat, px(36)), ground)
    image.paste(token, (x0 + px(14), mid - token.height // 2))
    # At the end the line under the name (rank and the U-25 bonus by kind) runs on under the
    # score and the supply, below both: under the name alone the bonus was cut off.
    name_y, sub = (
        (mid - px(17), mid + px(31)) if place is not None else (mid - px(13), mid + px(14))
    )
    score, score_face = str(view["scores"][seat]), text.font(px(32), True)
    # The name runs up to the score: a shortened name ("Alexandra von…") then shows whole.
    name_w = SCORE_RIGHT - NAME_LEFT - score_face.getlength(score) - NAME_GAP
    face = text.font(px(22), True)
    text.label(draw, (x0 + NAME_LEFT, name_y), name, face, TEXT, anchor="lm", width=name_w)
    if place is not None:
        rank = words[f"rank_{place + 1}"]
        x = (
            x0
            + NAME_LEFT
            + text.label(
                draw,
                (x0 + NAME_LEFT, sub),
                rank,
                text.font(px(18), True),
                RANK_COLOURS[place],
                anchor="lm",
            )
        )
        bonus = (view.get("final_bonus") or [None] * view["players"])[seat]
        if bonus is not None:
            line = words["bonus"].format(activity=bonus[0], majority=bonus[1])
            text.label(
                draw,
                (x + px(8), sub),
                line,
                text.font(px(17)),
                TEXT_DIM,
                anchor="lm",
                width=x0 + SUPPLY_LEFT + SUPPLY_W - x - px(8),
            )
    else:  # the hand's size as a card back and a number
        back = sprites.on_ground(cards.back, (HAND_ICON,), ground)
        image.paste(back, (x0 + NAME_LEFT, sub - HAND_ICON // 2))
        text.label(
            draw,
            (x0 + NAME_LEFT + HAND_ICON + px(5), sub),
            f"×{view['hand_counts'][seat]}",
            text.font(px(18), True),
            TEXT_DIM,
            anchor="lm",
        )
    text.label(draw, (x0 + SCORE_RIGHT, mid), score, score_face, TEXT, anchor="rm")
    _supply(image, draw, (x0 + SUPPLY_LEFT, mid), seat, view["supply"][seat])
    activity = sprites.on_ground(cards.activity, (view["activities"][seat], MINI), ground)
    image.paste(activity, (x0 + ACTIVITY_LEFT, mid - MINI // 2))
    won = view["won"][seat]
    span = (x0 + WON_LEFT, x1 - WON_RIGHT)
    side = won_size(len(won), span[1] - span[0])
    _strip(image, span, mid, won, ground, cards.entertainer, side)


def won_size(count: int, room: int) -> int:
    """Side of each of ``count`` won entertainers in a row ``room`` pixels wide: as large as
    WON, smaller if that keeps them side by side (so no card's dots hide under the next), but
    never below WON_LEAST (then they overlap)."""
    if count <= 1:
        return WON
    fits = (room - (count - 1) * MINI_GAP) // count
    return max(WON_LEAST, min(WON, fits))


def _strip(
    image: Image.Image,
    span: tuple[int, int],
    mid: int,
    entertainers: Sequence[str],
    ground: Colour,
    make: Callable[[str, int], Image.Image] = cards.won,
    side: int = MINI,
) -> None:
    """Entertainers drawn by ``make`` at ``side`` pixels, side by side between ``span``'s
    edges, overlapping only when they do not fit (about ten in the gone band)."""
    left, right = span
    count = len(entertainers)
    step = side + MINI_GAP
    if count > 1:
        step = min(step, (right - left - side) // (count - 1))
    for i, card in enumerate(entertainers):
        at = (left + i * step, mid - side // 2)
        if step >= side:  # side by side: each card opaque on the band (pastes fast)
            image.paste(sprites.on_ground(make, (card, side), ground), at)
        else:  # overlapping: each card's rounded corner shows the one under it
            face = make(card, side)
            image.paste(face, at, face)


def _supply(
    image: Image.Image, draw: ImageDraw.ImageDraw, at: tuple[int, int], seat: int, stones: int
) -> None:
    """The stones left in the supply, apart from the score: one stone in a dark pill and "×n"."""
    x, mid = at
    half = px(19)
    draw.rounded_rectangle((x, mid - half, x + SUPPLY_W, mid + half), radius=half, fill=PANEL)
    token = sprites.on_ground(sprites.seat_token, (seat, px(28)), PANEL)
    image.paste(token, (x + px(7), mid - token.height // 2))
    text.label(
        draw,
        (x + px(42), mid + 1),
        f"×{stones}",
        text.font(px(22), True),
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
    small = text.font(px(17))

    def pile(
        x: int, face: Image.Image | None, number: int | None, caption: str, side: int = SHOW_CARD
    ) -> int:
        y = mid - side // 2
        if face is not None:
            image.paste(face, (x, y), face)
        else:
            corner = (x + side, y + side)
            draw.rounded_rectangle((x, y, *corner), radius=px(6), outline=TEXT_DIM, width=2)
        tx = x + side + px(8)
        width = 0.0
        if number is not None:
            width = text.label(draw, (tx, mid - px(10)), str(number), count, TEXT, anchor="lm")
        below = text.label(
            draw, (tx, mid + px(18)), caption, small, TEXT_DIM, anchor="lm", width=px(110)
        )
        width = max(width, below)
        return round(tx + width + px(20))

    x = pile(
        PAD,
        cards.back(DECK) if view["deck_count"] else None,
        view["deck_count"],
        words["deck"],
        DECK,
    )
    top_card = view.get("entertainer_top")
    remaining = view["entertainer_deck_count"]
    laying = view.get("entertainer_to_lay") if view["phase"] == "entertainer" else None
    if laying:  # the top card is being laid: what lies under it is still face down
        remaining -= 1
        next_face = cards.entertainer_back(SHOW_CARD) if remaining else None
    else:
        next_face = cards.entertainer(top_card, SHOW_CARD) if top_card else None
    x = pile(x, next_face, remaining, words["next"])
    if laying:
        pile(x, cards.entertainer(laying, SHOW_CARD), None, words["to_lay"])


def _gone(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    top: int,
    view: Mapping[str, Any],
    words: Mapping[str, str],
) -> None:
    """The entertainers gone from the game (U-19), in a band of their own: beside the piles
    there was room only for tiny, overlapping cards."""
    box = (PAD, top, PANEL_WIDTH - PAD, top + GONE - ROW_GAP)
    draw.rounded_rectangle(box, radius=px(10), fill=PANEL_ROW)
    mid = (box[1] + box[3]) // 2
    small = text.font(px(18))
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
    removed = view.get("removed", [])
    if not removed:
        text.label(draw, (left, mid), words["no_cards"], small, TEXT_DIM, anchor="lm")
    _strip(image, (left, box[2] - px(8)), mid, removed, PANEL_ROW)


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
        box = (PAD, y, PANEL_WIDTH - PAD, y + ROW_H)
        _row(image, draw, box, seat, view, names[seat], place.get(seat), words)
        y += ROW_H + ROW_GAP
    _footer(image, draw, y, view, words)
    _gone(image, draw, y + FOOTER, view, words)
