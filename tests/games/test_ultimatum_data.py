"""The Penguin Ultimatum's card data, iceberg geometry and notation (U-1 … U-6, notation)."""

from __future__ import annotations

import tomllib
from collections import Counter
from itertools import combinations

import pytest

from bot.games.base import IllegalAction
from bot.games.ultimatum import cards
from bot.games.ultimatum.actions import (
    SUPPLY,
    Invite,
    LayEntertainer,
    Perform,
    Play,
    Skip,
    UltimatumAction,
    on_iceberg,
)
from bot.games.ultimatum.actions import parse as parse_text
from bot.games.ultimatum.cards import (
    ACTIVITIES,
    ANIMAL_COLOUR,
    ANIMALS,
    COLOURS,
    DIRECTIONS,
    ENTERTAINERS,
    PENGUINS,
    dots,
)
from bot.games.ultimatum.table import Geometry, cell_name, centre, geometry, neighbours, parse_cell


def parse(text: str, geo: Geometry) -> UltimatumAction:
    """What the engine makes of a text on an iceberg of ``geo``'s size."""
    return on_iceberg(parse_text(text), geo)


# U-2 as printed in RULES.md, transcribed independently of data/ultimatum.toml.
RULES_DOTS = {
    "sheep-juggling": "NE W",
    "sheep-acrobatics": "SE W NW",
    "sheep-dance": "N E S SW NW",
    "sheep-music": "N E S SW",
    "kangaroo-juggling": "N E SW",
    "kangaroo-acrobatics": "N NE E S",
    "kangaroo-dance": "SE NW",
    "kangaroo-music": "NE SE S SW W",
    "seal-juggling": "N E SE W NW",
    "seal-acrobatics": "S SW",
    "seal-dance": "NE E SE W",
    "seal-music": "N NE NW",
    "bear-juggling": "NE SE S NW",
    "bear-acrobatics": "NE SE SW W NW",
    "bear-dance": "N S SW",
    "bear-music": "E W",
}


def test_u1_sixty_four_distinct_penguins_one_per_combination() -> None:
    """U-1: 64 distinct penguins, one of each colour × activity × value 2–5, id colour-value-act."""
    assert len(PENGUINS) == 64
    combos = {(p.colour, p.value, p.activity) for p in PENGUINS.values()}
    assert combos == {(c, v, a) for c in COLOURS for v in (2, 3, 4, 5) for a in ACTIVITIES}
    for card_id, card in PENGUINS.items():
        assert card_id == f"{card.colour}-{card.value}-{card.activity}"
    assert PENGUINS["red-3-dance"].value == 3


def test_u2_sixteen_entertainers_as_printed_in_the_rules() -> None:
    """U-2: one entertainer per animal × activity, the house dot set, animal colours."""
    assert len(ENTERTAINERS) == 16
    assert {(e.animal, e.activity) for e in ENTERTAINERS.values()} == {
        (a, act) for a in ANIMALS for act in ACTIVITIES
    }
    assert ANIMAL_COLOUR == {"sheep": "green", "kangaroo": "brown", "seal": "red", "bear": "blue"}
    for card_id, card in ENTERTAINERS.items():
        assert card_id == f"{card.animal}-{card.activity}"
        assert card.colour == ANIMAL_COLOUR[card.animal]
        assert set(card.dots) == set(RULES_DOTS[card_id].split())


def test_u2_dot_counts_and_directions() -> None:
    """U-2: every animal and activity has one card with 2, 3, 4 and 5 dots; each direction 7×."""
    for animal in ANIMALS:
        counts = sorted(len(e.dots) for e in ENTERTAINERS.values() if e.animal == animal)
        assert counts == [2, 3, 4, 5], animal
    for activity in ACTIVITIES:
        counts = sorted(len(e.dots) for e in ENTERTAINERS.values() if e.activity == activity)
        assert counts == [2, 3, 4, 5], activity
    used = Counter(d for e in ENTERTAINERS.values() for d in e.dots)
    assert used == dict.fromkeys(DIRECTIONS, 7)


def test_u2_no_two_entertainers_alike_even_turned() -> None:
    """U-2: no two entertainers have the same dots, whichever way either lies."""
    for a, b in combinations(ENTERTAINERS, 2):
        for turned_a in (False, True):
            for turned_b in (False, True):
                assert set(dots(a, turned_a)) != set(dots(b, turned_b)), (a, b)


def test_u2_turned_dots_point_the_opposite_way() -> None:
    """U-2: turned, N↔S, NE↔SW, E↔W, SE↔NW."""
    assert dots("sheep-juggling", False) == ("NE", "W")
    assert dots("sheep-juggling", True) == ("SW", "E")
    assert set(dots("seal-dance", True)) == {"SW", "W", "NW", "E"}
    for card in ENTERTAINERS:
        assert {DIRECTIONS[(DIRECTIONS.index(d) + 4) % 8] for d in dots(card, False)} == set(
            dots(card, True)
        )


def test_u3_components_in_the_data_file() -> None:
    """U-3, U-9: 14 curtains, 3 stones per player, hands of 4, a score of 10 to start with."""
    raw = tomllib.loads(cards.DATA_FILE.read_text(encoding="utf-8"))
    assert raw["components"] == {
        "curtains": 14,
        "stones_per_player": 3,
        "hand_size": 4,
        "starting_score": 10,
    }
    assert cards.CURTAINS == 14 and cards.STONES_PER_PLAYER == 3
    assert cards.SETUP_SIDES == {2: ("W", "N", "E"), 3: ("W", "N", "E"), 4: ("W", "N", "E", "S")}


def test_u4_cell_names_and_sizes() -> None:
    """U-4: columns lettered from A at the left, rows numbered from 1 at the top; 5 to 15 a side."""
    assert cell_name(0, 0) == "A1" and cell_name(4, 4) == "E5" and cell_name(14, 14) == "O15"
    assert parse_cell("e4") == (4, 3) and parse_cell("  O 15 ") == (14, 14)
    geo = geometry(15, 5)
    assert geo.names[0] == "A1" and geo.names[14] == "O1" and geo.names[-1] == "O5"
    for bad in (4, 16):
        with pytest.raises(ValueError):
            geometry(bad, 9)
    with pytest.raises(IllegalAction) as info:
        geometry(9, 9).locate("J1")
    assert info.value.code == "off_iceberg" and "J1 is outside the iceberg" in info.value.message
    with pytest.raises(IllegalAction) as info:
        parse_cell("4E")
    assert info.value.code == "bad_cell"


def test_u5_neighbours_include_diagonals_and_stop_at_the_edge() -> None:
    """U-5: up to 8 neighbours, diagonals included; cells off the iceberg are not neighbours."""
    assert set(neighbours(4, 4, 9, 9)) == {
        (c, r) for c in (3, 4, 5) for r in (3, 4, 5) if (c, r) != (4, 4)
    }
    assert set(neighbours(0, 0, 9, 9)) == {(1, 0), (0, 1), (1, 1)}
    assert len(neighbours(8, 4, 9, 9)) == 5
    geo = geometry(9, 9)
    corner = geo.index["I9"]
    assert sorted(geo.names[n] for n in geo.adjacent[corner]) == ["H8", "H9", "I8"]
    # Dots that point off the iceberg are left out of the cells to check (they count as filled).
    assert geo.dot_cells[("seal-dance", False)][geo.index["E9"]] == (
        geo.index["F8"],
        geo.index["F9"],
        geo.index["D9"],
    )


@pytest.mark.parametrize(
    ("width", "height", "name"), [(9, 9, "E5"), (5, 5, "C3"), (6, 8, "C4"), (15, 10, "H5")]
)
def test_u6_centre_cell(width: int, height: int, name: str) -> None:
    """U-6: the centre; for an even side the cell left of / above the middle."""
    col, row = centre(width, height)
    assert cell_name(col, row) == name
    assert geometry(width, height).names[geometry(width, height).centre] == name


def test_notation_round_trip_and_forgiving_spacing() -> None:
    """Notation: case and spaces are forgiven; the normalised text is what the rules print."""
    geo = geometry(9, 9)
    cases = {
        "  PLAY  Red - 3 - Dance   e4 ": "play red-3-dance E4",
        "play red-3-dance E4 WAIVE seal–music": "play red-3-dance E4 waive seal-music",
        "Invite Supply e4": "invite supply E4",
        "invite d3 E4": "invite D3 E4",
        "SKIP": "skip",
        "perform e6": "perform E6",
        "entertainer f7 TURNED": "entertainer F7 turned",
        "entertainer f7": "entertainer F7",
    }
    for text, normal in cases.items():
        assert str(parse(text, geo)) == normal
        assert str(parse(normal, geo)) == normal
    assert isinstance(parse("skip", geo), Skip)
    assert parse("play red-3-dance E4", geo) == Play("red-3-dance", "E4", None)
    assert parse("invite supply E4", geo) == Invite(SUPPLY, "E4")
    assert parse("perform E6", geo) == Perform("E6")
    assert parse("entertainer F7 turned", geo) == LayEntertainer("F7", True)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "bad_notation"),
        ("dance", "bad_notation"),
        ("play red-3-dance", "bad_notation"),
        ("play red-3-dance E4 seal-music", "bad_notation"),
        ("play red-6-dance E4", "unknown_card"),
        ("play red-3-dance E4 waive seal-tango", "unknown_entertainer"),
        ("play red-3-dance Z4", "off_iceberg"),
        ("play red-3-dance E10", "off_iceberg"),
        ("play red-3-dance 44", "bad_cell"),
        ("invite E4", "bad_notation"),
        ("skip now", "bad_notation"),
        ("entertainer F7 upside-down", "bad_notation"),
        ("perform", "bad_notation"),
    ],
)
def test_notation_is_strict_about_meaning(text: str, code: str) -> None:
    """Notation: unknown verbs, cards, entertainers and cells are refused with a clear code."""
    with pytest.raises(IllegalAction) as info:
        parse(text, geometry(9, 9))
    assert info.value.code == code
    assert info.value.message
