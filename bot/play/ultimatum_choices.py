"""The Penguin Ultimatum: the mover's choices at each step, each labelled with what it does.

The click menus (``ultimatum_step``) and the ``/ultimatum`` autocompletes ask the same questions
here: which card (U-11), which cell with its fee or the entertainer given up instead and the
show it would start (U-11 … U-13), which stone goes where (U-14), which show comes first (U-16)
and where the new entertainer goes (U-21, asked in ``entertainer_choices``). Nothing of a hand is
carried in a click: a card is named by its place in the hand (``c0`` … ``c3``), which tells
nobody what it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.ultimatum import (
    SUPPLY,
    Invite,
    Perform,
    Play,
    Skip,
    UltimatumGame,
)
from bot.games.ultimatum.cards import PENGUINS
from bot.i18n import N_, t
from bot.play.entertainer_choices import entertainer_step
from bot.play.menus import (
    BACK,
    BUTTON_LABEL,
    BUTTONS,
    MENU_OPTIONS,
    Choice,
    Menu,
    NoChoices,
    Step,
    label,
    marks,
    pack,
    pack_groups,
    rows_placeholder,
)
from bot.texts.ultimatum import card_name

#: The value of the step-2 button that leaves the stones as they are.
SKIP = "skip"
#: What the player to move is doing at each step, in words.
ULTIMATUM_DOING = {
    "play": N_("inviting a penguin"),
    "invite": N_("moving an invitation stone or skipping"),
    "perform": N_("choosing which show comes first"),
    "entertainer": N_("laying the new entertainer"),
}


def _row(choice: Choice) -> str:
    """A cell's row number (``E14`` → ``14``)."""
    return choice.at[1:]


def _cell_order(cell: str) -> tuple[int, str]:
    return int(cell[1:]), cell[0]


def cards(game: UltimatumGame, seat: int, lang: str) -> list[Choice]:
    """U-11: the cards of the hand that can be laid, by their name in the reader's language."""
    playable = {m.card for m in game.legal_moves() if isinstance(m, Play)}
    return [Choice(c, card_name(lang, c)) for c in game.hand(seat) if c in playable]


def cells(game: UltimatumGame, lang: str, card: str) -> list[Choice]:
    """U-11 … U-13: the cells for one card, each with its fee (or the entertainer given up
    instead) and the show it would start."""
    ice, names = game.ice, game.ice.geo.names
    index = {name: n for n, name in enumerate(names)}
    table = game.table
    triggers = ice.triggers(())
    colour = PENGUINS[card].colour
    # U-24: with no entertainer left to lay, the first show ends the game.
    last_show = not game.view(None)["entertainer_deck_count"]
    plays = [m for m in game.legal_moves() if isinstance(m, Play) and m.card == card]
    found: list[Choice] = []
    for play in sorted(plays, key=lambda p: _cell_order(p.cell)):
        n = index[play.cell]
        notes: list[str] = []
        if play.waive:
            notes.append(give_up(lang, play.waive))
        else:
            fee = sum(
                PENGUINS[ice.penguins[k]].value
                for k in ice.geo.adjacent[n]
                if k in ice.penguins and PENGUINS[ice.penguins[k]].colour == colour
            )
            if fee:
                notes.append(t(lang, "fee {n}", n=fee))
        if n in triggers:
            show = table[names[triggers[n]]].removesuffix(" turned")
            notes.append(t(lang, "starts the {card} show", card=card_name(lang, show)))
            if last_show:
                notes.append(t(lang, "no entertainer is left: the game ends after it"))
        value = f"{play.cell}~{play.waive}" if play.waive else play.cell
        found.append(Choice(value, label(" · ".join([play.cell, *notes])), play, at=play.cell))
    return found


def give_up(lang: str, entertainer: str) -> str:
    """U-13: what waiving the kinship fee costs, in words."""
    return t(lang, "give up {card}", card=card_name(lang, entertainer))


def fee_cells(game: UltimatumGame, seat: int, lang: str, card: str) -> list[Choice]:
    """U-11, U-12: the cells for a card of the hand, each with its fee (NoChoices when the card
    is not in the hand)."""
    if card not in game.hand(seat):
        raise NoChoices(t(lang, "Choose a card from your hand first."))
    return [c for c in cells(game, lang, card) if isinstance(c.action, Play) and not c.action.waive]


def waivers(game: UltimatumGame, lang: str, card: str, cell: str) -> list[Choice]:
    """U-13: the won entertainers that may be given up instead of the fee for ``card`` on
    ``cell`` (NoChoices when none may)."""
    found = [
        Choice(m.waive, give_up(lang, m.waive), m, at=cell)
        for m in game.legal_moves()
        if isinstance(m, Play) and m.card == card and m.cell == cell and m.waive
    ]
    if not found:
        raise NoChoices(t(lang, "No kinship fee is due there, or you have won no entertainer."))
    return found


def _from(lang: str, source: str) -> str:
    if source == SUPPLY:
        return t(lang, "from your supply")
    return t(lang, "from {cell}", cell=source)


def _invites(game: UltimatumGame) -> list[Invite]:
    return [m for m in game.legal_moves() if isinstance(m, Invite)]


def stones(game: UltimatumGame, lang: str) -> list[tuple[str, list[Choice]]]:
    """U-14: every stone move grouped by where the stone comes from (the supply first, then the
    stones on the table), each group titled and each move naming the penguin it goes onto."""
    table = game.table
    by_source: dict[str, list[Invite]] = {}
    for m in sorted(_invites(game), key=lambda m: _cell_order(m.target)):
        by_source.setdefault(m.source, []).append(m)
    order = sorted(by_source, key=lambda s: (s != SUPPLY, _cell_order(s) if s != SUPPLY else ()))
    return [
        (
            _source_title(game, lang, source),
            [
                Choice(
                    f"{m.source}>{m.target}",
                    label(f"{m.target} · {card_name(lang, table[m.target])}"),
                    m,
                    at=m.target,
                )
                for m in by_source[source]
            ],
        )
        for source in order
    ]


def _source_title(game: UltimatumGame, lang: str, source: str) -> str:
    """What a group of stone moves moves: a stone of the supply, or the one on a penguin."""
    if source == SUPPLY:
        left = game.view(None)["supply"][game.to_move or 0]
        return t(lang, "A stone from your supply ({n} left), onto:", n=left)
    card = card_name(lang, game.table[source])
    return t(lang, "The stone on {cell} ({card}), moved onto:", cell=source, card=card)


def stone_targets(game: UltimatumGame, lang: str) -> list[Choice]:
    """U-14: the penguins without a stone, by their card's name (NoChoices: no stone to move)."""
    table = game.table
    targets = sorted({m.target for m in _invites(game)})
    if not targets:
        raise NoChoices(t(lang, "You have no stone to move: /ultimatum skip."))
    return [Choice(c, f"{c} · {card_name(lang, table[c])}", at=c) for c in targets]


def stone_sources(game: UltimatumGame, lang: str, target: str) -> list[Choice]:
    """U-14: where a stone onto ``target`` may come from, the supply first (NoChoices when no
    stone may go there)."""
    moves = [m for m in _invites(game) if m.target == target]
    if not moves:
        raise NoChoices(t(lang, "Choose a penguin without a stone first."))
    moves.sort(key=lambda m: (m.source != SUPPLY, m.source))
    return [Choice(m.source, _from(lang, m.source), m, at=target) for m in moves]


def shows(game: UltimatumGame, lang: str) -> list[Choice]:
    """U-16: the due shows, by their entertainer's name."""
    table = game.table
    return [
        Choice(m.cell, f"{m.cell} · {card_name(lang, table[m.cell])}", m, at=m.cell)
        for m in game.legal_moves()
        if isinstance(m, Perform)
    ]


def ultimatum_step(game: UltimatumGame, seat: int, lang: str, step: str, carry: str) -> Step:
    """The step an Ultimatum mover is at (``step``/``carry``: where a click left them)."""
    phase = game.phase
    if phase == "play":
        return _card_step(game, seat, lang, step, carry)
    if phase == "invite":
        return _stone_step(game, lang)
    if phase == "perform":
        due = shows(game, lang)
        return Step(
            "perform",
            t(lang, "Several shows are due: which comes first?"),
            menus=pack(due, _row, rows_placeholder(lang, N_("Show"))),
            marks=marks(due),
        )
    return entertainer_step(game, lang)


def _card_step(game: UltimatumGame, seat: int, lang: str, step: str, carry: str) -> Step:
    """U-11: which card (by its place in the hand), then where it goes."""
    hand = game.hand(seat)
    slot = int(carry[1:]) if step == "cell" and carry[1:].isdigit() else -1
    if 0 <= slot < len(hand):
        card = hand[slot]
        spots = cells(game, lang, card)
        return Step(
            "cell",
            t(
                lang,
                "Where does the {card} go? (marked on the picture)",
                card=card_name(lang, card),
            ),
            carry=carry,
            buttons=(Choice(BACK, t(lang, "Another card"), then=""),),
            menus=pack(spots, _row, rows_placeholder(lang, N_("Cell"))),
            marks=marks(spots),
        )
    slots = [
        Choice(f"c{hand.index(c.value)}", label(c.label, BUTTON_LABEL), then="cell")
        for c in cards(game, seat, lang)
    ]
    return Step(
        "card",
        t(lang, "Which penguin do you invite?"),
        buttons=tuple(slots[:BUTTONS]),
        menus=()
        if len(slots) <= BUTTONS
        else (Menu(t(lang, "Your cards"), tuple(slots[:MENU_OPTIONS])),),
    )


def _stone_step(game: UltimatumGame, lang: str) -> Step:
    """U-14: a stone on the card just laid in one click (saying where the stone comes from),
    one menu per stone that may move, or skip."""
    last = (game.view(None)["last"] or {}).get("cell")
    groups = stones(game, lang)
    moves = [c for _, group in groups for c in group]
    quick = _first_from_supply([c for c in moves if c.at == last])
    buttons: list[Choice] = []
    if quick is not None and isinstance(quick.action, Invite):
        words = t(
            lang,
            "Stone on {cell} ({source})",
            cell=quick.at,
            source=_from(lang, quick.action.source),
        )
        buttons.append(Choice(quick.value, label(words, BUTTON_LABEL), quick.action))
    buttons.append(Choice(SKIP, t(lang, "Skip"), Skip()))
    return Step(
        "stone",
        t(lang, "Move an invitation stone onto a penguin, or skip:"),
        buttons=tuple(buttons),
        menus=pack_groups(lang, groups, _row),
        marks=marks(moves),
    )


def _first_from_supply(moves: Sequence[Choice]) -> Choice | None:
    """The move from the supply among ``moves``, else the first of them."""
    supplied = [c for c in moves if isinstance(c.action, Invite) and c.action.source == SUPPLY]
    return next(iter(supplied or moves), None)
