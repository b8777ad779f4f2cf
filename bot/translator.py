"""Slash commands in the reader's language: Discord shows each person the command, option and
choice names and descriptions of their client's locale (``name_localizations`` …).

discord.py asks the translator for every text of every command once per Discord locale when it
syncs; the answers come from the same gettext catalogues as every other text, under the msgctxt
``command name`` (names) or ``command`` (descriptions and choice names). Choice *values* are
never translated: cells, floes, cards and actions are the rules' notation.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.i18n import DEFAULT, NAME_CONTEXT, TEXT_CONTEXT, known_language, translation

Location = app_commands.TranslationContextLocation
NAME_LOCATIONS = frozenset({Location.command_name, Location.group_name, Location.parameter_name})
#: Discord's rule for command and option names (lowercase wherever a letter has a case).
NAME_RULE = re.compile(r"^[-_'\w]{1,32}$")
NAME_LIMIT = 32
TEXT_LIMIT = 100


def context_of(location: app_commands.TranslationContextLocation) -> str:
    """The msgctxt of a command text: names follow Discord's naming rules, the rest is prose."""
    return NAME_CONTEXT if location in NAME_LOCATIONS else TEXT_CONTEXT


def valid_name(name: str) -> bool:
    """Whether Discord accepts ``name`` as a command or option name."""
    return bool(NAME_RULE.match(name)) and name == name.lower()


class CatalogueTranslator(app_commands.Translator):
    """Command texts from the message catalogues; English (the source text) where none fits."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The text for one Discord locale, or None to leave Discord's English default."""
        lang = known_language(locale)
        if lang is None or lang == DEFAULT:
            return None
        kind = context_of(context.location)
        text = translation(lang, string.message, kind)
        if text is None:
            return None
        if kind == NAME_CONTEXT:
            # A name Discord would refuse must not fail the whole sync: keep the English one.
            return text if valid_name(text) else None
        return text[:TEXT_LIMIT]
