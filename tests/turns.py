"""Whose turn it is, for tests that play a game by hand."""

from __future__ import annotations

from bot.games.base import Game


def whose_turn(game: Game) -> int:
    """The seat to move; a test that asks once the game is over has gone wrong."""
    seat = game.to_move
    assert seat is not None, "the game is over: nobody is to move"
    return seat


def asking_seat(game: Game) -> int:
    """The seat that asks for a refused action: the one to move, or seat 0 once the game is
    over (every seat is refused then)."""
    seat = game.to_move
    return 0 if seat is None else seat
