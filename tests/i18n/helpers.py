"""What the language tests share: the catalogues as read from disk, placeholders, command names."""

from __future__ import annotations

import string
from collections.abc import Iterator
from functools import cache

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from discord import app_commands

from bot import catalogue
from bot.i18n import DEFAULT, LANGUAGES, NAME_CONTEXT, catalog_path, translation

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT)
Key = tuple[str | None, str | tuple[str, ...]]


def key(message: Message) -> Key:
    """A message's identity: its context and its id (a tuple for plural texts)."""
    msgid = message.id if isinstance(message.id, str) else tuple(message.id)
    return message.context, msgid


@cache
def template_keys() -> frozenset[Key]:
    """Every text the code and the slash commands can show (the catalogue template)."""
    return frozenset(key(m) for m in catalogue.template() if m.id)


def read(lang: str) -> Catalog:
    """A language's catalogue, parsed strictly (a broken entry raises)."""
    with catalog_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, abort_invalid=True)


def entries(lang: str) -> Iterator[Message]:
    """Every message of a language's catalogue but the header."""
    return (m for m in read(lang) if m.id)


def forms(message: Message) -> list[str]:
    """The translated text of a message: one form, or one per plural form."""
    text = message.string
    assert text is not None, f"{message.id!r} has no translation"
    return [text] if isinstance(text, str) else list(text)


def fields(text: str) -> set[str]:
    """The names of the ``{placeholders}`` of a text (format specs left out)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def localized_name(lang: str, name: str) -> str:
    """A command, group or option name in ``lang`` (the English one where none is given)."""
    return translation(lang, name, NAME_CONTEXT) or name


def command_paths(lang: str) -> dict[str, set[str]]:
    """Localized top-level command → its localized subcommands (empty for a plain command)."""
    paths: dict[str, set[str]] = {}
    for command in catalogue.command_groups():
        subs = command.commands if isinstance(command, app_commands.Group) else []
        paths[localized_name(lang, command.name)] = {localized_name(lang, c.name) for c in subs}
    return paths
