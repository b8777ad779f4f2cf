"""Scoring rules of The Penguin Ultimatum that need no table: U-19, U-25 and U-26."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import rank_by
from bot.games.ultimatum.cards import ANIMALS, ENTERTAINERS

ACTIVITY_BONUS = 2  # U-25: per won entertainer matching the activity card
MAJORITY_BONUS = 5  # U-25: the single player with the most cards of an animal
SHARED_MAJORITY_BONUS = 3  # U-25: each of several players tied for the most


def award(points: Sequence[int]) -> int | None:
    """U-19: the seat that scored the fewest points above zero; None if tied or nobody scored."""
    positive = [p for p in points if p > 0]
    if not positive:
        return None
    lowest = min(positive)
    seats = [seat for seat, p in enumerate(points) if p == lowest]
    return seats[0] if len(seats) == 1 else None


def final_bonus(won: Sequence[Sequence[str]], activities: Sequence[str]) -> list[list[int]]:
    """U-25: per seat [activity bonus, animal majority bonus]."""
    bonus = [
        [ACTIVITY_BONUS * sum(ENTERTAINERS[e].activity == activity for e in cards), 0]
        for cards, activity in zip(won, activities, strict=True)
    ]
    for animal in ANIMALS:
        counts = [sum(ENTERTAINERS[e].animal == animal for e in cards) for cards in won]
        most = max(counts)
        if most == 0:
            continue
        leaders = [seat for seat, count in enumerate(counts) if count == most]
        for seat in leaders:
            bonus[seat][1] += MAJORITY_BONUS if len(leaders) == 1 else SHARED_MAJORITY_BONUS
    return bonus


def final_ranking(
    scores: Sequence[int],
    bonus: Sequence[Sequence[int]],
    won: Sequence[Sequence[str]],
    resigned: Sequence[bool] | None = None,
) -> list[list[int]]:
    """U-26: highest score; ties by more U-25 points, then more won cards; else a shared rank.

    Players who resigned come after everyone who did not, ranked among themselves alike.
    """
    gone = resigned if resigned is not None else [False] * len(scores)
    return rank_by(
        [(not g, s, sum(b), len(w)) for s, b, w, g in zip(scores, bonus, won, gone, strict=True)]
    )
