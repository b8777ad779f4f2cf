"""Application command sync as Discord validates it, and finding a synced command by its path."""

from __future__ import annotations

import unicodedata
from typing import Any, TypeGuard

from tests.fakediscord.limits import Problems

LOCALES = frozenset(
    (
        *("id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu"),
        *("nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru"),
        *("uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"),
    )
)
SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
PER_KIND = {1: 100, 2: 5, 3: 5}
#: Options of one command, subcommands of a group, subcommands of a subcommand group.
OPTIONS = 25
TOTAL_CHARACTERS = 4000
# Bounds and integer/number choice values lie within ±2^53; string lengths within 0–6000.
NUMBER_LIMIT = 2**53
MAX_LENGTH = 6000


def _name_ok(name: Any, *, slash: bool) -> bool:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return False
    if not slash:
        return bool(name.strip())
    for char in name:
        category = unicodedata.category(char)
        script_mark = category[0] == "M" and any(
            s in unicodedata.name(char, "") for s in ("DEVANAGARI", "THAI")
        )
        if not (char in "-_'" or category[0] in "LN" or script_mark):
            return False
        if char.lower() != char:
            return False
    return True


def _text(path: str, data: dict[str, Any], key: str, *, slash: bool) -> Problems:
    """Check a name or description and its localizations."""
    problems: Problems = []
    localized = data.get(f"{key}_localizations") or {}
    values = [(f"{path}.{key}", data.get(key))]
    values += [(f"{path}.{key}_localizations.{loc}", text) for loc, text in localized.items()]
    for loc in localized:
        if loc not in LOCALES:
            problems.append((f"{path}.{key}_localizations", f"{loc!r} is not a valid locale"))
    for where, text in values:
        if key == "name" and not _name_ok(text, slash=slash):
            problems.append(
                (where, f"invalid name {text!r}: 1-32 characters, lowercase letters, digits, -_'")
                if slash
                else (where, f"invalid name {text!r}: 1-32 characters")
            )
        if key == "description":
            if slash and (not isinstance(text, str) or not 1 <= len(text) <= 100):
                problems.append((where, f"description must be 1-100 characters, got {text!r}"))
            if not slash and text:
                problems.append((where, "context menu commands have an empty description"))
    return problems


def _longest(data: dict[str, Any], key: str) -> int:
    texts = [str(data.get(key) or "")] + [
        str(t) for t in (data.get(f"{key}_localizations") or {}).values()
    ]
    return max(len(t) for t in texts)


def _options(
    path: str, options: list[dict[str, Any]], *, parent: int | None = None
) -> tuple[Problems, int]:
    """Check one level of options under ``parent`` (None: the command itself, else SUBCOMMAND
    or GROUP); returns the problems and the characters counted."""
    problems: Problems = []
    chars = 0
    if len(options) > OPTIONS:
        problems.append((path, f"at most {OPTIONS} options (got {len(options)})"))
    kinds = [o.get("type") for o in options]
    nested = [k in (SUBCOMMAND, GROUP) for k in kinds]
    if any(nested) and not all(nested):
        problems.append((path, "subcommands cannot be mixed with other options"))
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append((path, "option names must be unique"))
    seen_optional = False
    for n, option in enumerate(options):
        here = f"{path}.{n}"
        kind = option.get("type")
        problems += _text(here, option, "name", slash=True)
        problems += _text(here, option, "description", slash=True)
        chars += _longest(option, "name") + _longest(option, "description")
        if kind not in range(1, 12):
            problems.append((f"{here}.type", f"unknown option type {kind!r}"))
            continue
        if parent == GROUP and kind != SUBCOMMAND:
            what = "another subcommand group" if kind == GROUP else "an option"
            problems.append(
                (
                    here,
                    f"a subcommand group holds only subcommands, not {what} (at most "
                    "group → subcommand)",
                )
            )
        if parent == SUBCOMMAND and kind in (SUBCOMMAND, GROUP):
            problems.append((here, "a subcommand cannot hold subcommands or groups"))
        if kind in (SUBCOMMAND, GROUP):
            inner = option.get("options") or []
            if kind == GROUP and not inner:
                problems.append((f"{here}.options", "a subcommand group needs subcommands"))
            more, count = _options(f"{here}.options", inner, parent=kind)
            problems += more
            chars += count
            continue
        problems += _value_rules(here, option)
        for choice in option.get("choices") or []:
            chars += _longest(choice, "name") + len(str(choice.get("value", "")))
        if option.get("required"):
            if seen_optional:
                problems.append((here, "required options must come before optional ones"))
        else:
            seen_optional = True
    return problems, chars


def _is_integer(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _typed_problem(kind: int, value: Any) -> str | None:
    """Why ``value`` cannot be a choice value or bound of an option of ``kind``; None if it can."""
    if kind == STRING:
        return None if isinstance(value, str) else f"{value!r} is not a string"
    if kind == INTEGER and not _is_integer(value):
        return f"{value!r} is not an integer"
    if kind == NUMBER and not _is_number(value):
        return f"{value!r} is not a number"
    if not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
        return f"{value!r} is outside -2^53..2^53"
    return None


def _value_rules(here: str, option: dict[str, Any]) -> Problems:
    problems: Problems = []
    kind = option["type"]
    choices = option.get("choices") or []
    if choices and kind not in (STRING, INTEGER, NUMBER):
        problems.append((f"{here}.choices", "choices only on string, integer and number options"))
        choices = []
    if len(choices) > 25:
        problems.append((f"{here}.choices", f"at most 25 choices (got {len(choices)})"))
    for k, choice in enumerate(choices):
        localized = choice.get("name_localizations") or {}
        for loc in localized:
            if loc not in LOCALES:
                problems.append((f"{here}.choices.{k}", f"{loc!r} is not a valid locale"))
        for name in [choice.get("name"), *localized.values()]:
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                problems.append((f"{here}.choices.{k}.name", "choice names are 1-100 characters"))
        value = choice.get("value")
        wrong = _typed_problem(kind, value)
        if wrong is not None:
            problems.append((f"{here}.choices.{k}.value", f"choice value {wrong}"))
        elif kind == STRING and len(value) > 100:
            problems.append((f"{here}.choices.{k}.value", "string choice values are ≤ 100 chars"))
    if option.get("autocomplete"):
        if kind not in (STRING, INTEGER, NUMBER):
            problems.append((here, "autocomplete only on string, integer and number options"))
        if choices:
            problems.append((here, "autocomplete cannot be combined with choices"))
    problems += _bounds(here, option, kind)
    if "channel_types" in option and kind != CHANNEL:
        problems.append((here, "channel_types only on channel options"))
    return problems


def _bounds(here: str, option: dict[str, Any], kind: int) -> Problems:
    """min_value/max_value (integer and number options) and min_length/max_length (strings)."""
    problems: Problems = []
    values = {k: option[k] for k in ("min_value", "max_value") if option.get(k) is not None}
    if values and kind not in (INTEGER, NUMBER):
        problems.append((here, "min_value/max_value only on integer and number options"))
    elif values:
        for key, value in values.items():
            wrong = _typed_problem(kind, value)
            if wrong is not None:
                problems.append((f"{here}.{key}", f"{key} {wrong}"))
        low, high = values.get("min_value"), values.get("max_value")
        if _is_number(low) and _is_number(high) and low > high:
            problems.append((here, f"min_value {low} is greater than max_value {high}"))
    lengths = {k: option[k] for k in ("min_length", "max_length") if option.get(k) is not None}
    if lengths and kind != STRING:
        problems.append((here, "min_length/max_length only on string options"))
    elif lengths:
        for key, lowest in (("min_length", 0), ("max_length", 1)):
            if key not in lengths:
                continue
            value = lengths[key]
            if not _is_integer(value) or not lowest <= value <= MAX_LENGTH:
                problems.append((f"{here}.{key}", f"{key} must be {lowest}-{MAX_LENGTH}"))
        low, high = lengths.get("min_length"), lengths.get("max_length")
        if _is_integer(low) and _is_integer(high) and low > high:
            problems.append((here, f"min_length {low} is greater than max_length {high}"))
    return problems


def characters(command: dict[str, Any]) -> int:
    """The characters Discord counts against a slash command's limit of 4,000: the name,
    description and value of the command, of every option (subcommands and groups included) and
    of every choice, each field counted by its longest text among the default and its
    localizations."""
    _, chars = _options("", command.get("options") or [])
    return chars + _longest(command, "name") + _longest(command, "description")


def validate(commands: list[dict[str, Any]]) -> Problems:
    """Check a bulk overwrite the way Discord does (names, descriptions, options, counts)."""
    problems: Problems = []
    per_kind: dict[int, int] = {}
    seen: set[tuple[int, str]] = set()
    for n, command in enumerate(commands):
        path = str(n)
        kind = int(command.get("type", 1))
        if kind not in PER_KIND:
            problems.append((f"{path}.type", f"unknown command type {kind}"))
            continue
        per_kind[kind] = per_kind.get(kind, 0) + 1
        slash = kind == 1
        problems += _text(path, command, "name", slash=slash)
        problems += _text(path, command, "description", slash=slash)
        key = (kind, str(command.get("name")))
        if key in seen:
            problems.append((f"{path}.name", f"command name {key[1]!r} is used twice"))
        seen.add(key)
        if not slash:
            if command.get("options"):
                problems.append((f"{path}.options", "context menu commands take no options"))
            continue
        more, _ = _options(f"{path}.options", command.get("options") or [])
        problems += more
        chars = characters(command)
        if chars > TOTAL_CHARACTERS:
            problems.append((path, f"{chars} characters in total; at most {TOTAL_CHARACTERS}"))
    for kind, count in per_kind.items():
        if count > PER_KIND[kind]:
            what = {1: "slash", 2: "user", 3: "message"}[kind]
            problems.append(("", f"at most {PER_KIND[kind]} {what} commands (got {count})"))
    return problems


def find_path(
    commands: list[dict[str, Any]], path: str
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """Find '/fish move' among synced slash commands.

    Returns the command, the chain of subcommand group/subcommand definitions, and the
    option definitions of the part being invoked. Raises LookupError with what exists.
    """
    words = path.strip().removeprefix("/").split()
    if not words:
        raise LookupError("empty command path")
    slash = [c for c in commands if int(c.get("type", 1)) == 1]
    command = next((c for c in slash if c["name"] == words[0]), None)
    if command is None:
        known = sorted("/" + c["name"] for c in slash)
        raise LookupError(f"no synced slash command /{words[0]} (synced: {known})")
    chain: list[dict[str, Any]] = []
    level = command.get("options") or []
    for word in words[1:]:
        found = next(
            (o for o in level if o["name"] == word and o["type"] in (SUBCOMMAND, GROUP)), None
        )
        if found is None:
            subs = [o["name"] for o in level if o["type"] in (SUBCOMMAND, GROUP)]
            raise LookupError(f"{path!r}: no subcommand {word!r} here (there are {subs})")
        chain.append(found)
        level = found.get("options") or []
    if any(o["type"] in (SUBCOMMAND, GROUP) for o in level):
        subs = [o["name"] for o in level]
        raise LookupError(f"{path!r} is a group; name one of its subcommands {subs}")
    return command, chain, level
