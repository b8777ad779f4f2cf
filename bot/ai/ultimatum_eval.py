"""How a Penguin Ultimatum table stands for each seat, from public information only.

A seat's standing is its score, the final scoring its won entertainers already earn (U-25), and
what its invitation stones are likely to bring: a stone on a penguin next to an entertainer the
penguin enjoys (U-18) is worth the penguin's value, discounted by how many of the entertainer's
dots are still open (an entertainer with every dot covered performs now, U-15). A ripe
entertainer (one open dot) is a chance for the next player, who can lay the last card and put a
stone on an enjoying penguin first (U-11, U-14). How much a stone kept in the supply, a ripe
entertainer, a won card as a spare and each open dot count, and how a lead over several rivals is
measured, is a set of ``Weights``: medium's, and the hard player's own, tuned by matches of medium
against itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS, enjoys
from bot.games.ultimatum.iceberg import Iceberg
from bot.games.ultimatum.scoring import award, final_bonus

#: Holdings (every seat's won cards) whose scoring a worker remembers.
HOLDINGS_KEPT = 4096
cache_holdings = lru_cache(maxsize=HOLDINGS_KEPT)


@dataclass(frozen=True)
class Weights:
    """What a standing counts besides points, final scoring and shows that are due."""

    #: A stone still in the supply: it can go where it pays most, later.
    supply_stone: float = 1.0
    #: What the next player can make of a ripe entertainer (one open dot).
    ripe_chance: float = 2.5
    #: A won card is also a spare to waive a kinship fee with (U-13).
    card_spare: float = 0.5
    #: Share of a show's value a stone can count on, by open dots (0: it performs this turn).
    shares: tuple[float, ...] = (1.0, 0.6, 0.35, 0.2, 0.12, 0.08, 0.05, 0.03, 0.02)
    #: A seat's lead is over its strongest rival (1) or partly over the rivals' average.
    rival_mix: float = 1.0

    def __post_init__(self) -> None:
        # The quick values (ultimatum_fast) skip a stone move that gains nothing; the full
        # valuation (ultimatum_choices) agrees with them only while no weight is negative.
        if (
            min(self.supply_stone, self.ripe_chance, self.card_spare, self.rival_mix, *self.shares)
            < 0
        ):
            raise ValueError("weights are never negative")
        if self.rival_mix > 1:
            raise ValueError("a lead is over the strongest rival at most")

    def discount(self, open_count: int) -> float:
        """The share of a show a stone can count on with ``open_count`` dots still open."""
        return self.shares[min(open_count, len(self.shares) - 1)]


#: Medium's judgement, and the former hard player's.
MEDIUM = Weights()

ENJOYS: dict[tuple[str, str], int] = {
    (p, e): PENGUINS[p].value if enjoys(PENGUINS[p], ENTERTAINERS[e]) else 0
    for p in PENGUINS
    for e in ENTERTAINERS
}


def open_dots(ice: Iceberg) -> dict[int, int]:
    """Entertainer cell → how many of its dots still point at empty cells."""
    filled, dot_cells = ice.filled, ice.geo.dot_cells
    return {
        cell: sum(1 for d in dot_cells[key][cell] if not filled[d])
        for cell, key in ice.entertainers.items()
    }


def stone_worth(ice: Iceberg, cell: int, opens: dict[int, int], weights: Weights = MEDIUM) -> float:
    """What a stone on the penguin at ``cell`` is likely to score from the shows around it."""
    card, entertainers = ice.penguins[cell], ice.entertainers
    worth = 0.0
    for n in ice.geo.adjacent[cell]:
        key = entertainers.get(n)
        if key is not None:
            value = ENJOYS[(card, key[0])]
            if value:
                worth += value * weights.discount(opens[n])
    return worth


def bonus(won: Sequence[Sequence[str]], activities: Sequence[str]) -> list[int]:
    """Per seat, the U-25 points its won entertainers would earn if the game ended now."""
    return list(_bonus(tuple(map(tuple, won)), tuple(activities)))


# The searches ask for the same few holdings thousands of times a decision: a holding's final
# scoring is worked out once (a worker's cache, bounded; a game holds a few hundred holdings).
@cache_holdings
def _bonus(won: tuple[tuple[str, ...], ...], activities: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(sum(b) for b in final_bonus(won, activities))


def card_value(
    game: UltimatumGame, seat: int, entertainer: str, weights: Weights = MEDIUM
) -> float:
    """What winning ``entertainer`` adds to ``seat``'s final scoring (and as a spare)."""
    gain = _card_gain(tuple(map(tuple, game.won)), tuple(game.activities), seat, entertainer)
    return gain + weights.card_spare


@cache_holdings
def _card_gain(
    won: tuple[tuple[str, ...], ...], activities: tuple[str, ...], seat: int, entertainer: str
) -> float:
    before = _bonus(won, activities)
    after = _bonus(
        tuple((*w, entertainer) if s == seat else w for s, w in enumerate(won)), activities
    )
    # A card also takes majority points from rivals: count their loss as this seat's gain.
    rivals = sum(before[s] - after[s] for s in range(len(won)) if s != seat)
    return after[seat] - before[seat] + rivals / max(1, len(won) - 1)


def standing(game: UltimatumGame, next_seat: int | None, weights: Weights = MEDIUM) -> list[float]:
    """Per seat: score, final scoring so far, and what its stones are likely to bring."""
    ice = game.ice
    opens = open_dots(ice)
    total = [float(p) for p in game.points]
    if game.is_over:
        return _without_resigned(game, total)
    for seat, extra in enumerate(bonus(game.won, game.activities)):
        total[seat] += extra + weights.supply_stone * game.supply[seat]
    for cell, seat in ice.stones.items():
        total[seat] += stone_worth(ice, cell, opens, weights)
    if next_seat is not None and any(count == 1 for count in opens.values()):
        total[next_seat] += weights.ripe_chance
    return _without_resigned(game, total)


def _without_resigned(game: UltimatumGame, total: list[float]) -> list[float]:
    """A seat that resigned ranks after everyone (U-26 as played): it is nobody's rival."""
    return [float("-inf") if gone else t for gone, t in zip(game.resigned, total, strict=True)]


def show_outcome(game: UltimatumGame, cell: int) -> tuple[list[int], int | None]:
    """The points per seat the entertainer on ``cell`` would give now, and who gets the card."""
    ice = game.ice
    entertainer = ice.entertainers[cell][0]
    gained = [0] * game.players
    for n in ice.geo.adjacent[cell]:
        owner = ice.stones.get(n)
        if owner is not None and n in ice.penguins:
            gained[owner] += ENJOYS[(ice.penguins[n], entertainer)]
    return gained, award(gained)


def margin(totals: Sequence[float], seat: int, weights: Weights = MEDIUM) -> float:
    """How far ``seat`` is ahead of its rivals (negative when behind); a seat that resigned, its
    total minus infinity, is nobody's rival."""
    rivals = [t for s, t in enumerate(totals) if s != seat and t != float("-inf")]
    return lead(totals[seat], rivals, weights)


def lead(own: float, rivals: Sequence[float], weights: Weights) -> float:
    """How far ``own`` is ahead of ``rivals``: of the strongest, blended with their average as
    ``weights.rival_mix`` says (with three rivals, one far ahead is not the only one to pass)."""
    strongest = max(rivals, default=float("-inf"))
    if weights.rival_mix == 1 or len(rivals) < 2:
        return own - strongest
    average = sum(rivals) / len(rivals)
    return own - (weights.rival_mix * strongest + (1 - weights.rival_mix) * average)


def next_seat(game: UltimatumGame, seat: int) -> int:
    """The seat that plays after ``seat`` (those who resigned are passed over)."""
    nxt = (seat + 1) % game.players
    while game.resigned[nxt] and nxt != seat:
        nxt = (nxt + 1) % game.players
    return nxt
