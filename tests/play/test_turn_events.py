"""What a turn's post tells, found from the engine's turn boundaries (``Game.turn_starts``):
the private steps of the turn it ends, never a turn that was posted already (U-11 … U-23)."""

from __future__ import annotations

from bot.play.games import load_game
from bot.play.turns import act, resign
from bot.store import Store
from bot.texts.announce import public_step, turn_events
from tests.store.conftest import started


def kinds(events: list[dict[str, object]]) -> list[object]:
    """The event types, in order."""
    return [event["type"] for event in events]


async def test_u23_the_post_ending_a_turn_tells_its_private_steps(store: Store) -> None:
    """U-11, U-14, U-23: laying the penguin is posted with the skip and the draw that end the
    turn; a resignation after that turn tells the resignation only, not the turn again."""
    record = await started(store, "ultimatum", 3, seed=5)
    record, game = await load_game(store, record.id)
    assert game is not None and game.to_move is not None
    mover = game.to_move
    laid = await act(store, record, game, mover, game.legal_actions()[0])
    assert not public_step(laid), "laying a penguin is private until the turn ends"
    record, game = await load_game(store, record.id)
    assert game is not None
    skipped = await act(store, record, game, mover, "skip")
    assert skipped.game.phase == "play", "this deal has no show due: the draw ends the turn"
    assert public_step(skipped)
    told = kinds(turn_events(skipped))
    assert told[0] == "penguin_laid" and "drawn" in told
    leaving = (mover + 1) % 3
    left = await resign(store, record.id, leaving, expected_version=skipped.record.version)
    assert public_step(left)
    assert turn_events(left) == list(left.events)
    assert "penguin_laid" not in kinds(turn_events(left))


async def test_f6_every_fish_action_tells_its_own_events(store: Store) -> None:
    """F-6, F-7: a Fish turn is one action; a resignation after it tells itself only."""
    record = await started(store, "fish", 3)
    record, game = await load_game(store, record.id)
    assert game is not None and game.to_move is not None
    placed = await act(store, record, game, game.to_move, game.legal_actions()[0])
    assert public_step(placed) and turn_events(placed) == list(placed.events)
    other = (placed.seat + 1) % 3
    left = await resign(store, record.id, other, expected_version=placed.record.version)
    assert turn_events(left) == list(left.events)
