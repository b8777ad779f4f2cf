"""Ratings kept in the database: a game's rating changes worked out from its players' rows, and
every rating rebuilt from the stored results.

A rated game's end carries its changes (``RatedGame``) into the store's transaction that ends
it; they are worked out here, before that transaction, from the rows read just before (the
store checks they still stand, and the caller works them out again when they moved). Nothing
is held in memory between games. A rebuild (``Rebuilder``) applies the rated results in the
order they were rated — each in the server season it counted in — with the same model, so it
gives exactly the stored values; it holds one standing per player, never the history.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime

from bot.ratings import GLOBAL, Change, PastSeason, Player, Ratings, Result, Scope, Standing
from bot.ratings.model import PODIUM, Podium, positions
from bot.ratings.results import KINDS, event_from_dict
from bot.store import RatedGame, RatingChange, RatingRow, Store, StoredResult

#: A rating's key as the store keeps it: guild (0: global), season (0: global), kind, player.
Key = tuple[int, int, str, str]


def moment(stamp: float) -> float:
    """A stored time as the store's records give it (whole microseconds, as a datetime holds
    it), so a result made as its game ends and the same result read back agree exactly."""
    return datetime.fromtimestamp(stamp, UTC).timestamp()


def stored_result(row: StoredResult) -> Result:
    """A stored result, with the moment and the rated flag its columns hold."""
    data = json.loads(row.result)
    data.update(finished=moment(row.finished_at), rated=row.rated, game=str(row.game_id))
    event = event_from_dict(data)
    assert isinstance(event, Result)
    return event


def scope_of(guild_id: int, season: int) -> Scope:
    """The ratings' scope of a stored row's guild and season (guild 0: the global scope)."""
    return GLOBAL if guild_id == 0 else Scope(guild_id, season)


def key_of(scope: Scope, kind: str, player: Player) -> Key:
    """Where the store keeps a player's rating in a scope and kind."""
    return (scope.guild_id or 0, scope.season, kind, player.key())


def standing_of(row: RatingRow) -> Standing:
    """A stored row as the ratings model's standing."""
    return Standing(row.mu, row.sigma, row.games, row.wins)


def row_of(key: Key, standing: Standing, last_game: int) -> RatingRow:
    """A standing as the store keeps it."""
    player = Player.from_key(key[3])
    return RatingRow(*key, player.user_id, standing.mu, standing.sigma, standing.rating,
                     standing.ordinal, standing.games, standing.wins, last_game)  # fmt: skip


def work_out(
    ratings: Ratings, last: dict[Key, int], result: Result, season: int
) -> tuple[list[Change], list[RatingChange]]:
    """Apply ``result`` (in the server's ``season``) to ``ratings``, whose standings the store's
    rows gave (``last``: each row's last game, kept up to date): the changes to tell and the
    rows before and after to store."""
    scopes = [GLOBAL] if result.guild_id is None else [Scope(result.guild_id, season), GLOBAL]
    before: dict[Key, RatingRow] = {}
    for scope in scopes:
        for player in {s.player for s in result.seats}:
            key = key_of(scope, result.kind, player)
            standing = ratings.standing(scope, result.kind, player)
            if standing is not None:
                before[key] = row_of(key, standing, last[key])
    told = ratings.rate(result, season)
    stored = []
    for change in told:
        key = key_of(change.scope, change.kind, change.player)
        after = ratings.standing(change.scope, change.kind, change.player)
        assert after is not None
        last[key] = int(result.game_id)
        stored.append(RatingChange(before.get(key), row_of(key, after, last[key]), change.won))
    return told, stored


async def rated_game(store: Store, result: Result) -> tuple[RatedGame | None, list[Change]]:
    """What a finished game's result does to ratings, worked out from its players' stored rows
    (None and no changes for a game that does not count)."""
    if not result.rated or result.guild_id is None:
        return None, []
    season = await store.season_number(result.guild_id)
    scopes = [Scope(result.guild_id, season), GLOBAL]
    players = {s.player for s in result.seats}
    rows = await store.rating_rows(key_of(s, result.kind, p) for s in scopes for p in players)
    ratings = Ratings(history=False)
    for key, row in rows.items():
        ratings.put(scope_of(key[0], key[1]), key[2], Player.from_key(key[3]), standing_of(row))
    told, stored = work_out(
        ratings, {key: row.last_game for key, row in rows.items()}, result, season
    )
    if not stored:
        return None, []
    return RatedGame(season, tuple(stored)), told


class Rebuilder:
    """Every rating worked out afresh from the rated results, fed in the order they were
    rated (``bot.store.ratings.Rebuild``)."""

    def __init__(self) -> None:
        self.ratings = Ratings(history=False)
        self.last: dict[Key, int] = {}
        self.games = 0

    def rate(
        self, results: Sequence[StoredResult]
    ) -> Iterator[tuple[int, float, list[RatingChange]]]:
        """Apply these results; per game that changed ratings: its id, end and changes."""
        for row in results:
            _, stored = work_out(self.ratings, self.last, stored_result(row), row.season)
            self.games += 1
            if stored:
                yield row.game_id, row.finished_at, stored

    def rows(self) -> Iterator[RatingRow]:
        """Every rating the results applied so far give, in key order."""
        found = (
            (key_of(scope, kind, player), standing)
            for scope, kind, player, standing in self.ratings.entries()
        )
        for key, standing in sorted(found, key=lambda pair: pair[0]):
            yield row_of(key, standing, self.last[key])


async def podium(store: Store, guild_id: int, season: int) -> dict[str, tuple[Podium, ...]]:
    """A season's best per kind (ties share a place), from its final rows."""
    found: dict[str, tuple[Podium, ...]] = {}
    for kind in KINDS:
        rows = await store.podium(guild_id, season, kind, PODIUM)
        if not rows:
            continue
        standings = [(Player.from_key(r.player), standing_of(r)) for r in rows]
        found[kind] = tuple(
            Podium(position, player, standing.rating, standing.games)
            for position, (player, standing) in zip(positions(standings), standings, strict=True)
            if position <= PODIUM
        )
    return found


async def seasons_of(store: Store, guild_id: int) -> list[PastSeason]:
    """A server's finished seasons, oldest first, with their final best players."""
    starts = [s.started_at for s in await store.season_starts(guild_id)]
    return [
        PastSeason(guild_id, number, starts[number - 2] if number > 1 else None, ended,
                   await podium(store, guild_id, number))
        for number, ended in enumerate(starts, 1)
    ]  # fmt: skip


class Rater:
    """The bot's handle on ratings, which live in the database (nothing is held here)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def start_season(self, guild_id: int) -> PastSeason:
        """Start a server's new season now; the season that ended, with its best players."""
        await self.store.start_season(guild_id)
        return (await seasons_of(self.store, guild_id))[-1]


def standings(rows: Iterable[RatingRow]) -> Mapping[Key, tuple[float, float, int, int, int]]:
    """Rows as comparable values: (μ, σ, games, wins, last game) per key."""
    return {r.key: (r.mu, r.sigma, r.games, r.wins, r.last_game) for r in rows}
