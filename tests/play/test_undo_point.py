"""Which turn an undo takes back, and when none may be (U-8, U-21, U-23; Fish hides nothing):
the play layer asks the engine's turns and undo refusals."""

from __future__ import annotations

import random

import pytest

from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.play.undo import NoUndo, undo_point
from tests.turns import whose_turn


def ultimatum_until_second_show(seed: int) -> UltimatumGame:
    """A 5 × 5 game played at random until an entertainer was laid with another show still due
    (seed 2 gets there within its first turns)."""
    rng = random.Random(seed)
    game = UltimatumGame.new(2, seed=seed, width=5, height=5)
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        game.play(action, seat=whose_turn(game))
        if action.startswith("entertainer") and game.phase in ("perform", "entertainer"):
            return game
    raise AssertionError("no such position with this seed")


def test_fish_undo_takes_back_the_last_action() -> None:
    """F-7: Fish has no hidden information: the last action may always be taken back."""
    game = FishGame.new(2, seed=1)
    for _ in range(3):
        game.play(game.legal_actions()[0], seat=whose_turn(game))
    point = undo_point(game)
    assert point.keep == 2 and point.actions == (game.log[-1],)
    with pytest.raises(NoUndo) as nothing:
        undo_point(FishGame.new(2, seed=1))
    assert nothing.value.code == "nothing"
    game.play("resign 1", seat=1)
    with pytest.raises(NoUndo) as resigned:
        undo_point(game)
    assert resigned.value.code == "resigned"


def test_u21_no_undo_once_a_new_entertainer_was_turned_face_up() -> None:
    """U-8/U-21: laying the top entertainer turns the next one face up: that turn stays."""
    game = ultimatum_until_second_show(2)
    with pytest.raises(NoUndo) as revealed:
        undo_point(game)
    assert revealed.value.code == "entertainer_revealed"


def test_u23_undo_takes_back_the_steps_of_the_turn_in_progress() -> None:
    """U-11/U-14: before anything is revealed, the whole turn so far goes back together."""
    game = UltimatumGame.new(2, seed=4)
    game.play(game.legal_actions()[0], seat=whose_turn(game))
    steps = tuple(game.log)
    point = undo_point(game)
    assert point.keep == 0 and point.actions == steps
    game.play(
        "skip", seat=whose_turn(game)
    )  # no show is due on this deal: the turn ends with the draw (U-23)
    assert game.phase == "play" and game.turn == 1
    with pytest.raises(NoUndo) as drawn:
        undo_point(game)
    assert drawn.value.code == "drawn"
