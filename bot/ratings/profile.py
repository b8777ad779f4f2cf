"""A player's profile, computed from their finished games (rated or not) and their ratings.

Games and wins per kind and per table size, the typical result (average fish and floes; Ultimatum
points and shows won), the most frequent opponents, the current streak, and per kind the rating
with its history. A win is a first place, shared or not, by a seat that did not forfeit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.ratings.model import Point, Ratings, Scope, chronological
from bot.ratings.results import KINDS, STATS, Player, Result

#: How many opponents a profile lists.
OPPONENTS = 3


@dataclass(frozen=True, slots=True)
class Record:
    """Games played and won."""

    games: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float:
        """Wins per game (0 before any game)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Streak:
    """The current run of wins (``won``) or of games without a win, ``length`` games long."""

    won: bool
    length: int


@dataclass(frozen=True, slots=True)
class KindRating:
    """A player's rating in one kind and scope, with its history (oldest first)."""

    rating: int
    provisional: bool
    games: int
    history: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Profile:
    """Everything ``/ratings profile`` shows about one player."""

    player: Player
    total: Record
    by_kind: dict[str, Record]
    by_size: dict[tuple[str, int], Record]
    averages: dict[str, dict[str, float]]
    opponents: tuple[tuple[Player, int], ...]
    streak: Streak
    ratings: dict[str, KindRating]


def won(result: Result, player: Player) -> bool:
    """Whether ``player`` won ``result`` (first place, shared or not, without forfeiting)."""
    return any(s.place == 1 and not s.forfeited for s in result.seats_of(player))


def profile(
    player: Player,
    results: Iterable[Result],
    ratings: Ratings | None = None,
    scope: Scope | None = None,
) -> Profile:
    """The profile of ``player`` from the finished games they sat in (others are ignored) and,
    if given, their ratings in ``scope``."""
    games = sorted((r for r in results if r.seats_of(player)), key=chronological)
    by_kind: Counter[tuple[str, bool]] = Counter()
    by_size: Counter[tuple[str, int, bool]] = Counter()
    sums: dict[str, Counter[str]] = {}
    seats: Counter[str] = Counter()
    met: Counter[Player] = Counter()
    for result in games:
        win = won(result, player)
        by_kind[result.kind, win] += 1
        by_size[result.kind, result.players, win] += 1
        for seat in result.seats_of(player):
            seats[result.kind] += 1
            totals = sums.setdefault(result.kind, Counter())
            for stat in STATS[result.kind]:
                totals[stat] += seat.stats.get(stat, 0)
        met.update({s.player for s in result.seats} - {player})
    kinds = [k for k in KINDS if by_kind[k, True] + by_kind[k, False]]
    return Profile(
        player=player,
        total=Record(len(games), sum(won(r, player) for r in games)),
        by_kind={k: Record(by_kind[k, True] + by_kind[k, False], by_kind[k, True]) for k in kinds},
        by_size={
            (k, n): Record(by_size[k, n, True] + by_size[k, n, False], by_size[k, n, True])
            for k in kinds
            for n in range(2, 5)
            if by_size[k, n, True] + by_size[k, n, False]
        },
        averages={
            k: {stat: sums[k][stat] / seats[k] for stat in STATS[k]} for k in kinds if seats[k]
        },
        opponents=tuple(
            sorted(met.items(), key=lambda item: (-item[1], item[0].key()))[:OPPONENTS]
        ),
        streak=streak([won(r, player) for r in games]),
        ratings=_ratings(player, ratings, scope),
    )


def streak(outcomes: list[bool]) -> Streak:
    """The run at the end of ``outcomes`` (oldest first): wins or games without a win."""
    if not outcomes:
        return Streak(False, 0)
    last = outcomes[-1]
    length = 0
    for outcome in reversed(outcomes):
        if outcome != last:
            break
        length += 1
    return Streak(last, length)


def _ratings(player: Player, ratings: Ratings | None, scope: Scope | None) -> dict[str, KindRating]:
    if ratings is None or scope is None:
        return {}
    found = {}
    for kind in KINDS:
        standing = ratings.standing(scope, kind, player)
        if standing is not None:
            found[kind] = KindRating(
                standing.rating, standing.provisional, standing.games, tuple(standing.history)
            )
    return found
