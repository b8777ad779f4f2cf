"""German card grammar: every card name in every place a text puts one, with the article and
adjective endings agreeing (``die braune 5``, never ``der braune 5``).

A penguin card is "die Karte": feminine, so its colour takes ``-e`` after ``die``/``eine`` or
with no article (nominative, accusative) and ``-en`` after ``der``/``einer`` (dative). An
entertainer is named after a noun that carries the grammar (``der Unterhalter Bär (Musik)``),
because the animals' genders differ (das Schaf, der Bär).
"""

from __future__ import annotations

import re

import pytest

from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS
from bot.i18n import t
from bot.texts.ultimatum import card_name
from tests.i18n.helpers import template_keys

#: Every text that puts a card's name in a sentence, by the kind of card it names (``typed``:
#: the text the person typed, quoted back as it was).
PLACES = {
    "You drew a {card}.": "penguin",
    "Where does the {card} go? (marked on the picture)": "penguin",
    "{who} invited a {card} to {cell}.": "penguin",
    "lays the {card} on {cell}": "penguin",
    "The stone on {cell} ({card}), moved onto:": "penguin",
    "starts the {card} show": "entertainer",
    "give up {card}": "entertainer",
    "Where does the new entertainer, {card}, go?": "entertainer",
    "Laid on {cell}, the {card} would perform at once, whichever way it lies.": "entertainer",
    "Laid on {cell} this way, the {card} would perform at once; laid the other way it would "
    "not.": "entertainer",
    "Instead of the kinship fee they gave up the {card}.": "entertainer",
    "Show! The {card} on {cell} performs for {audience}.": "entertainer",
    "{who} wins the {card}.": "entertainer",
    "The {card} leaves the game.": "entertainer",
    "{who} laid the {card} on {cell}, turned.": "entertainer",
    "{who} laid the {card} on {cell}.": "entertainer",
    "gives up the {card} instead of the kinship fee": "entertainer",
    "{card} is not a penguin card (colour-value-activity, e.g. red-3-dance).": "typed",
    "You don't hold {card}.": "typed",
}
FILLERS = {"who": "Bruno", "cell": "E4", "audience": "3 Pinguinen"}
COLOURS = "grün|braun|rot|blau"
#: article → the colour's ending after it, for a feminine noun ("" : no article).
AGREES = {"die": "e", "eine": "e", "der": "en", "einer": "en", "": "e"}
PENGUIN = re.compile(rf"(?:\b(\w+)\s+)?\b({COLOURS})(\w*)\s+\d")
ENTERTAINER_NOUNS = ("Unterhalter", "Unterhalters", "Unterhalterkarte")


def test_every_text_that_names_a_card_is_checked() -> None:
    """A new text with a card in it is classified here before it can pass."""
    carded = {k[1] for k in template_keys() if isinstance(k[1], str) and "{card}" in k[1]}
    assert carded == set(PLACES)


@pytest.mark.parametrize("msgid", [m for m, kind in PLACES.items() if kind == "penguin"])
def test_a_penguin_card_agrees_with_its_article_in_german(msgid: str) -> None:
    """Every penguin card (U-1) in this place: the colour's ending fits the article before it."""
    for card in PENGUINS:
        said = t("de", msgid, card=card_name("de", card), **FILLERS)
        match = PENGUIN.search(said)
        assert match is not None, said
        article, ending = (match[1] or "").lower(), match[3]
        expected = AGREES.get(article, AGREES[""])
        assert ending == expected, f"{said!r}: '{article} {match[2]}{ending}'"


@pytest.mark.parametrize("msgid", [m for m, kind in PLACES.items() if kind == "entertainer"])
def test_an_entertainer_is_named_after_a_noun_in_german(msgid: str) -> None:
    """Every entertainer (U-2) in this place stands after a noun that carries the case, or
    starts the text (a label), so no animal's gender can be got wrong."""
    for card in ENTERTAINERS:
        name = card_name("de", card)
        said = t("de", msgid, card=name, **FILLERS)
        before = said[: said.index(name)].rstrip(" ,")
        assert not before or before.endswith(ENTERTAINER_NOUNS), said


def test_the_card_names_themselves() -> None:
    """The names as labels show them: ``braune 5 (Jonglieren)``, ``Schaf (Musik)``."""
    assert card_name("de", "brown-5-juggling") == "braune 5 (Jonglieren)"
    assert card_name("de", "sheep-music") == "Schaf (Musik)"
    assert t(
        "de", "lays the {card} on {cell}", card=card_name("de", "brown-5-juggling"), cell="E6"
    ) == ("legt die braune 5 (Jonglieren) auf E6")
