"""Engine games and what the store keeps of them: positions, loading, replaying, opening.

The store keeps a game as a ``Position`` (its snapshot text and the facts it indexes); this is
the one place that turns an engine game into a position and a stored snapshot back into a game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games import KINDS, game_class, new_game, replay
from bot.games.base import Game, seat_order
from bot.play.ratings import result_of, result_text
from bot.store import GameRecord, InvalidValue, LobbyError, Position, Store


def dump_snapshot(game: Game) -> str:
    """The stored text of a game (compact; sorted keys, so equal games store equal text)."""
    return json.dumps(game.to_dict(), separators=(",", ":"), sort_keys=True)


def load_snapshot(kind: str, snapshot: str) -> Game:
    """The engine game stored in a snapshot."""
    return game_class(kind).from_dict(json.loads(snapshot))


def position_of(game: Game, record: GameRecord | None = None) -> Position:
    """What the store keeps of ``game``; with its ``record``, a finished game's result too."""
    over = game.is_over
    return Position(
        snapshot=dump_snapshot(game),
        to_move=game.to_move,
        over=over,
        ranking=tuple(tuple(group) for group in game.ranking()) if over else None,
        scores=tuple(game.scores),
        result=result_text(result_of(record, game)) if over and record is not None else None,
    )


async def load_game(store: Store, game_id: int) -> tuple[GameRecord, Game | None]:
    """A game's record and its engine game (None while it is a lobby): one read."""
    record, snapshot = await store.load(game_id)
    return record, None if snapshot is None else load_snapshot(record.kind, snapshot)


def replay_record(record: GameRecord, actions: Sequence[str]) -> Game:
    """The game of ``record`` rebuilt from its seed and ``actions`` (the log is the truth)."""
    # The engine's seats: those given out when the game started.
    players = sum(1 for s in record.seats if s.seat is not None)
    return replay(record.kind, players, record.seed, dict(record.options), list(actions))


def rebuild(record: GameRecord, actions: list[str]) -> Position:
    """The position the log gives (what the snapshot check compares with the stored one)."""
    return position_of(replay_record(record, actions), record)


def opening(record: GameRecord) -> tuple[list[int], Position]:
    """Starting a full table: the seat of each lobby slot (drawn from the seed, F-5, U-10) and
    the game's first position (the deal)."""
    seated = len(record.seats)
    rules = game_class(record.kind)
    if seated < rules.MIN_PLAYERS:
        raise LobbyError(
            "too_few",
            f"game #{record.id} needs at least {rules.MIN_PLAYERS} players to start",
            game_id=record.id,
            seated=seated,
        )
    try:
        game = new_game(record.kind, seated, record.seed, dict(record.options))
    except ValueError as error:
        raise InvalidValue("options", str(error)) from error
    return seat_order(record.seed, seated), position_of(game)


def check_table(kind: str, players: int, options: Mapping[str, Any]) -> None:
    """Refuse a kind, a table size or options the rules do not know (InvalidValue)."""
    if kind not in KINDS:
        raise InvalidValue("kind", f"there is no game called {kind!r}", value=kind)
    rules = game_class(kind)
    if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
        raise InvalidValue(
            "players",
            f"a game of {kind} is for {rules.MIN_PLAYERS} to {rules.MAX_PLAYERS} players "
            "(computer players included)",
            value=players,
        )
    try:
        # A trial game: the engine is the one place that knows which options are valid.
        new_game(kind, rules.MIN_PLAYERS, 0, dict(options))
    except TypeError as error:
        raise InvalidValue("options", f"unknown option for {kind}: {error}") from error
    except ValueError as error:
        raise InvalidValue("options", str(error)) from error
