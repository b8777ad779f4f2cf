"""Rule tests for shows (U-15 … U-22), the ends that involve them (U-24) and final scoring.

The dancing seal of the printed rules: seal-dance (dots NE, E, SE, W) lies on E9, the bottom
row of the 9 × 9 iceberg, so its SE dot points off the iceberg and counts as occupied. Five
penguins gather around it: two red ones (seals are red), two blue ones that like dance, and a
green one that likes acrobatics.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import Event, IllegalAction
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ENTERTAINERS, dots
from bot.games.ultimatum.scoring import award, final_bonus, final_ranking
from bot.games.ultimatum.table import STEPS, cell_name
from tests.turns import asking_seat, whose_turn

SEAL_HANDS = [
    ["red-2-music", "red-4-juggling", "blue-5-dance", "green-2-juggling"],
    ["green-4-acrobatics", "blue-3-dance", "blue-2-music", "brown-3-music"],
]
SEAL_DECK = [
    "brown-2-juggling",
    "brown-4-juggling",
    "brown-5-juggling",
    "brown-2-acrobatics",
    "brown-3-acrobatics",
    "brown-4-acrobatics",
]
# bear-music on B2 has one dot left open (A2): sheep-music on C2 fills its east dot.
SEAL_SETUP = {"E9": "seal-dance", "B2": "bear-music", "C2": "sheep-music"}


def seal_game(deck: list[str] = SEAL_DECK, stones: bool = True) -> UltimatumGame:
    """The dancing seal's table after four turns; seat 0 is about to lay the second blue."""
    game = UltimatumGame.new(
        2,
        seed=3,
        deal={
            "hands": SEAL_HANDS,
            "deck": deck,
            "setup": SEAL_SETUP,
            "entertainer_deck": ["seal-acrobatics", "kangaroo-dance", "bear-dance"],
            "activities": ["dance", "music"],
        },
    )

    def invite(cell: str) -> str:
        return f"invite supply {cell}" if stones else "skip"

    for penguin, stone in [
        ("play red-2-music D8", invite("D8")),
        ("play green-4-acrobatics E8", invite("E8")),
        ("play red-4-juggling F9", "skip"),
        ("play blue-3-dance F8", invite("F9")),
    ]:
        game.play(penguin, seat=whose_turn(game))
        game.play(stone, seat=whose_turn(game))
    return game


def seal_show(
    deck: list[str] = SEAL_DECK, stones: bool = True
) -> tuple[UltimatumGame, list[Event]]:
    """The dancing seal's show: seat 0 lays blue-5-dance on D9 and invites it."""
    game = seal_game(deck, stones)
    game.play("play blue-5-dance D9", seat=whose_turn(game))
    return game, game.play("invite supply D9" if stones else "skip", seat=whose_turn(game))


def refused(game: UltimatumGame, action: str, code: str) -> str:
    """Assert ``action`` is refused with ``code`` and changes nothing; return the message."""
    before = game.to_dict()
    with pytest.raises(IllegalAction) as info:
        game.play(action, seat=asking_seat(game))
    assert info.value.code == code, info.value.message
    assert game.to_dict() == before
    return info.value.message


def _cells(width: int, height: int) -> list[str]:
    return [cell_name(c, r) for r in range(height) for c in range(width)]


def _around(cell: str, direction: str, width: int, height: int) -> str | None:
    col, row = (
        ord(cell[0]) - ord("A") + STEPS[direction][0],
        int(cell[1:]) - 1 + STEPS[direction][1],
    )
    return cell_name(col, row) if 0 <= col < width and 0 <= row < height else None


def rule_performs(table: dict[str, str], cell: str, width: int, height: int) -> bool:
    """U-15 from the public table: every dot points at a card or off the iceberg."""
    card, *turned = table[cell].split()
    targets = (_around(cell, d, width, height) for d in dots(card, bool(turned)))
    return all(t is None or t in table for t in targets)


def rule_placements(
    table: dict[str, str], top: str, width: int, height: int, pending: list[str]
) -> list[str]:
    """U-21 from the public table, by brute force: every legal ``entertainer …`` text."""
    found = []
    for cell in _cells(width, height):
        near = [_around(cell, d, width, height) for d in STEPS]
        if cell in table or not any(n in table for n in near if n):
            continue
        for turned in (False, True):
            trial = dict(table, **{cell: f"{top} turned" if turned else top})
            performers = [
                c
                for c, text in trial.items()
                if text.split()[0] in ENTERTAINERS and c not in pending
                if rule_performs(trial, c, width, height)
            ]
            if not performers:
                found.append(f"entertainer {cell}" + (" turned" if turned else ""))
    return sorted(found)


# --- U-15 … U-22 --------------------------------------------------------------------------------


def test_u15_shows_wait_for_step_3_and_off_iceberg_dots_count() -> None:
    """U-15: the last dot filled in step 1 starts the show only after step 2; SE is off-table."""
    game = seal_game()
    assert game.table["E9"] == "seal-dance"  # F8 and F9 filled, D9 still open
    game.play("play blue-5-dance D9", seat=whose_turn(game))
    assert game.phase == "invite" and game.table["E9"] == "seal-dance"
    events = game.play(
        "invite supply D9", seat=whose_turn(game)
    )  # the stone moved in step 2 already counts
    assert events[1]["type"] == "show" and events[1]["points"][0] == 2 + 5


def test_u18_the_dancing_seal() -> None:
    """U-18: audience of five; both red (seal) and both blue (dance) enjoy, the green does not."""
    game, events = seal_show()
    assert events[1] == {
        "type": "show",
        "cell": "E9",
        "entertainer": "seal-dance",
        "audience": ["D8", "E8", "F8", "D9", "F9"],
        "enjoyers": ["D8", "F8", "D9", "F9"],
        # seat 0: red 2 on D8 + blue 5 on D9; seat 1: red 4 on F9, the green 4 on E8 scores 0;
        # the blue 3 on F8 enjoys but holds no stone.
        "points": [7, 4],
    }
    assert game.scores == [17, 14]


def test_u17_u19_u20_score_award_curtain_then_a_new_entertainer() -> None:
    """U-17, U-19, U-20: the fewest points above zero win the card; a curtain takes the cell."""
    game, events = seal_show()
    assert [e["type"] for e in events] == ["stone_moved", "show", "card_awarded", "curtain_laid"]
    assert events[2] == {"type": "card_awarded", "seat": 1, "entertainer": "seal-dance"}
    assert events[3] == {"type": "curtain_laid", "cell": "E9"}
    assert game.won == [[], ["seal-dance"]] and game.table["E9"] == "curtain"
    assert game.phase == "entertainer" and game.to_move == 0
    view = game.view(None)
    assert view["entertainer_to_lay"] == "seal-acrobatics"
    assert view["last"]["shows"] == [
        {"cell": "E9", "entertainer": "seal-dance", "points": [7, 4], "winner": 1}
    ]
    refused(game, "entertainer E9", "cell_taken")


def test_u19_nobody_scored_removes_the_card() -> None:
    """U-19: with no stone on an enjoying penguin nobody scores and the card leaves the game."""
    game, events = seal_show(stones=False)
    assert events[1]["points"] == [0, 0]
    assert events[2] == {
        "type": "card_removed",
        "entertainer": "seal-dance",
        "reason": "nobody_scored",
    }
    assert game.won == [[], []] and game.removed == ["seal-dance"]
    assert game.view(1)["removed"] == ["seal-dance"]


@pytest.mark.parametrize(
    ("points", "winner"),
    [([9, 6, 0], 1), ([9, 6, 6], None), ([9, 0, 0], 0), ([0, 0, 0], None), ([3, 3], None)],
)
def test_u19_printed_award_examples(points: list[int], winner: int | None) -> None:
    """U-19: 9/6/0 → the 6; 9/6/6 → removed; 9/0/0 → the 9; nobody scored → removed."""
    assert award(points) == winner


def test_u21_where_the_new_entertainer_may_go() -> None:
    """U-21: next to any card, never so that it or another entertainer performs at once."""
    game, _ = seal_show()
    assert refused(game, "entertainer A5", "not_next_to_card") == "A5 is not next to any card"
    # A2 is the last open dot of bear-music on B2, whichever way the new card lies.
    for text in ("entertainer A2", "entertainer A2 turned"):
        message = refused(game, text, "would_start_show")
        assert message == "that placement would start the bear's show on B2 at once"
    # seal-acrobatics (dots S, SW) on the bottom row would perform at once; turned it points N, NE.
    message = refused(game, "entertainer G9", "would_start_show")
    assert (
        message
        == "that placement would start the seal's show at once; laid the other way it would not"
    )
    legal = game.legal_actions()
    assert legal == rule_placements(game.table, "seal-acrobatics", 9, 9, [])
    assert "entertainer G9 turned" in legal and "entertainer G9" not in legal
    assert "entertainer C7" in legal and "entertainer C7 turned" in legal  # next to curtain/sheep
    events = game.play("entertainer g9 TURNED", seat=whose_turn(game))
    assert events[:2] == [
        {
            "type": "entertainer_laid",
            "seat": 0,
            "entertainer": "seal-acrobatics",
            "cell": "G9",
            "turned": True,
        },
        {"type": "entertainer_revealed", "entertainer": "kangaroo-dance"},
    ]
    assert events[2]["type"] == "drawn" and game.to_move == 1
    assert game.table["G9"] == "seal-acrobatics turned"
    assert game.view(None)["entertainer_top"] == "kangaroo-dance"
    assert game.view(None)["last"]["entertainers_laid"] == ["G9"]


def test_u22_stones_and_penguins_stay_after_a_show() -> None:
    """U-22: stones stay on their penguins and the penguins stay on the table."""
    game, _ = seal_show()
    assert game.stones == {"D8": 0, "E8": 1, "F9": 1, "D9": 0} and game.supply == [1, 1]
    for cell in ("D8", "E8", "F8", "D9", "F9"):
        assert game.table[cell] in SEAL_HANDS[0] + SEAL_HANDS[1]


def test_u13_waiving_a_won_entertainer_instead_of_the_fee() -> None:
    """U-13: seat 1 won seal-dance and may discard it instead of paying 3 for the blue on F8."""
    game, _ = seal_show()
    game.play("entertainer G9 turned", seat=whose_turn(game))
    assert game.to_move == 1
    legal = game.legal_actions()
    assert "play blue-2-music G8 waive seal-dance" in legal
    assert "play brown-3-music G8 waive seal-dance" not in legal  # no brown neighbour, no fee
    refused(game, "play blue-2-music G8 waive seal-music", "not_won")
    paying = UltimatumGame.from_dict(game.to_dict())
    assert (
        paying.play("play blue-2-music G8", seat=whose_turn(paying))[0]["fee"] == 3
        and paying.scores[1] == 11
    )
    events = game.play("play Blue-2-Music g8 waive seal-dance", seat=whose_turn(game))
    assert events[0]["fee"] == 0 and events[0]["waived"] == "seal-dance"
    assert events[0]["kin"] == ["F8"]
    assert game.scores[1] == 14 and game.won[1] == [] and game.removed == ["seal-dance"]
    assert game.log[-1] == "play blue-2-music G8 waive seal-dance"


# --- U-16: several shows at once ---------------------------------------------------------------

TWIN_HANDS = [
    ["green-2-music", "brown-3-acrobatics", "blue-2-juggling", "blue-3-juggling"],
    ["green-5-music", "brown-2-dance", "brown-4-dance", "red-2-dance"],
]


def twin_game(entertainer_deck: list[str]) -> UltimatumGame:
    """bear-music on D4 (dots E4, C4) and sheep-juggling on F4 (dots G3, E4) both wait for E4."""
    game = UltimatumGame.new(
        2,
        seed=5,
        deal={
            "hands": TWIN_HANDS,
            "setup": {"D4": "bear-music", "F4": "sheep-juggling"},
            "entertainer_deck": entertainer_deck,
            "activities": ["music", "juggling"],
        },
    )
    for penguin, stone in [
        ("play green-2-music C4", "invite supply C4"),
        ("play green-5-music G3", "invite supply G3"),
    ]:
        game.play(penguin, seat=whose_turn(game))
        game.play(stone, seat=whose_turn(game))
    game.play("play brown-3-acrobatics E4", seat=whose_turn(game))
    return game


@pytest.mark.parametrize("first", ["D4", "F4"])
def test_u16_the_player_chooses_the_order_of_simultaneous_shows(first: str) -> None:
    """U-16: two shows at once; the current player picks which goes first."""
    game = twin_game(["seal-music", "kangaroo-dance", "bear-dance"])
    events = game.play("invite supply E4", seat=whose_turn(game))
    assert events[-1] == {"type": "shows_pending", "seat": 0, "cells": ["D4", "F4"]}
    assert game.phase == "perform" and game.legal_actions() == ["perform D4", "perform F4"]
    assert game.view(1)["pending_shows"] == ["D4", "F4"]
    refused(game, "perform E4", "not_pending")
    refused(game, "entertainer E3", "wrong_step")
    second = "F4" if first == "D4" else "D4"
    shows = [e for e in game.play(f"perform {first}", seat=whose_turn(game)) if e["type"] == "show"]
    assert [e["cell"] for e in shows] == [first] and game.phase == "entertainer"
    # The other show is already due, so the new entertainer may lie next to it freely.
    shows += [e for e in game.play("entertainer E3", seat=whose_turn(game)) if e["type"] == "show"]
    assert [e["cell"] for e in shows] == [first, second]  # the one left ran by itself
    # bear-music: green-2-music likes music; sheep-juggling: green-5-music is green.
    points = {e["cell"]: e["points"] for e in shows}
    assert points == {"D4": [2, 0], "F4": [0, 5]}
    assert game.phase == "entertainer"
    game.play("entertainer B5", seat=whose_turn(game))
    assert game.phase == "play" and game.to_move == 1
    assert game.scores == [12, 15]
    assert game.won == [["bear-music"], ["sheep-juggling"]]
    last = game.view(0)["last"]
    assert [s["cell"] for s in last["shows"]] == [first, second]
    assert last["entertainers_laid"] == ["E3", "B5"]


def test_u24_only_the_first_of_several_shows_when_the_entertainers_ran_out() -> None:
    """U-24: with the entertainer deck empty the first chosen show is played, then the end."""
    game = twin_game([])
    game.play("invite supply E4", seat=whose_turn(game))
    assert game.legal_actions() == ["perform D4", "perform F4"]
    events = game.play("perform F4", seat=whose_turn(game))
    assert [e["type"] for e in events] == ["show", "card_awarded", "curtain_laid", "game_over"]
    assert events[-1]["reason"] == "entertainer_deck_empty"
    assert game.table["D4"] == "bear-music" and game.view(None)["pending_shows"] == []
    # U-25: seat 1's sheep-juggling matches its juggling card (+2) and is the only sheep (+5).
    assert game.final_bonus == [[0, 0], [2, 5]]
    assert game.scores == [10, 15 + 7] and game.ranking() == [[1], [0]]


# --- U-24: the other ends that involve shows ----------------------------------------------------


def test_u24_the_penguin_deck_runs_dry_after_the_shows() -> None:
    """U-24: the last turn's show and new entertainer happen; the game ends at the draw."""
    game, _ = seal_show(deck=SEAL_DECK[:4])  # four turns drew every card
    events = game.play("entertainer G9 turned", seat=whose_turn(game))
    assert [e["type"] for e in events] == ["entertainer_laid", "entertainer_revealed", "game_over"]
    assert events[-1]["reason"] == "penguin_deck_empty"
    # U-25 once: seat 1 holds the only seal (+5); its music card does not match seal-dance.
    assert events[-1]["final_bonus"] == [[0, 0], [0, 5]]
    assert game.scores == [17, 19] and events[-1]["ranking"] == [[1], [0]]
    assert UltimatumGame.from_dict(game.to_dict()).scores == [17, 19]


# Seed 592's deal on a 5 × 5 iceberg, pinned: seat 1 ends the game in the eighth turn.
SMALL_DEAL: dict[str, Any] = {
    "hands": [
        ["green-4-dance", "red-2-music", "brown-2-dance", "brown-5-dance"],
        ["blue-3-music", "red-2-juggling", "blue-4-acrobatics", "blue-4-dance"],
    ],
    "deck": [
        "red-3-dance",
        "green-5-music",
        "green-5-dance",
        "blue-2-acrobatics",
        "blue-3-juggling",
        "red-2-acrobatics",
        "blue-5-dance",
        "brown-3-music",
    ],
    "setup": {"C2": "kangaroo-music", "B3": "sheep-dance", "D3": "bear-dance"},
    "entertainer_deck": ["sheep-juggling", "kangaroo-dance", "seal-acrobatics"],
    "activities": ["juggling", "acrobatics"],
}
SMALL_LOG = [
    "play brown-2-dance B2",
    "skip",
    "play blue-4-dance C4",
    "invite supply B2",
    "play brown-5-dance B4",
    "invite supply B4",
    "play blue-4-acrobatics A4",
    "invite supply A4",
    "play green-5-dance D1",
    "invite B4 C4",
    "entertainer D2 turned",
    "play green-5-music C1",
    "invite B2 C1",
    "play blue-3-juggling E4",
    "invite supply B2",
    "play blue-3-music D4",
]


def test_u24_no_cell_for_the_new_entertainer_ends_the_game() -> None:
    """U-24: after a show, if the top entertainer fits nowhere (either way round), it is over."""
    game = UltimatumGame.new(2, seed=1, width=5, height=5, deal=SMALL_DEAL)
    for action in SMALL_LOG:
        game.play(action, seat=whose_turn(game))
    events = game.play("invite C1 E4", seat=whose_turn(game))
    assert [e["type"] for e in events][-4:] == ["show", "card_awarded", "curtain_laid", "game_over"]
    assert events[-1]["reason"] == "no_entertainer_cell"
    assert events[1]["cell"] == "D3" and game.table["D3"] == "curtain"
    # By the rule itself: kangaroo-dance has no legal cell on the table the show left behind.
    assert rule_placements(game.table, "kangaroo-dance", 5, 5, []) == []
    assert game.entertainer_deck[0] == "kangaroo-dance"  # it was never taken
    assert game.turn == 7 and len(game.hand(1)) == 3  # seat 1 ended it before the draw
    assert game.is_over and game.legal_actions() == []


# --- U-25, U-26 ---------------------------------------------------------------------------------


def test_u25_printed_final_scoring_example() -> None:
    """U-25: two dancers with a dance card +4; the only sheep +5; three with one seal +3 each."""
    won = [["sheep-dance", "seal-dance"], ["seal-music"], ["seal-juggling"]]
    bonus = final_bonus(won, ["dance", "acrobatics", "music"])
    assert bonus == [[4, 5 + 3], [0, 3], [0, 3]]
    # A single leader in an animal gets 5; an animal nobody holds gives nothing.
    assert final_bonus([["bear-music", "bear-dance"], ["bear-juggling"]], ["music", "dance"]) == [
        [2, 5],
        [0, 0],
    ]
    assert final_bonus([[], []], ["music", "dance"]) == [[0, 0], [0, 0]]


def test_u26_tie_breaks() -> None:
    """U-26: score, then U-25 points, then more entertainer cards; then a shared rank."""
    assert final_ranking([20, 25], [[0, 0], [0, 0]], [[], []]) == [[1], [0]]
    assert final_ranking([20, 20], [[4, 5], [0, 5]], [["a"], ["b"]]) == [[0], [1]]
    assert final_ranking([20, 20], [[2, 3], [0, 5]], [["a"], ["b", "c"]]) == [[1], [0]]
    assert final_ranking([20, 20, 9], [[0, 3], [0, 3], [0, 0]], [["a"], ["b"], []]) == [
        [0, 1],
        [2],
    ]


# --- U-19, U-25, U-26 played out on explicit deals ----------------------------------------------


def played(game: UltimatumGame, turns: list[tuple[str, ...]]) -> list[Event]:
    """Play whole turns, each ``(penguin, stone[, entertainer])``; return the last turn's events."""
    events: list[Event] = []
    for actions in turns:
        events = [e for action in actions for e in game.play(action, seat=whose_turn(game))]
    return events


# seal-juggling (red, juggling; dots N E SE W NW) alone on C3 of a 9 × 9 iceberg. Eight penguins
# fill its ring, its last dot (B2) in the eighth turn: six enjoy it (red or juggling) and two
# (D2, B2) do not. Neighbours never share a colour, so nobody pays a kinship fee.
RING_HANDS = [
    ["red-5-acrobatics", "brown-4-juggling", "blue-2-dance", "green-5-music"],
    ["green-2-juggling", "green-4-juggling", "brown-5-music", "green-3-music"],
    ["red-3-music", "blue-3-juggling", "green-4-music", "green-2-music"],
]
RING_LAYS = [
    "play red-5-acrobatics D3",  # seat 0, enjoys (red), 5
    "play green-2-juggling C2",  # seat 1, enjoys (juggling), 2
    "play red-3-music B3",  # seat 2, enjoys (red), 3
    "play brown-4-juggling D4",  # seat 0, enjoys (juggling), 4
    "play green-4-juggling C4",  # seat 1, enjoys (juggling), 4
    "play blue-3-juggling B4",  # seat 2, enjoys (juggling), 3
    "play blue-2-dance D2",  # seat 0, does not enjoy
    "play brown-5-music B2",  # seat 1, does not enjoy; the last dot
]


def ring_show(invites: list[str]) -> tuple[UltimatumGame, list[Event]]:
    """Three players fill seal-juggling's ring; per turn, the cell invited from supply or ""."""
    stones = [f"invite supply {cell}" if cell else "skip" for cell in invites]
    game = UltimatumGame.new(
        3,
        seed=19,
        deal={
            "hands": RING_HANDS,
            "deck": [f"{c}-{v}-dance" for c in ("brown", "red") for v in (2, 3, 4, 5)],
            "setup": {"C3": "seal-juggling"},
            "entertainer_deck": ["bear-music"],
            "activities": ["dance", "music", "acrobatics"],
        },
    )
    events = played(game, list(zip(RING_LAYS[:7], stones[:7], strict=True)))
    assert not [e for e in events if e["type"] == "show"]  # B2, the NW dot, is still open
    assert game.table["C3"] == "seal-juggling"
    assert game.scores == [10, 10, 10]  # no kinship fee anywhere
    events = game.play(RING_LAYS[7], seat=whose_turn(game)) + game.play(
        stones[7], seat=whose_turn(game)
    )
    assert game.to_move == 1 and game.phase == "entertainer"
    return game, events


@pytest.mark.parametrize(
    ("invites", "points", "outcome"),
    [
        # 9/6/0 → the 6: seat 0 on D3 + D4, seat 2 on B3 + B4; seat 1's only stone lies on D2,
        # a penguin seat 0 laid that does not enjoy the seal, so seat 1 scores 0 and is ignored.
        (
            ["D3", "", "B3", "D4", "", "B4", "", "D2"],
            [9, 0, 6],
            {"type": "card_awarded", "seat": 2, "entertainer": "seal-juggling"},
        ),
        # 9/6/6 → removed: seat 0 on 5 + 4, seat 1 on 2 + 4, seat 2 on 3 + 3.
        (
            ["D3", "C2", "B3", "D4", "C4", "B4", "", ""],
            [9, 6, 6],
            {"type": "card_removed", "entertainer": "seal-juggling", "reason": "tie"},
        ),
        # 9/0/0 → the 9: seat 1 invites seat 0's red 5 and the green 4; seat 0's stone sits on
        # the blue dancer on D2 (no enjoyment), seat 2 never invites.
        (
            ["", "D3", "", "", "C4", "", "D2", ""],
            [0, 9, 0],
            {"type": "card_awarded", "seat": 1, "entertainer": "seal-juggling"},
        ),
    ],
    ids=["9-6-0", "9-6-6", "9-0-0"],
)
def test_u18_u19_printed_award_examples_in_a_played_show(
    invites: list[str], points: list[int], outcome: Event
) -> None:
    """U-19 (with U-14, U-18): the printed 9/6/0, 9/6/6 and 9/0/0 examples, each one real show."""
    game, events = ring_show(invites)
    shows = [e for e in events if e["type"] == "show"]
    assert shows == [
        {
            "type": "show",
            "cell": "C3",
            "entertainer": "seal-juggling",
            "audience": ["B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4"],
            "enjoyers": ["C2", "B3", "D3", "B4", "C4", "D4"],
            "points": points,
        }
    ]
    assert events[events.index(shows[0]) + 1] == outcome
    assert game.scores == [10 + p for p in points]
    assert game.table["C3"] == "curtain"
    if outcome["type"] == "card_awarded":
        won: list[list[str]] = [[], [], []]
        won[outcome["seat"]] = ["seal-juggling"]
        assert game.won == won and game.removed == []
    else:
        assert game.won == [[], [], []] and game.removed == ["seal-juggling"]


# Four entertainers in corners and on an edge, so that one or two penguins make each perform:
# sheep-dance on A9 (dots A8, B9), seal-juggling on A1 (B1, B2), seal-dance on I5 (H5) and
# seal-music on I9 (I8, H8). Three entertainers wait in the deck; the fourth show empties it.
EXAMPLE_DEAL: dict[str, Any] = {
    "hands": [
        ["blue-2-dance", "brown-3-music", "green-3-dance", "brown-2-acrobatics"],
        ["green-5-music", "red-4-music", "red-5-acrobatics", "green-4-juggling"],
        ["red-3-dance", "green-2-acrobatics", "blue-4-music", "blue-5-juggling"],
    ],
    "deck": [f"{c}-{v}-dance" for c in ("brown", "red") for v in (2, 4, 5)]
    + ["blue-3-music", "blue-5-music", "blue-2-music", "blue-4-juggling"],
    "setup": {"A9": "sheep-dance", "A1": "seal-juggling", "I5": "seal-dance", "I9": "seal-music"},
    "entertainer_deck": ["kangaroo-juggling", "bear-dance", "kangaroo-music"],
    "activities": ["dance", "juggling", "music"],
}
EXAMPLE_TURNS: list[tuple[str, ...]] = [
    ("play blue-2-dance A8", "invite supply A8"),  # 0: sheep-dance, 2 for seat 0
    ("play green-5-music B8", "invite supply B8"),  # 1: sheep-dance, 5 for seat 1
    ("play red-3-dance A2", "invite supply A2"),  # 2: seal-juggling, 3 for seat 2
    # 0: B9 fills sheep-dance's last dot: [2, 5, 0] → seat 0 (fewest points above zero)
    ("play brown-3-music B9", "skip", "entertainer E4"),
    ("play red-4-music I4", "invite supply I4"),  # 1: seal-dance, 4 for seat 1
    ("play green-2-acrobatics B1", "skip"),  # 2: seal-juggling's first dot, enjoys nothing
    # 0: H5 is seal-dance's only dot: [3, 4, 0] → seat 0
    ("play green-3-dance H5", "invite supply H5", "entertainer E6"),
    ("play red-5-acrobatics I8", "invite supply I8"),  # 1: seal-music, 5 for seat 1
    # 2: B2 fills seal-juggling: [0, 0, 3] → seat 2
    ("play blue-4-music B2", "skip", "entertainer F5"),
    # 0: H8 fills seal-music: [0, 5, 0] → seat 1 — and no entertainer is left to lay (U-24)
    ("play brown-2-acrobatics H8", "skip"),
]


def test_u24_u25_u26_printed_final_scoring_example_played_out() -> None:
    """U-25, U-26, U-24: the printed final scoring, reached by four real shows.

    Seat 0 (dance card) wins sheep-dance and seal-dance: two dancers +4, the only sheep +5 and
    one seal. Seats 1 and 2 win one seal each, so three players tie with one seal: +3 each.
    Seats 0 and 1 end level on 27; U-26 puts seat 0 first on its 12 U-25 points against 3.
    """
    game = UltimatumGame.new(3, seed=25, deal=EXAMPLE_DEAL)
    shows: list[Event] = []
    for actions in EXAMPLE_TURNS:
        shows += [
            e for a in actions for e in game.play(a, seat=whose_turn(game)) if e["type"] == "show"
        ]
    assert [(e["entertainer"], e["points"]) for e in shows] == [
        ("sheep-dance", [2, 5, 0]),
        ("seal-dance", [3, 4, 0]),
        ("seal-juggling", [0, 0, 3]),
        ("seal-music", [0, 5, 0]),
    ]
    assert game.won == [["sheep-dance", "seal-dance"], ["seal-music"], ["seal-juggling"]]
    assert game.removed == [] and game.entertainer_deck == []
    assert game.is_over and game.end_reason == "entertainer_deck_empty"
    assert game.final_bonus == [[4, 5 + 3], [0, 3], [0, 3]]
    # No kinship fee was paid: 10 + shows + U-25.
    assert game.scores == [10 + 5 + 12, 10 + 14 + 3, 10 + 3 + 3] == [27, 27, 16]
    assert game.ranking() == [[0], [1], [2]]
    over = game.view(None)
    assert over["ranking"] == [[0], [1], [2]] and over["scores"] == [27, 27, 16]


# kangaroo-juggling on I1 (dot H2), bear-music on A5 (dot B5), bear-dance on A9 (dot A8).
TIE_DEAL: dict[str, Any] = {
    "hands": [
        ["brown-4-acrobatics", "blue-2-juggling", "red-4-acrobatics", "green-2-music"],
        ["blue-2-acrobatics", "brown-2-dance", "brown-5-music", "green-4-music"],
        ["red-3-music", "green-5-juggling", "green-3-dance", "red-5-music"],
    ],
    "deck": ["brown-3-dance", "brown-4-dance", "brown-5-dance", "blue-3-music"]
    + [f"red-{v}-juggling" for v in (2, 3, 4, 5)],
    "setup": {"I1": "kangaroo-juggling", "A5": "bear-music", "A9": "bear-dance"},
    "entertainer_deck": ["kangaroo-dance", "sheep-music", "seal-acrobatics"],
    "activities": ["juggling", "music", "dance"],
}
TIE_TURNS: list[tuple[str, ...]] = [
    ("play brown-4-acrobatics I2", "invite supply I2"),  # 0: kangaroo, 4 for seat 0
    ("play blue-2-acrobatics B4", "invite supply B4"),  # 1: bear-music, 2 for seat 1
    ("play red-3-music B6", "invite supply B6"),  # 2: bear-music, 3 for seat 2
    ("play blue-2-juggling B8", "skip"),  # 0: lays bear-dance's blue 2 …
    # 1: … which seat 1 invites; B5 fills bear-music: [0, 2, 3] → seat 1
    ("play brown-2-dance B5", "invite supply B8", "entertainer E4"),
    # 2: H2 fills kangaroo-juggling: [4, 0, 5] → seat 0
    ("play green-5-juggling H2", "invite supply H2", "entertainer E6"),
    ("play red-4-acrobatics B9", "skip"),  # 0: a bear-dance spectator that enjoys nothing
    ("play brown-5-music F4", "skip"),  # 1: next to kangaroo-dance on E4, no show
    # 2: A8 fills bear-dance: [0, 2, 3] → seat 1; then the penguin deck is empty (U-24)
    ("play green-3-dance A8", "invite supply A8", "entertainer D4"),
]


def test_u24_u26_three_way_tie_broken_by_bonus_then_by_cards() -> None:
    """U-26 (with U-25, U-24): all three end on 21; U-25 points, then entertainer cards decide.

    Seat 0 (juggling) wins kangaroo-juggling: +2 and the only kangaroo +5 = 7 with one card.
    Seat 1 (music) wins bear-music and bear-dance: +2 and the only bears +5 = 7 with two cards.
    Seat 2 scores most in every show, so it never wins a card: no U-25 points.
    """
    game = UltimatumGame.new(3, seed=26, deal=TIE_DEAL)
    events: list[Event] = []
    for actions in TIE_TURNS:
        events += [e for a in actions for e in game.play(a, seat=whose_turn(game))]
    shows = [e for e in events if e["type"] == "show"]
    assert [(e["entertainer"], e["points"]) for e in shows] == [
        ("bear-music", [0, 2, 3]),
        ("kangaroo-juggling", [4, 0, 5]),
        ("bear-dance", [0, 2, 3]),
    ]
    assert game.won == [["kangaroo-juggling"], ["bear-music", "bear-dance"], []]
    assert events[-1]["type"] == "game_over" and events[-1]["reason"] == "penguin_deck_empty"
    assert game.deck == [] and game.entertainer_deck == []
    assert game.final_bonus == [[2, 5], [2, 5], [0, 0]]
    assert game.scores == [10 + 4 + 7, 10 + 4 + 7, 10 + 11] == [21, 21, 21]
    assert game.ranking() == [[1], [0], [2]] == events[-1]["ranking"]


# bear-music on A5 (dot B5; W is off the iceberg), bear-dance on A9 (dot A8; S, SW are off).
SHARED_DEAL: dict[str, Any] = {
    "hands": [
        ["blue-2-juggling", "green-2-acrobatics", "red-5-dance", "brown-2-music"],
        ["blue-4-acrobatics", "blue-3-juggling", "green-3-music", "brown-3-juggling"],
    ],
    "deck": [
        "brown-4-music",
        "brown-5-music",
        "green-4-juggling",
        "green-5-juggling",
        "red-2-juggling",
    ],
    "setup": {"A5": "bear-music", "A9": "bear-dance"},
    "entertainer_deck": ["sheep-dance"],
    "activities": ["music", "dance"],
}
SHARED_TURNS: list[tuple[str, ...]] = [
    ("play blue-2-juggling A4", "invite supply A4"),  # 0: a bear-music fan, no show yet
    ("play blue-4-acrobatics A6", "invite supply A6"),  # 1: likewise
    # 0: B5 fills bear-music (the green 2 has no stone): [2, 4] → seat 0
    ("play green-2-acrobatics B5", "skip", "entertainer E4"),
    ("play blue-3-juggling B8", "invite supply B8"),  # 1: a bear-dance fan, no show yet
    ("play red-5-dance B9", "invite supply B9"),  # 0: likes dance
    # 1: A8 fills bear-dance (green music, no stone, no fee): [5, 3] → seat 1; no entertainer
    # is left to lay (U-24)
    ("play green-3-music A8", "skip"),
]


def test_u26_played_full_tie_shares_the_rank() -> None:
    """U-26 (with U-25, U-24): equal score, equal U-25 points, equal cards → one shared rank.

    The two reach 17 from shows by different routes (seat 0: 2 + 5, seat 1: 4 + 3), pay no fee,
    and each wins one bear matching its activity card: +2, and the tied bear majority +3 each.
    """
    game = UltimatumGame.new(2, seed=27, deal=SHARED_DEAL)
    events: list[Event] = []
    for actions in SHARED_TURNS:
        events += [e for a in actions for e in game.play(a, seat=whose_turn(game))]
    shows = [e for e in events if e["type"] == "show"]
    assert [(e["entertainer"], e["points"]) for e in shows] == [
        ("bear-music", [2, 4]),
        ("bear-dance", [5, 3]),
    ]
    assert all(e["fee"] == 0 for e in events if e["type"] == "penguin_laid")
    assert game.won == [["bear-music"], ["bear-dance"]] and game.removed == []
    assert events[-1]["type"] == "game_over" and events[-1]["reason"] == "entertainer_deck_empty"
    assert game.final_bonus == [[2, 3], [2, 3]]
    assert game.scores == [10 + 2 + 5 + 5, 10 + 4 + 3 + 5] == [22, 22]
    assert game.ranking() == [[0, 1]] == events[-1]["ranking"]
    assert game.view(None)["ranking"] == [[0, 1]]
