"""Whole Ultimatum games built from one seat's view: the hidden cards dealt at random.

A seat knows its own hand and everything public (U-27). The cards it cannot see — the other
hands, the hands set aside by players who resigned and the rest of both decks — are exactly the
cards not in its hand, not on the table, not won and not removed; ``world`` deals them out at
random in the sizes the view shows. Every
world built this way has the same ``view(seat)`` as the real game, so a player that decides from
such worlds decides from what it may see and nothing else.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import CURTAIN, ENTERTAINERS, PENGUINS
from bot.games.ultimatum.iceberg import Iceberg


def hidden_cards(view: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The penguins and entertainers the viewer cannot see, in card-set order."""
    seen_penguins = set(view["hand"])
    seen_entertainers = set(view["removed"])
    for cards in view["won"]:
        seen_entertainers.update(cards)
    for text in view["table"].values():
        card = text.split()[0]
        if card in PENGUINS:
            seen_penguins.add(card)
        elif card != CURTAIN:
            seen_entertainers.add(card)
    if view["entertainer_top"] is not None:
        seen_entertainers.add(view["entertainer_top"])
    penguins = [p for p in PENGUINS if p not in seen_penguins]
    entertainers = [e for e in ENTERTAINERS if e not in seen_entertainers]
    return penguins, entertainers


def world(view: dict[str, Any], rng: random.Random) -> UltimatumGame:
    """A whole game consistent with ``view``: the unseen cards shuffled into hands and decks."""
    seat = view["viewer"]
    if seat is None:
        raise ValueError("a computer player decides from a seat's view, not a spectator's")
    penguins, entertainers = hidden_cards(view)
    rng.shuffle(penguins)
    rng.shuffle(entertainers)
    counts = view["hand_counts"]
    set_aside = view.get("set_aside_count", 0)
    if len(penguins) != sum(counts) - counts[seat] + view["deck_count"] + set_aside:
        raise ValueError("the view's card counts do not add up to the card set")
    top = view["entertainer_top"]
    if len(entertainers) != view["entertainer_deck_count"] - (top is not None):
        raise ValueError("the view's entertainer counts do not add up to the card set")
    hands: list[list[str]] = []
    for other, count in enumerate(counts):
        if other == seat:
            hands.append(list(view["hand"]))
        else:
            hands.append(penguins[:count])
            penguins = penguins[count:]
    aside, penguins = penguins[:set_aside], penguins[set_aside:]
    snapshot = {
        "kind": "ultimatum",
        "players": view["players"],
        "seed": 0,
        "options": {"width": view["width"], "height": view["height"], "fixed_setup": False},
        "table": view["table"],
        "stones": view["stones"],
        "supply": view["supply"],
        "scores": view["scores"],
        "activities": view["activities"],
        "won": view["won"],
        "hands": hands,
        "deck": penguins,
        "entertainer_deck": ([top] if top is not None else []) + entertainers,
        "removed": view["removed"],
        "phase": view["phase"],
        "to_move": view["to_move"],
        "pending": view["pending_shows"],
        "turn": view["turn"],
        "log": [],
        "last": None,
        "final_bonus": view["final_bonus"],
        "end_reason": view["end_reason"],
        "resigned": view["resigned"],
        "set_aside": aside,
    }
    return UltimatumGame.from_dict(snapshot)


def clone(game: UltimatumGame) -> UltimatumGame:
    """An independent copy for trying moves out (no log: search never needs it)."""
    ice = game.ice
    return UltimatumGame(
        players=game.players,
        seed=game.seed,
        fixed_setup=game.fixed_setup,
        ice=Iceberg(
            ice.width,
            ice.height,
            penguins=dict(ice.penguins),
            entertainers=dict(ice.entertainers),
            curtains=set(ice.curtains),
            stones=dict(ice.stones),
        ),
        supply=list(game.supply),
        points=list(game.points),
        activities=list(game.activities),
        won=[list(w) for w in game.won],
        hands=[list(h) for h in game.hands],
        deck=list(game.deck),
        entertainer_deck=list(game.entertainer_deck),
        removed=list(game.removed),
        step=game.step,
        current=game.current,
        pending=list(game.pending),
        turn=game.turn,
        final_bonus=game.final_bonus,
        end_reason=game.end_reason,
        resigned=list(game.resigned),
        set_aside=list(game.set_aside),
    )
