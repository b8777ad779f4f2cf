"""Actions as values: ``legal_moves()`` gives the legal actions as frozen values whose ``str`` is
the notation ``legal_actions()`` lists and the log keeps, and ``parse`` reads that notation back
into the same value."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.games.base import IllegalAction
from bot.games.fish import FishGame, PenguinMove, Place
from bot.games.fish import actions as fish_actions
from bot.games.ultimatum import (
    SUPPLY,
    Invite,
    LayEntertainer,
    Perform,
    Play,
    Skip,
    UltimatumGame,
)
from bot.games.ultimatum import actions as ultimatum_actions

#: Which value each step's actions take (F-6, F-7; U-11, U-14, U-16, U-21).
FISH_STEP = {"place": (Place,), "move": (PenguinMove,)}
ULTIMATUM_STEP = {
    "play": (Play,),
    "invite": (Invite, Skip),
    "perform": (Perform,),
    "entertainer": (LayEntertainer,),
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fish_moves_are_the_legal_texts_as_values(players: int) -> None:
    """F-6 placements are Place values, F-7 moves PenguinMove values; each reads back from its
    text, and the log keeps the text."""
    rng = random.Random(players)
    game = FishGame.new(players, seed=players)
    while not game.is_over:
        moves = game.legal_moves()
        assert [str(m) for m in moves] == game.legal_actions()
        assert all(isinstance(m, FISH_STEP[game.phase]) for m in moves)
        assert all(fish_actions.parse(str(m)) == m for m in moves)
        chosen = rng.choice(moves)
        seat = game.to_move
        assert seat is not None
        game.play(str(chosen), seat)
        assert game.log[-1] == str(chosen)
    assert game.legal_moves() == []


@pytest.mark.parametrize(("players", "side"), [(2, 9), (3, 7), (4, 15)])
def test_ultimatum_moves_are_the_legal_texts_as_values(players: int, side: int) -> None:
    """Each step's actions are values of that step's kind (U-11 … U-21), in the order of
    legal_actions, and each reads back from its text."""
    rng = random.Random(players)
    game = UltimatumGame.new(players=players, seed=players, width=side, height=side)
    seen: set[str] = set()
    for _ in range(120):
        if game.is_over:
            break
        moves = game.legal_moves()
        assert [str(m) for m in moves] == game.legal_actions()
        assert all(isinstance(m, ULTIMATUM_STEP[game.phase]) for m in moves)
        assert all(ultimatum_actions.parse(str(m)) == m for m in moves)
        seen.add(game.phase)
        seat = game.to_move
        assert seat is not None
        game.play(str(rng.choice(moves)), seat)
    assert {"play", "invite", "entertainer"} <= seen


def test_a_value_is_frozen_and_says_its_notation() -> None:
    """Values compare and hash by what they say, cannot be changed, and print as notation."""
    move = PenguinMove("C4", "F2")
    assert str(move) == "C4-F2" and str(Place("C4")) == "C4"
    assert {move, PenguinMove("C4", "F2")} == {move}
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.to = "F3"  # type: ignore[misc]
    assert str(Play("red-3-dance", "E4", "seal-music")) == "play red-3-dance E4 waive seal-music"
    assert str(Invite(SUPPLY, "E4")) == "invite supply E4"
    assert str(Skip()) == "skip"
    assert str(Perform("E6")) == "perform E6"
    assert str(LayEntertainer("F7", turned=True)) == "entertainer F7 turned"


def test_parsing_is_forgiving_about_spelling_and_strict_about_meaning() -> None:
    """The notation of docs/rules.md in any case and spacing; what names nothing is refused."""
    assert fish_actions.parse(" c4 – f2 ") == PenguinMove("C4", "F2")
    assert fish_actions.parse("c 4") == Place("C4")
    assert ultimatum_actions.parse("Play Red - 3 - Dance e04") == Play("red-3-dance", "E4")
    assert ultimatum_actions.parse("INVITE d3 e4") == Invite("D3", "E4")
    refused = {
        "I9": ("no_such_floe", fish_actions.parse),
        "C4 to F2": ("bad_notation", fish_actions.parse),
        "dance E4": ("bad_notation", ultimatum_actions.parse),
        "play red-9-dance E4": ("unknown_card", ultimatum_actions.parse),
        "play red-3-dance 44": ("bad_cell", ultimatum_actions.parse),
    }
    for text, (code, parse) in refused.items():
        with pytest.raises(IllegalAction) as info:
            parse(text)
        assert info.value.code == code, text


def test_a_cell_off_the_iceberg_is_the_engines_to_refuse() -> None:
    """U-4: the value names a cell of any iceberg; the game refuses one outside its own."""
    game = UltimatumGame.new(players=2, seed=1, width=5, height=5)
    action = Play(game.hand(0)[0], "H8")
    assert ultimatum_actions.parse(str(action)) == action
    with pytest.raises(IllegalAction) as info:
        game.play(str(action), 0)
    assert info.value.code == "off_iceberg"
