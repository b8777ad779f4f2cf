"""Setting up a game (U-6 … U-9): the deal from the seed, or pinned by an explicit ``deal``.

A deal may pin any of ``hands``, ``deck``, ``setup``, ``entertainer_deck`` and ``activities``;
whatever is left out is dealt at random from the seed among the cards not pinned. A pinned key
is taken exactly as given: cards it leaves out are not in the game (tests use this to run a deck
dry on purpose).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.base import make_rng
from bot.games.ultimatum.cards import (
    ACTIVITIES,
    ENTERTAINERS,
    HAND_SIZE,
    PENGUINS,
    SETUP_SIDES,
)
from bot.games.ultimatum.table import STEPS, Geometry

DEAL_KEYS = ("hands", "deck", "setup", "entertainer_deck", "activities")


@dataclass
class Deal:
    """Everything a new game starts from."""

    hands: list[list[str]]
    deck: list[str]
    setup: dict[int, tuple[str, bool]]  # cell → (entertainer, turned)
    entertainer_deck: list[str]
    activities: list[str]


def performs(
    geo: Geometry, filled: Iterable[int], cell: int, entertainer: str, turned: bool
) -> bool:
    """U-15: every dot of the entertainer on ``cell`` points at a filled or off-iceberg cell."""
    full = set(filled)
    return all(d in full for d in geo.dot_cells[(entertainer, turned)][cell])


def _unique(cards: list[str], what: str) -> None:
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"the deal names {what} {card} twice")
        seen.add(card)


def _penguins(
    deal: Mapping[str, Any], players: int, rng: random.Random
) -> tuple[list[list[str]], list[str]]:
    hands: list[list[str]] | None = None
    deck: list[str] | None = None
    if "hands" in deal:
        hands = [list(hand) for hand in deal["hands"]]
        if len(hands) != players or any(len(hand) != HAND_SIZE for hand in hands):
            raise ValueError(f"the deal needs {players} hands of {HAND_SIZE} penguin cards (U-9)")
    if "deck" in deal:
        deck = list(deal["deck"])
    pinned = [card for hand in hands or [] for card in hand] + (deck or [])
    unknown = [card for card in pinned if card not in PENGUINS]
    if unknown:
        raise ValueError(f"not penguin cards: {', '.join(unknown)}")
    _unique(pinned, "penguin")
    pool = [card for card in PENGUINS if card not in set(pinned)]
    rng.shuffle(pool)
    if hands is None:
        if len(pool) < players * HAND_SIZE:
            raise ValueError("not enough penguin cards left to deal the hands")
        hands = [pool[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(players)]
        pool = pool[players * HAND_SIZE :]
    return hands, deck if deck is not None else pool


def _setup_cells(geo: Geometry, players: int) -> list[int]:
    """U-7: the cells on the sides of the central curtain, in the order of the data file."""
    col, row = geo.centre % geo.width, geo.centre // geo.width
    return [(row + STEPS[s][1]) * geo.width + col + STEPS[s][0] for s in SETUP_SIDES[players]]


def _fixed_choice(pool: list[str], count: int) -> list[str]:
    """Variant of U-7: the first pick in pool order with no two sharing an animal or activity."""

    def extend(chosen: list[str], start: int) -> list[str] | None:
        if len(chosen) == count:
            return chosen
        for i in range(start, len(pool)):
            card = ENTERTAINERS[pool[i]]
            if all(
                card.animal != ENTERTAINERS[c].animal and card.activity != ENTERTAINERS[c].activity
                for c in chosen
            ):
                found = extend([*chosen, pool[i]], i + 1)
                if found:
                    return found
        return None

    picked = extend([], 0)
    if picked is None:
        raise ValueError("the fixed setup needs entertainers of different animals and activities")
    return picked


def _parse_setup(geo: Geometry, setup: Mapping[str, str]) -> dict[int, tuple[str, bool]]:
    cells: dict[int, tuple[str, bool]] = {}
    for name, text in setup.items():
        cell = geo.locate(name)
        words = text.lower().split()
        if not words or words[0] not in ENTERTAINERS or words[1:] not in ([], ["turned"]):
            raise ValueError(f"setup {name}: '{text}' is not an entertainer (optionally turned)")
        if cell == geo.centre:
            raise ValueError(f"setup {name}: the central curtain lies there (U-6)")
        cells[cell] = (words[0], len(words) == 2)
    return cells


def _entertainers(
    deal: Mapping[str, Any], geo: Geometry, players: int, fixed: bool, rng: random.Random
) -> tuple[dict[int, tuple[str, bool]], list[str]]:
    setup = _parse_setup(geo, deal["setup"]) if "setup" in deal else None
    edeck = list(deal["entertainer_deck"]) if "entertainer_deck" in deal else None
    pinned = [e for e, _ in (setup or {}).values()] + (edeck or [])
    unknown = [e for e in pinned if e not in ENTERTAINERS]
    if unknown:
        raise ValueError(f"not entertainers: {', '.join(unknown)}")
    _unique(pinned, "entertainer")
    pool = [e for e in ENTERTAINERS if e not in set(pinned)]
    rng.shuffle(pool)
    if setup is None:
        cells = _setup_cells(geo, players)
        chosen = _fixed_choice(pool, len(cells)) if fixed else pool[: len(cells)]
        pool = [e for e in pool if e not in chosen]
        setup = {cell: (e, False) for cell, e in zip(cells, chosen, strict=True)}
        filled = {geo.centre, *setup}
        # U-7 Decision: a starting entertainer that would perform at once is laid turned.
        for cell, (e, _) in setup.items():
            if performs(geo, filled, cell, e, False):
                setup[cell] = (e, True)
    elif fixed:
        _fixed_choice([e for e, _ in setup.values()], len(setup))
    filled = {geo.centre, *setup}
    for cell, (e, turned) in setup.items():
        if performs(geo, filled, cell, e, turned):
            raise ValueError(f"setup {geo.names[cell]}: {e} would perform at once (U-7)")
    return setup, edeck if edeck is not None else pool


def _activities(deal: Mapping[str, Any], players: int, rng: random.Random) -> list[str]:
    if "activities" not in deal:
        return rng.sample(ACTIVITIES, players)
    activities = [a.lower() for a in deal["activities"]]
    if len(activities) != players or not set(activities) <= set(ACTIVITIES):
        raise ValueError(f"the deal needs {players} activity cards among {', '.join(ACTIVITIES)}")
    _unique(activities, "activity card")
    return activities


def deal_game(
    players: int, seed: int, geo: Geometry, fixed_setup: bool, deal: Mapping[str, Any] | None
) -> Deal:
    """The starting cards of a game: pinned by ``deal`` where given, else shuffled by the seed."""
    deal = deal or {}
    extra = set(deal) - set(DEAL_KEYS)
    if extra:
        raise ValueError(f"unknown deal keys: {', '.join(sorted(extra))}")
    # One generator, always drawn from in the same order, so a seed gives one deal only.
    rng = make_rng(seed)
    activities = _activities(deal, players, rng)
    hands, deck = _penguins(deal, players, rng)
    setup, edeck = _entertainers(deal, geo, players, fixed_setup, rng)
    return Deal(hands, deck, setup, edeck, activities)
