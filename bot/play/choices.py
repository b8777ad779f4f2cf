"""A turn by clicks: which choices exist at this step, labelled with what they do, in menus.

Pure: a loaded game and the mover's seat in, a ``Step`` out (what to ask, the choices on
buttons and in menus of at most 25, the cells or floes to mark on the picture). A click comes
back as (step, carry, value) and ``decide`` turns it into either the action text to play or the
next step. Nothing of a hand is ever carried: a card is named by its place in the hand (``c0``
… ``c3``), which tells nobody what it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.games.base import Game
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import PENGUINS
from bot.i18n import N_, t, tn
from bot.texts.ultimatum import card_name

#: Discord's limits on one select menu, and how many menus a reply shows at once (the fifth
#: row is for buttons).
MENU_OPTIONS = 25
MENUS_PER_PAGE = 4
BUTTONS = 5
LABEL = 100
BUTTON_LABEL = 80
#: Carry and value texts travel in custom_ids: notation only.
SAFE = re.compile(r"[A-Za-z0-9>~.-]{0,24}", re.ASCII)


@dataclass(frozen=True)
class Choice:
    """One thing the mover may pick: ``value`` comes back with the click."""

    value: str
    label: str


@dataclass(frozen=True)
class Menu:
    """A select menu's worth of choices (≤ 25), with its placeholder."""

    placeholder: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class Step:
    """What the mover is asked now."""

    step: str
    prompt: str
    carry: str = ""
    buttons: tuple[Choice, ...] = ()
    menus: tuple[Menu, ...] = ()
    marks: dict[str, str] = field(default_factory=dict)

    def page(self, number: int) -> tuple[Menu, ...]:
        """The menus shown on one page (4 at a time)."""
        start = number * MENUS_PER_PAGE
        return self.menus[start : start + MENUS_PER_PAGE]

    @property
    def pages(self) -> int:
        """How many pages the menus fill."""
        return max(1, -(-len(self.menus) // MENUS_PER_PAGE))


@dataclass(frozen=True)
class Decision:
    """What a click means: an action to play, or a further step to ask."""

    action: str | None = None
    step: str = ""
    carry: str = ""


class StaleChoice(ValueError):
    """A click that does not fit the position any more (the game moved on)."""


def _row_of(name: str) -> str:
    """A floe's row letter (``C4`` → ``C``)."""
    return name[0]


def pack(
    choices: Sequence[Choice],
    row: Callable[[Choice], str],
    placeholder: Callable[[str, str], str],
) -> tuple[Menu, ...]:
    """Choices in menus of at most 25, whole rows kept together where they fit, none hidden."""
    rows: list[tuple[str, list[Choice]]] = []
    for choice in choices:
        key = row(choice)
        if rows and rows[-1][0] == key:
            rows[-1][1].append(choice)
        else:
            rows.append((key, [choice]))
    menus: list[tuple[str, str, list[Choice]]] = []
    for key, items in rows:
        while items:
            room = MENU_OPTIONS - len(menus[-1][2]) if menus else 0
            if menus and len(items) <= room:
                first, _, held = menus[-1]
                menus[-1] = (first, key, held + items)
                items = []
            else:
                menus.append((key, key, items[:MENU_OPTIONS]))
                items = items[MENU_OPTIONS:]
    return tuple(Menu(placeholder(a, b)[:150], tuple(held)) for a, b, held in menus)


def _rows_placeholder(lang: str, what: str) -> Callable[[str, str], str]:
    def name(first: str, last: str) -> str:
        rows = first if first == last else f"{first}–{last}"
        return t(lang, "{what} · rows {rows}", what=t(lang, what), rows=rows)

    return name


def _label(text: str, limit: int = LABEL) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- Hey, That's My Fish! ------------------------------------------------------------------


def _fish_steps(game: FishGame, lang: str, step: str, carry: str) -> Step:
    legal = game.legal_actions()
    floes = game.floes
    if game.phase == "place":
        choices = [Choice(f, t(lang, "{floe} · 1 fish", floe=f)) for f in legal]
        return Step(
            "place",
            t(lang, "Place a penguin on a free 1-fish floe (marked on the picture):"),
            menus=pack(choices, lambda c: _row_of(c.value), _rows_placeholder(lang, N_("Floe"))),
            marks={f: f for f in legal},
        )
    starts = sorted({a.split("-")[0] for a in legal})
    if step == "to" and carry in starts:
        start = carry
    elif len(starts) == 1:
        start = starts[0]
    else:
        counts = {s: sum(a.startswith(f"{s}-") for a in legal) for s in starts}
        buttons = [
            Choice(s, tn(lang, "{floe} · {n} move", "{floe} · {n} moves", counts[s], floe=s))
            for s in starts
        ]
        return Step(
            "penguin",
            t(lang, "Which penguin moves? (marked on the picture)"),
            buttons=tuple(buttons[:BUTTONS]),
            menus=()
            if len(buttons) <= BUTTONS
            else pack(buttons, lambda c: _row_of(c.value), _rows_placeholder(lang, N_("Penguin"))),
            marks={s: s for s in starts},
        )
    targets = [a.split("-")[1] for a in legal if a.startswith(f"{start}-")]
    choices = [
        Choice(
            f,
            tn(lang, "{floe} · {n} fish", "{floe} · {n} fish", floes[f], floe=f),
        )
        for f in targets
    ]
    back = [Choice("back", t(lang, "Another penguin"))] if len(starts) > 1 else []
    return Step(
        "to",
        t(lang, "Where does the penguin on {floe} go? (marked on the picture)", floe=start),
        carry=start,
        buttons=tuple(back),
        menus=pack(choices, lambda c: _row_of(c.value), _rows_placeholder(lang, N_("Floe"))),
        marks={f: f for f in targets},
    )


# --- The Penguin Ultimatum --------------------------------------------------------------------


def _cell_row(choice: Choice) -> str:
    return re.sub(r"[^0-9]", "", choice.value.split("~")[0].split(">")[-1])


def _ultimatum_steps(game: UltimatumGame, seat: int, lang: str, step: str, carry: str) -> Step:
    legal = game.legal_actions()
    phase = game.phase
    if phase == "play":
        hand = game.hand(seat)
        slot = int(carry[1:]) if step == "cell" and carry[1:].isdigit() else -1
        if 0 <= slot < len(hand):
            return _cells_for(game, lang, hand[slot], carry, legal)
        buttons = [
            Choice(f"c{i}", _label(card_name(lang, card), BUTTON_LABEL))
            for i, card in enumerate(hand)
        ]
        return Step(
            "card",
            t(lang, "Which penguin do you invite?"),
            buttons=tuple(buttons[:BUTTONS]),
            menus=()
            if len(buttons) <= BUTTONS
            else (Menu(t(lang, "Your cards"), tuple(buttons[:MENU_OPTIONS])),),
        )
    if phase == "invite":
        return _stone_step(game, seat, lang, legal)
    if phase == "perform":
        names = game.table
        choices = [
            Choice(a.split()[1], f"{a.split()[1]} · {card_name(lang, names[a.split()[1]])}")
            for a in legal
        ]
        return Step(
            "perform",
            t(lang, "Several shows are due: which comes first?"),
            menus=pack(choices, _cell_row, _rows_placeholder(lang, N_("Show"))),
            marks={c.value: c.value for c in choices},
        )
    ways: dict[str, list[bool]] = {}
    for action in legal:
        parts = action.split()
        ways.setdefault(parts[1], []).append(len(parts) == 3)
    choices = []
    for cell in sorted(ways, key=_cell_order):
        for turned in sorted(ways[cell]):
            how = t(lang, "turned") if turned else t(lang, "upright")
            choices.append(Choice(f"{cell}~t" if turned else cell, f"{cell} · {how}"))
    top = game.view(None)["entertainer_to_lay"] or ""
    return Step(
        "ent",
        t(lang, "Where does the new entertainer, {card}, go?", card=card_name(lang, top))
        if top
        else t(lang, "Where does the new entertainer go?"),
        menus=pack(choices, _cell_row, _rows_placeholder(lang, N_("Cell"))),
        marks={cell: cell for cell in ways},
    )


def _cell_order(cell: str) -> tuple[int, str]:
    return int(cell[1:]), cell[0]


def _cells_for(game: UltimatumGame, lang: str, card: str, carry: str, legal: list[str]) -> Step:
    """U-11 … U-13: the cells for one card, each with its fee and the show it would start."""
    ice, names = game.ice, game.ice.geo.names
    index = {name: n for n, name in enumerate(names)}
    table = game.table
    triggers = ice.triggers(())
    colour = PENGUINS[card].colour
    choices: list[Choice] = []
    plays = sorted(
        (a.split()[2:] for a in legal if a.split()[1] == card), key=lambda p: _cell_order(p[0])
    )
    for parts in plays:
        cell = parts[0]
        n = index[cell]
        notes: list[str] = []
        fee = sum(
            PENGUINS[ice.penguins[k]].value
            for k in ice.geo.adjacent[n]
            if k in ice.penguins and PENGUINS[ice.penguins[k]].colour == colour
        )
        if len(parts) == 3:
            notes.append(t(lang, "give up {card}", card=card_name(lang, parts[2])))
            value = f"{cell}~{parts[2]}"
        else:
            if fee:
                notes.append(t(lang, "fee {n}", n=fee))
            value = cell
        if n in triggers:
            show = table[names[triggers[n]]].removesuffix(" turned")
            notes.append(t(lang, "starts the {card} show", card=card_name(lang, show)))
        choices.append(Choice(value, _label(" · ".join([cell, *notes]))))
    return Step(
        "cell",
        t(lang, "Where does the {card} go? (marked on the picture)", card=card_name(lang, card)),
        carry=carry,
        buttons=(Choice("back", t(lang, "Another card")),),
        menus=pack(choices, _cell_row, _rows_placeholder(lang, N_("Cell"))),
        marks={p[0]: p[0] for p in plays},
    )


def _stone_step(game: UltimatumGame, seat: int, lang: str, legal: list[str]) -> Step:
    """U-14: a stone on the card just laid in one click, any other move, or skip."""
    last = (game.view(None)["last"] or {}).get("cell")
    buttons: list[Choice] = []
    moves = [a.split()[1:] for a in legal if a.startswith("invite ")]
    quick = next((m for m in moves if m[1] == last and m[0] == "supply"), None)
    quick = quick or next((m for m in moves if m[1] == last), None)
    if quick is not None:
        buttons.append(Choice(f"{quick[0]}>{quick[1]}", t(lang, "Stone on {cell}", cell=quick[1])))
    buttons.append(Choice("skip", t(lang, "Skip")))
    choices = []
    for source, target in sorted(moves, key=lambda m: (_cell_order(m[1]), m[0] != "supply")):
        if [source, target] == quick:
            continue
        where = (
            t(lang, "from your supply")
            if source == "supply"
            else t(lang, "from {cell}", cell=source)
        )
        choices.append(Choice(f"{source}>{target}", f"{target} · {where}"))
    return Step(
        "stone",
        t(lang, "Move an invitation stone onto a penguin, or skip:"),
        buttons=tuple(buttons),
        menus=pack(choices, _cell_row, _rows_placeholder(lang, N_("Stone"))),
        marks={m[1]: m[1] for m in moves},
    )


# --- both ------------------------------------------------------------------------------------

#: What the player to move is doing, as told to anyone else who clicks Your move.
DOING = {
    ("fish", "place"): N_("placing a penguin"),
    ("fish", "move"): N_("moving a penguin"),
    ("ultimatum", "play"): N_("inviting a penguin"),
    ("ultimatum", "invite"): N_("moving an invitation stone or skipping"),
    ("ultimatum", "perform"): N_("choosing which show comes first"),
    ("ultimatum", "entertainer"): N_("laying the new entertainer"),
}


def doing(game: Game, lang: str) -> str:
    """The step the player to move is at, in words (``placing a penguin``)."""
    kind = "fish" if isinstance(game, FishGame) else "ultimatum"
    return t(lang, DOING[(kind, game.phase)])


def step_of(game: Game, seat: int, lang: str, step: str = "", carry: str = "") -> Step:
    """What the mover at ``seat`` is asked now (``step``/``carry``: where a click left them)."""
    if isinstance(game, FishGame):
        return _fish_steps(game, lang, step, carry)
    assert isinstance(game, UltimatumGame)
    return _ultimatum_steps(game, seat, lang, step, carry)


def decide(game: Game, seat: int, step: str, carry: str, value: str) -> Decision:
    """What a click on ``value`` at ``step`` means now; StaleChoice when it no longer fits."""
    if not SAFE.fullmatch(carry) or not SAFE.fullmatch(value):
        raise StaleChoice(value)
    legal = set(game.legal_actions())
    if value == "back":
        return Decision(step="")
    action: str | None = None
    if step == "place":
        action = value
    elif step == "penguin":
        if not any(a.startswith(f"{value}-") for a in legal):
            raise StaleChoice(value)
        return Decision(step="to", carry=value)
    elif step == "to":
        action = f"{carry}-{value}"
    elif step == "card":
        assert isinstance(game, UltimatumGame)
        if not value[1:].isdigit() or int(value[1:]) >= len(game.hand(seat)):
            raise StaleChoice(value)
        return Decision(step="cell", carry=value)
    elif step == "cell":
        assert isinstance(game, UltimatumGame)
        hand = game.hand(seat)
        slot = int(carry[1:]) if carry[1:].isdigit() else len(hand)
        if slot >= len(hand):
            raise StaleChoice(carry)
        cell, _, waive = value.partition("~")
        action = f"play {hand[slot]} {cell}" + (f" waive {waive}" if waive else "")
    elif step == "stone":
        source, _, target = value.partition(">")
        action = "skip" if value == "skip" else f"invite {source} {target}"
    elif step == "perform":
        action = f"perform {value}"
    elif step == "ent":
        cell, _, turned = value.partition("~")
        action = f"entertainer {cell}" + (" turned" if turned else "")
    if action is None or action not in legal:
        raise StaleChoice(value)
    return Decision(action=action)
