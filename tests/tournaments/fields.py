"""Random fields and results for the pairing tests and the benchmark."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from bot.tournaments import Pairing, Round, Table, pair


def played(pairing: Pairing, rng: random.Random, forfeit: Collection[int] = ()) -> Round:
    """The round with a random ending at every table: game scores 0–5 (equal scores tie), and
    the players in ``forfeit`` forfeiting."""
    tables = []
    for seats in pairing.tables:
        scores = tuple(rng.randint(0, 5) for _ in seats)
        places = tuple(1 + sum(o > s for o in scores) for s in scores)
        tables.append(Table(seats, places, scores, frozenset(forfeit) & set(seats)))
    return Round(tuple(tables), pairing.byes)


def swiss_rounds(
    players: Sequence[int], size: int, count: int, rng: random.Random
) -> tuple[list[Round], list[Pairing]]:
    """``count`` Swiss rounds of random results: what was played and each round's pairing."""
    rounds: list[Round] = []
    pairings: list[Pairing] = []
    for _ in range(count):
        pairings.append(pair(players, rounds, size))
        rounds.append(played(pairings[-1], rng))
    return rounds, pairings
