"""Rule tests for The Penguin Ultimatum on explicit deals: setup, steps 1, 2 and 4, simple ends.

Shows, entertainers and final scoring are in test_ultimatum_shows.py. On the default 9 × 9
iceberg the central curtain is E5, so the starting sides W, N, E, S are D5, E4, F5, E6.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games import new_game
from bot.games.base import Event, IllegalAction
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ACTIVITIES, ENTERTAINERS, PENGUINS, dots
from bot.games.ultimatum.table import STEPS, geometry
from tests.turns import asking_seat, whose_turn

# One entertainer (bear-music, dots E and W) north of the central curtain.
BEAR_HANDS = [
    ["red-5-music", "red-4-acrobatics", "red-2-dance", "brown-2-dance"],
    ["red-3-dance", "blue-2-juggling", "red-2-juggling", "brown-4-music"],
]
BEAR_DECK = [
    "green-2-music",
    "green-3-music",
    "green-4-music",
    "green-5-music",
    "brown-5-music",
    "brown-3-music",
    "blue-5-music",
    "blue-4-music",
]


def bear_game(deck: list[str] | None = None, **deal: Any) -> UltimatumGame:
    """Two players, bear-music alone on E4, pinned hands and deck."""
    return UltimatumGame.new(
        2,
        seed=11,
        deal={
            "hands": BEAR_HANDS,
            "deck": BEAR_DECK if deck is None else deck,
            "setup": {"E4": "bear-music"},
            "entertainer_deck": ["seal-music", "kangaroo-dance"],
            "activities": ["dance", "music"],
            **deal,
        },
    )


def refused(game: UltimatumGame, action: str, code: str, seat: int | None = None) -> str:
    """Assert ``action`` is refused with ``code`` and changes nothing; return the message.

    ``seat`` is the seat acting (the seat to move unless told).
    """
    before = game.to_dict()
    with pytest.raises(IllegalAction) as info:
        game.play(action, seat=asking_seat(game) if seat is None else seat)
    assert info.value.code == code, info.value.message
    assert game.to_dict() == before
    return info.value.message


def turn(game: UltimatumGame, penguin: str, stone: str = "skip") -> list[Event]:
    """Play steps 1 and 2 of a turn; return all events."""
    return game.play(penguin, seat=whose_turn(game)) + game.play(stone, seat=whose_turn(game))


def rule_performs(table: dict[str, str], cell: str, card: str, turned: bool) -> bool:
    """U-15 from the public table alone: every dot's cell holds a card or is off the iceberg."""
    col, row = ord(cell[0]) - ord("A"), int(cell[1:]) - 1
    geo = geometry(9, 9)
    for d in dots(card, turned):
        c, r = col + STEPS[d][0], row + STEPS[d][1]
        if 0 <= c < geo.width and 0 <= r < geo.height and geo.names[r * geo.width + c] not in table:
            return False
    return True


# --- setup -------------------------------------------------------------------------------------


def test_u1_u2_every_card_is_dealt_once() -> None:
    """U-1, U-2: a random deal uses each of the 64 penguins and 16 entertainers exactly once."""
    for players in (2, 3, 4):
        game = UltimatumGame.new(players, seed=players)
        penguins = [c for h in game.hands for c in h] + game.deck
        assert sorted(penguins) == sorted(PENGUINS)
        on_table = [t.split()[0] for t in game.table.values() if t.split()[0] in ENTERTAINERS]
        assert sorted(on_table + game.entertainer_deck) == sorted(ENTERTAINERS)


def test_u3_u9_each_player_starts_with_stones_cards_activity_and_ten_points() -> None:
    """U-3, U-9: 3 stones, 4 hidden penguins, one open activity card each, a score of 10."""
    game = UltimatumGame.new(4, seed=3)
    assert game.supply == [3, 3, 3, 3] and game.stones == {}
    assert game.scores == [10, 10, 10, 10]
    assert all(len(game.hand(seat)) == 4 for seat in range(4))
    assert sorted(game.activities) == sorted(ACTIVITIES)  # one card per activity
    assert len(UltimatumGame.new(2, seed=3).activities) == 2
    assert game.won == [[], [], [], []]


def test_u4_iceberg_size_and_cells_outside_it() -> None:
    """U-4: 9 × 9 by default, 5 to 15 a side; cells outside it do not exist."""
    game = bear_game()
    assert (game.width, game.height) == (9, 9) and game.options["fixed_setup"] is False
    message = refused(game, "play red-5-music J1", "off_iceberg")
    assert message.startswith("J1 is outside the iceberg")
    refused(game, "play red-5-music E10", "off_iceberg")
    wide = UltimatumGame.new(2, seed=1, width=15, height=5)
    assert wide.table["H3"] == "curtain" and set(wide.table) == {"G3", "H2", "H3", "I3"}
    assert any(a.endswith(" J4") for a in wide.legal_actions())  # columns go on past I
    for side in (4, 16):
        with pytest.raises(ValueError):
            UltimatumGame.new(2, seed=1, width=side)
    # The registry passes the options through unchanged.
    made = new_game("ultimatum", 3, 9, {"width": 7, "height": 11, "fixed_setup": True})
    assert isinstance(made, UltimatumGame) and made.options == {
        "width": 7,
        "height": 11,
        "fixed_setup": True,
    }


def test_u5_u11_penguins_go_on_any_of_the_eight_cells_around_an_entertainer() -> None:
    """U-5, U-11: diagonals count; the legal cells are exactly the empty ones around E4."""
    game = bear_game()
    cells = {a.split()[2] for a in game.legal_actions()}
    assert cells == {"D3", "E3", "F3", "D4", "F4", "D5", "F5"}  # E5 holds the curtain
    assert len(game.legal_actions()) == 4 * 7
    events = game.play("play red-5-music F3", seat=whose_turn(game))  # a diagonal neighbour
    assert events == [
        {
            "type": "penguin_laid",
            "seat": 0,
            "card": "red-5-music",
            "cell": "F3",
            "fee": 0,
            "waived": None,
            "kin": [],
        }
    ]
    assert game.table["F3"] == "red-5-music" and "red-5-music" not in game.hand(0)


def test_u6_a_curtain_lies_on_the_centre() -> None:
    """U-6: the central curtain; for even sides left of / above the middle."""
    assert UltimatumGame.new(2, seed=1).table["E5"] == "curtain"
    assert UltimatumGame.new(2, seed=1, width=6, height=8).table["C4"] == "curtain"
    assert UltimatumGame.new(2, seed=1, width=5, height=5).table["C3"] == "curtain"


@pytest.mark.parametrize(
    ("players", "cells"), [(2, "D5 E4 F5"), (3, "D5 E4 F5"), (4, "D5 E4 F5 E6")]
)
def test_u7_starting_entertainers_around_the_curtain(players: int, cells: str) -> None:
    """U-7: 2–3 players: entertainers W, N and E of the curtain; 4 players: on all four sides."""
    for seed in range(10):
        game = UltimatumGame.new(players, seed=seed)
        entertainers = {c for c, t in game.table.items() if t.split()[0] in ENTERTAINERS}
        assert entertainers == set(cells.split())
        assert len(game.entertainer_deck) == 16 - len(entertainers)


def test_u7_fixed_setup_gives_different_animals_and_activities() -> None:
    """U-7 variant: with fixed_setup no two starting entertainers share an animal or activity."""
    mixed_somewhere = False
    for players in (2, 3, 4):
        for seed in range(40):
            game = UltimatumGame.new(players, seed=seed, fixed_setup=True)
            starting = [t.split()[0] for t in game.table.values() if t.split()[0] in ENTERTAINERS]
            animals = {ENTERTAINERS[e].animal for e in starting}
            activities = {ENTERTAINERS[e].activity for e in starting}
            assert len(animals) == len(activities) == len(starting) == (4 if players == 4 else 3)
            plain = UltimatumGame.new(players, seed=seed)
            plain_start = [
                t.split()[0] for t in plain.table.values() if t.split()[0] in ENTERTAINERS
            ]
            if len({ENTERTAINERS[e].animal for e in plain_start}) < len(plain_start):
                mixed_somewhere = True
    assert mixed_somewhere  # without the variant, shared animals do occur
    with pytest.raises(ValueError):
        UltimatumGame.new(
            2, seed=1, fixed_setup=True, deal={"setup": {"D5": "seal-music", "F5": "seal-dance"}}
        )


def test_u7_no_game_starts_with_a_show_pending() -> None:
    """U-7 Decision: an entertainer that would perform at once is laid turned; none performs."""
    turned_seen = 0
    for players in (2, 3, 4):
        for seed in range(150):
            game = UltimatumGame.new(players, seed=seed)
            for cell, text in game.table.items():
                card, *turned = text.split()
                if card not in ENTERTAINERS:
                    continue
                assert not rule_performs(game.table, cell, card, bool(turned))
                if turned:
                    turned_seen += 1
                    assert rule_performs(game.table, cell, card, False)
    assert turned_seen > 0
    with pytest.raises(ValueError, match="would perform at once"):
        UltimatumGame.new(2, seed=1, deal={"setup": {"E9": "seal-acrobatics"}})


def test_u8_the_top_entertainer_is_face_up() -> None:
    """U-8: everyone sees the deck's top entertainer, and how many are left."""
    game = bear_game()
    for seat in (None, 0, 1):
        view = game.view(seat)
        assert view["entertainer_top"] == "seal-music"
        assert view["entertainer_deck_count"] == 2
        assert "kangaroo-dance" not in json.dumps(view)


def test_u10_seat_zero_starts_and_seats_take_turns() -> None:
    """U-10, U-23: seat 0 moves first (the bot shuffles who sits where); then seat order."""
    game = UltimatumGame.new(3, seed=4)
    seen = []
    for completed in range(6):
        seen.append(game.to_move)
        while game.turn == completed:  # every decision of a turn belongs to the same seat
            assert game.to_move == seen[-1]
            game.play(game.legal_actions()[0], seat=whose_turn(game))
    assert seen == [0, 1, 2, 0, 1, 2] and game.to_move == 0


def test_deal_validation() -> None:
    """A deal is taken exactly; impossible deals are refused before the game starts."""
    with pytest.raises(ValueError, match="hands"):
        bear_game(hands=[["red-5-music"], BEAR_HANDS[1]])
    with pytest.raises(ValueError, match="twice"):
        bear_game(deck=["red-5-music"])
    with pytest.raises(ValueError, match="not penguin cards"):
        bear_game(deck=["red-6-music"])
    with pytest.raises(ValueError, match="twice"):
        bear_game(entertainer_deck=["bear-music"])
    with pytest.raises(ValueError, match="unknown deal keys"):
        bear_game(scores=[1, 2])
    with pytest.raises(ValueError, match="activity"):
        bear_game(activities=["dance", "dance"])
    with pytest.raises(ValueError, match="central curtain"):
        bear_game(setup={"E5": "bear-music"})
    with pytest.raises(ValueError):
        UltimatumGame.new(5, seed=1)
    # Left-out keys are dealt from the seed among the cards not pinned.
    game = UltimatumGame.new(2, seed=8, deal={"hands": BEAR_HANDS})
    assert sorted(game.hands[0]) == sorted(BEAR_HANDS[0]) and len(game.deck) == 56
    assert not set(game.deck) & {c for h in BEAR_HANDS for c in h}


# --- step 1 ------------------------------------------------------------------------------------


def test_u11_a_penguin_needs_an_entertainer_beside_it() -> None:
    """U-11: from the hand, on an empty cell, next to an entertainer (a curtain is not enough)."""
    game = bear_game()
    assert refused(game, "play red-5-music E6", "not_next_to_entertainer") == (
        "E6 is not next to an entertainer"
    )
    assert refused(game, "play red-3-dance D3", "not_in_hand") == "you don't hold red-3-dance"
    refused(game, "play red-5-music E4", "cell_taken")
    refused(game, "play red-5-music E5", "cell_taken")
    refused(game, "skip", "wrong_step")
    refused(game, "entertainer F7", "wrong_step")
    refused(game, "play red-5-music D3", "not_your_turn", seat=1)
    game.play("play red-5-music D3", seat=0)
    # A penguin beside a penguin only is not enough either.
    game.play("skip", seat=whose_turn(game))
    refused(game, "play red-3-dance C2", "not_next_to_entertainer")


def test_u12_kinship_fee_red_3_next_to_red_5_costs_5() -> None:
    """U-12: the printed example, then two same-colour neighbours; the new card's value is free."""
    game = bear_game()
    turn(game, "play red-5-music D3")
    events = game.play("play red-3-dance E3", seat=whose_turn(game))
    assert events[0]["fee"] == 5 and events[0]["kin"] == ["D3"]
    assert game.scores == [10, 5]
    game.play("skip", seat=whose_turn(game))
    events = game.play(
        "play red-4-acrobatics D4", seat=whose_turn(game)
    )  # next to the red 5 and the red 3
    assert events[0]["fee"] == 8 and sorted(events[0]["kin"]) == ["D3", "E3"]
    assert game.scores == [2, 5]
    game.play("skip", seat=whose_turn(game))
    events = game.play(
        "play blue-2-juggling F3", seat=whose_turn(game)
    )  # a red neighbour costs a blue penguin nothing
    assert events[0]["fee"] == 0 and game.scores == [2, 5]


def test_u12_scores_may_go_below_zero() -> None:
    """U-9, U-12: fees can take a score below zero."""
    game = bear_game()
    turn(game, "play red-5-music D3")
    turn(game, "play red-3-dance E3")  # fee 5
    turn(game, "play red-4-acrobatics D4")  # fee 5 + 3
    turn(game, "play red-2-juggling F3")  # fee 3
    assert game.scores == [2, 2]
    events = game.play("play red-2-dance D5", seat=whose_turn(game))  # next to the red 4 on D4
    assert events[0]["fee"] == 4 and game.scores == [-2, 2]


def test_u13_nothing_to_waive_without_a_fee_or_a_won_card() -> None:
    """U-13: waiving needs a fee due and a won entertainer (see the shows tests for a waiver)."""
    game = bear_game()
    assert refused(game, "play red-5-music D3 waive seal-music", "nothing_to_waive") == (
        "no kinship fee is due, nothing to waive"
    )
    turn(game, "play red-5-music D3")
    assert not any("waive" in a for a in game.legal_actions())
    assert refused(game, "play red-3-dance E3 waive seal-music", "not_won") == (
        "you have not won seal-music"
    )


# --- step 2 ------------------------------------------------------------------------------------


def test_u14_stones_from_the_supply_or_the_table_onto_any_free_penguin() -> None:
    """U-14: own stones only, onto any free penguin, whoever laid it; skipping is fine."""
    game = bear_game()
    game.play("play red-5-music D3", seat=whose_turn(game))
    assert game.phase == "invite"
    assert game.legal_actions() == ["invite supply D3", "skip"]
    refused(game, "invite supply E4", "not_a_penguin")
    refused(game, "invite D3 D3", "not_your_stone")
    refused(game, "play red-4-acrobatics D4", "wrong_step")
    events = game.play("invite supply D3", seat=whose_turn(game))
    assert events[0] == {"type": "stone_moved", "seat": 0, "from": "supply", "to": "D3"}
    assert game.stones == {"D3": 0} and game.supply == [2, 3]
    game.play("play red-3-dance E3", seat=whose_turn(game))
    assert refused(game, "invite supply D3", "has_stone") == (
        "the penguin on D3 already holds a stone"
    )
    refused(game, "invite D3 E3", "not_your_stone")
    assert game.legal_actions() == ["invite supply E3", "skip"]
    events = game.play("skip", seat=whose_turn(game))
    assert events[0] == {"type": "invitation_skipped", "seat": 1}
    game.play("play red-4-acrobatics D4", seat=whose_turn(game))
    assert game.legal_actions() == [
        "invite D3 D4",
        "invite D3 E3",  # the opponent's penguin is fair game
        "invite supply D4",
        "invite supply E3",
        "skip",
    ]
    game.play("invite D3 E3", seat=whose_turn(game))
    assert game.stones == {"E3": 0} and game.supply == [2, 3]


def test_u14_an_empty_supply() -> None:
    """U-14: with all three stones on the table only table stones can move."""
    game = bear_game()
    for mine, theirs in (("D3", "F3"), ("D4", "F5"), ("D5", "E3")):
        turn(game, f"play {game.hand(0)[0]} {mine}", f"invite supply {mine}")
        turn(game, f"play {game.hand(1)[0]} {theirs}")
    assert game.supply == [0, 3] and game.stones == {"D3": 0, "D4": 0, "D5": 0}
    game.play(f"play {game.hand(0)[0]} F4", seat=whose_turn(game))
    message = refused(game, "invite supply F4", "supply_empty")
    assert message == "you have no invitation stones left in your supply"
    assert not any(a.startswith("invite supply") for a in game.legal_actions())
    assert {"invite D3 F4", "invite D4 E3", "invite D5 F3", "skip"} <= set(game.legal_actions())
    assert len(game.legal_actions()) == 3 * 4 + 1  # 3 stones × 4 free penguins, and skip


# --- step 4 and the end -------------------------------------------------------------------------


def test_u23_draw_one_card_then_the_next_seat() -> None:
    """U-23: the player draws one penguin (only they learn which), then the next seat plays."""
    game = bear_game()
    game.play("play red-5-music D3", seat=whose_turn(game))
    events = game.play("skip", seat=whose_turn(game))
    assert events[-1] == {
        "type": "drawn",
        "seat": 0,
        "deck_count": 7,
        "private": {"card": "green-2-music"},
    }
    public = {k: v for k, v in events[-1].items() if k != "private"}
    assert "green-2-music" not in json.dumps(public)
    assert "green-2-music" in game.hand(0) and len(game.hand(0)) == 4
    assert game.to_move == 1 and game.phase == "play" and game.turn == 1
    assert game.view(None)["deck_count"] == 7


def test_u24_drawing_from_an_empty_penguin_deck_ends_the_game() -> None:
    """U-24: the game ends at once when a player must draw from an empty deck; U-25 once."""
    game = bear_game(deck=["green-2-music"])
    turn(game, "play red-5-music D3")
    assert not game.is_over and game.to_move == 1
    game.play("play red-3-dance E3", seat=whose_turn(game))  # fee 5
    events = game.play("skip", seat=whose_turn(game))
    assert events[-1]["type"] == "game_over"
    assert events[-1]["reason"] == "penguin_deck_empty"
    assert events[-1]["final_bonus"] == [[0, 0], [0, 0]]
    assert game.is_over and game.phase == "over" and game.to_move is None
    assert game.legal_actions() == [] and game.scores == [10, 5]
    assert game.ranking() == [[0], [1]]
    assert len(game.hand(1)) == 3  # no card was drawn
    refused(game, "skip", "game_over")
    assert UltimatumGame.from_dict(game.to_dict()) == game
    assert game.view(None)["ranking"] == [[0], [1]] and game.view(0)["end_reason"] == (
        "penguin_deck_empty"
    )


def test_u24_no_cell_for_a_penguin_ends_the_game() -> None:
    """U-24: with no empty cell beside an entertainer nobody can lay a penguin: over at once.

    From a real setup this cannot happen (every entertainer that does not perform has a free dot
    cell beside it), so a setup without entertainers shows it.
    """
    game = bear_game(setup={})
    assert game.is_over and game.end_reason == "no_penguin_cell"
    assert game.final_bonus == [[0, 0], [0, 0]] and game.scores == [10, 10]
    assert game.ranking() == [[0, 1]]


def test_ranking_is_refused_while_running() -> None:
    """ranking() is only for finished games."""
    with pytest.raises(IllegalAction) as info:
        bear_game().ranking()
    assert info.value.code == "not_over"
