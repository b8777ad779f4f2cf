"""Medium's values of laying a penguin or the new entertainer, worked out from what a card changes.

The search plays medium's choices in every world it deals (ultimatum_ismcts.py), and medium
values a laid card by the whole table's standing (ultimatum_choices.py), recomputed for every
card and cell. A card changes little of it: the entertainers whose dots point at its cell come a
dot nearer their show (U-15), so the stones beside them are worth more (ultimatum_eval), and a
new entertainer makes the stones beside it worth something. These functions take one standing of
the table and add what each card changes: medium's values, to rounding, for a fraction of the
work. Only what the seat may see is read, as in ultimatum_choices.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.ai.ultimatum_choices import (
    INVITES_CHECKED,
    Choice,
    immediate_invites,
    laid,
    performs,
    play_text,
    waiver,
)
from bot.ai.ultimatum_eval import (
    ENJOYS,
    MEDIUM,
    Weights,
    bonus,
    card_value,
    lead,
    next_seat,
    open_dots,
    show_outcome,
)
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import PENGUINS


class Table:
    """One standing of the table (ultimatum_eval.standing without the ripe chance), with what
    each empty cell's card would change."""

    def __init__(self, game: UltimatumGame, weights: Weights) -> None:
        ice = self.ice = game.ice
        self.game, self.weights = game, weights
        self.shares = weights.shares
        self.opens = open_dots(ice)
        dot_cells, filled = ice.geo.dot_cells, ice.filled
        #: Empty cell → the entertainers with a dot pointing at it.
        self.pointing: dict[int, list[int]] = {}
        for cell, key in ice.entertainers.items():
            for dot in dot_cells[key][cell]:
                if not filled[dot]:
                    self.pointing.setdefault(dot, []).append(cell)
        self.worth = {cell: self.worth_of(cell, ice.penguins[cell], {}) for cell in ice.penguins}
        self.totals = [float(p) for p in game.points]
        for seat, extra in enumerate(bonus(game.won, game.activities)):
            self.totals[seat] += extra + weights.supply_stone * game.supply[seat]
        for cell, seat in ice.stones.items():
            self.totals[seat] += self.worth[cell]
        self.ripe = sum(1 for count in self.opens.values() if count == 1)
        self._cards: dict[tuple[int, str], float] = {}
        resigned = game.resigned
        #: Per seat, the seats still playing besides it (a seat that resigned is nobody's rival).
        self.rivals = [
            [s for s in range(len(resigned)) if s != seat and not resigned[s]]
            for seat in range(len(resigned))
        ]

    def discount(self, open_count: int) -> float:
        """Weights.discount, read from the shares held here: compiled, this runs no Python."""
        shares = self.shares
        return shares[min(open_count, len(shares) - 1)]

    def card_value(self, seat: int, entertainer: str) -> float:
        """ultimatum_eval.card_value, worked out once per seat and card."""
        key = (seat, entertainer)
        if key not in self._cards:
            self._cards[key] = card_value(self.game, seat, entertainer, self.weights)
        return self._cards[key]

    def worth_of(self, cell: int, card: str, nearer: dict[int, int]) -> float:
        """ultimatum_eval.stone_worth, with the entertainers in ``nearer`` one dot nearer."""
        # The loop of worth_among over shows_beside, without the list: this runs the most.
        worth, entertainers, opens = 0.0, self.ice.entertainers, self.opens
        for n in self.ice.geo.adjacent[cell]:
            key = entertainers.get(n)
            if key is not None:
                value = ENJOYS[(card, key[0])]
                if value:
                    worth += value * self.discount(opens[n] - nearer.get(n, 0))
        return worth

    def shows_beside(self, cell: int, nearer: dict[int, int]) -> list[tuple[str, float]]:
        """The entertainers beside ``cell``, each with the share of its show a stone there can
        count on (those in ``nearer`` one dot nearer)."""
        entertainers, opens = self.ice.entertainers, self.opens
        return [
            (key[0], self.discount(opens[n] - nearer.get(n, 0)))
            for n in self.ice.geo.adjacent[cell]
            if (key := entertainers.get(n)) is not None
        ]

    def filling(self, cell: int) -> tuple[list[float], dict[int, float], int]:
        """Filling ``cell``: the change to each seat's total, the stone worth of every penguin
        whose worth changes, and the change to the count of ripe entertainers."""
        ice, opens = self.ice, self.opens
        delta = [0.0] * len(self.totals)
        nearer = dict.fromkeys(self.pointing.get(cell, ()), 1)
        worth: dict[int, float] = {}
        ripe = 0
        for e in nearer:
            ripe += (opens[e] == 2) - (opens[e] == 1)
            for n in ice.geo.adjacent[e]:
                card = ice.penguins.get(n)
                if card is not None and n not in worth:
                    # Worked out afresh rather than by difference, so that equal worths stay
                    # equal and the stone moves rank as medium ranks them.
                    worth[n] = self.worth_of(n, card, nearer)
                    owner = ice.stones.get(n)
                    if owner is not None:
                        delta[owner] += worth[n] - self.worth[n]
        return delta, worth, ripe


def worth_among(card: str, shows: list[tuple[str, float]]) -> float:
    """What a stone on ``card`` can count on from ``shows`` (Table.shows_beside)."""
    worth = 0.0
    for entertainer, share in shows:
        value = ENJOYS[(card, entertainer)]
        if value:
            worth += value * share
    return worth


def choices(game: UltimatumGame, seat: int, weights: Weights = MEDIUM) -> list[Choice]:
    """Medium's valued choices of the current step (ultimatum_players.medium_choices), by
    ``weights``."""
    step = {
        "play": play_values,
        "invite": invite_values,
        "perform": performs,
        "entertainer": entertainer_values,
    }
    return step[game.phase](game, seat, weights)


def entertainer_values(game: UltimatumGame, seat: int, weights: Weights = MEDIUM) -> list[Choice]:
    """ultimatum_choices.entertainers: every legal place for the new entertainer, valued."""
    table = Table(game, weights)
    ice, names, adjacent = game.ice, game.ice.geo.names, game.ice.geo.adjacent
    top = game.entertainer_deck[0]
    after = next_seat(game, seat)
    empty, dot_masks = ~ice.occupancy(), ice.geo.dot_masks
    choices: list[Choice] = []
    # A cell's filling is the same either way the card faces: worked out once per cell.
    by_cell: dict[int, tuple[list[float], int, list[tuple[int, int]]]] = {}
    for cell, turned in game.entertainer_placements():
        if cell not in by_cell:
            delta, _, ripe = table.filling(cell)
            audience = [
                (owner, ENJOYS[(ice.penguins[n], top)])
                for n in adjacent[cell]
                if (owner := ice.stones.get(n)) is not None
            ]
            by_cell[cell] = (delta, ripe, audience)
        delta, ripe, audience = by_cell[cell]
        opened = (dot_masks[(top, turned)][cell] & empty).bit_count()
        share = table.discount(opened)
        totals = list(delta)
        for owner, enjoyed in audience:
            totals[owner] += enjoyed * share
        totals = [base + d for base, d in zip(table.totals, totals, strict=True)]
        if table.ripe + ripe + (opened == 1):
            totals[after] += weights.ripe_chance
        text = f"entertainer {names[cell]}" + (" turned" if turned else "")
        choices.append((_margin(table, totals, seat), text))
    return choices


def play_values(game: UltimatumGame, seat: int, weights: Weights = MEDIUM) -> list[Choice]:
    """ultimatum_choices.plays: every penguin on every cell, with the fee or the best waiver,
    valued with the best stone move after it."""
    table = Table(game, weights)
    ice, names = game.ice, game.ice.geo.names
    after = next_seat(game, seat)
    cells = sorted(ice.penguin_cells())
    cards = sorted(set(game.hands[seat]))
    costs: dict[int, tuple[float, str | None]] = {}
    choices: list[Choice] = []
    for cell in cells:
        delta, changed, ripe = table.filling(cell)
        totals = [base + d for base, d in zip(table.totals, delta, strict=True)]
        if table.ripe + ripe:
            totals[after] += weights.ripe_chance
        nearer = dict.fromkeys(table.pointing.get(cell, ()), 1)
        due = [e for e, count in table.opens.items() if count - nearer.get(e, 0) == 0]
        worth = table.worth | changed
        # With no show due, a card changes only its own cell's worth: the rest of the best
        # stone move is worked out once per cell.
        quiet = None if due else QuietInvite(table, seat, totals, worth)
        shows = table.shows_beside(cell, nearer)
        for card in cards:
            fee = sum(PENGUINS[ice.penguins[n]].value for n in ice.kin(card, cell))
            if fee not in costs:
                costs[fee] = (
                    waiver(game, seat, fee, weights) if game.won[seat] else (float(fee), None)
                )
            cost, waive = costs[fee]
            worth[cell] = worth_among(card, shows)
            if quiet is not None:
                best = quiet.value(worth[cell])
            else:
                invite = partial(_best_invite, table, seat, totals, worth, due)
                best = laid(game, card, cell, invite)
            choices.append((best - cost, play_text(card, names[cell], waive)))
    return choices


def immediate_play_values(game: UltimatumGame, seat: int) -> list[Choice]:
    """ultimatum_choices.immediate_plays: every penguin on every cell, valued by this turn's
    show points minus the fee (a cell that starts no show earns nothing this turn)."""
    ice, names, opens = game.ice, game.ice.geo.names, open_dots(game.ice)
    pointing: dict[int, list[int]] = {}
    for e, count in opens.items():
        if count == 1:
            for dot in ice.geo.dot_cells[ice.entertainers[e]][e]:
                if not ice.filled[dot]:
                    pointing.setdefault(dot, []).append(e)
    already = any(count == 0 for count in opens.values())
    choices: list[Choice] = []
    for card in sorted(set(game.hands[seat])):
        for cell in sorted(ice.penguin_cells()):
            fee = sum(PENGUINS[ice.penguins[n]].value for n in ice.kin(card, cell))
            best = 0.0
            if already or cell in pointing:
                best = laid(
                    game,
                    card,
                    cell,
                    lambda: max(value for value, _ in immediate_invites(game, seat)),
                )
            choices.append((best - fee, play_text(card, names[cell], None)))
    return choices


def invite_values(
    game: UltimatumGame, seat: int, weights: Weights = MEDIUM, checked: int | None = INVITES_CHECKED
) -> list[Choice]:
    """ultimatum_choices.invites: skip and the ``checked`` most promising stone moves (every
    one that gains worth, with None), each valued with the shows after."""
    table = Table(game, weights)
    totals = list(table.totals)
    if table.ripe:
        totals[next_seat(game, seat)] += weights.ripe_chance
    due = [e for e, count in table.opens.items() if count == 0]
    return _invites(table, seat, totals, table.worth, due, checked)


def _invites(
    table: Table,
    seat: int,
    totals: list[float],
    worth: dict[int, float],
    due: list[int],
    checked: int | None = INVITES_CHECKED,
) -> list[Choice]:
    """Skip and medium's best stone moves (U-14) on the table as it lies, valued."""
    game, ice, names = table.game, table.ice, table.ice.geo.names
    sources: list[tuple[float, int | None]] = [
        (worth[c], c) for c, s in ice.stones.items() if s == seat
    ]
    if game.supply[seat]:
        sources.append((table.weights.supply_stone, None))
    targets = [c for c in ice.penguins if c not in ice.stones and worth[c] > 0]
    moves = [(worth[t] - w, source, t) for w, source in sources for t in targets if worth[t] > w]
    moves.sort(key=lambda m: (-m[0], m[2], -1 if m[1] is None else m[1]))
    choices = [(_after_shows(table, seat, totals, due), "skip")]
    for gain, source, target in moves[:checked]:
        if source is not None:
            del ice.stones[source]
        ice.stones[target] = seat
        moved = list(totals)
        moved[seat] += gain
        text = f"invite {'supply' if source is None else names[source]} {names[target]}"
        choices.append((_after_shows(table, seat, moved, due), text))
        del ice.stones[target]
        if source is not None:
            ice.stones[source] = seat
    return choices


def _best_invite(
    table: Table, seat: int, totals: list[float], worth: dict[int, float], due: list[int]
) -> float:
    """The value of medium's best stone move (ultimatum_choices.invites) on the laid table,
    with shows due (QuietInvite values it without)."""
    return max(value for value, _ in _invites(table, seat, totals, worth, due))


class QuietInvite:
    """The best stone move when no show runs this turn: it adds exactly its gain in worth to
    the seat, from its least worth stone (or the supply) to the worthiest penguin without one,
    the card about to be laid (of worth ``laid``) among them."""

    def __init__(
        self, table: Table, seat: int, totals: list[float], worth: dict[int, float]
    ) -> None:
        ice = table.ice
        sources = [worth[c] for c, s in ice.stones.items() if s == seat]
        if table.game.supply[seat]:
            sources.append(table.weights.supply_stone)
        self.lowest = min(sources) if sources else None
        self.highest = max((worth[c] for c in ice.penguins if c not in ice.stones), default=None)
        self.margin = _margin(table, totals, seat)

    def value(self, laid: float) -> float:
        """The seat's margin after the best stone move."""
        highest = laid if self.highest is None else max(self.highest, laid)
        gain = highest - self.lowest if self.lowest is not None else 0.0
        return self.margin + max(0.0, gain)


def _after_shows(table: Table, seat: int, totals: list[float], due: list[int]) -> float:
    """The seat's margin once the due shows have handed out their cards."""
    totals = list(totals)
    for cell in due:
        _, winner = show_outcome(table.game, cell)
        if winner is not None:
            totals[winner] += table.card_value(winner, table.ice.entertainers[cell][0])
    return _margin(table, totals, seat)


def _margin(table: Table, totals: Sequence[float], seat: int) -> float:
    """ultimatum_eval.margin of standing's totals (a seat that resigned is nobody's rival)."""
    return lead(totals[seat], [totals[s] for s in table.rivals[seat]], table.weights)
