"""The interface the bot calls: view in, action text out; hidden cards never matter; the time
budget holds; it runs in a process pool; bad requests are refused clearly."""

from __future__ import annotations

import inspect
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from bot.ai import LEVELS, choose_action, player_name, ultimatum_players
from bot.games.ultimatum import UltimatumGame
from tests.ai.positions import fish_position, ultimatum_phase, ultimatum_position


def test_levels_and_signature() -> None:
    """The bot's contract: three levels, and the function takes a view, never a game."""
    assert LEVELS == {1: "easy", 2: "medium", 3: "hard"}
    parameters = inspect.signature(choose_action).parameters
    assert list(parameters) == ["kind", "view", "level", "seed", "budget"]
    assert parameters["seed"].kind is inspect.Parameter.KEYWORD_ONLY
    assert parameters["budget"].default == 2.0
    assert [player_name(level) for level in LEVELS] == [
        "Penguin Bot (easy)",
        "Penguin Bot (medium)",
        "Penguin Bot (hard)",
    ]


def reshuffled_hidden(game: UltimatumGame, seat: int, rng: random.Random) -> UltimatumGame:
    """Another whole game with the same view for ``seat``: other hands and deck order re-dealt."""
    data = game.to_dict()
    others = [s for s in range(game.players) if s != seat]
    pool = [c for s in others for c in data["hands"][s]] + data["deck"]
    rng.shuffle(pool)
    for s in others:
        size = len(data["hands"][s])
        data["hands"][s], pool = pool[:size], pool[size:]
    data["deck"] = pool
    top, *rest = data["entertainer_deck"] or [None]
    rng.shuffle(rest)
    data["entertainer_deck"] = [top, *rest] if top is not None else []
    return UltimatumGame.from_dict(data)


def twin_games(phase: str, players: int) -> tuple[UltimatumGame, UltimatumGame, int]:
    """Two different games that look the same to the seat to move."""
    game = ultimatum_phase(phase, players, start_seed=3)
    seat = game.to_move
    assert seat is not None
    twin = reshuffled_hidden(game, seat, random.Random(99))
    assert twin.view(seat) == game.view(seat)
    assert twin.hands != game.hands and twin.deck != game.deck
    return game, twin, seat


PHASES = ["play", "invite", "perform", "entertainer"]


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("players", [2, 4])
def test_hidden_cards_never_change_a_decision(phase: str, players: int) -> None:
    """U-27: handed two whole games differing only in hidden cards, every player decides alike.

    The players get the game object itself here (not just a view), so reading another hand or
    the deck order would show up as a different choice.
    """
    game, twin, seat = twin_games(phase, players)
    for name, policy in ultimatum_players.POLICIES.items():
        if name == "hard":
            continue
        first = policy(game, seat, random.Random(5), 0.05)
        second = policy(twin, seat, random.Random(5), 0.05)
        assert first == second, name
    # Hard, with a fixed number of search iterations (so the clock cannot make them differ),
    # enough for the tree to grow below its root choices into the rivals' decisions.
    first = ultimatum_players.play_hard(game, seat, random.Random(5), 60.0, max_iterations=100)
    second = ultimatum_players.play_hard(twin, seat, random.Random(5), 60.0, max_iterations=100)
    assert first == second


class PolledDeadline:
    """A deadline that passes after a fixed number of polls instead of at a time on the clock.

    Hard searches until its deadline passes, so on the real clock two equal calls may run a
    different number of iterations; counting polls pins that number and leaves the view and
    the seed as the only inputs, which is what the hidden-information check needs.
    """

    def __init__(self, seconds: float) -> None:
        self.polls_left = 8

    def passed(self) -> bool:
        """Whether the allowed polls are used up."""
        self.polls_left -= 1
        return self.polls_left < 0

    def left(self) -> float:
        """What is left, counted in polls."""
        return float(self.polls_left)


@pytest.mark.parametrize("phase", PHASES)
def test_choose_action_sees_only_the_view(phase: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """U-27: the bot's entry point gives the same answer for twin games, level by level."""
    game, twin, seat = twin_games(phase, 3)
    for level in (1, 2):
        assert choose_action("ultimatum", game.view(seat), level, seed=4) == choose_action(
            "ultimatum", twin.view(seat), level, seed=4
        )
    # Hard on the real clock, with a small budget: a legal answer in time.
    action = choose_action("ultimatum", game.view(seat), 3, seed=4, budget=0.1)
    assert action in game.legal_actions()
    # Hard with its search length pinned: the same answer whatever the hidden cards are.
    monkeypatch.setattr(ultimatum_players, "Deadline", PolledDeadline)
    assert choose_action("ultimatum", game.view(seat), 3, seed=4, budget=0.1) == choose_action(
        "ultimatum", twin.view(seat), 3, seed=4, budget=0.1
    )


def test_the_same_seed_gives_the_same_choice() -> None:
    """Seeded: easy and medium repeat themselves exactly, for both games."""
    fish = fish_position(3, 5, 20)
    ultimatum = ultimatum_position(3, 5, 30)
    for kind, game in (("fish", fish), ("ultimatum", ultimatum)):
        view = game.view(game.to_move)
        for level in (1, 2):
            choices = {choose_action(kind, view, level, seed=17, budget=0.2) for _ in range(3)}
            assert len(choices) == 1


def timed(kind: str, view: dict[str, Any], level: int, budget: float) -> float:
    """Seconds one decision takes."""
    started = time.perf_counter()
    choose_action(kind, view, level, seed=1, budget=budget)
    return time.perf_counter() - started


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
def test_the_budget_is_respected(kind: str) -> None:
    """Hard stops within its budget (with slack: the machine is shared); the others are quick."""
    game = fish_position(2, 3, 14) if kind == "fish" else ultimatum_position(2, 3, 20)
    view = game.view(game.to_move)
    budget = 0.4
    assert timed(kind, view, 3, budget) < budget * 3 + 1
    assert timed(kind, view, 2, budget) < budget
    assert timed(kind, view, 1, budget) < budget


def test_hard_uses_its_budget_when_there_is_a_choice() -> None:
    """Hard searches for most of the budget in an open middle game (it is not a fixed depth)."""
    game = fish_position(2, 3, 14)
    assert timed("fish", game.view(game.to_move), 3, 0.3) >= 0.2


def test_it_runs_in_a_process_pool() -> None:
    """Everything the bot passes is plain data, so a ProcessPoolExecutor can run the decision."""
    game = fish_position(2, 9, 12)
    view = game.view(game.to_move)
    with ProcessPoolExecutor(max_workers=1) as pool:
        action = pool.submit(choose_action, "fish", view, 2, seed=1, budget=0.2).result()
    assert action in game.legal_actions()


def test_bad_requests_are_refused() -> None:
    """Unknown levels or kinds, spectator views and views of the wrong seat get a clear error."""
    game = fish_position(2, 1, 10)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    with pytest.raises(ValueError, match="level"):
        choose_action("fish", view, 4, seed=1)
    with pytest.raises(ValueError, match="kind"):
        choose_action("chess", view, 1, seed=1)
    with pytest.raises(ValueError, match="budget"):
        choose_action("fish", view, 1, seed=1, budget=0)
    with pytest.raises(ValueError, match="turn"):
        choose_action("fish", game.view(None), 1, seed=1)
    with pytest.raises(ValueError, match="turn"):
        choose_action("fish", game.view(1 - seat), 1, seed=1)
