"""/game history in words: an Ultimatum turn as one sentence in the reader's language, built
from the log's notation (U-11 … U-21), and a Fish move or placement (F-6, F-7)."""

from __future__ import annotations

import pytest

from bot.texts.history import told_turns

LOG = [
    (0, "play brown-5-juggling E6"),
    (0, "invite supply D2"),
    (1, "play red-3-dance E5 waive seal-music"),
    (1, "invite D7 E5"),
    (1, "perform D4"),
    (1, "entertainer D7 turned"),
    (0, "play green-2-music C4"),
    (0, "skip"),
    (0, "resign 0"),
]
NAMES = ["Alice", "Bruno"]
EXPECTED = {
    "en": [
        "Alice lays the brown 5 (juggling) on E6 and puts a stone on D2.",
        "Bruno lays the red 3 (dance) on E5, gives up the seal (music) instead of the kinship "
        "fee, moves a stone from D7 to E5, lets the show on D4 go first and lays the new "
        "entertainer on D7, turned.",
        "Alice lays the green 2 (music) on C4 and leaves the stones where they are.",
        "Alice resigns.",
    ],
    "de": [
        "Alice legt die braune 5 (Jonglieren) auf E6 und legt einen Einladungsstein auf D2.",
        "Bruno legt die rote 3 (Tanz) auf E5, gibt den Unterhalter Seehund (Musik) statt der "
        "Verwandtschaftsstrafe ab, versetzt einen Einladungsstein von D7 nach E5, lässt die "
        "Darbietung auf D4 zuerst stattfinden und legt den neuen Unterhalter gedreht auf D7.",
        "Alice legt die grüne 2 (Musik) auf C4 und lässt die Einladungssteine liegen.",
        "Alice gibt auf.",
    ],
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_an_ultimatum_turn_is_one_sentence(lang: str) -> None:
    told = told_turns(lang, "ultimatum", LOG, NAMES)
    assert [t.line for t in told] == EXPECTED[lang]
    assert [t.last for t in told] == [1, 5, 7, 8]


def test_french_turns_name_no_notation() -> None:
    told = told_turns("fr", "ultimatum", LOG, NAMES)
    assert (
        told[0].line
        == "Alice pose le pingouin brun 5 (jonglerie) en E6 et pose un jeton d'invitation en D2."
    )
    assert not any(text in t.line for t in told for _, text in LOG)


def test_a_fish_turn_in_words() -> None:
    told = told_turns("de", "fish", [(0, "A1"), (1, "B2"), (0, "A1-C3")], NAMES)
    assert [t.line for t in told] == [
        "Alice setzt einen Pinguin auf A1.",
        "Bruno setzt einen Pinguin auf B2.",
        "Alice zieht einen Pinguin von A1 nach C3.",
    ]
