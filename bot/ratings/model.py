"""Ratings with openskill's Plackett–Luce model, per server season and across servers.

One rating (μ, σ) per scope, game kind and player. A scope is a server's current season or the
global one; every rated finished game updates both. The rating shown is openskill's conservative
``ordinal`` (μ − 3σ) on a familiar scale:

    display = max(0, floor(1000 + 25 · (μ − 3σ)))

A newcomer (μ = 25, σ = 25/3, ordinal 0) shows 1,000; a settled player of average strength
(σ ≈ 2) shows about 1,475; each point of ordinal is 25. A rating is **provisional** while σ is
above 7 (openskill starts at 8.33): about the first 8 to 10 games, whatever the table size.

Places come from the engine's ranking (shared places are ties); a seat that resigned or timed out
ranks last, tied with any other such seat. A computer level is one rated player; when it holds
several seats of one game, each seat is rated as a copy of it and the level takes the mean of
the copies' new μ and σ (one game counted). Ratings are derived from results alone: ``rebuild``
over the stored results gives exactly the values that ``Ratings.apply`` reached game by game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from openskill.models import PlackettLuce

from bot.ratings.results import Event, NewSeason, Player, Result

#: Where the display scale starts (a newcomer's value) and how many points one ordinal is worth.
BASE = 1000
SCALE = 25
#: A rating stays provisional while its σ is above this (openskill's newcomer σ is 25/3).
PROVISIONAL_SIGMA = 7.0
#: How many of a past season's best players are kept per kind.
PODIUM = 3


def new_model() -> PlackettLuce:
    """The rating model: openskill's Plackett–Luce with its default settings."""
    return PlackettLuce()


def display(mu: float, sigma: float) -> int:
    """The rating people see for (μ, σ): the conservative ordinal on the 1,000-based scale."""
    return max(0, math.floor(BASE + SCALE * (mu - 3 * sigma)))


@dataclass(frozen=True, order=True, slots=True)
class Scope:
    """Where a rating counts: a server's season (``guild_id``, ``season`` from 1) or, with no
    server, the global scope (``GLOBAL``)."""

    guild_id: int | None
    season: int = 0

    @property
    def is_global(self) -> bool:
        """Whether this is the scope across all servers."""
        return self.guild_id is None


GLOBAL = Scope(None, 0)


class Point(NamedTuple):
    """One step of a rating's history: the game, when it ended, the rating after it."""

    game_id: str
    finished: float
    rating: int


@dataclass(slots=True)
class Standing:
    """A player's rating in one scope and kind, with the games and wins it was built from."""

    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    history: list[Point] = field(default_factory=list)

    @property
    def rating(self) -> int:
        """The displayed rating."""
        return display(self.mu, self.sigma)

    @property
    def ordinal(self) -> float:
        """openskill's conservative value μ − 3σ (what the board sorts by)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Whether the rating is still uncertain (shown as provisional)."""
        return self.sigma > PROVISIONAL_SIGMA


@dataclass(frozen=True, slots=True)
class Change:
    """What one game did to one player's rating in one scope."""

    scope: Scope
    kind: str
    player: Player
    before: int
    after: int
    provisional: bool
    won: bool

    @property
    def delta(self) -> int:
        """The displayed change (after − before)."""
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Podium:
    """One of a past season's best: place (ties share), player, final rating, games."""

    position: int
    player: Player
    rating: int
    games: int


@dataclass(frozen=True, slots=True)
class PastSeason:
    """A finished season of a server and its best players per kind."""

    guild_id: int
    season: int
    started: float | None
    ended: float
    podium: dict[str, tuple[Podium, ...]]


class AlreadyRated(ValueError):
    """The game's result was applied before (a retry must not count it twice)."""


def ordered(entries: Iterable[tuple[Player, Standing]]) -> list[tuple[Player, Standing]]:
    """Players best first: by displayed rating, then the exact ordinal, more games, the key."""
    return sorted(
        entries,
        key=lambda e: (-e[1].rating, -e[1].ordinal, -e[1].games, e[0].key()),
    )


def positions(ranked: list[tuple[Player, Standing]]) -> Iterator[int]:
    """The board position of each entry of ``ordered`` output: equal displayed ratings share a
    position and the next one is skipped (1, 2, 2, 4)."""
    previous: int | None = None
    position = 0
    for index, (_, standing) in enumerate(ranked):
        if standing.rating != previous:
            position = index + 1
            previous = standing.rating
        yield position


class Ratings:
    """Every rating, built by applying results (and season starts) in order."""

    def __init__(self, *, history: bool = True) -> None:
        self.model = new_model()
        #: Whether standings keep their course and rated games are remembered (a rebuild that
        #: only needs the final values keeps neither: its memory stays per player).
        self.keeps_history = history
        self._table: dict[Scope, dict[str, dict[Player, Standing]]] = {}
        self._season: dict[int, int] = {}
        self._started: dict[int, float] = {}
        self._past: dict[int, list[PastSeason]] = {}
        self._rated: set[str] = set()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ratings):
            return NotImplemented
        return (
            self._table == other._table
            and self._season == other._season
            and self._started == other._started
            and self._past == other._past
            and self._rated == other._rated
        )

    __hash__ = None  # type: ignore[assignment]

    # --- reading -------------------------------------------------------------------------

    def season(self, guild_id: int) -> int:
        """The number of a server's current season (1 until an admin starts another)."""
        return self._season.get(guild_id, 1)

    def scope(self, guild_id: int | None) -> Scope:
        """The scope of a server's current season, or the global one for None."""
        return GLOBAL if guild_id is None else Scope(guild_id, self.season(guild_id))

    def standing(self, scope: Scope, kind: str, player: Player) -> Standing | None:
        """A player's standing, or None before their first rated game there."""
        return self._table.get(scope, {}).get(kind, {}).get(player)

    def standings(self, scope: Scope, kind: str) -> dict[Player, Standing]:
        """Every rated player of a scope and kind (do not change what it returns)."""
        return self._table.get(scope, {}).get(kind, {})

    def scopes(self) -> list[Scope]:
        """Every scope with at least one rating."""
        return sorted(self._table, key=lambda s: (s.guild_id is not None, s.guild_id or 0, s))

    def entries(self) -> Iterator[tuple[Scope, str, Player, Standing]]:
        """Every rating: scope, kind, player, standing (global first, then by server)."""
        for scope in self.scopes():
            for kind in sorted(self._table[scope]):
                for player, standing in ordered(self._table[scope][kind].items()):
                    yield scope, kind, player, standing

    def past_seasons(self, guild_id: int) -> list[PastSeason]:
        """A server's finished seasons, oldest first."""
        return list(self._past.get(guild_id, []))

    def history(self, scope: Scope, kind: str, player: Player) -> list[Point]:
        """The player's rating after each of their rated games there, oldest first."""
        found = self.standing(scope, kind, player)
        return list(found.history) if found else []

    # --- changing ------------------------------------------------------------------------

    def apply(self, result: Result) -> list[Change]:
        """Rate a finished game in its server's current season and globally; the changes per
        player and scope (server first). An unrated game changes nothing."""
        if result.game_id in self._rated:
            raise AlreadyRated(f"game {result.game_id} was rated already")
        if not result.rated or len({s.player for s in result.seats}) < 2:
            return []
        if self.keeps_history:
            self._rated.add(result.game_id)
        return self._changes(result, keep=True)

    def preview(self, result: Result) -> list[Change]:
        """What ``apply`` would change, without changing anything (the final post is written
        before the game's end is stored; the ratings change once it is)."""
        if result.game_id in self._rated:
            raise AlreadyRated(f"game {result.game_id} was rated already")
        if not result.rated or len({s.player for s in result.seats}) < 2:
            return []
        return self._changes(result, keep=False)

    def _changes(self, result: Result, *, keep: bool) -> list[Change]:
        scopes = [GLOBAL] if result.guild_id is None else [self.scope(result.guild_id), GLOBAL]
        changes: list[Change] = []
        for scope in scopes:
            changes += self._rate(scope, result, keep)
        return changes

    def _rate(self, scope: Scope, result: Result, keep: bool = True) -> list[Change]:
        if keep:
            table = self._table.setdefault(scope, {}).setdefault(result.kind, {})
        else:
            table = self._table.get(scope, {}).get(result.kind, {})
        model = self.model
        before: dict[Player, Standing] = {}
        for seat in result.seats:
            if seat.player not in before:
                before[seat.player] = table.get(seat.player) or Standing(model.mu, model.sigma)
        teams = [
            [model.create_rating([before[s.player].mu, before[s.player].sigma])]
            for s in result.seats
        ]
        rated = model.rate(teams, ranks=[float(r) for r in result.ranks()])
        copies: dict[Player, list[tuple[float, float]]] = {}
        for seat, team in zip(result.seats, rated, strict=True):
            copies.setdefault(seat.player, []).append((team[0].mu, team[0].sigma))
        changes = []
        for player, old in before.items():
            values = copies[player]
            mu = math.fsum(v[0] for v in values) / len(values)
            sigma = math.fsum(v[1] for v in values) / len(values)
            won = any(s.place == 1 and not s.forfeited for s in result.seats_of(player))
            if keep:
                new = Standing(mu, sigma, old.games + 1, old.wins + won, old.history)
                if self.keeps_history:
                    new.history.append(Point(result.game_id, result.finished, new.rating))
                table[player] = new
            else:
                new = Standing(mu, sigma, old.games + 1, old.wins + won)
            changes.append(
                Change(scope, result.kind, player, old.rating, new.rating, new.provisional, won)
            )
        return changes

    def rate(self, result: Result, season: int) -> list[Change]:
        """``apply`` in the server's season ``season`` (the one the game's end was stored in)."""
        if result.guild_id is not None:
            self._season[result.guild_id] = season
        return self.apply(result)

    def put(self, scope: Scope, kind: str, player: Player, standing: Standing) -> None:
        """Set a player's standing (ratings read back from where they are kept)."""
        self._table.setdefault(scope, {}).setdefault(kind, {})[player] = standing

    def start_season(self, guild_id: int, started: float) -> PastSeason:
        """End a server's current season and start the next with fresh ratings; the season
        that ended, with its best three per kind, is kept (``past_seasons``)."""
        number = self.season(guild_id)
        board = self._table.pop(Scope(guild_id, number), {})
        podium: dict[str, tuple[Podium, ...]] = {}
        for kind in sorted(board):
            # People only, as on the board (bot.ratings.boards says why).
            ranked = ordered(p for p in board[kind].items() if p[0].is_person)
            if not ranked:
                continue
            podium[kind] = tuple(
                Podium(position, player, standing.rating, standing.games)
                for position, (player, standing) in zip(positions(ranked), ranked, strict=False)
                if position <= PODIUM
            )
        past = PastSeason(guild_id, number, self._started.get(guild_id), started, podium)
        self._past.setdefault(guild_id, []).append(past)
        self._season[guild_id] = number + 1
        self._started[guild_id] = started
        return past

    def replay(self, event: Event) -> list[Change]:
        """Apply one stored event: a result (its changes) or a season start (no changes)."""
        if isinstance(event, NewSeason):
            self.start_season(event.guild_id, event.started)
            return []
        return self.apply(event)


def chronological(event: Event) -> tuple[float, int, str]:
    """The order events are applied in: by time; a season start before a game ending at the
    same moment; games of the same moment by id."""
    if isinstance(event, NewSeason):
        return (event.started, 0, "")
    return (event.finished, 1, event.game_id)


def rebuild(events: Iterable[Event]) -> Ratings:
    """Every rating derived afresh from the stored results and season starts (in any order:
    they are applied chronologically, as the bot applied them when they happened)."""
    ratings = Ratings()
    for event in sorted(events, key=chronological):
        ratings.replay(event)
    return ratings
