"""Finished games made up for the rating tests: hand-written ones and random ones from a seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.play.rater import key_of, row_of
from bot.ratings import Player, Ratings, Result, Seat
from bot.store import RatingChange, RatingRow, StoredResult


def person(n: int) -> Player:
    """A person with a small user id."""
    return Player(user_id=n)


def result(
    game: str,
    places: list[int],
    players: list[Player] | None = None,
    *,
    guild: int | None = 1,
    kind: str = "fish",
    finished: float = 0.0,
    forfeited: tuple[int, ...] = (),
    rated: bool = True,
) -> Result:
    """A finished game whose seat i has place ``places[i]`` (people 1, 2 … by default)."""
    players = players or [person(i + 1) for i in range(len(places))]
    return Result(
        game_id=game,
        guild_id=guild,
        kind=kind,
        finished=finished,
        rated=rated,
        seats=tuple(
            Seat(p, place, score=10 - place, forfeited=i in forfeited, stats=_stats(kind, place))
            for i, (p, place) in enumerate(zip(players, places, strict=True))
        ),
    )


def _stats(kind: str, place: int) -> dict[str, int]:
    if kind == "fish":
        return {"fish": 40 - 5 * place, "floes": 20 - 2 * place}
    return {"points": 30 - 4 * place, "shows": 4 - place}


def random_places(rng: random.Random, players: int) -> list[int]:
    """Places of a random ranking with occasional ties (1, 1, 3 …)."""
    scores = [rng.randint(0, 4) for _ in range(players)]
    return [1 + sum(other > mine for other in scores) for mine in scores]


def random_results(
    count: int, seed: int, people: int = 30, guilds: tuple[int, ...] = (1, 2, 3)
) -> list[Result]:
    """``count`` random finished games in time order: 2–4 seats, people and computer levels,
    ties, forfeits, unrated games, several servers and both kinds."""
    rng = random.Random(seed)
    found = []
    for n in range(count):
        size = rng.randint(2, 4)
        seated: list[Player] = rng.sample([person(i) for i in range(1, people + 1)], size)
        for i in range(size):
            if rng.random() < 0.15:
                seated[i] = Player(computer=rng.randint(1, 3))
        if all(not p.is_person for p in seated):
            seated[0] = person(1)
        forfeits = tuple(i for i in range(size) if rng.random() < 0.07)
        found.append(
            result(
                f"g{n:05d}",
                random_places(rng, size),
                seated,
                guild=rng.choice(guilds),
                kind=rng.choice(("fish", "ultimatum")),
                finished=1_700_000_000 + n * 600 + rng.random(),
                forfeited=forfeits,
                rated=rng.random() > 0.05,
            )
        )
    return found


class GivenRatings:
    """Ratings put into the store as they are (``Store.replace_ratings``; no results read)."""

    def __init__(self, ratings: Ratings) -> None:
        self.given = ratings

    def rate(self, results: Sequence[StoredResult]) -> list[tuple[int, float, list[RatingChange]]]:
        """Nothing to apply: the ratings are given."""
        return []

    def rows(self) -> list[RatingRow]:
        """The given ratings as rows."""
        return [
            row_of(key_of(scope, kind, player), standing, 1)
            for scope, kind, player, standing in self.given.entries()
        ]
