"""The German and French catalogues: every text of the code is there, translated, with the same
placeholders; nothing is left over; command names are ones Discord accepts and texts that name a
command use its name in that language."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog
from discord import app_commands

from bot import catalogue
from bot.i18n import NAME_CONTEXT, TEXT_CONTEXT
from bot.translator import NAME_LIMIT, TEXT_LIMIT, valid_name
from tests.i18n.helpers import (
    TRANSLATED,
    command_paths,
    entries,
    fields,
    forms,
    key,
    localized_name,
    read,
    template_keys,
)

COMMAND_MENTION = re.compile(r"/([-\w]+) ([-\w]+)")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalogue_parses_with_its_plural_rule(lang: str) -> None:
    """Each .po file is valid gettext (a strict parse) and has two plural forms."""
    catalog = read(lang)
    assert isinstance(catalog, Catalog) and catalog.num_plurals == 2
    assert not catalog.fuzzy, "a fuzzy header makes gettext tools ignore the catalogue"
    assert len(list(entries(lang))) > 300


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_message_is_missing_and_none_is_unused(lang: str) -> None:
    """The catalogue holds exactly the texts the code and the slash commands show."""
    found = {key(m) for m in entries(lang)}
    missing = template_keys() - found
    unused = found - template_keys()
    assert not missing, (
        f"not in {lang} (run make messages, then translate): {sorted(missing, key=str)}"
    )
    assert not unused, f"in {lang} but no longer shown: {sorted(unused, key=str)}"


def test_the_template_sees_code_pictures_and_commands() -> None:
    """Marked texts of the bot, the picture words of render/ and command texts all count."""
    keys = template_keys()
    assert (None, "It is not your turn.") in keys  # bot/texts/refusals.py
    assert (None, "{n} floes sink") in keys  # render/labels.py
    assert (None, ("{n} penguin", "{n} penguins")) in keys  # a plural text
    assert (NAME_CONTEXT, "fish") in keys and (NAME_CONTEXT, "floe") in keys
    assert (TEXT_CONTEXT, "Place a penguin on a free 1-fish floe") in keys
    assert (TEXT_CONTEXT, "easy") in keys  # a choice's name


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    """No empty translation (it would silently fall back to English), no fuzzy guess."""
    untranslated = [m.id for m in entries(lang) if not all(forms(m))]
    fuzzy = [m.id for m in entries(lang) if m.fuzzy]
    assert not untranslated, untranslated
    assert not fuzzy, fuzzy


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match_between_languages(lang: str) -> None:
    """Each translation fills exactly the placeholders of its English text (no KeyError, no
    value lost)."""
    wrong = []
    for message in entries(lang):
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = set().union(*(fields(text) for text in ids))
        for text in forms(message):
            if fields(text) != wanted:
                wrong.append((message.id, text))
    assert not wrong, wrong


def test_the_placeholder_check_sees_a_difference() -> None:
    """The comparison above would catch a renamed or dropped placeholder."""
    assert fields("{who} moved {start} → {end}") == {"who", "start", "end"}
    assert fields("{most_hours:g} hours") == {"most_hours"}
    assert fields("{who} zieht") != fields("{who} moved {start}")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_command_texts_fit_discords_rules(lang: str) -> None:
    """Names: lowercase, no spaces, at most 32 characters; descriptions at most 100."""
    for message in entries(lang):
        text = forms(message)[0]
        if message.context == NAME_CONTEXT:
            assert valid_name(text) and len(text) <= NAME_LIMIT, text
        elif message.context == TEXT_CONTEXT:
            assert 1 <= len(text) <= TEXT_LIMIT, text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_localized_names_are_unique_where_discord_needs_it(lang: str) -> None:
    """Top-level commands, the subcommands of a group and the options of a command each keep
    distinct names in every language (Discord refuses a sync otherwise)."""
    groups = catalogue.command_groups()
    tops = [localized_name(lang, c.name) for c in groups]
    assert len(tops) == len(set(tops)), tops
    for group in groups:
        subs = group.commands if isinstance(group, app_commands.Group) else [group]
        names = [localized_name(lang, c.name) for c in subs]
        assert len(names) == len(set(names)), names
        for command in subs:
            assert isinstance(command, app_commands.Command)
            options = [localized_name(lang, p.name) for p in command.parameters]
            assert len(options) == len(set(options)), (command.name, options)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_texts_name_commands_as_the_reader_sees_them(lang: str) -> None:
    """A translated text that mentions a command (``/packeis setzen``) uses that language's
    command names, never the English ones where they differ."""
    paths = command_paths(lang)
    english = {c.name for c in catalogue.command_groups()}
    foreign = {name for name in english if localized_name(lang, name) != name}
    assert foreign, "some group names are translated"
    wrong = []
    for message in entries(lang):
        if message.context is not None:
            continue
        for text in forms(message):
            for top, sub in COMMAND_MENTION.findall(text):
                if top in foreign or (top in paths and sub not in paths[top] and paths[top]):
                    wrong.append(text)
    assert not wrong, wrong
