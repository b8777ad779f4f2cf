"""Translations: gettext catalogues (``data/locale/<lang>/LC_MESSAGES/messages.po``) via Babel.

Message ids are the English texts with ``{placeholders}``. Catalogues are read straight from the
``.po`` files with Babel, so there are no compiled ``.mo`` files that could go stale. Extraction
keywords (for ``pybabel extract`` and the catalogue tests): ``t:2``, ``tn:2,3``, ``N_``. The
slash commands' names and descriptions are catalogued under the contexts in ``COMMAND_CONTEXTS``
(see ``bot.catalogue`` and ``bot.translator``).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from render import labels as picture_words

LANGUAGES = ("en", "de", "fr")
DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "data" / "locale"
KEYWORDS: dict[str, tuple[int, ...] | None] = {"t": (2,), "tn": (2, 3), "N_": None}
#: msgctxt of command, group and option names (Discord's naming rules apply to them).
NAME_CONTEXT = "command name"
#: msgctxt of command, group and option descriptions and of choice names.
TEXT_CONTEXT = "command"
COMMAND_CONTEXTS = (NAME_CONTEXT, TEXT_CONTEXT)


def known_language(locale: object) -> str | None:
    """Our language for a Discord locale (``de``, ``fr``, ``en-GB``, a discord.Locale …), or
    None when the bot does not speak it."""
    code = str(getattr(locale, "value", locale) or "").lower()
    base = code.split("-")[0]
    return base if base in LANGUAGES else None


def language_of(locale: object) -> str:
    """Our language for a Discord locale; English for one the bot does not speak."""
    return known_language(locale) or DEFAULT


def catalog_path(lang: str) -> Path:
    """Where a language's catalogue lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"


@cache
def catalog(lang: str) -> Catalog | None:
    """The catalogue of a language, or None for English (the message ids themselves)."""
    if lang == DEFAULT:
        return None
    path = catalog_path(lang)
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def _lookup(
    lang: str, msgid: str | tuple[str, str], index: int = 0, context: str | None = None
) -> str | None:
    cat = catalog(lang)
    if cat is None:
        return None
    message = cat.get(msgid, context=context)
    if message is None or message.fuzzy:
        return None
    text = message.string
    if isinstance(text, tuple | list):
        chosen: str = text[index] if index < len(text) else ""
        return chosen or None
    return text or None


def t(lang: str, msgid: str, /, **params: Any) -> str:
    """The text ``msgid`` in ``lang`` with its placeholders filled in."""
    text = _lookup(lang, msgid) or msgid
    return text.format(**params) if params else text


@cache
def _plural_rule(lang: str) -> Callable[[int], int]:
    """Which plural form a count takes in ``lang``: the catalogue's own ``Plural-Forms`` rule."""
    cat = catalog(lang)
    if cat is None:
        return lambda n: 0 if n == 1 else 1
    # The standard library's compiler for gettext's C-like plural expressions (safe: it accepts
    # only that grammar).
    rule: Callable[[int], int] = gettext.c2py(cat.plural_expr)
    return rule


def tn(lang: str, singular: str, plural: str, n: int, /, **params: Any) -> str:
    """A text that depends on a count ``n`` (available as ``{n}``), in ``lang``."""
    index = _plural_rule(lang)(n)
    text = _lookup(lang, (singular, plural), index) or (singular if n == 1 else plural)
    return text.format(n=n, **params)


def translation(lang: str, msgid: str, context: str | None = None) -> str | None:
    """The translation of ``msgid`` (under ``context``) in ``lang``; None where there is none,
    so a caller such as Discord's command translator can fall back to the English text."""
    return _lookup(lang, msgid, context=context)


def N_(msgid: str) -> str:
    """Mark a text for translation where it is defined; translate it later with ``t``."""
    return msgid


@cache
def _picture_labels(lang: str) -> Mapping[str, str]:
    labels = {
        key: t(lang, english) for key, english in picture_words.ENGLISH.items() if key != "plural"
    }
    cat = catalog(lang)
    if cat is not None:  # the language's own rule for "1 floe" / "0 floes" (French: "0 tuile")
        labels["plural"] = cat.plural_expr
    return labels


def picture_labels(lang: str) -> dict[str, str] | None:
    """The words drawn in pictures, in ``lang`` (None for English: the renderer's own table)."""
    if lang == DEFAULT:
        return None
    return dict(_picture_labels(lang))
