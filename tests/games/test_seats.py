"""Every action carries the seat taking it, and the engine refuses what is not that seat's.

A move or decision belongs to the seat to move: placing and moving on one's turn (F-6, F-7),
the steps of an Ultimatum turn (U-11, U-14, U-16, U-21). A resignation (or a time-out, logged
the same way) belongs to the seat that leaves, at any time, written ``resign <seat>`` in plain
ASCII digits. A refusal is an IllegalAction with a stable code and changes nothing.
"""

from __future__ import annotations

import random

import pytest

from bot.games import new_game, play_logged, replay
from bot.games.base import Game, IllegalAction, parse_resign
from bot.games.fish import FishGame, names_of
from bot.games.ultimatum import UltimatumGame
from tests.ai.positions import ultimatum_phase

#: Look-alikes of ``resign 1`` that are no resignation: other digits, spellings, signs, padding.
LOOK_ALIKES = [
    "resign ١",  # ARABIC-INDIC DIGIT ONE
    "resign ۱",  # EXTENDED ARABIC-INDIC DIGIT ONE
    "resign १",  # DEVANAGARI DIGIT ONE
    "resign １",  # FULLWIDTH DIGIT ONE
    "resign 𝟏",  # MATHEMATICAL BOLD DIGIT ONE
    "resign ¹",  # SUPERSCRIPT ONE
    "RESIGN 1",
    "Resign 1",
    "resign 01",
    "resign +1",
    "resign 1.0",
    "resign one",
    "resign",
    "resign 1 1",
    "resign\u00a01",  # NO-BREAK SPACE
]


def refused(game: Game, text: str, seat: int, code: str) -> None:
    """Assert ``seat`` may not play ``text``: IllegalAction ``code``, and nothing changed."""
    before = game.to_dict()
    with pytest.raises(IllegalAction) as error:
        game.play(text, seat)
    assert error.value.code == code, (text, seat, error.value.message)
    assert game.to_dict() == before, f"{text!r} by seat {seat} changed the game"


def placed(players: int, seed: int = 3) -> FishGame:
    """A Fish game with every penguin placed (the hunt begins, seat 0 to move)."""
    game = FishGame.new(players, seed=seed)
    while game.phase == "place":
        game.play(game.legal_actions()[0], game.to_move)  # type: ignore[arg-type]
    return game


def others(game: Game) -> list[int]:
    """Every seat but the one to move."""
    return [s for s in range(game.players) if s != game.to_move]


# --- out of turn -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_f6_placing_out_of_turn_is_refused(players: int) -> None:
    """F-6: penguins are placed in seat order; another seat's placement is refused."""
    game = FishGame.new(players, seed=1)
    floe = game.legal_actions()[0]
    for seat in others(game):
        refused(game, floe, seat, "not_your_turn")
    game.play(floe, 0)
    assert game.to_move == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_f7_moving_out_of_turn_is_refused_even_when_the_move_is_fine(players: int) -> None:
    """F-7: only on your turn; a move of another seat's own penguin, legal for it, is refused."""
    game = placed(players)
    for seat in others(game):
        origin, targets = next((o, t) for o, t in game.move_targets(seat) if t)
        move = f"{names_of(1 << origin)[0]}-{names_of(targets)[0]}"
        refused(game, move, seat, "not_your_turn")
    refused(game, game.legal_actions()[0], game.players, "not_your_turn")  # no such seat
    refused(game, game.legal_actions()[0], -1, "not_your_turn")


@pytest.mark.parametrize("phase", ["play", "invite", "perform", "entertainer"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_u11_to_u21_every_step_is_the_turn_players_alone(phase: str, players: int) -> None:
    """U-11, U-14, U-16, U-21: each step of a turn is the current player's; others are refused."""
    game = ultimatum_phase(phase, players)
    action = game.legal_actions()[0]
    for seat in others(game):
        refused(game, action, seat, "not_your_turn")
    game.play(action, game.to_move)  # type: ignore[arg-type]


# --- resigning for somebody else -------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
def test_f14_u24_nobody_resigns_for_another_seat(kind: str, players: int) -> None:
    """F-14/U-24 as played: only the seat itself may leave, whoever is to move (the old hole:
    the player to move typing ``resign 1`` as a floe or card option)."""
    for actions in (0, 7):
        game = new_game(kind, players, seed=2)
        rng = random.Random(actions)
        while len(game.log) < actions:
            game.play(rng.choice(game.legal_actions()), game.to_move)  # type: ignore[arg-type]
        for target in range(players):
            for seat in range(players):
                if seat != target:
                    refused(game, f"resign {target}", seat, "resign_other")
        mover = game.to_move
        assert mover is not None
        leaving = (mover + 1) % players
        game.play(f"resign {leaving}", leaving)  # out of turn, for oneself: fine
        assert game.log[-1] == f"resign {leaving}"


@pytest.mark.parametrize("text", LOOK_ALIKES)
@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
def test_only_plain_ascii_seat_numbers_resign(kind: str, text: str) -> None:
    """A resignation names the seat in ASCII digits: no look-alike gets through, not even from
    that very seat, and none counts as a move either."""
    game = new_game(kind, 3, seed=4)
    for seat in range(3):
        before = game.to_dict()
        with pytest.raises(IllegalAction) as error:
            game.play(text, seat)
        assert error.value.code in ("bad_notation", "not_your_turn"), error.value.message
        assert game.to_dict() == before
    with pytest.raises(IllegalAction):
        parse_resign(text, 3)


def test_resign_parsing() -> None:
    """The plain form, with spaces or tabs around: the seat; seats that do not exist: refused."""
    assert parse_resign("resign 1", 2) == 1
    assert parse_resign("  resign\t10 ", 11) == 10
    assert parse_resign("C4-F2", 2) is None
    assert parse_resign("play red-3-dance E4", 2) is None
    with pytest.raises(IllegalAction) as error:
        parse_resign("resign 2", 2)
    assert error.value.code == "no_such_seat"


def test_f1_a_floe_is_named_in_ascii_digits() -> None:
    """F-1: floe numbers are 1–8 in plain digits; ``C٤`` is no floe."""
    game = FishGame.new(2, seed=1)
    floe = game.legal_actions()[0]
    look_alike = floe[0] + chr(0x0660 + int(floe[1:]))  # the same number in Arabic-Indic digits
    refused(game, look_alike, 0, "bad_notation")


def test_u4_a_cell_is_named_in_ascii_digits() -> None:
    """U-4: rows are numbered in plain digits; ``E٤`` is no cell."""
    game = UltimatumGame.new(2, seed=1)
    card, cell = game.legal_actions()[0].split()[1:3]
    with pytest.raises(IllegalAction):
        game.play(f"play {card} {cell[0]}{chr(0x0660 + int(cell[1:]))}", 0)


# --- trusted replay ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
def test_a_log_with_resignations_out_of_turn_replays(kind: str) -> None:
    """Replaying the log (store checks, undo, pictures) plays each entry as the seat that took it:
    ``resign N`` as seat N, anything else as the seat to move."""
    game = new_game(kind, 4, seed=6)
    rng = random.Random(6)
    while not game.is_over:
        mover = game.to_move
        assert mover is not None
        leaving = [s for s in range(4) if s != mover and not game.view(None)["resigned"][s]]
        if len(game.log) in (5, 12) and leaving:
            game.play(f"resign {leaving[0]}", leaving[0])
        else:
            game.play(rng.choice(game.legal_actions()), mover)
    again = replay(kind, 4, 6, None, list(game.log))
    assert again.to_dict() == game.to_dict()
    step = new_game(kind, 4, 6)
    for action in game.log:
        play_logged(step, action)
    assert step.to_dict() == game.to_dict()
