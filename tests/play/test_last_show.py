"""U-24 before it happens: with no entertainer left, a cell that starts a show says the game
ends after it, so the end does not come as a surprise mid-turn."""

from __future__ import annotations

import pytest

from bot.games.ultimatum import UltimatumGame
from bot.play.ultimatum_choices import cells
from tests.cogs.test_authority import TWIN_SHOWS
from tests.turns import whose_turn


def _before_the_twin_shows(entertainer_deck: list[str]) -> UltimatumGame:
    """bear-music on D4 and sheep-juggling on F4 both wait for E4 only; seat 0 is to lay."""
    game = UltimatumGame.new(2, seed=5, deal={**TWIN_SHOWS, "entertainer_deck": entertainer_deck})
    for action in ("play green-2-music C4", "skip", "play green-5-music G3", "skip"):
        game.play(action, seat=whose_turn(game))
    return game


@pytest.mark.parametrize("deck", [[], ["seal-music"]])
def test_a_cell_that_starts_the_last_show_says_the_game_ends(deck: list[str]) -> None:
    """U-15, U-24: E4 starts a show; with the entertainer deck empty that show ends the game,
    and only then does E4 (and no other cell) say so."""
    game = _before_the_twin_shows(deck)
    labels = {c.at: c.label for c in cells(game, "en", "brown-3-acrobatics")}
    ends = "no entertainer is left: the game ends after it"
    assert "starts the bear (music) show" in labels["E4"]
    assert (ends in labels["E4"]) == (not deck)
    assert not any(ends in label for cell, label in labels.items() if cell != "E4")
    for action in ("play brown-3-acrobatics E4", "skip", "perform D4"):
        game.play(action, seat=whose_turn(game))
    assert game.is_over == (not deck)
