"""Ratings in the running bot: a finished game's result, the ratings held in memory, seasons.

A game that ends leaves one ``Result`` (bot.ratings), made here from the record and the engine:
the ranking's places, the scores, each kind's numbers (Fish: the catch; Ultimatum: points and
shows won), who resigned or timed out (the engine's ``resigned`` flags, and seats a computer
player took over from a person who did not take them back: theirs, ranked last), computer
players as their level. It is stored with the change that ends the game (``Position.result``)
and taken back by the undo that reopens it. The bot holds every rating in memory (``Rater``,
bot.play.rater), rebuilt from the stored results at start and caught up with the database
before each use, so several processes on one database agree, and the final post's rating
changes are the ones that are applied.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.games.base import Game
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.play.rater import Rater as Rater
from bot.play.rater import replay as replay
from bot.play.rater import stored_events as stored_events
from bot.play.rater import stored_result as stored_result
from bot.ratings import (
    GLOBAL,
    Event,
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
from bot.store import GameRecord, Store, StoreError
from bot.store.store import is_postgres_url


def player_of(record: GameRecord, seat: int) -> Player:
    """Whose result an engine seat is: a person; the person a computer player took the seat
    over from (a timeout: issue 19 counts it for them, ranked last); else the computer level."""
    occupant = record.player(seat)
    if occupant.user_id is not None:
        return Player(user_id=occupant.user_id)
    if occupant.handed_from is not None:
        return Player(user_id=occupant.handed_from)
    return Player(computer=occupant.bot_level or 1)


def handed_over(record: GameRecord, seat: int) -> bool:
    """Whether a computer player finished a seat it took over from a person who did not take
    it back (``/game return``): that person counts as having timed out."""
    occupant = record.player(seat)
    return occupant.user_id is None and occupant.handed_from is not None


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
                forfeited=bool(resigned[seat]) or handed_over(record, seat),
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


def rebuild_database(target: str | Path) -> Ratings:
    """Every rating derived afresh from the results and season starts stored in the database
    ``target`` names: a ``postgresql://`` URL or an SQLite file (``python -m bot.admin
    ratings rebuild``). OSError when it cannot be read."""
    if not is_postgres_url(str(target)) and not Path(target).is_file():
        raise OSError(f"there is no database at {target}")

    async def read() -> list[Event]:
        store = await Store.open(target)
        try:
            return await stored_events(store)
        finally:
            await store.close()

    try:
        return replay(asyncio.run(read()))
    except StoreError as error:
        raise OSError(str(error)) from error


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
    ratings = await rater.current()
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
    ratings = await rater.current()
    rows = await store.results(guild_id=guild_id)
    results = [stored_result(r) for r in rows]
    where = GLOBAL if guild_id is None else ratings.scope(guild_id)
    found = profile(player, results, ratings, where)
    names = await names_of(store, [player, *(p for p, _ in found.opponents)])
    return Shown(found, where, names)


async def past_seasons(
    rater: Rater, store: Store, guild_id: int
) -> tuple[list[PastSeason], dict[Player, str]]:
    """A server's finished seasons (oldest first) and the names of their best players."""
    seasons = (await rater.current()).past_seasons(guild_id)
    players = [p.player for s in seasons for podium in s.podium.values() for p in podium]
    return seasons, await names_of(store, players)
