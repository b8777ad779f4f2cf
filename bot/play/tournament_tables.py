"""How a tournament table's game counts: its result for the standings, and the rounds so far.

A finished game counts as it ended (the engine's ranking and scores). A game still unfinished
when the round's time is up (or ended without a result) is decided by the rule every tournament
states: the player whose turn it was has timed out and forfeits, like anyone who resigned or
withdrew; the others are ranked by the position's score, equal scores sharing a place.
Forfeits are ranked last (bot.tournaments.Table).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games import new_game
from bot.games.base import Game, parse_resign
from bot.play.games import position_of
from bot.store import Position
from bot.store.tournament_rows import PlayedRound, TableResult, TournamentTable
from bot.tournaments import Round, Table


def table_result(game: Game, seats: int, *, time_up: bool) -> TableResult:
    """A table's result from its game (``time_up``: the round ended with the game unfinished)."""
    resigned = (parse_resign(action, seats) for action in game.log)
    forfeited = {seat for seat in resigned if seat is not None}
    scores = tuple(game.scores)
    if game.is_over:
        ranking = game.ranking()
    else:
        if time_up and game.to_move is not None:
            forfeited.add(game.to_move)
        playing = sorted({s for s in range(seats)} - forfeited, key=lambda s: -scores[s])
        ranking = []
        for seat in playing:
            if ranking and scores[ranking[-1][0]] == scores[seat]:
                ranking[-1].append(seat)
            else:
                ranking.append([seat])
        if forfeited:
            ranking.append(sorted(forfeited))
    places = [0] * seats
    better = 0
    for group in ranking:
        for seat in group:
            places[seat] = better + 1
        better += len(group)
    return TableResult(tuple(places), scores, tuple(sorted(forfeited)))


def played_rounds(
    tables: Sequence[TournamentTable],
    rounds: Sequence[PlayedRound],
    results: Mapping[int, TableResult] | None = None,
) -> list[Round]:
    """The rounds decided so far as the pairing and standings take them (``results``: those of
    the round being ended, not stored yet)."""
    decided = dict(results or {})
    played = []
    for done in rounds:
        endings = []
        for table in tables:
            if table.round != done.number:
                continue
            result = decided.get(table.game_id, table.result)
            if result is None:
                break
            endings.append(
                Table(
                    seats=table.players,
                    places=result.places,
                    scores=result.scores,
                    forfeited=frozenset(table.players[s] for s in result.forfeited),
                )
            )
        else:
            played.append(Round(tuple(endings), done.byes))
    return played


def deal(kind: str, players: int, seed: int, options: Mapping[str, object]) -> Position:
    """The first position of a tournament table's game (the store opens it with this)."""
    return position_of(new_game(kind, players, seed, dict(options)))
