"""Computer players after resignations and time-outs (both logged as ``resign N``).

A resigning player's penguins leave the ice (Fish) or their hand is set aside unseen (Ultimatum);
either way every level must still decide by its own search from its view. ``choose_action`` is
what the bot calls in its worker: a failure there raises (the bot would then fall back to a
random legal action and log the traceback), so a test that passes saw no fallback.
"""

from __future__ import annotations

import random

import pytest

from bot.ai import LEVELS, choose_action
from bot.ai.fish_eval import Evaluator, margin
from bot.ai.fish_position import Position
from bot.ai.ultimatum_world import world
from bot.games import new_game
from bot.games.base import Game
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from tests.turns import whose_turn

BUDGET = 0.05
#: Who leaves, by table size: with two players a resignation ends the game (F-14, U-24 as played).
LEAVING = [(3, [1]), (3, [0]), (4, [2]), (4, [1, 3]), (4, [0, 2])]


def played(kind: str, players: int, actions: int, seed: int = 5) -> Game:
    """A game after ``actions`` random legal actions (Fish: placement done first)."""
    game = new_game(kind, players, seed)
    rng = random.Random(seed)
    while len(game.log) < actions and not game.is_over:
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    return game


def assert_search_decides(kind: str, game: Game, decisions: int) -> None:
    """Every level picks a legal action for the seat to move, several turns running."""
    for turn in range(decisions):
        seat = game.to_move
        if seat is None:
            return
        view = game.view(seat)
        legal = game.legal_actions()
        chosen = [
            choose_action(kind, view, level, seed=turn, budget=BUDGET) for level in sorted(LEVELS)
        ]
        for action in chosen:
            assert action in legal, (kind, seat, action)
        assert not game.view(None)["resigned"][seat], "nobody decides for a seat that left"
        game.play(chosen[-1], seat=seat)


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
@pytest.mark.parametrize("when", [0, 11])
@pytest.mark.parametrize(("players", "leaving"), LEAVING)
def test_every_level_decides_by_search_after_resignations(
    kind: str, when: int, players: int, leaving: list[int]
) -> None:
    """F-11/F-15, U-23/U-26 as played: the others play on, and computers decide by search."""
    game = played(kind, players, when)
    for seat in leaving:
        game.play(f"resign {seat}", seat=seat)
    assert not game.is_over
    assert_search_decides(kind, game, decisions=6)


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
def test_a_timeout_of_the_seat_to_move_mid_turn(kind: str) -> None:
    """A time-out is ``resign N`` of the seat to move, in Ultimatum maybe mid-turn (U-23)."""
    game = played(kind, 4, 13)
    mover = game.to_move
    assert mover is not None
    game.play(f"resign {mover}", seat=mover)
    assert game.to_move not in (None, mover)
    assert_search_decides(kind, game, decisions=6)


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
def test_two_players_one_resigns_and_nothing_is_left_to_decide(kind: str) -> None:
    """With two players a resignation ends the game at once: no computer is asked to move."""
    game = played(kind, 2, 9)
    game.play("resign 1", seat=1)
    assert game.is_over and game.to_move is None and game.legal_actions() == []


@pytest.mark.parametrize(("players", "leaving"), LEAVING)
def test_u27_a_world_dealt_after_resignations_looks_the_same_to_the_seat(
    players: int, leaving: list[int]
) -> None:
    """U-27: the set-aside hands are unseen but counted; a sampled world shows the same view."""
    game = played("ultimatum", players, 9)
    assert isinstance(game, UltimatumGame)
    for seat in leaving:
        game.play(f"resign {seat}", seat=seat)
    seat = whose_turn(game)
    assert game.set_aside
    view = game.view(seat)
    for sample in range(5):
        dealt = world(view, random.Random(sample))
        # The world leaves out the last turn's highlights (search never needs them).
        assert {**dealt.view(seat), "last": None} == {**view, "last": None}
        assert dealt.resigned == game.resigned
        assert sorted(dealt.set_aside) != sorted(game.hand(seat))
        assert len(dealt.set_aside) == len(game.set_aside)


def test_f15_a_fish_seat_that_resigned_is_nobodys_rival() -> None:
    """F-15 as played: whoever resigned ranks last, so search measures itself against the others."""
    game = played("fish", 3, 20)
    assert isinstance(game, FishGame)
    leaver = max(range(3), key=lambda s: game.catch[s]["fish"])
    game.play(f"resign {leaver}", seat=leaver)
    seat = game.to_move
    assert seat is not None and seat != leaver
    view = game.view(seat)
    view["catch"][leaver]["fish"] = 99  # however much it caught before leaving
    position = Position.from_view(view)
    values = Evaluator(position.fish).values(position)
    rival = next(s for s in range(3) if s not in (seat, leaver))
    assert margin(values, seat) == values[seat] - values[rival]
