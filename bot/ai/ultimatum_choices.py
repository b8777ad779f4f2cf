"""Every decision of an Ultimatum turn, valued for the seat to move from public information.

Each function returns ``(value, action text)`` pairs for one step of the turn; the players in
ultimatum_players.py pick from them. Only the table, the stones, the scores, won cards and the
seat's own hand are read: never another hand or a deck.

Laying a penguin is valued with the stone move that would follow it (the best one, worked out
here, is the one the invite step will then choose), because a show's points depend on both
(U-11 … U-18). The shows a penguin starts all score whatever their order (U-16 only changes
which entertainers come next), so their points are known before the invite step.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.ai.ultimatum_eval import (
    MEDIUM,
    Weights,
    bonus,
    card_value,
    margin,
    next_seat,
    open_dots,
    show_outcome,
    standing,
    stone_worth,
)
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import PENGUINS

Choice = tuple[float, str]
INVITES_CHECKED = 3  # stone moves valued in full (with the card awards) per laid penguin


def waiver(
    game: UltimatumGame, seat: int, fee: int, weights: Weights = MEDIUM
) -> tuple[float, str | None]:
    """U-13: the cheapest won entertainer to discard instead of ``fee``, if cheaper than paying."""
    best_cost, best = float(fee), None
    if not fee:
        return 0.0, None
    before = bonus(game.won, game.activities)[seat]
    for entertainer in sorted(set(game.won[seat])):
        won = [list(w) for w in game.won]
        won[seat].remove(entertainer)
        cost = before - bonus(won, game.activities)[seat] + weights.card_spare
        if cost < best_cost:
            best_cost, best = cost, entertainer
    return best_cost, best


def invites(game: UltimatumGame, seat: int, weights: Weights = MEDIUM) -> list[Choice]:
    """Step 2 (U-14): skip and the most promising stone moves, each valued with the shows after."""
    ice, names = game.ice, game.ice.geo.names
    opens = open_dots(ice)
    worth = {cell: stone_worth(ice, cell, opens, weights) for cell in ice.penguins}
    targets = [c for c in ice.penguins if c not in ice.stones and worth[c] > 0]
    sources: list[tuple[float, int | None]] = [
        (worth[c], c) for c, s in ice.stones.items() if s == seat
    ]
    if game.supply[seat]:
        sources.append((weights.supply_stone, None))
    moves = [(worth[t] - w, source, t) for w, source in sources for t in targets if worth[t] > w]
    moves.sort(key=lambda m: (-m[0], m[2], -1 if m[1] is None else m[1]))
    choices = [(_after_stones(game, seat, opens, weights), "skip")]
    for _, source, target in moves[:INVITES_CHECKED]:
        if source is None:
            game.supply[seat] -= 1
        else:
            del ice.stones[source]
        ice.stones[target] = seat
        value = _after_stones(game, seat, opens, weights)
        del ice.stones[target]
        if source is None:
            game.supply[seat] += 1
        else:
            ice.stones[source] = seat
        text = f"invite {'supply' if source is None else names[source]} {names[target]}"
        choices.append((value, text))
    return choices


def _after_stones(game: UltimatumGame, seat: int, opens: dict[int, int], weights: Weights) -> float:
    """The seat's margin once the stones lie as they are now and the due shows have run."""
    totals = standing(game, next_seat(game, seat), weights)
    for cell, count in opens.items():
        if count == 0:
            _, winner = show_outcome(game, cell)
            if winner is not None:
                card = game.ice.entertainers[cell][0]
                totals[winner] += card_value(game, winner, card, weights)
    return margin(totals, seat, weights)


def plays(game: UltimatumGame, seat: int, weights: Weights = MEDIUM) -> list[Choice]:
    """Step 1 (U-11 … U-13): every penguin on every cell, with the fee or the best waiver."""
    ice, names = game.ice, game.ice.geo.names
    choices: list[Choice] = []
    for card in sorted(set(game.hands[seat])):
        for cell in sorted(ice.penguin_cells()):
            fee = sum(PENGUINS[ice.penguins[n]].value for n in ice.kin(card, cell))
            cost, waive = waiver(game, seat, fee, weights) if game.won[seat] else (float(fee), None)
            best = laid(
                game, card, cell, lambda: max(value for value, _ in invites(game, seat, weights))
            )
            choices.append((best - cost, play_text(card, names[cell], waive)))
    return choices


def laid(game: UltimatumGame, card: str, cell: int, value: Callable[[], float]) -> float:
    """``value()`` of the table with ``card`` laid on ``cell`` for the moment."""
    game.ice.lay_penguin(cell, card)
    try:
        return value()
    finally:
        del game.ice.penguins[cell]
        game.ice.filled[cell] = 0


def play_text(card: str, cell: str, waive: str | None) -> str:
    """The action text of laying ``card`` on ``cell`` (U-11), waiving the fee with ``waive``."""
    return f"play {card} {cell}" + (f" waive {waive}" if waive else "")


def performs(game: UltimatumGame, seat: int, weights: Weights = MEDIUM) -> list[Choice]:
    """U-16: the due shows, best first for the seat (only the first runs if the deck is empty)."""
    names = game.ice.geo.names
    choices: list[Choice] = []
    for cell in game.pending:
        gained, winner = show_outcome(game, cell)
        totals = [float(g) for g in gained]
        if winner is not None:
            totals[winner] += card_value(game, winner, game.ice.entertainers[cell][0], weights)
        choices.append((margin(totals, seat, weights), f"perform {names[cell]}"))
    return choices


def entertainers(game: UltimatumGame, seat: int, weights: Weights = MEDIUM) -> list[Choice]:
    """U-21: every legal place for the new entertainer, valued by the table it leaves."""
    ice, names = game.ice, game.ice.geo.names
    top = game.entertainer_deck[0]
    after = next_seat(game, seat)
    choices: list[Choice] = []
    for cell, turned in game.entertainer_placements():
        ice.lay_entertainer(cell, top, turned)
        value = margin(standing(game, after, weights), seat, weights)
        del ice.entertainers[cell]
        ice.filled[cell] = 0
        choices.append((value, f"entertainer {names[cell]}" + (" turned" if turned else "")))
    return choices


def immediate_plays(game: UltimatumGame, seat: int) -> list[Choice]:
    """Step 1 valued by this turn's points alone (the greedy yardstick): shows minus fee."""
    ice, names = game.ice, game.ice.geo.names
    choices: list[Choice] = []
    for card in sorted(set(game.hands[seat])):
        for cell in sorted(ice.penguin_cells()):
            fee = sum(PENGUINS[ice.penguins[n]].value for n in ice.kin(card, cell))
            best = laid(
                game, card, cell, lambda: max(value for value, _ in immediate_invites(game, seat))
            )
            choices.append((best - fee, play_text(card, names[cell], None)))
    return choices


def immediate_invites(game: UltimatumGame, seat: int) -> list[Choice]:
    """Step 2 valued by the points the due shows give the seat this turn (greedy)."""
    ice, names = game.ice, game.ice.geo.names
    due = [c for c, n in open_dots(ice).items() if n == 0]

    def points() -> float:
        return float(sum(show_outcome(game, c)[0][seat] for c in due))

    choices = [(points(), "skip")]
    if not due:
        return choices
    audience = {n for c in due for n in ice.geo.adjacent[c] if n in ice.penguins}
    sources: list[int | None] = [c for c, s in ice.stones.items() if s == seat]
    if game.supply[seat]:
        sources.append(None)
    for target in sorted(audience - set(ice.stones)):
        for source in sources:
            if source is not None:
                del ice.stones[source]
            ice.stones[target] = seat
            value = points()
            del ice.stones[target]
            if source is not None:
                ice.stones[source] = seat
            text = f"invite {'supply' if source is None else names[source]} {names[target]}"
            choices.append((value, text))
    return choices
