"""The message catalogue's template: every text the bot can show, gathered from the code.

Two sources: Babel's extraction over ``bot/`` and ``render/`` (the keywords of ``bot.i18n``), and
the slash commands themselves — every name, description and choice that discord.py hands to the
command translator when it syncs (under the contexts of ``bot.i18n.COMMAND_CONTEXTS``).
``python -m bot.catalogue`` (``make messages``) brings ``data/locale/*/messages.po`` up to date
with the code: new texts are added untranslated, texts no longer used are dropped.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import app_commands
from discord.ext import commands

from bot.i18n import DEFAULT, KEYWORDS, LANGUAGES, catalog_path
from bot.translator import context_of

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("bot", "render")
PROJECT = "penguin-games-bot"

#: Where command texts are said to come from in the catalogue (they are not in one line of code).
COMMANDS_LOCATION = ("slash-commands", 0)


def code_messages() -> Iterator[tuple[str | tuple[str, ...], str, int]]:
    """Every marked text in the code: (msgid or (singular, plural), file, line)."""
    for folder in SOURCES:
        found = extract_from_dir(
            ROOT / folder,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, _comments, _context in found:
            yield message, f"{folder}/{filename}", lineno


def command_groups() -> list[app_commands.Command[Any, ..., Any] | app_commands.Group]:
    """The top-level slash commands and groups of every cog the bot loads."""
    from bot.client import COGS

    found: list[app_commands.Command[Any, ..., Any] | app_commands.Group] = []
    for name in COGS:
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, commands.Cog) or cls.__module__ != module.__name__:
                continue
            # Cog.__new__ builds the cog's app commands; __init__ (which wants a bot) is not needed.
            cog = cls.__new__(cls)
            group = cog.__cog_app_commands_group__
            if group is not None:
                found.append(group)
            else:
                found += [c for c in cog.__cog_app_commands__ if c.parent is None]
    return found


class _Recorder(app_commands.Translator):
    """A translator that translates nothing and notes what it was asked."""

    def __init__(self) -> None:
        self.seen: set[tuple[str, str]] = set()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """Note the text and its context; give no translation."""
        self.seen.add((string.message, context_of(context.location)))
        return None


async def _command_texts() -> set[tuple[str, str]]:
    client = discord.Client(intents=discord.Intents.none())
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    for command in command_groups():
        tree.add_command(command)
    recorder = _Recorder()
    for top in tree.get_commands():
        await top.get_translated_payload(tree, recorder)
    await client.close()
    return recorder.seen


def command_texts() -> set[tuple[str, str]]:
    """Every (text, msgctxt) that discord.py asks the command translator for at a sync."""
    return asyncio.run(_command_texts())


def template() -> Catalog:
    """The catalogue template: every text of the code and of the slash commands."""
    pot = Catalog(project=PROJECT, locale=None, creation_date=datetime(2000, 1, 1, tzinfo=UTC))
    for message, filename, lineno in code_messages():
        pot.add(message, locations=[(filename, lineno)])
    for text, context in sorted(command_texts()):
        pot.add(text, context=context, locations=[COMMANDS_LOCATION])
    return pot


def update(lang: str, pot: Catalog) -> Path:
    """Bring one language's catalogue up to date with ``pot`` (new texts untranslated)."""
    path = catalog_path(lang)
    if path.exists():
        with path.open("rb") as handle:
            current = read_po(handle, locale=lang)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        current = Catalog(project=PROJECT, locale=lang)
    current.update(pot, no_fuzzy_matching=True)
    current.obsolete.clear()
    with path.open("wb") as handle:
        write_po(handle, current, width=100, include_lineno=False, sort_output=False)
    return path


def main() -> None:
    """Update every language's catalogue from the code."""
    pot = template()
    for lang in LANGUAGES:
        if lang != DEFAULT:
            path = update(lang, pot)
            missing = sum(1 for m in read_po(path.open("rb")) if m.id and not m.string)
            print(f"{path.relative_to(ROOT)}: {len(pot)} texts, {missing} untranslated")


if __name__ == "__main__":
    main()
