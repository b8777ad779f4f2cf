"""The pure rules engines, and a registry so storage and the bot can treat games alike."""

from __future__ import annotations

from typing import Any

from bot.games.base import Event, Game, logged_seat

KINDS = ("fish", "ultimatum")
#: The option under which a table keeps the level chosen for its computer players: a choice of
#: the table, not of the rules, so the engines never see it.
COMPUTER_LEVEL = "computer_level"


def game_class(kind: str) -> type[Game]:
    """The engine class for a game kind ('fish' or 'ultimatum')."""
    if kind == "fish":
        from bot.games.fish import FishGame

        return FishGame
    if kind == "ultimatum":
        from bot.games.ultimatum import UltimatumGame

        return UltimatumGame
    raise ValueError(f"unknown game kind {kind!r}")


def new_game(kind: str, players: int, seed: int, options: dict[str, Any] | None = None) -> Game:
    """Start a game of ``kind``; ``options`` are the engine's keyword options (e.g. width)."""
    cls: Any = game_class(kind)
    rules = {k: v for k, v in (options or {}).items() if k != COMPUTER_LEVEL}
    game: Game = cls.new(players=players, seed=seed, **rules)
    return game


def replay(
    kind: str, players: int, seed: int, options: dict[str, Any] | None, actions: list[str]
) -> Game:
    """Rebuild a game from its start and its action log (the log is the truth)."""
    game = new_game(kind, players, seed, options)
    for action in actions:
        play_logged(game, action)
    return game


def play_logged(game: Game, action: str) -> list[Event]:
    """Play one entry of the game's own log again, as the seat that took it.

    Only for a log the engine wrote (replays, undo, checks): the seat comes from the entry
    itself (``resign N`` is seat N's, anything else the seat to move's), so nothing is refused
    for being out of turn. A person's action goes through ``game.play(text, seat)`` instead.
    """
    return game.play(action, logged_seat(action, game.players, game.to_move))
