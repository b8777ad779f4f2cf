"""Ratings in the running bot: a finished game's result, the ratings held in memory, seasons.

A game that ends leaves one ``Result`` (bot.ratings), made here from the record and the engine:
the ranking's places, the scores, each kind's numbers (Fish: the catch; Ultimatum: points and
shows won), who resigned or timed out (the engine's ``resigned`` flags), computer players as
their level. It is stored with the change that ends the game (``Position.result``) and taken
back by the undo that reopens it. The bot holds every rating in memory (``Rater``), rebuilt from
the stored results at start and brought up to date as games end, one at a time under a lock, so
the final post's rating changes are the ones that are applied.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from bot.games.base import Game
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.ratings import (
    GLOBAL,
    AlreadyRated,
    Change,
    Event,
    NewSeason,
    Page,
    PastSeason,
    Player,
    Profile,
    Ratings,
    Result,
    Scope,
    Seat,
    Standing,
    leaderboard,
    page_of,
    places_from_ranking,
    profile,
)
from bot.ratings.model import ordered
from bot.ratings.results import event_from_dict
from bot.store import GameRecord, SeasonStart, Store, StoredResult


def player_of(record: GameRecord, seat: int) -> Player:
    """Who holds an engine seat: a person, or a computer player by its level."""
    occupant = record.player(seat)
    if occupant.user_id is not None:
        return Player(user_id=occupant.user_id)
    return Player(computer=occupant.bot_level or 1)


def stats_of(game: Game, seat: int) -> dict[str, int]:
    """The numbers a profile averages for one seat of a finished game."""
    if isinstance(game, FishGame):
        return {"fish": game.catch[seat]["fish"], "floes": game.catch[seat]["floes"]}
    if isinstance(game, UltimatumGame):
        return {"points": game.scores[seat], "shows": len(game.won[seat])}
    return {}


def result_of(record: GameRecord, game: Game, finished: float = 0.0) -> Result:
    """The result of a finished game (``finished``: when it ended, Unix seconds)."""
    players = len(game.scores)
    places = places_from_ranking(game.ranking(), players)
    resigned: Sequence[bool] = getattr(game, "resigned", None) or [False] * players
    return Result(
        game_id=str(record.id),
        guild_id=record.guild_id,
        kind=record.kind,
        finished=finished,
        rated=record.rated,
        options=dict(record.options),
        seats=tuple(
            Seat(
                player=player_of(record, seat),
                place=places[seat],
                score=game.scores[seat],
                forfeited=bool(resigned[seat]),
                stats=stats_of(game, seat),
            )
            for seat in range(players)
        ),
    )


def result_text(result: Result) -> str:
    """A result as the store keeps it: JSON without the time (the store's column says when)."""
    data = result.to_dict()
    del data["finished"]
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def moment(stamp: float) -> float:
    """A stored time as the store's records give it (whole microseconds, as a datetime holds
    it), so a result applied as its game ends and the same result read back agree exactly."""
    return datetime.fromtimestamp(stamp, UTC).timestamp()


def stored_result(row: StoredResult) -> Result:
    """A stored result, with the moment and the rated flag its columns hold."""
    data = json.loads(row.result)
    data.update(finished=moment(row.finished_at), rated=row.rated, game=str(row.game_id))
    event = event_from_dict(data)
    assert isinstance(event, Result)
    return event


def season_event(start: SeasonStart) -> NewSeason:
    """A stored season start as a ratings event."""
    return NewSeason(guild_id=start.guild_id, started=start.started_at)


async def stored_events(store: Store) -> list[Event]:
    """Every stored result and season start, in the order the bot applied them: by time, a
    season start before a game ending at the same moment, results in the order recorded."""
    results = await store.results()
    seasons = await store.season_starts()
    keyed: list[tuple[tuple[float, int, int], Event]] = [
        ((s.started_at, 0, n), season_event(s)) for n, s in enumerate(seasons)
    ]
    keyed += [((r.finished_at, 1, r.seq), stored_result(r)) for r in results]
    return [event for _, event in sorted(keyed, key=lambda pair: pair[0])]


def replay(events: Iterable[Event]) -> Ratings:
    """The ratings the events give, applied in the order given (``stored_events``' order)."""
    ratings = Ratings()
    for event in events:
        ratings.replay(event)
    return ratings


def rebuild_database(path: str | Path) -> Ratings:
    """Every rating derived afresh from the results and season starts stored in the SQLite
    database at ``path`` (``python -m bot.ratings rebuild``)."""
    if not Path(path).is_file():
        raise OSError(f"there is no database at {path}")

    async def read() -> list[Event]:
        store = await Store.open(path)
        try:
            return await stored_events(store)
        finally:
            await store.close()

    return replay(asyncio.run(read()))


class Rater:
    """The bot's ratings, kept in step with the stored results.

    Every change that ends a game, reopens one (undo) or starts a season holds ``lock`` from
    reading the ratings to applying the change, so what a post says is what is applied.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.ratings = Ratings()
        self.lock = asyncio.Lock()

    async def load(self) -> Ratings:
        """Rebuild every rating from the store (at start, and after an undo reopened a game)."""
        async with self.lock:
            await self.reload()
        return self.ratings

    async def reload(self) -> None:
        """``load`` for a caller that holds the lock."""
        self.ratings = replay(await stored_events(self.store))

    def preview(self, result: Result) -> list[Change]:
        """The rating changes a result will make (nothing changes yet)."""
        try:
            return self.ratings.preview(result)
        except AlreadyRated:
            return []

    def apply(self, result: Result, finished: float) -> list[Change]:
        """Apply a stored result (``finished``: the moment the store recorded)."""
        try:
            return self.ratings.apply(replace(result, finished=finished))
        except AlreadyRated:
            return []

    async def start_season(self, guild_id: int) -> PastSeason:
        """Start a server's new season now: stored, then applied; the season that ended."""
        async with self.lock:
            start = await self.store.start_season(guild_id)
            return self.ratings.start_season(guild_id, start.started_at)


# --- what people look at: boards, profiles, seasons ------------------------------------------

#: The boards a leaderboard can show: the server's current season, or all servers together.
SCOPES = ("server", "global")


@dataclass(frozen=True)
class Board:
    """A leaderboard page to show, and the names of the people it names."""

    page: Page
    names: dict[Player, str]
    you: Player


@dataclass(frozen=True)
class Shown:
    """A profile to show, and the names of the people it names."""

    profile: Profile
    scope: Scope
    names: dict[Player, str]


async def names_of(store: Store, players: Iterable[Player | None]) -> dict[Player, str]:
    """The names people last sat down with (computer levels are named by the texts)."""
    people = sorted({p.user_id for p in players if p is not None and p.user_id is not None})
    found = await store.seat_names(people)
    return {Player(user_id=user): name for user, name in found.items()}


async def board(
    rater: Rater,
    store: Store,
    *,
    guild_id: int | None,
    user_id: int,
    kind: str,
    scope: str,
    page: int | None = None,
) -> Board:
    """A page of a board: the server's (``guild_id``, only from within it) or the global one,
    where only people who opted in are named. No ``page``: the page of the asker's row."""
    you = Player(user_id=user_id)
    ratings = rater.ratings
    if scope == "global" or guild_id is None:
        where = GLOBAL
        public = await store.on_global_board()
    else:
        where = ratings.scope(guild_id)
        public = frozenset()
    number = page if page is not None else page_of(ratings, where, kind, you) or 1
    shown = leaderboard(ratings, where, kind, number, public)
    names = await names_of(store, (row.player for row in shown.rows))
    return Board(shown, names, you)


def board_order(ratings: Ratings, scope: Scope, kind: str) -> list[tuple[Player, Standing]]:
    """A whole board's players, best first."""
    return ordered(ratings.standings(scope, kind).items())


async def player_profile(
    rater: Rater, store: Store, *, guild_id: int | None, user_id: int
) -> Shown:
    """A person's profile: in a server, its games and its season's ratings; from a direct
    message (only one's own), every game and the global ratings."""
    player = Player(user_id=user_id)
    rows = await store.results(guild_id=guild_id)
    results = [stored_result(r) for r in rows]
    where = GLOBAL if guild_id is None else rater.ratings.scope(guild_id)
    found = profile(player, results, rater.ratings, where)
    names = await names_of(store, [player, *(p for p, _ in found.opponents)])
    return Shown(found, where, names)


async def past_seasons(
    rater: Rater, store: Store, guild_id: int
) -> tuple[list[PastSeason], dict[Player, str]]:
    """A server's finished seasons (oldest first) and the names of their best players."""
    seasons = rater.ratings.past_seasons(guild_id)
    players = [p.player for s in seasons for podium in s.podium.values() for p in podium]
    return seasons, await names_of(store, players)
