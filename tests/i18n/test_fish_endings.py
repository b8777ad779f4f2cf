"""Words for how a Fish game ends by resignation, and for floes melting away."""

from __future__ import annotations

from bot.games.base import Event
from bot.games.fish import FishGame
from bot.texts.fish import describe

NAMES = ["Alice", "Mia"]


def _hunting() -> FishGame:
    """A two-player game with every penguin placed (F-6): the hunt is on."""
    game = FishGame.new(players=2, seed=11)
    while game.phase == "place":
        assert game.to_move is not None
        game.play(game.legal_actions()[0], game.to_move)
    return game


def test_f13_a_resignation_that_leaves_one_player_says_so() -> None:
    """F-13: Mia resigns a two-player game; the post says she resigned and Alice is the last on
    the ice (not that Alice "cannot move any more"), and the many floes that melt (F-10) are
    counted rather than listed."""
    game = _hunting()
    events: list[Event] = game.play("resign 1", 1)
    assert game.is_over
    melted = next(e for e in events if e["type"] == "floes_removed")
    assert len(melted["floes"]) > 4
    lines = describe("en", events, NAMES)
    text = "\n".join(lines)
    assert "Mia resigned: Alice is the last one on the ice" in text
    assert "cannot move any more" not in text and "left the game" not in text
    assert f"{len(melted['floes'])} floes out of reach melted away" in text
    assert melted["floes"][0] not in text
    german = "\n".join(describe("de", events, NAMES))
    assert "Mia hat aufgegeben" in german


def test_f10_a_few_melted_floes_are_named() -> None:
    """F-10: up to four floes melting away are named."""
    events: list[Event] = [{"type": "floes_removed", "floes": ["A1", "B2"], "fish": 3}]
    assert describe("en", events, NAMES) == [
        "Out of reach, melted away: A1, B2 (3 fish, scored by nobody)."
    ]
