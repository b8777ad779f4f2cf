"""Ratings in the running bot: a finished game's result, boards, profiles and seasons.

A game that ends leaves one ``Result`` (bot.ratings), made here from the record and the engine:
the ranking's places, the scores, each kind's numbers (Fish: the catch; Ultimatum: points and
shows won), who resigned or timed out (the engine's ``resigned`` flags, and seats a computer
player took over from a person who did not take them back: theirs, ranked last), computer
players as their level. It is stored with the change that ends the game (``Position.result``),
with its rating changes (bot.play.rater), and taken back by the undo that reopens it. Boards,
profiles and seasons read the stored ratings by index: nothing is held in memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.games.base import Game
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.play.rater import Rater as Rater
from bot.play.rater import scope_of, seasons_of, standing_of, stored_result
from bot.ratings import (
    GLOBAL,
    PER_PAGE,
    Page,
    PastSeason,
    Player,
    Point,
    Profile,
    Ratings,
    Result,
    Row,
    Scope,
    Seat,
    places_from_ranking,
    profile,
)
from bot.ratings.boards import page_count
from bot.ratings.model import ordered, positions
from bot.ratings.results import KINDS
from bot.store import GameRecord, RatingRow, Store
from bot.texts.names import LEVELS


def player_of(record: GameRecord, seat: int) -> Player:
    """Whose result an engine seat is: a person; the person a computer player took the seat
    over from (a timeout counts for them, ranked last); else the computer level."""
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


# --- what people look at: boards, profiles, seasons ------------------------------------------

#: The boards a leaderboard can show: the server's current season, or all servers together.
SCOPES = ("server", "global")


@dataclass(frozen=True)
class Board:
    """A leaderboard page to show, the names of the people it names, the asker's own row
    (``place``; None when they are not on the board) and the computer levels' rows, which
    rank apart from people (bot.ratings.boards says why)."""

    page: Page
    names: dict[Player, str]
    you: Player
    place: Row | None = None
    computers: tuple[Row, ...] = ()


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
    """A page of a board: the server's current season (``guild_id``, only from within it) or
    the global one, where only people who opted in are named. No ``page``: the page of the
    asker's row. Reads one page of rows (and counts) by index."""
    you = Player(user_id=user_id)
    if scope == "global" or guild_id is None:
        where = GLOBAL
    else:
        where = Scope(guild_id, await store.season_number(guild_id))
    place = (where.guild_id or 0, where.season, kind)
    players = await store.board_size(*place)
    pages = page_count(players)
    me = await store.board_place(*place, you.key())
    if page is None:
        page = 1 if me is None else me.before // PER_PAGE + 1
    number = min(max(page, 1), pages)
    stretch = await store.board_rows(
        *place, offset=(number - 1) * PER_PAGE, limit=PER_PAGE, near=me
    )
    rows = tuple(_row(where, row, position, named) for row, position, named in stretch)
    shown = Page(where, kind, number, pages, players, rows)
    names = await names_of(store, (r.player for r in rows))
    mine = None if me is None else _row(where, me.row, me.position, me.named)
    return Board(shown, names, you, mine, await _computer_rows(store, where, kind))


def _row(where: Scope, row: RatingRow, position: int, named: bool) -> Row:
    """A stored board row as the board shows it: anonymous on the global board unless its
    person chose to be named there."""
    player = Player.from_key(row.player)
    shown = player if not where.is_global or player.user_id is None or named else None
    standing = standing_of(row)
    return Row(position, shown, row.rating, standing.provisional, row.games, row.wins)


async def _computer_rows(store: Store, where: Scope, kind: str) -> tuple[Row, ...]:
    """The computer levels rated on a board, best first (each read by its key: there are
    only the levels)."""
    found = [
        row
        for level in LEVELS
        for row in await store.ratings_of(
            Player(computer=level).key(), where.guild_id or 0, where.season, (kind,)
        )
    ]
    ranked = ordered((Player.from_key(r.player), standing_of(r)) for r in found)
    return tuple(
        Row(position, player, s.rating, s.provisional, s.games, s.wins)
        for position, (player, s) in zip(positions(ranked), ranked, strict=True)
    )


async def player_profile(
    rater: Rater, store: Store, *, guild_id: int | None, user_id: int
) -> Shown:
    """A person's profile: in a server, their games there and its season's ratings; from a
    direct message (only one's own), every game and the global ratings. Reads that person's
    rows only."""
    player = Player(user_id=user_id)
    where = GLOBAL if guild_id is None else Scope(guild_id, await store.season_number(guild_id))
    results = [stored_result(r) for r in await store.results_of_player(user_id, guild_id)]
    ratings = Ratings()
    for row in await store.ratings_of(player.key(), where.guild_id or 0, where.season, KINDS):
        course = await store.rating_course(player.key(), row.kind, row.guild_id, row.season)
        standing = standing_of(row)
        standing.history = [Point(str(game), moment, rating) for game, moment, rating in course]
        ratings.put(scope_of(row.guild_id, row.season), row.kind, player, standing)
    found = profile(player, results, ratings, where)
    names = await names_of(store, [player, *(p for p, _ in found.opponents)])
    return Shown(found, where, names)


async def past_seasons(
    rater: Rater, store: Store, guild_id: int
) -> tuple[list[PastSeason], dict[Player, str]]:
    """A server's finished seasons (oldest first) and the names of their best players."""
    seasons = await seasons_of(store, guild_id)
    players = [p.player for s in seasons for podium in s.podium.values() for p in podium]
    return seasons, await names_of(store, players)
