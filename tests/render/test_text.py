"""Names and labels: drawn with the shipped font, shortened to fit, never crashing on Unicode."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.fish import FishGame
from render import fish, labels, text
from render.text import FONT_DIR

#: French picture words as the bot passes them: the catalogue's texts and its plural rule.
FRENCH = {
    "plural": "(n > 1)",
    "floes_one": "{n} tuile",
    "floes_many": "{n} tuiles",
    "sunk_one": "{n} tuile fond",
    "sunk_many": "{n} tuiles fondent",
}


def test_fonts_ship_with_the_project_and_carry_their_licence() -> None:
    """Pictures never depend on a system font: the files and their licence are under data/."""
    assert (FONT_DIR / "DejaVuSans.ttf").is_file()
    assert (FONT_DIR / "DejaVuSans-Bold.ttf").is_file()
    assert "Bitstream" in (FONT_DIR / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    path = text.font(20).path
    assert isinstance(path, str)
    assert path.startswith(str(FONT_DIR))


def test_clean_keeps_accents_and_drops_what_the_font_cannot_draw() -> None:
    """Accented Latin, Greek and Cyrillic stay; emoji and CJK (not in DejaVu) are dropped."""
    assert text.clean("Zoë Ångström", "Player 1") == "Zoë Ångström"
    assert text.clean("Жанна Σοφία", "Player 1") == "Жанна Σοφία"
    assert text.clean("🐧 Pingu 🐧", "Player 1") == "Pingu"
    assert text.clean("山田 Taro", "Player 1") == "Taro"
    assert text.clean("山田太郎", "Player 3") == "Player 3"
    assert text.clean("👨‍👩‍👧‍👦", "Player 2") == "Player 2"
    assert text.clean("e\u0301", "x") == "é"  # combining accent composed first
    assert text.clean("👨\u200d👩\u200d👧 Kåre\ufe0f", "x") == "Kåre"  # no stray joiners


def test_fit_shortens_with_an_ellipsis_only_when_needed() -> None:
    """A long name ends in … and fits its box; a short one is left alone."""
    face = text.font(22, True)
    assert text.fit("Ann", face, 200) == "Ann"
    long = "Bartholomew Fitzgerald-Montgomery the Third"
    short = text.fit(long, face, 150)
    assert short.endswith(text.ELLIPSIS) and long.startswith(short[:-1])
    assert face.getlength(short) <= 150


@pytest.mark.parametrize("level", ["hard", "schwer", "difficile"])
def test_fit_keeps_the_part_in_brackets_that_tells_a_name_apart(level: str) -> None:
    """A computer's one name, "Penguin Bot (hard)", shortened for a narrow row keeps its level
    whole ("Penguin… (hard)"): the head gives way, the level never; a row too narrow even
    for that cuts the whole name."""
    face = text.font(24, True)
    name = f"Penguin Bot ({level})"
    width = face.getlength(name) - 20
    shown = text.fit(name, face, width)
    assert shown.endswith(f"{text.ELLIPSIS} ({level})") and name.startswith(shown[:3])
    assert face.getlength(shown) <= width
    tiny = text.fit(name, face, face.getlength(f"({level})"))
    assert tiny.endswith(text.ELLIPSIS)


@settings(max_examples=60, deadline=None)
@given(name=st.text(max_size=60), width=st.integers(20, 400))
def test_any_unicode_name_is_cleaned_and_fitted(name: str, width: int) -> None:
    """Whatever a player calls themselves, the name becomes drawable text that fits."""
    face = text.font(20)
    shown = text.fit(text.clean(name, "Player 1"), face, width)
    assert all(c == " " or text.has_glyph(c) for c in shown)
    assert face.getlength(shown) <= max(width, face.getlength(text.ELLIPSIS))


def test_every_label_is_short_and_well_formed() -> None:
    """Labels stay short so translations fit; placeholders are the ones the renderer fills."""
    for key, value in labels.ENGLISH.items():
        assert (
            len(
                value.format(
                    n=12, name="Ann", to="C4", move="C4-F2", cell="E4", activity=2, majority=5
                )
            )
            <= 40
        ), key
    assert labels.merged(None) is labels.ENGLISH
    assert labels.merged({"floes_many": "{n} Schollen"})["floes_many"] == "{n} Schollen"


def test_counted_labels_agree_with_their_number() -> None:
    """One floe, two floes: the singular and plural texts come from the table."""
    assert labels.counted(labels.ENGLISH, "floes", 1) == "1 floe"
    assert labels.counted(labels.ENGLISH, "floes", 0) == "0 floes"
    assert labels.counted(labels.ENGLISH, "sunk", 3) == "3 floes sink"


def test_counted_labels_follow_the_languages_plural_rule() -> None:
    """French (Plural-Forms: plural=(n > 1)) uses the singular for 0 and 1, unlike English; the
    rule may also come as the whole header value."""
    french = labels.merged(FRENCH)
    assert [labels.counted(french, "floes", n) for n in (0, 1, 2)] == [
        "0 tuile",
        "1 tuile",
        "2 tuiles",
    ]
    header = labels.merged({**FRENCH, "plural": "nplurals=2; plural=(n > 1);"})
    assert labels.counted(header, "sunk", 0) == "0 tuile fond"
    assert labels.counted(labels.merged({"plural": "n != 1"}), "floes", 0) == "0 floes"


def test_a_french_picture_counts_zero_floes_in_the_singular() -> None:
    """At the start every catch is 0 floes: the French board says "0 tuile", so it is the same
    picture as one whose plural text is the singular too, and differs from an all-plural one."""
    view = FishGame.new(players=2, seed=3).view(None)
    assert all(catch["floes"] == 0 for catch in view["catch"])
    names = ["Ann", "Ben"]
    french = fish.render_image(view, names, FRENCH).tobytes()
    assert french == fish.render_image(view, names, {**FRENCH, "floes_many": "{n} tuile"}).tobytes()
    assert french != fish.render_image(view, names, {**FRENCH, "floes_one": "{n} tuiles"}).tobytes()


def test_a_bad_plural_rule_is_refused() -> None:
    """The rule is gettext's C-like grammar only, checked when the table is merged."""
    with pytest.raises(ValueError):
        labels.merged({"plural": "__import__('os')"})


def test_named_shortens_the_name_and_keeps_the_rest_of_the_line() -> None:
    """ "Bartholo… moves": the verb stays readable however long the name is."""
    face = text.font(22, True)
    line = text.named("Turn 3 · {name} moves", "Bartholomew Fitzgerald-Montgomery", face, 260)
    assert line.startswith("Turn 3 · Ba") and line.endswith("… moves")
    assert face.getlength(line) <= 260
    assert text.named("{name} wins", "Ann", face, 260) == "Ann wins"
