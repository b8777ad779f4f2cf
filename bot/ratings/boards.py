"""Leaderboards: the order, the pages, and who may be named.

A board lists every rated player of a scope and kind, best first (``model.ordered``); equal
displayed ratings share a position. Pages hold ``PER_PAGE`` rows.

Privacy: on the global board a person is named only if they chose to appear there
(``/ratings privacy``). Everyone else keeps their row — so positions and page counts stay true —
but the row is **anonymous**: its ``player`` is None, it carries no user id at all, and it is
drawn as a hidden player. A server's own board names its players (they played in that server).

Computer levels are rated players too, but a board ranks people only: a level's rating would
push people down the board and a newcomer's place would depend on how often others played the
computer. The levels' own rows (``computer_rows``) are shown beside the board, as a yardstick.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from bot.ratings.model import Ratings, Scope, ordered, positions
from bot.ratings.results import Player

PER_PAGE = 10


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a board. ``player`` is None for a person who is not named there."""

    position: int
    player: Player | None
    rating: int
    provisional: bool
    games: int
    wins: int

    @property
    def anonymous(self) -> bool:
        """Whether the row stands for someone who must not be named."""
        return self.player is None

    @property
    def win_rate(self) -> float:
        """Wins per game (0 before any game)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a board: its number (from 1), how many pages and players there are, rows."""

    scope: Scope
    kind: str
    number: int
    pages: int
    players: int
    rows: tuple[Row, ...]


def named(player: Player, scope: Scope, public: Collection[int]) -> bool:
    """Whether ``player`` may be named on a board of ``scope`` (``public``: the people who chose
    to appear on global boards)."""
    if not scope.is_global or player.user_id is None:
        return True
    return player.user_id in public


def board(
    ratings: Ratings, scope: Scope, kind: str, public: Collection[int] = frozenset()
) -> list[Row]:
    """The whole board of a scope and kind, people only, best first, anonymous where privacy
    asks."""
    ranked = ordered(p for p in ratings.standings(scope, kind).items() if p[0].is_person)
    return [
        Row(
            position,
            player if named(player, scope, public) else None,
            standing.rating,
            standing.provisional,
            standing.games,
            standing.wins,
        )
        for position, (player, standing) in zip(positions(ranked), ranked, strict=True)
    ]


def computer_rows(ratings: Ratings, scope: Scope, kind: str) -> list[Row]:
    """The computer levels rated in a scope and kind, best first, ranked among themselves."""
    ranked = ordered(p for p in ratings.standings(scope, kind).items() if not p[0].is_person)
    return [
        Row(position, player, s.rating, s.provisional, s.games, s.wins)
        for position, (player, s) in zip(positions(ranked), ranked, strict=True)
    ]


def page_count(players: int, per_page: int = PER_PAGE) -> int:
    """How many pages a board of ``players`` rows has (an empty board has one, empty)."""
    return max(1, -(-players // per_page))


def leaderboard(
    ratings: Ratings,
    scope: Scope,
    kind: str,
    page: int = 1,
    public: Collection[int] = frozenset(),
    per_page: int = PER_PAGE,
) -> Page:
    """One page of a board; a page number past either end shows the nearest page."""
    rows = board(ratings, scope, kind, public)
    pages = page_count(len(rows), per_page)
    number = min(max(page, 1), pages)
    start = (number - 1) * per_page
    return Page(scope, kind, number, pages, len(rows), tuple(rows[start : start + per_page]))


def page_of(
    ratings: Ratings, scope: Scope, kind: str, player: Player, per_page: int = PER_PAGE
) -> int | None:
    """The page on which ``player`` stands (to open the board at one's own row), or None."""
    ranked = ordered(p for p in ratings.standings(scope, kind).items() if p[0].is_person)
    for index, (someone, _) in enumerate(ranked):
        if someone == player:
            return index // per_page + 1
    return None
