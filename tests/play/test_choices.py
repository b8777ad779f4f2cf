"""The choices of a turn by clicks: every legal action reachable, menus within Discord's limits,
labels that say what a choice does, nothing of a hand carried."""

from __future__ import annotations

import random

import pytest

from bot.games.base import Game
from bot.games.fish import FishGame
from bot.games.ultimatum import Play, UltimatumGame
from bot.play.choices import SAFE, Choice, Decision, StaleChoice, Step, decide, step_of


def reachable(game: Game, seat: int, lang: str = "en") -> dict[object, int]:
    """Every action the clicks reach from the first step, with the clicks it takes."""
    found: dict[object, int] = {}
    todo: list[tuple[Step, int]] = [(step_of(game, seat, lang), 1)]
    while todo:
        step, clicks = todo.pop()
        check_limits(step)
        values = [c.value for c in step.buttons] + [c.value for m in step.menus for c in m.choices]
        for value in values:
            if value == "back":
                continue
            decision = decide(game, seat, step.step, step.carry, value)
            if decision.action is not None:
                found.setdefault(decision.action, clicks)
            else:
                todo.append((step_of(game, seat, lang, decision.step, decision.carry), clicks + 1))
    return found


def check_limits(step: Step) -> None:
    """Discord's component limits, and notation only where a custom_id carries it."""
    assert len(step.buttons) <= 5
    assert SAFE.fullmatch(step.carry)
    for choice in step.buttons:
        assert 1 <= len(choice.label) <= 80 and SAFE.fullmatch(choice.value)
    for menu in step.menus:
        assert 1 <= len(menu.choices) <= 25 and len(menu.placeholder) <= 150
        for choice in menu.choices:
            assert 1 <= len(choice.label) <= 100 and 1 <= len(choice.value) <= 100
    values = [c.value for m in step.menus for c in m.choices]
    assert len(values) == len(set(values))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_fish_action_is_two_clicks_at_most_past_the_entry(players: int) -> None:
    rng = random.Random(players)
    game = FishGame.new(players, seed=players)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        found = reachable(game, seat)
        assert set(found) == set(game.legal_moves())
        assert max(found.values()) <= 2
        game.play(rng.choice(game.legal_actions()), seat)


@pytest.mark.parametrize(("players", "side"), [(2, 9), (3, 7), (4, 15)])
def test_every_ultimatum_action_is_reachable_by_clicks(players: int, side: int) -> None:
    rng = random.Random(players)
    game = UltimatumGame.new(players=players, seed=players, width=side, height=side)
    for _ in range(80):
        if game.is_over:
            break
        seat = game.to_move
        assert seat is not None
        found = reachable(game, seat, "de")
        assert set(found) == set(game.legal_moves())
        for card in game.hand(seat):
            assert all(card not in step for step in (c.value for c in _steps(game, seat)))
        game.play(rng.choice(game.legal_actions()), seat)


def _steps(game: UltimatumGame, seat: int) -> list[Choice]:
    step = step_of(game, seat, "en")
    return [*step.buttons, *(c for m in step.menus for c in m.choices)]


def test_a_cell_says_its_fee_and_a_stale_click_is_refused() -> None:
    game = UltimatumGame.new(
        players=2,
        seed=1,
        deal={
            "hands": [
                ["red-3-dance", "red-5-music", "blue-2-juggling", "green-4-dance"],
                ["red-2-dance", "blue-3-music", "green-2-music", "brown-5-dance"],
            ],
            "setup": {"D5": "sheep-music", "E4": "seal-dance turned", "F5": "bear-juggling"},
        },
    )
    game.play("play red-5-music D4", 0)
    game.play("skip", 0)
    step = step_of(game, 1, "en")
    assert step.step == "card"
    slot = f"c{game.hand(1).index('red-2-dance')}"
    assert decide(game, 1, "card", "", slot) == Decision(step="cell", carry=slot)
    cells = step_of(game, 1, "en", "cell", slot)
    labels = [c.label for m in cells.menus for c in m.choices]
    assert "C4 · fee 5" in labels, labels
    assert decide(game, 1, "cell", slot, "C4") == Decision(action=Play("red-2-dance", "C4"))
    with pytest.raises(StaleChoice):
        decide(game, 1, "stone", "", "skip")
    with pytest.raises(StaleChoice):
        decide(game, 1, "cell", "c9", "E5")
