"""Rule tests for Hey, That's My Fish! on pinned boards; each test names the rule it proves."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from bot.games.base import IllegalAction
from bot.games.fish import FLOE_NAMES, FishGame, floe_position
from tests.games.fish_boards import game_with, ones, pinned, played
from tests.turns import asking_seat, whose_turn

# Four players, two penguins each: seat 0 on C4 (an indented 7-row) and F4 (an 8-row).
OPEN_BOARD_PLACEMENTS = ["C4", "A1", "A7", "B8", "F4", "H1", "H8", "G1"]


def open_board() -> FishGame:
    """Every floe with one fish, seat 0 to move in the hunt."""
    game = game_with(4, {}, OPEN_BOARD_PLACEMENTS, default=1)
    assert game.phase == "move" and game.to_move == 0
    return game


def refused(game: FishGame, action: str, code: str) -> IllegalAction:
    """Assert that ``action`` is refused with ``code`` and leaves the game unchanged."""
    before = game.to_dict()
    with pytest.raises(IllegalAction) as info:
        game.play(action, seat=asking_seat(game))
    assert info.value.code == code, info.value.message
    assert game.to_dict() == before
    return info.value


def test_f1_sixty_floes_in_eight_rows() -> None:
    """F-1: rows A, C, E, G hold 7 floes, rows B, D, F, H hold 8; 60 in all."""
    per_row = Counter(name[0] for name in FLOE_NAMES)
    assert per_row == {"A": 7, "B": 8, "C": 7, "D": 8, "E": 7, "F": 8, "G": 7, "H": 8}
    assert len(FLOE_NAMES) == 60 and FLOE_NAMES[0] == "A1" and FLOE_NAMES[-1] == "H8"
    assert floe_position("C4") == (2, 3)
    game = FishGame.new(2, seed=1)
    assert len(game.floes) == 60
    refused(game, "A8", "no_such_floe")
    refused(game, "I1", "no_such_floe")


def _rule_neighbours(name: str) -> set[str]:
    """F-2 as printed: the rule's own statement, independent of the engine's geometry."""
    row, c = "ABCDEFGH".index(name[0]), int(name[1:])
    found = {f"{name[0]}{c - 1}", f"{name[0]}{c + 1}"}
    for other in (row - 1, row + 1):
        if 0 <= other < 8:
            cols = (c - 1, c) if row % 2 == 1 else (c, c + 1)
            found |= {f"{'ABCDEFGH'[other]}{k}" for k in cols}
    return found & set(FLOE_NAMES)


@pytest.mark.parametrize("floe", FLOE_NAMES)
def test_f2_single_steps_reach_exactly_the_hex_neighbours(floe: str) -> None:
    """F-2: from every floe (both row kinds, all edges) one step reaches exactly its neighbours."""
    others = ["H8", "H7"] if floe not in ("H8", "H7", "G7") else ["A1", "A2"]
    free = [n for n in FLOE_NAMES if n not in (floe, *others)]
    # Six water-free floes around: give the moving penguin's floe 1 fish and place on it first.
    game = FishGame.new(2, seed=0, floes=pinned({}, default=1))
    for placement in [floe, others[0], *free[:3], others[1], *free[3:5]]:
        game.play(placement, seat=whose_turn(game))
    # Keep only the 1-step moves of the penguin on ``floe``.
    targets = {
        a.split("-")[1]
        for a in game.legal_actions()
        if a.startswith(f"{floe}-") and a.split("-")[1] in _rule_neighbours(floe)
    }
    blocked = set(game.penguins)
    assert targets == _rule_neighbours(floe) - blocked
    assert len(_rule_neighbours(floe)) <= 6


def test_f2_f7_all_six_directions_from_both_row_kinds() -> None:
    """F-2, F-7: long straight moves in all 6 directions from a 7-row (C4) and an 8-row (F4)."""
    game = open_board()
    legal = set(game.legal_actions())
    for far in ["C1", "C7", "A5", "A3", "H7", "H2"]:  # W, E, NE, NW, SE, SW from C4
        assert f"C4-{far}" in legal
    for far in ["F1", "F8", "A6", "B2", "H5", "H3"]:  # W, E, NE, NW (A1 is taken), SE, SW from F4
        assert f"F4-{far}" in legal
    refused(game, "F4-A1", "penguin_on")
    events = game.play("c4 - a5", seat=whose_turn(game))
    assert events[0] == {
        "type": "moved",
        "seat": 0,
        "from": "C4",
        "to": "A5",
        "path": ["B5", "A5"],
        "fish": 1,
    }


def test_f2_edge_of_the_board() -> None:
    """F-2: floes on the edge have fewer neighbours; no move leaves the board."""
    game = open_board()
    game.play("C4-C5", seat=whose_turn(game))  # seat 1 moves next, from A1 in a corner
    assert game.to_move == 1
    from_a1 = {a.split("-")[1] for a in game.legal_actions() if a.startswith("A1-")}
    assert "B1" in from_a1 and "A2" in from_a1 and "A6" in from_a1
    assert all(f in FLOE_NAMES for f in from_a1)
    assert "A7" not in from_a1  # taken by seat 2


def test_f3_fish_distribution_is_seeded() -> None:
    """F-3: 30 one-fish, 20 two-fish, 10 three-fish floes, shuffled from the seed."""
    a, b, c = FishGame.new(2, seed=5), FishGame.new(2, seed=5), FishGame.new(2, seed=6)
    assert Counter(a.floes.values()) == {1: 30, 2: 20, 3: 10}
    assert a.floes == b.floes
    assert a.floes != c.floes


@pytest.mark.parametrize(("players", "each"), [(2, 4), (3, 3), (4, 2)])
def test_f4_penguins_per_player(players: int, each: int) -> None:
    """F-4: 2 players → 4 penguins each, 3 → 3, 4 → 2."""
    game = FishGame.new(players, seed=3)
    assert game.to_place == [each] * players
    placed = 0
    while game.phase == "place":
        game.play(game.legal_actions()[0], seat=whose_turn(game))
        placed += 1
    assert placed == players * each
    assert Counter(game.penguins.values()) == dict.fromkeys(range(players), each)


def test_f4_player_count_is_checked() -> None:
    """F-4: the game is for 2 to 4 players."""
    for players in (1, 5):
        with pytest.raises(ValueError, match="2 to 4"):
            FishGame.new(players, seed=0)


def test_f5_seat_zero_starts() -> None:
    """F-5: the engine's seat 0 places first (the bot shuffles people into seats)."""
    game = FishGame.new(3, seed=0)
    assert game.to_move == 0
    game.play(game.legal_actions()[0], seat=whose_turn(game))
    assert game.to_move == 1


def test_f6_placement_only_on_free_one_fish_floes() -> None:
    """F-6: a penguin starts on a free 1-fish floe; 2 and 3 fish, taken floes and water refused."""
    fish = {"A1": 1, "A2": 2, "A3": 3, **ones("B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8")}
    game = FishGame.new(2, seed=0, floes=pinned(fish))
    err = refused(game, "A2", "not_one_fish")
    assert err.message == "A2 has 2 fish; penguins start on 1-fish floes"
    refused(game, "A3", "not_one_fish")
    refused(game, "C1", "open_water")
    refused(game, "A1-B1", "placing")
    assert set(game.legal_actions()) == {"A1", *(f"B{i}" for i in range(1, 9))}
    game.play("a1", seat=whose_turn(game))
    refused(game, "A1", "occupied")
    assert game.to_move == 1


def test_f6_round_robin_then_hunt() -> None:
    """F-6: placement goes round the table one penguin at a time, then the hunt begins."""
    game = FishGame.new(3, seed=2)
    order = []
    while game.phase == "place":
        order.append(game.to_move)
        events = game.play(game.legal_actions()[0], seat=whose_turn(game))
    assert order == [0, 1, 2] * 3
    assert {"type": "hunt_begins"} in events
    assert game.phase == "move"
    refused(game, next(iter(game.floes)), "moving")


def test_f7_only_straight_lines_and_at_least_one_floe() -> None:
    """F-7: a move is a straight line of one or more floes; no turning, no standing still."""
    game = open_board()
    err = refused(game, "C4-F2", "not_straight")
    assert err.message == "F2 is not in a straight line from C4"
    refused(game, "C4-C4", "no_move")
    refused(game, "A1-A2", "not_your_penguin")
    refused(game, "C4", "moving")
    refused(game, "C4-", "bad_notation")


def test_f8_gap_blocks_and_stop_anywhere_along_the_line() -> None:
    """F-8: no jumping over a gap; the penguin may stop on any free floe before it."""
    row_h = ones("H1", "H2", "H4", "H5", "H6", "H7", "H8")  # H3 is water
    fish = {**row_h, **ones("A1", "A3", "A5", "A7", "C1", "C3", "C5")}
    game = game_with(2, fish, ["H1", "A1", "C1", "A3", "C3", "A5", "C5", "A7"])
    err = refused(game, "H1-H4", "gap_between")
    assert err.message == "there is a gap between H1 and H4"
    refused(game, "H1-H3", "gap_on")
    assert game.legal_actions() == ["H1-H2"]


def test_f8_own_and_other_penguins_block() -> None:
    """F-8: a penguin may not land on or pass over any penguin, its own or another's."""
    fish = ones(*(f"H{i}" for i in range(1, 9)), "A1", "A3", "A5", "A7", "C7")
    # seat 0: H1, H5, A1, A5; seat 1: H3, A3, A7, C7
    game = game_with(2, fish, ["H1", "H3", "H5", "A3", "A1", "A7", "A5", "C7"])
    refused(game, "H1-H4", "penguin_between")  # over seat 1's H3
    refused(game, "H1-H3", "penguin_on")
    refused(game, "H5-H2", "penguin_between")
    assert set(game.legal_actions()) == {"H1-H2", "H5-H4", "H5-H6", "H5-H7", "H5-H8"}
    game.play("H5-H8", seat=whose_turn(game))
    # Seat 1 on H3: west H2 is free but H1 is seat 0's; east, H5 is now a gap.
    assert set(game.legal_actions()) == {"H3-H2", "H3-H4"}
    refused(game, "H3-H1", "penguin_on")
    refused(game, "H3-H6", "gap_between")


def test_f8_a_penguin_never_passes_or_lands_on_its_own_penguin() -> None:
    """F-8: the owner's own penguins block exactly like anyone else's."""
    fish = ones(*(f"H{i}" for i in range(1, 9)), "A1", "A3", "A5", "A7", "C1", "C3")
    # seat 0: H1, H3, C1, C3; seat 1: A1, A3, A5, A7
    game = game_with(2, fish, ["H1", "A1", "H3", "A3", "C1", "A5", "C3", "A7"])
    refused(game, "H1-H4", "penguin_between")  # over its own H3
    refused(game, "H1-H3", "penguin_on")
    refused(game, "H3-H1", "penguin_on")
    assert "H1-H2" in game.legal_actions() and "H3-H2" in game.legal_actions()
    assert "H3-H8" in game.legal_actions() and "H1-H4" not in game.legal_actions()


def test_f9_the_floe_left_goes_to_the_catch() -> None:
    """F-9: after a move the mover takes the floe it started from, fish and floe count."""
    fish = {**ones("H2", "H3", "A1", "A3", "A5", "A7", "C1", "C3"), "H1": 1, "H4": 3}
    game = game_with(2, fish, ["H2", "A1", "C1", "A3", "C3", "A5", "H3", "A7"])
    game.play("H2-H1", seat=whose_turn(game))
    assert game.catch[0] == {"fish": 1, "floes": 1}
    assert "H2" not in game.floes
    assert game.penguins["H1"] == 0


def test_f10_unreachable_floes_are_removed_unscored() -> None:
    """F-10: after a move, a group of floes with no penguin leaves the board; nobody scores it."""
    row_h = {f"H{i}": 2 for i in range(1, 9)}
    row_h["H4"] = 1
    fish = {**row_h, **ones("A1", "A3", "A5", "A7", "C1", "C3", "C5")}
    game = game_with(2, fish, ["H4", "A1", "C1", "A3", "C3", "A5", "C5", "A7"])
    events = game.play("H4-H8", seat=whose_turn(game))
    removed = next(e for e in events if e["type"] == "floes_removed")
    assert removed == {"type": "floes_removed", "floes": ["H1", "H2", "H3"], "fish": 6}
    assert game.catch[0] == {"fish": 1, "floes": 1}
    assert not {"H1", "H2", "H3"} & set(game.floes)
    assert game.last is not None and game.last["removed"] == ["H1", "H2", "H3"]
    assert {"H5", "H6", "H7"} <= set(game.floes)


def test_f10_nothing_is_removed_during_placement() -> None:
    """F-10: removal happens in the hunt only: a penguin-free island survives placement."""
    fish = {**ones("H1", "H2", "A1", "A3", "A5", "A7", "C1", "C3", "C5"), "E4": 3}
    game = game_with(2, fish, ["H1", "A1", "C1", "A3", "C3", "A5", "C5", "A7"])
    assert game.phase == "move" and "E4" in game.floes
    events = game.play("H1-H2", seat=whose_turn(game))
    assert {"type": "floes_removed", "floes": ["E4"], "fish": 3} in events
    assert "E4" not in game.floes and game.scores == [1 + 4, 4]


def _lonely_hunt() -> FishGame:
    """Seat 1 is stuck on isolated floes; seat 0 has a row to roam and three stuck penguins."""
    fish = {**ones(*(f"H{i}" for i in range(1, 9))), **ones("A1", "A3", "A5", "A7")}
    fish |= ones("C1", "C3", "C5")
    return game_with(2, fish, ["H1", "A1", "C1", "A3", "C3", "A5", "C5", "A7"])


def test_f11_a_player_who_cannot_move_goes_out_with_their_floes() -> None:
    """F-11: at the start of their turn a stuck player leaves, taking floes under their penguins."""
    game = _lonely_hunt()
    assert game.to_move == 0
    events = game.play("H1-H8", seat=whose_turn(game))
    out = next(e for e in events if e["type"] == "out")
    assert out == {"type": "out", "seat": 1, "floes": ["A1", "A3", "A5", "A7"], "fish": 4}
    assert game.out == [False, True]
    assert game.catch[1] == {"fish": 4, "floes": 4}
    assert not any(seat == 1 for seat in game.penguins.values())
    assert game.to_move == 0


def test_f10_f11_going_out_removes_what_no_remaining_penguin_can_reach() -> None:
    """F-10 after F-11: seat 0 is stuck when the hunt begins and goes out at once; the floes
    that no remaining penguin can reach then leave the board, unscored, before anyone moves.

    Seat 0 stands on H4 between seat 1's H3 and seat 2's H5 (row G is water), and alone on A1,
    A3. Its H4 is the bridge of row H: once it is gone, H1–H3 still hold seat 1's penguin and
    H5–H8 seat 2's, so they stay. The E4–E5 island has held no penguin since placement (F-10
    does not apply then) and goes now. (Going out cannot itself strand a free floe: a free floe
    next to any of the player's penguins would have let them move.)
    """
    fish = {**ones(*(f"H{i}" for i in range(1, 9)), "A1", "A3", "A5", "A7", "C1", "C3")}
    fish |= {"E4": 3, "E5": 2}
    placements = ["H4", "H3", "H5", "A1", "A5", "C1", "A3", "A7"]
    game = game_with(3, fish, placements)
    assert game.phase == "place" and "E4" in game.floes
    events = game.play("C3", seat=whose_turn(game))
    assert events == [
        {"type": "placed", "seat": 2, "floe": "C3"},
        {"type": "hunt_begins"},
        {"type": "out", "seat": 0, "floes": ["A1", "A3", "H4"], "fish": 3},
        {"type": "floes_removed", "floes": ["E4", "E5"], "fish": 5},
    ]
    assert game.out == [True, False, False] and game.to_move == 1
    assert game.catch[0] == {"fish": 3, "floes": 3} and game.scores == [3, 0, 0]
    assert game.removed_fish == 5
    assert not {"E4", "E5", "H4"} & set(game.floes)
    assert {"H1", "H2", "H3", "H5", "H6", "H7", "H8"} <= set(game.floes)
    assert game.last is not None
    assert game.last["removed"] == ["E4", "E5"]
    assert game.last["out"] == [{"seat": 0, "floes": ["A1", "A3", "H4"], "fish": 3}]
    assert set(game.legal_actions()) == {"H3-H1", "H3-H2"}


def test_f12_a_stuck_penguin_blocks_until_its_owner_is_out() -> None:
    """F-12: seat 0's stuck penguins stay on their floes while seat 0 can still move."""
    game = _lonely_hunt()
    game.play("H1-H8", seat=whose_turn(game))
    assert {"C1", "C3", "C5"} <= {f for f, s in game.penguins.items() if s == 0}


def test_f13_f14_the_last_player_moves_alone_until_stuck() -> None:
    """F-13, F-14: the last player keeps moving, then goes out, and the game ends."""
    game = _lonely_hunt()
    moves = ["H1-H8", "H8-H2", "H2-H7", "H7-H3", "H3-H6", "H6-H4", "H4-H5"]
    for move in moves[:-1]:
        game.play(move, seat=whose_turn(game))
        assert game.to_move == 0
    events = game.play(moves[-1], seat=whose_turn(game))
    assert [e["type"] for e in events][-2:] == ["out", "game_over"]
    assert game.is_over and game.to_move is None and game.legal_actions() == []
    # Seat 0: 7 floes from moves, then H5 and C1, C3, C5 when going out.
    assert game.catch[0] == {"fish": 11, "floes": 11}
    refused(game, "H5-H6", "game_over")


def _finished(players: int, seed: int = 4) -> FishGame:
    game = FishGame.new(players, seed=seed)
    while not game.is_over:
        game.play(
            game.legal_actions()[len(game.log) % len(game.legal_actions())], seat=whose_turn(game)
        )
    return game


def _with_catches(game: FishGame, catches: list[tuple[int, int]]) -> FishGame:
    data = game.to_dict()
    data["catch"] = [{"fish": f, "floes": n} for f, n in catches]
    return FishGame.from_dict(data)


def test_f15_most_fish_then_most_floes() -> None:
    """F-15: most fish wins; equal fish are separated by floes."""
    game = _with_catches(_finished(3), [(20, 9), (25, 10), (20, 11)])
    assert game.ranking() == [[1], [2], [0]]


def test_f15_full_ties_share_a_rank_and_two_player_draw() -> None:
    """F-15: equal fish and floes share a rank; with two players that is a draw."""
    four = _with_catches(_finished(4), [(10, 6), (12, 7), (10, 6), (9, 9)])
    assert four.ranking() == [[1], [0, 2], [3]]
    two = _with_catches(_finished(2), [(15, 8), (15, 8)])
    assert two.ranking() == [[0, 1]]


def _kept_every_fish(game: FishGame, fish: dict[str, int]) -> None:
    """Every fish of the pinned board was caught or removed unscored (F-9, F-10, F-11)."""
    assert game.is_over and game.floes == {}
    assert sum(game.scores) + game.removed_fish == sum(fish.values())


def test_f15_played_equal_fish_more_floes_wins() -> None:
    """F-15 played out: both players catch 6 fish; seat 1 has 6 floes to seat 0's 5 and wins.

    Seat 0: H3 → H4 (a 2) and stuck A1, A3, A5; the 3 on H2 is cut off by the move (F-10).
    Seat 1: F1 → F2 → F3 and stuck A7, C1, C3. Rows B, D, E, G are water, so every other
    penguin stands alone.
    Seat 0: H3 (1) by moving, then out with A1, A3, A5, H4: 1 + 1 + 1 + 1 + 2 = 6 fish, 5 floes.
    Seat 1: F1, F2 (1 each) by moving, then out with A7, C1, C3, F3: 6 fish, 6 floes.
    """
    fish = {**ones("A1", "A3", "A5", "A7", "C1", "C3", "F1", "F2", "F3", "H3"), "H2": 3, "H4": 2}
    placements = ["H3", "F1", "A1", "A7", "A3", "C1", "A5", "C3"]
    game, events = played(2, fish, [*placements, "H3-H4", "F1-F2", "F2-F3"])
    assert {"type": "floes_removed", "floes": ["H2"], "fish": 3} in events
    assert {"type": "out", "seat": 0, "floes": ["A1", "A3", "A5", "H4"], "fish": 5} in events
    assert {"type": "out", "seat": 1, "floes": ["A7", "C1", "C3", "F3"], "fish": 4} in events
    assert game.catch == [{"fish": 6, "floes": 5}, {"fish": 6, "floes": 6}]
    assert game.scores == [6, 6]
    assert game.ranking() == [[1], [0]] == events[-1]["ranking"]
    _kept_every_fish(game, fish)


def test_f15_played_full_tie_shares_a_rank_among_three() -> None:
    """F-15 played out with 3 players: seats 0 and 2 tie on fish and floes and share 2nd place.

    Seat 0: E1 → E2 (a 2), stuck A1, A3. Seat 1: C5 → C6 → C7, stuck A5, A7.
    Seat 2: G1 → G2 (a 2), stuck C1, C3. Rows B, D, F, H are water.
    Seat 0: E1 by moving (1), out with A1, A3, E2 (1 + 1 + 2): 5 fish, 4 floes.
    Seat 1: C5, C6 by moving (2), out with A5, A7, C7 (3): 5 fish, 5 floes — first on floes.
    Seat 2: G1 by moving (1), out with C1, C3, G2 (1 + 1 + 2): 5 fish, 4 floes.
    """
    fish = {**ones("A1", "A3", "A5", "A7", "C1", "C3", "C5", "C6", "C7", "E1", "G1")}
    fish |= {"E2": 2, "G2": 2}
    placements = ["E1", "C5", "G1", "A1", "A5", "C1", "A3", "A7", "C3"]
    game, events = played(3, fish, [*placements, "E1-E2", "C5-C6", "G1-G2", "C6-C7"])
    outs = [(e["seat"], e["floes"], e["fish"]) for e in events if e["type"] == "out"]
    assert outs == [
        (0, ["A1", "A3", "E2"], 4),
        (2, ["C1", "C3", "G2"], 4),
        (1, ["A5", "A7", "C7"], 3),
    ]
    assert game.catch == [
        {"fish": 5, "floes": 4},
        {"fish": 5, "floes": 5},
        {"fish": 5, "floes": 4},
    ]
    assert game.ranking() == [[1], [0, 2]] == events[-1]["ranking"]
    assert game.view(None)["ranking"] == [[1], [0, 2]]
    _kept_every_fish(game, fish)


def test_f15_played_two_player_draw() -> None:
    """F-15 played out: two players end on 6 fish and 6 floes by different routes — a draw.

    Seat 0: H3 → H4 and E1 → E2, stuck A1, A3; moving off H3 cuts off the 3 on H2 (F-10),
    which nobody scores (scored, it would decide the game).
    Seat 1: C5 → C6 → C7, stuck A5, A7, C1. Rows B, D, F, G are water.
    Seat 0: H3, E1 by moving (2), out with A1, A3, E2, H4 (4): 6 fish, 6 floes.
    Seat 1: C5, C6 by moving (2), out with A5, A7, C1, C7 (4): 6 fish, 6 floes.
    """
    fish = {**ones("A1", "A3", "A5", "A7", "C1", "C5", "C6", "C7", "E1", "E2", "H3", "H4")}
    fish |= {"H2": 3}
    placements = ["H3", "C5", "E1", "A5", "A1", "A7", "A3", "C1"]
    game, events = played(2, fish, [*placements, "H3-H4", "C5-C6", "E1-E2", "C6-C7"])
    assert {"type": "floes_removed", "floes": ["H2"], "fish": 3} in events
    assert game.removed_fish == 3
    assert game.catch == [{"fish": 6, "floes": 6}, {"fish": 6, "floes": 6}]
    assert game.ranking() == [[0, 1]] == events[-1]["ranking"]
    _kept_every_fish(game, fish)


def test_f15_ranking_only_when_over() -> None:
    """F-15: the result exists once the game is over."""
    game = FishGame.new(2, seed=0)
    with pytest.raises(IllegalAction) as info:
        game.ranking()
    assert info.value.code == "not_over"


def test_notation_is_forgiving_about_case_and_spaces() -> None:
    """Notation: ``c4 - f2``, ``C4–F2`` and ``C4 F2`` mean ``C4-F2``; nonsense is explained."""
    for text in ["c4 - c6", " C4–C6 ", "C4 C6"]:
        game = open_board()
        game.play(text, seat=whose_turn(game))
        assert game.log[-1] == "C4-C6"
    err = refused(open_board(), "fish please", "bad_notation")
    assert "C4-F2" in err.message


def test_not_your_turn_when_a_seat_is_given() -> None:
    """A seat that is not to move is refused with a clear reason."""
    game = open_board()
    with pytest.raises(IllegalAction) as info:
        game.play("A1-A2", seat=1)
    assert info.value.code == "not_your_turn"
    assert info.value.message == "it is not your turn"
    game.play("C4-C5", seat=0)


def test_view_is_json_safe_and_complete() -> None:
    """The view carries what a picture and a message need, and survives JSON."""
    game = open_board()
    game.play("C4-A5", seat=whose_turn(game))
    view = game.view(None)
    assert json.loads(json.dumps(view)) == view
    assert view["phase"] == "move" and view["to_move"] == 1 and view["turn"] == 9
    assert view["last"]["from"] == "C4" and view["last"]["to"] == "A5"
    assert view["penguins"]["A5"] == 0 and "C4" not in view["floes"]
    assert view["catch"][0] == {"fish": 1, "floes": 1}
    assert view == game.view(2) | {"viewer": None}
