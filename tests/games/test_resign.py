"""Resigning (and timing out) in both engines: an action in the log, from any seat, any time.

Fish: F-10, F-11, F-13, F-14, F-15 as they meet a resignation. Ultimatum: U-14, U-19, U-23,
U-25, U-26, U-27 as they meet one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import replay
from bot.games.base import IllegalAction
from bot.games.fish import FLOE_NAMES, FishGame
from bot.games.ultimatum import UltimatumGame
from tests.turns import whose_turn


def hunt(players: int, seed: int = 3) -> FishGame:
    """A Fish game whose placement is done (first legal placement each time)."""
    game = FishGame.new(players, seed=seed)
    while game.phase == "place":
        game.play(game.legal_actions()[0], seat=whose_turn(game))
    return game


def strings(value: Any) -> Iterator[str]:
    """Every string inside a JSON-like value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


# --- Hey, That's My Fish! ------------------------------------------------------------------


def test_f11_resigning_takes_penguins_off_leaves_floes_and_keeps_the_catch() -> None:
    """F-10/F-11: a resigning player's penguins leave; the floes stay, their catch stays."""
    game = hunt(3)
    for _ in range(4):
        game.play(game.legal_actions()[0], seat=whose_turn(game))
    seat = 2 if game.to_move != 2 else 1
    penguins = [floe for floe, s in game.penguins.items() if s == seat]
    catch = dict(game.catch[seat])
    to_move = game.to_move
    events = game.play(f"resign {seat}", seat=seat)
    assert events[0] == {"type": "forfeit", "seat": seat, "floes": sorted(penguins)}
    assert seat not in game.penguins.values()
    for floe in penguins:  # the floes stay unless nobody can reach them any more (F-10)
        removed = any(floe in e.get("floes", []) for e in events if e["type"] == "floes_removed")
        assert (floe in game.floes) != removed
    assert game.catch[seat] == catch
    assert game.to_move == to_move, "another player's resignation does not pass the turn"
    assert game.log[-1] == f"resign {seat}"


def test_f10_floes_nobody_can_reach_after_a_resignation_are_removed() -> None:
    """F-10: an island only the resigning player's penguin could reach melts away, unscored."""
    floes = [1] * 60
    for water in ("A3", "B1", "B2", "B3"):  # cuts A1 and A2 off from the rest of the board
        floes[FLOE_NAMES.index(water)] = 0
    floes[FLOE_NAMES.index("A2")] = 3
    game = FishGame.new(3, seed=0, floes=floes)
    for action in ["C1", "C3", "A1", "C5", "E1", "E3", "G1", "G3", "G5"]:
        game.play(action, seat=whose_turn(game))
    assert game.phase == "move" and game.to_move == 0
    events = game.play("resign 2", seat=2)
    assert {"type": "floes_removed", "floes": ["A1", "A2"], "fish": 4} in events
    assert "E3" in game.floes and "G5" in game.floes, "floes others can reach stay"
    assert game.removed_fish == 4 and game.catch[2] == {"fish": 0, "floes": 0}
    assert not game.is_over and game.to_move == 0
    assert game.view(None)["last"] is None, "the floes sank by the forfeit, not by G5's placement"


def test_f13_a_resignation_on_your_turn_passes_the_turn_and_is_not_a_legal_choice() -> None:
    """F-11/F-13: the resigning player to move is skipped from then on; resign is not listed."""
    game = hunt(3)
    mover = game.to_move
    assert mover is not None
    assert not any(a.startswith("resign") for a in game.legal_actions())
    game.play(f"resign {mover}", seat=mover)
    assert game.to_move not in (None, mover)
    for _ in range(30):
        if game.is_over:
            break
        assert game.to_move != mover
        game.play(game.legal_actions()[0], seat=whose_turn(game))


def test_f15_resigned_players_rank_after_everyone_who_stayed() -> None:
    """F-15: even with the most fish, a player who resigned is ranked after those who stayed."""
    game = hunt(3, seed=11)
    while sum(game.catch[0].values()) < 3 and not game.is_over:
        game.play(game.legal_actions()[-1], seat=whose_turn(game))
    leader = max(range(3), key=lambda s: game.catch[s]["fish"])
    game.play(f"resign {leader}", seat=leader)
    while not game.is_over:
        game.play(game.legal_actions()[0], seat=whose_turn(game))
    assert game.ranking()[-1] == [leader]


def test_f14_last_player_left_ends_the_game_and_leaves_the_ice() -> None:
    """F-11/F-14: when one player is left who did not resign, the game ends at once."""
    game = hunt(3)
    game.play("resign 0", seat=0)
    game.play("resign 2", seat=2)
    assert game.is_over and game.to_move is None
    assert not game.penguins, "the last player left the ice too (F-11)"
    assert game.ranking()[0] == [1]
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction) as error:
        game.play("resign 1", seat=1)
    assert error.value.code == "game_over"


def test_f6_resigning_while_penguins_are_placed() -> None:
    """F-6: a player who resigns during placement places no more; placement goes round."""
    game = FishGame.new(3, seed=5)
    game.play(game.legal_actions()[0], seat=whose_turn(game))  # seat 0 placed, seat 1 to place
    game.play("resign 1", seat=1)
    assert game.to_move == 2 and game.to_place[1] == 0
    while game.phase == "place":
        assert game.to_move != 1
        game.play(game.legal_actions()[0], seat=whose_turn(game))
    assert game.phase == "move" and game.to_move == 0


def test_f6_the_last_placer_resigning_starts_the_hunt() -> None:
    """F-6/F-7: when the only player still placing resigns, the hunt begins with seat 0."""
    game = FishGame.new(3, seed=5)
    while sum(game.to_place) > 1:
        game.play(game.legal_actions()[0], seat=whose_turn(game))
    last = game.to_move
    assert last is not None
    events = game.play(f"resign {last}", seat=last)
    assert {"type": "hunt_begins"} in events
    assert game.phase == "move" and game.to_move == (0 if last != 0 else 1)


@pytest.mark.parametrize(
    ("text", "seat", "code"),
    [("resign 5", 1, "no_such_seat"), ("resign 1", 0, "resign_other")],
)
def test_f_resign_refusals_change_nothing(text: str, seat: int, code: str) -> None:
    """Only existing seats resign, and only for themselves; a refusal changes nothing."""
    game = hunt(2)
    before = game.to_dict()
    with pytest.raises(IllegalAction) as error:
        game.play(text, seat=seat)
    assert error.value.code == code
    assert game.to_dict() == before


def test_f_resigning_twice_is_refused() -> None:
    """A player who left cannot leave again."""
    game = hunt(4)
    game.play("resign 3", seat=3)
    before = game.to_dict()
    with pytest.raises(IllegalAction) as error:
        game.play("resign 3", seat=3)
    assert error.value.code == "already_resigned"
    assert game.to_dict() == before


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 2**32))
def test_f_random_resignations_keep_the_invariants(players: int, seed: int, pick: int) -> None:
    """F-11/F-14/F-15: with random resignations games end, nobody resigned moves or ranks above
    someone who stayed, and the log (resignations included) replays to the same snapshot."""
    rng = random.Random(pick)
    game = FishGame.new(players, seed=seed)
    for _ in range(200):
        if game.is_over:
            break
        if rng.random() < 0.05:
            seat = rng.choice([s for s in range(players) if not game.resigned[s]])
            game.play(f"resign {seat}", seat=seat)
        else:
            game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
        assert game.to_move is None or not game.resigned[game.to_move]
        assert set(game.penguins.values()).isdisjoint(s for s in range(players) if game.resigned[s])
    assert game.is_over
    ranked = [s for group in game.ranking() for s in group]
    stayed = [s for s in ranked if not game.resigned[s]]
    assert ranked[: len(stayed)] == stayed
    again = replay("fish", players, seed, {}, game.log)
    assert again.to_dict() == game.to_dict()
    assert FishGame.from_dict(json.loads(json.dumps(game.to_dict()))) == game


# --- The Penguin Ultimatum -----------------------------------------------------------------


def ultimatum(players: int, seed: int = 4, decisions: int = 9) -> UltimatumGame:
    """An Ultimatum game a few decisions in (the first legal choice each time)."""
    game = UltimatumGame.new(players, seed=seed)
    for _ in range(decisions):
        game.play(game.legal_actions()[0], seat=whose_turn(game))
    return game


def test_u14_a_resigning_player_drops_out_with_hand_stones_and_cards() -> None:
    """U-14/U-27: their stones leave the table, their hand goes out of play unseen, their won
    cards leave the game, their score stays, the penguins they laid stay."""
    game = ultimatum(3, decisions=12)
    seat = next(s for s in range(3) if s != game.to_move and s in game.stones.values())
    hand = game.hand(seat)
    stones = sorted(c for c, s in game.stones.items() if s == seat)
    score, won = game.scores[seat], list(game.won[seat])
    table = dict(game.table)
    to_move, phase = game.to_move, game.phase
    assert stones and hand
    events = game.play(f"resign {seat}", seat=seat)
    assert events == [{"type": "forfeit", "seat": seat, "stones": stones}]
    assert seat not in game.stones.values() and game.supply[seat] == 0
    assert game.hand(seat) == [] and game.won[seat] == []
    assert all(card in game.removed for card in won)
    assert game.scores[seat] == score and game.table == table
    assert (game.to_move, game.phase) == (to_move, phase)
    for viewer in (None, *(s for s in range(3) if s != seat)):
        assert not set(hand) & set(strings(game.view(viewer))), "the set-aside hand stays hidden"


def test_u23_resigning_on_your_turn_ends_it_without_a_draw() -> None:
    """U-23: a player who resigns mid-turn draws nothing; the next player who stayed plays."""
    game = UltimatumGame.new(3, seed=8)
    game.play(
        game.legal_actions()[0], seat=whose_turn(game)
    )  # seat 0 laid a penguin: the invite step
    deck = len(game.deck)
    game.play("resign 0", seat=0)
    assert game.to_move == 1 and game.phase == "play" and len(game.deck) == deck
    for _ in range(60):  # turns go round without seat 0
        assert game.to_move != 0
        game.play(game.legal_actions()[0], seat=whose_turn(game))


def test_u24_a_resignation_that_leaves_no_cell_for_a_penguin_ends_the_game() -> None:
    """U-24: when the turn passes by a resignation and no penguin can be laid, the game ends,
    exactly as after a draw (here the only entertainer was completed and is still due)."""
    game = UltimatumGame.new(3, seed=1, width=5, height=5, deal={"setup": {"A1": "bear-music"}})
    for cell in ("A2", "B2"):
        card = game.hand(game.to_move or 0)[0]
        game.play(f"play {card} {cell}", seat=whose_turn(game))
        game.play("skip", seat=whose_turn(game))
    game.play(
        f"play {game.hand(2)[0]} B1", seat=whose_turn(game)
    )  # bear-music's E dot filled: its show is due
    assert game.to_move == 2 and game.phase == "invite"
    events = game.play("resign 2", seat=2)
    assert [e["type"] for e in events] == ["forfeit", "game_over"]
    assert game.is_over and game.end_reason == "no_penguin_cell"
    assert game.to_move is None and game.legal_actions() == []
    assert game.final_bonus is not None and game.ranking()[-1] == [2]


def test_u26_resigned_players_are_ranked_last_and_two_players_end_at_once() -> None:
    """U-24/U-25/U-26: the last player left wins at once, with the final scoring."""
    game = ultimatum(2, decisions=10)
    game.play("resign 1", seat=1)
    assert game.is_over and game.end_reason == "last_player"
    assert game.ranking() == [[0], [1]]
    assert game.final_bonus is not None and game.final_bonus[1] == [0, 0]


def test_u25_resigned_players_cards_count_for_no_majority() -> None:
    """U-25: a resigned player's won entertainers left the game, so they win no majority."""
    game = UltimatumGame.new(3, seed=2)
    game.won[1] = ["seal-dance", "seal-music"]
    game.won[2] = ["seal-juggling"]
    game.play("resign 1", seat=1)
    game.play("resign 0", seat=0)
    assert game.is_over
    assert game.final_bonus is not None
    assert game.final_bonus[2][1] == 5, "seat 2 alone holds the most seals now"
    assert game.ranking()[0] == [2]


def test_u_resign_refusals_change_nothing() -> None:
    """Only existing seats resign, only for themselves, only once."""
    game = ultimatum(3)
    game.play("resign 2", seat=2)
    before = game.to_dict()
    for text, seat, code in [
        ("resign 7", 0, "no_such_seat"),
        ("resign 0", 1, "resign_other"),
        ("resign 2", 2, "already_resigned"),
    ]:
        with pytest.raises(IllegalAction) as error:
            game.play(text, seat=seat)
        assert error.value.code == code
        assert game.to_dict() == before
    assert not any(a.startswith("resign") for a in game.legal_actions())


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 2**32))
def test_u_random_resignations_keep_the_invariants(players: int, seed: int, pick: int) -> None:
    """U-23/U-26/U-27: with random resignations games end, turns skip resigned seats, they rank
    last, no view shows a set-aside hand, and the log replays to the same snapshot."""
    rng = random.Random(pick)
    game = UltimatumGame.new(players, seed=seed, width=7, height=7)
    for _ in range(64 * 30):
        if game.is_over:
            break
        if rng.random() < 0.01:
            seat = rng.choice([s for s in range(players) if not game.resigned[s]])
            game.play(f"resign {seat}", seat=seat)
        else:
            game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
        assert game.to_move is None or not game.resigned[game.to_move]
        if game.set_aside:
            seen = set(strings(game.view(None)))
            assert not set(game.set_aside) & seen
    assert game.is_over
    ranked = [s for group in game.ranking() for s in group]
    stayed = [s for s in ranked if not game.resigned[s]]
    assert ranked[: len(stayed)] == stayed
    options = {"width": 7, "height": 7, "fixed_setup": False}
    assert replay("ultimatum", players, seed, options, game.log).to_dict() == game.to_dict()
    assert UltimatumGame.from_dict(json.loads(json.dumps(game.to_dict()))) == game
