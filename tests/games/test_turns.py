"""What the engines know about turns, undo and seats, behind the same API for both games.

Turns: a Fish turn is one placement (F-6) or move (F-7); an Ultimatum turn runs from its
``play`` (U-11) to its draw (U-23), the end of the game (U-24), or its player's resignation.
Resignations are no turns. Undo: the log may be cut back to the start of a turn, never past a
resignation, nor so as to hide again what everyone has seen (U-27): a drawn penguin card (U-23)
or a new top entertainer (U-8, U-21). The truth the engines are checked against here is worked
out the slow way: by replaying the log step by step and reading the events.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import game_class, new_game, play_logged
from bot.games.base import Event, Game, IllegalAction, Turn, is_resignation
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame

KINDS = ["fish", "ultimatum"]


@dataclass
class Truth:
    """Per log position, read from a replay: turns, turn starts so far, and what was revealed."""

    turns: list[Turn]
    turn_start_after: list[int]  # the current turn's start after each prefix of the log
    between_after: list[bool]
    reveals: list[str | None]  # per action: the first hidden thing it showed everyone


def revealed(events: list[Event]) -> str | None:
    """The first event that showed everyone something hidden until then."""
    for event in events:
        if event["type"] == "drawn":
            return "drawn"
        if event["type"] == "entertainer_revealed" and event["entertainer"] is not None:
            return "entertainer_revealed"
    return None


def random_game(kind: str, players: int, seed: int, leave: float = 0.04) -> Game:
    """A game played at random to its end or a random point, with a few resignations."""
    game = new_game(kind, players, seed)
    rng = random.Random(seed)
    stop = rng.randrange(1, 250)
    while not game.is_over and len(game.log) < stop:
        gone = game.view(None)["resigned"]
        if rng.random() < leave:
            seat = rng.choice([s for s in range(players) if not gone[s]])
            game.play(f"resign {seat}", seat)
        else:
            game.play(rng.choice(game.legal_actions()), game.to_move)  # type: ignore[arg-type]
    return game


def truth(game: Game) -> Truth:
    """Turns, turn starts and reveals of ``game``'s log, from a step-by-step replay."""
    again = new_game(game.kind, game.players, game.seed, dict(game.options))  # type: ignore[attr-defined]
    turns: list[Turn] = []
    start = 0
    starts, between, reveals = [0], [True], []
    for index, action in enumerate(game.log):
        if not is_resignation(action) and again.between_turns:
            turns.append(Turn(index, again.to_move))  # type: ignore[arg-type]
            start = index
        reveals.append(revealed(play_logged(again, action)))
        between.append(again.between_turns)
        starts.append(index + 1 if again.between_turns else start)
    assert again.to_dict() == game.to_dict()
    return Truth(turns, starts, between, reveals)


def expected_refusal(game: Game, known: Truth, position: int) -> str | None:
    """Why cutting the log back to ``position`` is refused, by the rule in the module docstring."""
    if any(is_resignation(a) for a in game.log[position:]):
        return "resigned"
    if position not in [t.start for t in known.turns]:
        return "not_turn_start"
    return next((r for r in known.reveals[position:] if r is not None), None)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(KINDS),
    st.integers(2, 4),
    st.integers(0, 10_000),
    st.sampled_from([0.0, 0.005, 0.04]),
)
def test_turns_turn_starts_and_undo_points_match_a_replay(
    kind: str, players: int, seed: int, leave: float
) -> None:
    """F-6, F-7, F-11, U-11, U-23, U-24, U-27: the engine's answers equal the replay's."""
    game = random_game(kind, players, seed, leave)
    known = truth(game)
    assert game.turns() == known.turns
    assert game.turn_starts() == [t.start for t in known.turns], "the log alone says it"
    assert game.turn_start() == known.turn_start_after[-1]
    assert game.between_turns == known.between_after[-1]
    for position in range(len(game.log) + 1):
        assert game.undo_refusal(position) == expected_refusal(game, known, position), position
    assert game.undo_points() == [
        t.start for t in known.turns if expected_refusal(game, known, t.start) is None
    ]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_start_during_a_game(kind: str, players: int) -> None:
    """turn_start() after every action equals the replay's, all through a game with resignations."""
    game = random_game(kind, players, seed=players, leave=0.02)
    known = truth(game)
    prefix = new_game(kind, players, players)
    for index, action in enumerate(game.log):
        play_logged(prefix, action)
        assert prefix.turn_start() == known.turn_start_after[index + 1]
        assert prefix.between_turns == known.between_after[index + 1]


def test_f6_f7_f11_fish_turns_and_their_seats() -> None:
    """F-6: placement round the table; F-7: one move a turn; F-11: a player out is passed over."""
    game = FishGame.new(2, seed=1)
    for _ in range(8):
        game.play(game.legal_actions()[0], game.to_move)  # type: ignore[arg-type]
    assert game.turns() == [Turn(i, i % 2) for i in range(8)]
    assert game.between_turns and game.turn_start() == 8
    game.play("resign 1", 1)
    assert game.turns() == [Turn(i, i % 2) for i in range(8)], "a resignation is no turn"
    assert game.turn_starts() == list(range(8))


def test_u11_u23_an_ultimatum_turn_runs_from_its_play_to_its_draw() -> None:
    """U-11 … U-23: the play opens the turn, the steps after it belong to it, the draw ends it."""
    game = UltimatumGame.new(3, seed=2)
    game.play(game.legal_actions()[0], 0)
    assert not game.between_turns and game.turn_start() == 0
    assert game.turns() == [Turn(0, 0)]
    assert game.undo_points() == [0], "nothing hidden was shown yet"
    game.play("resign 2", 2)  # another seat leaves mid-turn: seat 0's turn goes on
    assert game.turn_start() == 0 and game.undo_refusal(0) == "resigned"
    game.play("skip", 0)
    if game.phase == "play":  # no show was due: the draw ended the turn (U-23)
        assert game.between_turns and game.turn_start() == len(game.log)
        game.play(game.legal_actions()[0], 1)
        assert game.turns() == [Turn(0, 0), Turn(3, 1)]
        assert game.undo_refusal(3) is None and game.undo_refusal(0) == "resigned"


def test_u23_u27_a_drawn_card_cannot_be_undone() -> None:
    """U-23, U-27: once the turn's card was drawn, the turn is no undo point any more."""
    game = UltimatumGame.new(2, seed=5)
    game.play(game.legal_actions()[0], 0)
    game.play("skip", 0)
    assert game.phase == "play" and game.to_move == 1, "this deal has no show due"
    assert game.undo_refusal(0) == "drawn" and game.undo_points() == []


@pytest.mark.parametrize("kind", KINDS)
def test_seat_limits(kind: str) -> None:
    """F-4 and U-9: both games are for 2 to 4 players; the engine says so and keeps to it."""
    cls = game_class(kind)
    assert (cls.MIN_PLAYERS, cls.MAX_PLAYERS) == (2, 4)
    for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
        assert new_game(kind, players, 1).players == players
    for players in (cls.MIN_PLAYERS - 1, cls.MAX_PLAYERS + 1):
        with pytest.raises(ValueError):
            new_game(kind, players, 1)


@pytest.mark.parametrize("kind", KINDS)
def test_turn_answers_are_pure(kind: str) -> None:
    """Asking about turns and undo changes nothing (the answers come from the log and state)."""
    game = random_game(kind, 3, seed=9)
    before = game.to_dict()
    game.turns()
    game.turn_starts()
    game.undo_points()
    game.undo_refusal(0)
    game.turn_start()
    assert game.to_dict() == before


def test_a_bad_log_entry_is_refused_not_guessed() -> None:
    """play_logged takes the log's own seat, but the rules still judge the action."""
    game = FishGame.new(2, seed=1)
    with pytest.raises(IllegalAction):
        play_logged(game, "resign 5")
