"""How a tournament table's game counts: a finished game as the engine ranked it (F-15, a
resignation below everyone who stayed); a game the round's time stopped by the stated rule (the
player to move forfeits, the others by their score, equal scores sharing a place)."""

from __future__ import annotations

from bot.games import new_game
from bot.play.tournament_tables import table_result
from bot.store.tournament_rows import TableResult
from tests.turns import whose_turn


def test_a_resignation_that_ends_the_game_ranks_the_resigner_last() -> None:
    """Two players, seat 0 resigns: the game is over, seat 1 first, seat 0 forfeited."""
    game = new_game("fish", 2, 3)
    game.play("resign 0", seat=0)
    assert game.is_over
    assert table_result(game, 2, time_up=False) == TableResult((2, 1), (0, 0), (0,))


def test_time_up_the_player_to_move_forfeits_and_equal_scores_share() -> None:
    """Four players at the start of Fish (every score 0): when the round's time is up, seat 0
    (to move, F-5) forfeits; seats 1 to 3 share first place."""
    game = new_game("fish", 4, 3)
    assert game.to_move == 0
    assert table_result(game, 4, time_up=True) == TableResult((4, 1, 1, 1), (0, 0, 0, 0), (0,))


def test_time_up_ranks_by_score_with_earlier_resignations_last() -> None:
    """A three-player Fish game played until someone has caught fish: at time-up, a seat that
    resigned and the seat to move forfeit; the rest are ranked by fish caught (F-15)."""
    game = new_game("fish", 3, 11)
    while not any(game.scores):
        game.play(game.legal_actions()[0], seat=whose_turn(game))
    mover = game.to_move
    assert mover is not None
    gone = (mover + 1) % 3
    game.play(f"resign {gone}", seat=gone)
    mover = game.to_move
    assert mover is not None and mover != gone
    (left,) = {0, 1, 2} - {gone, mover}
    result = table_result(game, 3, time_up=True)
    assert result.forfeited == tuple(sorted((gone, mover)))
    assert result.places[left] == 1
    assert result.places[gone] == result.places[mover] == 2
    assert result.scores == tuple(game.scores)
