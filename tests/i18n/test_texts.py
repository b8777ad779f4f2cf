"""Texts in a language: lookups and plurals, picture words, every refusal, command texts."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from bot import translator as command_translator
from bot.games.base import IllegalAction
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.i18n import N_, known_language, language_of, picture_labels, t, tn
from bot.store.rows import status_error
from bot.texts import refusals as errors
from bot.translator import CatalogueTranslator
from render import fish as fish_picture
from render import labels as picture_words
from tests.i18n.helpers import fields
from tests.turns import asking_seat, whose_turn

ROOT = Path(__file__).resolve().parent.parent.parent
RAISERS = {"IllegalAction", "StoreError", "LobbyError", "InvalidValue", "BadOption", "NoDaysLeft"}
#: Codes built with an f-string: the values their placeholder takes in the code.
DYNAMIC = {"gap_": ("on", "between"), "penguin_": ("on", "between")}


def test_lookups_translate_and_fall_back_to_english() -> None:
    """A known text comes back translated and filled in; an unknown one (or language) in English."""
    assert t("de", "Game #{id} is over.", id=4) == "Partie #4 ist vorbei."
    assert t("fr", "Game #{id} is over.", id=4) == "La partie #4 est terminée."
    assert t("en", "Game #{id} is over.", id=4) == "Game #4 is over."
    assert t("de", "A text nobody wrote {x}", x=1) == "A text nobody wrote 1"
    assert t("es", "Game #{id} is over.", id=4) == "Game #4 is over."


def test_plurals_follow_each_languages_rule() -> None:
    """German: singular for 1 only; French: singular for 0 and 1 (n > 1 is plural)."""
    one, many = "{n} penguin", "{n} penguins"
    assert [tn("en", one, many, n) for n in (0, 1, 2)] == ["0 penguins", "1 penguin", "2 penguins"]
    assert [tn("de", one, many, n) for n in (0, 1, 2)] == [
        "0 Pinguinen",
        "1 Pinguin",
        "2 Pinguinen",
    ]
    assert [tn("fr", one, many, n) for n in (0, 1, 2)] == [
        "0 pingouin",
        "1 pingouin",
        "2 pingouins",
    ]


def test_discord_locales_map_to_our_languages() -> None:
    """en-US/en-GB → en, de → de, fr → fr; a locale we do not speak is None (English for t)."""
    assert language_of(discord.Locale.german) == "de"
    assert language_of(discord.Locale.french) == "fr"
    assert language_of(discord.Locale.british_english) == "en"
    assert known_language("es-ES") is None and language_of("es-ES") == "en"
    assert known_language(None) is None


def test_picture_words_exist_in_every_language_and_reach_the_pixels() -> None:
    """F-1/U-4 pictures: every drawn word has a German and French version, and a board drawn
    with them differs from the English one."""
    assert picture_labels("en") is None
    for lang in ("de", "fr"):
        words = picture_labels(lang)
        assert words is not None and set(words) == set(picture_words.ENGLISH)
        assert picture_words.merged(words)["turn"] != picture_words.ENGLISH["turn"]
        for name, english in picture_words.ENGLISH.items():
            assert fields(words[name]) == fields(english), name
    view = FishGame.new(players=2, seed=3).view(None)
    english_board = fish_picture.board(view, names=["Ann", "Ben"])
    german_board = fish_picture.board(view, names=["Ann", "Ben"], labels=picture_labels("de"))
    assert english_board != german_board


def test_picture_counts_follow_each_languages_plural_rule() -> None:
    """Pictures count floes as the language does: French takes the singular for 0 and 1
    (its catalogue's Plural-Forms), German and English only for 1."""
    expected = {
        "en": ("0 floes", "1 floe", "2 floes"),
        "de": ("0 Schollen", "1 Scholle", "2 Schollen"),
        "fr": ("0 tuile", "1 tuile", "2 tuiles"),
    }
    for lang, texts in expected.items():
        words = picture_words.merged(picture_labels(lang) or {})
        counted = tuple(picture_words.counted(words, "floes", n) for n in (0, 1, 2))
        assert counted == texts, lang


# --- every refusal of the engines and the store has a template --------------------------------


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def raised_codes() -> dict[str, set[str]]:
    """Every error code raised in bot/games, bot/play and bot/store → the values its raisers
    pass."""
    found: dict[str, set[str]] = {}
    for folder in ("bot/games", "bot/play", "bot/store"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = _call_name(node)
                in_errors = path.name == "errors.py" and name == "__init__"
                if name not in RAISERS and not in_errors:
                    continue
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes = [first.value]
                elif isinstance(first, ast.JoinedStr):
                    head = first.values[0]
                    assert isinstance(head, ast.Constant) and head.value in DYNAMIC, (
                        f"{path}: a code built at run time that this test does not know"
                    )
                    codes = [head.value + tail for tail in DYNAMIC[head.value]]
                else:
                    continue  # status_error's LobbyError: its codes are read below
                names = {k.arg for k in node.keywords if k.arg}
                for code in codes:
                    found.setdefault(code, set()).update(names)
    for status in ("lobby", "active", "finished", "cancelled"):
        # A stand-in record: status_error reads only its id and status.
        error = status_error(SimpleNamespace(id=1, status=status), "active")  # type: ignore[arg-type]
        found.setdefault(error.code, set()).update(error.params)
    return found


def candidates(code: str) -> list[str]:
    """Every template that may say an error with this code."""
    return [
        *([errors.TEMPLATES[code]] if code in errors.TEMPLATES else []),
        *(text for (_, c), text in errors.BY_KIND.items() if c == code),
        *(text for (c, _), text in errors.BY_VALUE.items() if c == code),
    ]


def test_the_scan_finds_the_codes_of_both_engines_and_the_store() -> None:
    """The scan below sees codes of Fish, Ultimatum and the store (so it can miss none)."""
    codes = raised_codes()
    assert {"no_such_floe", "gap_on", "penguin_between", "would_start_show", "wrong_step"} <= set(
        codes
    )
    assert {"no_game", "conflict", "full", "started", "reminder_hours", "undo_pending"} <= set(
        codes
    )
    assert "cannot_open" not in codes, "start-up errors are for the operator, not players"


def test_every_refusal_code_has_a_template_with_values_it_gets() -> None:
    """No refusal stays English for a German or French reader: each code has a template, and
    each template only uses values the error carries (or the store's constants)."""
    # A BadOption (bot.play.options) always carries the excerpt of what was typed.
    extra = set(errors.CONSTANTS) | {"card", "typed"}
    for code, given in raised_codes().items():
        found = candidates(code)
        assert found, f"no template for {code!r}"
        for template in found:
            assert fields(template) <= given | extra, (code, template)


def test_no_template_is_left_for_a_code_nobody_raises() -> None:
    """Templates follow the code: a code that was removed takes its template along."""
    codes = raised_codes()
    assert set(errors.TEMPLATES) <= set(codes)
    assert {code for _, code in errors.BY_KIND} <= set(codes)
    assert {code for code, _ in errors.BY_VALUE} <= set(codes)


def refusal(game: Any, action: str) -> IllegalAction:
    """The error an illegal action raises."""
    with pytest.raises(IllegalAction) as caught:
        game.play(action, seat=asking_seat(game))
    return caught.value


def test_fish_refusals_in_german_and_french() -> None:
    """F-1, F-6: a floe that does not exist and a floe with 2 fish, said in each language."""
    game = FishGame.new(players=2, seed=1)
    error = refusal(game, "Z9")
    assert errors.explain("de", error, "fish") == (
        "Z9 ist keine Eisscholle (Reihen A–H; A, C, E, G haben die Eisschollen 1–7, "
        "B, D, F, H haben 1–8)."
    )
    two = next(floe for floe, fish in game.floes.items() if fish == 2)
    said = errors.explain("fr", refusal(game, two), "fish")
    assert said == f"{two} a 2 poissons ; les pingouins commencent sur des tuiles à 1 poisson."


def test_ultimatum_refusals_are_chosen_by_step_and_game() -> None:
    """U-11 … U-14: the wrong step names the command for it; notation errors differ by game."""
    game = UltimatumGame.new(players=2, seed=5)
    wrong_step = refusal(game, "skip")
    assert (
        errors.explain("fr", wrong_step, "ultimatum")
        == "Posez d'abord un pingouin : /ultimatum jouer."
    )
    nonsense = refusal(game, "dance")
    assert "/ultimatum ausspielen" in errors.explain("de", nonsense, "ultimatum")
    assert "C4-F2" in errors.explain("de", refusal(FishGame.new(players=2, seed=1), "hop"), "fish")
    off = refusal(game, f"play {game.hand(0)[0]} Z4")
    assert errors.explain("de", off, "ultimatum").startswith("Z4 liegt außerhalb des Eisbergs")


def _entertainer_step(seed: int) -> UltimatumGame | None:
    """A game at U-21 (a new entertainer to lay), reached by random legal play; None if the
    game ends first."""
    rng = random.Random(seed)
    game = UltimatumGame.new(players=2, seed=seed)
    while game.phase != "entertainer":
        if game.is_over:
            return None
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    return game


def _show_refusals(game: UltimatumGame) -> list[IllegalAction]:
    """Every would_start_show refusal at this step (each illegal lay changes nothing)."""
    legal = set(game.legal_actions())
    found = []
    for cell in [f"{c}{r}" for c in "ABCDEFGHI" for r in range(1, 10)]:
        for way in ("", " turned"):
            action = f"entertainer {cell}{way}"
            if action in legal:
                continue
            error = refusal(game, action)
            if error.code == "would_start_show":
                found.append(error)
    return found


def _variant(error: IllegalAction) -> str:
    if error.params["performer"] != error.params["cell"]:
        return "sets off another"
    return "only one way" if error.params["other_way"] else "either way"


def test_every_kind_of_show_refusal_is_said_in_each_language() -> None:
    """U-21: a new entertainer that would perform (either way, or only as laid) or would set
    off another one is refused with the reason in the reader's language, values filled in."""
    seen: dict[str, IllegalAction] = {}
    for seed in range(60):
        game = _entertainer_step(seed)
        if game is not None:
            for error in _show_refusals(game):
                seen.setdefault(_variant(error), error)
        if len(seen) == 3:
            break
    assert set(seen) == {"sets off another", "only one way", "either way"}
    for error in seen.values():
        for lang, word in (("de", "Unterhalter"), ("fr", "artiste")):
            text = errors.explain(lang, error, "ultimatum")
            assert word in text and "{" not in text and str(error.params["cell"]) in text
    other_way = errors.explain("de", seen["only one way"], "ultimatum")
    assert other_way.endswith("andersherum gelegt nicht.")


# --- command texts ---------------------------------------------------------------------------

Location = app_commands.TranslationContextLocation


async def ask(text: str, locale: discord.Locale, location: Location) -> str | None:
    """What the translator answers discord.py for one text."""
    # discord.py's overloads pair each location with the command object it describes; the
    # translator reads only the location, so none is built here.
    context = app_commands.TranslationContext(location=location, data=None)  # type: ignore[call-overload]
    return await CatalogueTranslator().translate(app_commands.locale_str(text), locale, context)


async def test_the_translator_names_commands_in_german_and_french() -> None:
    """Names and descriptions per locale; English locales get Discord's default (None)."""
    assert await ask("fish", discord.Locale.german, Location.group_name) == "packeis"
    assert await ask("fish", discord.Locale.french, Location.group_name) == "pingouins"
    assert await ask("floe", discord.Locale.german, Location.parameter_name) == "scholle"
    assert await ask("easy", discord.Locale.french, Location.choice_name) == "facile"
    described = await ask(
        "Place a penguin on a free 1-fish floe", discord.Locale.german, Location.command_description
    )
    assert described == "Einen Pinguin auf eine freie Eisscholle mit 1 Fisch setzen"
    assert await ask("fish", discord.Locale.american_english, Location.group_name) is None
    assert await ask("fish", discord.Locale.spain_spanish, Location.group_name) is None
    assert await ask("no such text", discord.Locale.german, Location.command_name) is None


async def test_a_name_discord_would_refuse_is_left_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """A catalogue name with a space or capitals would fail the whole sync: it is not used."""
    monkeypatch.setattr(command_translator, "translation", lambda *_: "Zwei Wörter")
    assert await ask("fish", discord.Locale.german, Location.group_name) is None
    assert await ask("Penguin games", discord.Locale.german, Location.group_description) == (
        "Zwei Wörter"
    )


def test_n_marks_without_changing() -> None:
    """N_ only marks a text for the catalogue."""
    assert N_("Join") == "Join"
