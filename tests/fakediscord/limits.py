"""Discord's documented limits on what a bot sends; each check returns (path, problem) pairs."""

from __future__ import annotations

import re
from typing import Any

from tests.fakediscord.state import COMPONENTS_V2, EPHEMERAL

Problems = list[tuple[str, str]]

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE, EMBED_DESCRIPTION, EMBED_TOTAL = 256, 4096, 6000
EMBED_FIELDS, FIELD_NAME, FIELD_VALUE = 25, 256, 1024
FOOTER_TEXT, AUTHOR_NAME = 2048, 256
ACTION_ROWS, ROW_BUTTONS = 5, 5
CUSTOM_ID, BUTTON_LABEL = 100, 80
SELECT_OPTIONS, OPTION_TEXT, PLACEHOLDER = 25, 100, 150
V2_COMPONENTS, V2_TEXT = 40, 4000
CHOICES, CHOICE_NAME, CHOICE_VALUE = 25, 100, 100
FILES = 10
#: The longest string nonce a message may carry.
NONCE = 25
MODAL_TITLE, MODAL_ROWS, TEXT_INPUT_LABEL, TEXT_INPUT_VALUE = 45, 5, 45, 4000
# Per file, on a server without boosts (and discord.py's DEFAULT_FILE_SIZE_LIMIT_BYTES).
ATTACHMENT_BYTES = 10 * 1024 * 1024

# Flags a bot may set when it sends a message (suppress embeds, ephemeral, suppress
# notifications, components v2); anything else is rejected.
SETTABLE_FLAGS = (1 << 2) | EPHEMERAL | (1 << 12) | COMPONENTS_V2


def _too_long(path: str, text: Any, limit: int, what: str) -> Problems:
    if isinstance(text, str) and len(text) > limit:
        return [(path, f"{what} must be {limit} or fewer in length (got {len(text)})")]
    return []


def message(payload: dict[str, Any], *, interaction: bool, files: int) -> Problems:
    """Check a message body (content, embeds, components, flags, attachment count)."""
    problems: Problems = []
    content = payload.get("content")
    problems += _too_long("content", content, CONTENT, "content")
    problems += _nonce(payload.get("nonce"))
    flags = int(payload.get("flags") or 0)
    if flags & EPHEMERAL and not interaction:
        problems.append(("flags", "the ephemeral flag is only valid on interaction responses"))
    if flags & ~SETTABLE_FLAGS:
        problems.append(("flags", f"flags {flags & ~SETTABLE_FLAGS} cannot be set by a bot"))
    embeds = payload.get("embeds") or []
    problems += embed_list(embeds)
    components = payload.get("components") or []
    if flags & COMPONENTS_V2:
        if content or embeds:
            problems.append(("content", "content and embeds cannot be sent with components v2"))
        problems += layout(components)
    else:
        problems += action_rows(components)
    if files > FILES:
        problems.append(("files", f"at most {FILES} attachments per message (got {files})"))
    return problems


def _nonce(nonce: Any) -> Problems:
    """A nonce is an integer or a string of at most 25 characters."""
    if nonce is None or (isinstance(nonce, int) and not isinstance(nonce, bool)):
        return []
    if not isinstance(nonce, str):
        return [("nonce", "the nonce must be an integer or a string")]
    return _too_long("nonce", nonce, NONCE, "nonce")


def not_empty(payload: dict[str, Any], files: int) -> bool:
    """Whether the body has anything to show (Discord refuses an empty message, 50006)."""
    keys = ("content", "embeds", "components", "sticker_ids", "poll", "attachments")
    return files > 0 or any(payload.get(k) for k in keys)


def embed_list(embeds: list[dict[str, Any]]) -> Problems:
    """Check the embeds of one message, including the 6,000-character total."""
    problems: Problems = []
    if len(embeds) > EMBEDS:
        problems.append(("embeds", f"at most {EMBEDS} embeds per message (got {len(embeds)})"))
    total = 0
    for n, embed in enumerate(embeds):
        path = f"embeds[{n}]"
        problems += _too_long(f"{path}.title", embed.get("title"), EMBED_TITLE, "title")
        problems += _too_long(
            f"{path}.description", embed.get("description"), EMBED_DESCRIPTION, "description"
        )
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            problems.append(
                (f"{path}.fields", f"at most {EMBED_FIELDS} fields (got {len(fields)})")
            )
        for k, fld in enumerate(fields):
            fpath = f"{path}.fields[{k}]"
            for key, limit in (("name", FIELD_NAME), ("value", FIELD_VALUE)):
                text = fld.get(key)
                if not isinstance(text, str) or not text:
                    problems.append((f"{fpath}.{key}", f"field {key} is required"))
                problems += _too_long(f"{fpath}.{key}", text, limit, f"field {key}")
            total += len(str(fld.get("name") or "")) + len(str(fld.get("value") or ""))
        footer = embed.get("footer") or {}
        author = embed.get("author") or {}
        problems += _too_long(f"{path}.footer.text", footer.get("text"), FOOTER_TEXT, "footer")
        problems += _too_long(f"{path}.author.name", author.get("name"), AUTHOR_NAME, "author")
        for text in (embed.get("title"), embed.get("description"), footer.get("text")):
            total += len(text) if isinstance(text, str) else 0
        total += len(author.get("name") or "")
    if total > EMBED_TOTAL:
        problems.append(("embeds", f"embeds hold {total} characters; at most {EMBED_TOTAL}"))
    return problems


def action_rows(rows: list[dict[str, Any]]) -> Problems:
    """Check classic components: ≤ 5 rows of ≤ 5 buttons or one select each."""
    problems: Problems = []
    if len(rows) > ACTION_ROWS:
        problems.append(("components", f"at most {ACTION_ROWS} action rows (got {len(rows)})"))
    for n, row in enumerate(rows):
        path = f"components[{n}]"
        if row.get("type") != 1:
            problems.append((path, "top-level components must be action rows (type 1)"))
            continue
        problems += _row(path, row.get("components") or [])
    problems += _unique_custom_ids(rows)
    return problems


def _row(path: str, items: list[dict[str, Any]]) -> Problems:
    problems: Problems = []
    kinds = {item.get("type") for item in items}
    if not items:
        problems.append((path, "an action row needs at least one component"))
    elif kinds <= {2}:
        if len(items) > ROW_BUTTONS:
            problems.append((path, f"at most {ROW_BUTTONS} buttons per row (got {len(items)})"))
    elif len(items) != 1:
        problems.append((path, "a select menu must be alone in its action row"))
    for k, item in enumerate(items):
        problems += component(f"{path}.components[{k}]", item)
    return problems


def component(path: str, item: dict[str, Any]) -> Problems:
    """Check one interactive component (button, select or text input)."""
    kind = item.get("type")
    problems = _too_long(f"{path}.custom_id", item.get("custom_id"), CUSTOM_ID, "custom_id")
    if kind == 2:
        problems += _too_long(f"{path}.label", item.get("label"), BUTTON_LABEL, "label")
        link = item.get("style") == 5
        if link and (not item.get("url") or item.get("custom_id")):
            problems.append((path, "a link button needs a url and no custom_id"))
        if not link and item.get("style") != 6 and not item.get("custom_id"):
            problems.append((path, "a button needs a custom_id"))
        if not item.get("label") and not item.get("emoji"):
            problems.append((path, "a button needs a label or an emoji"))
    elif kind in (3, 5, 6, 7, 8):
        problems += _select(path, item)
    elif kind == 4:
        problems += _too_long(f"{path}.label", item.get("label"), TEXT_INPUT_LABEL, "label")
        problems += _too_long(f"{path}.value", item.get("value"), TEXT_INPUT_VALUE, "value")
    return problems


def _select(path: str, item: dict[str, Any]) -> Problems:
    problems: Problems = []
    if not item.get("custom_id"):
        problems.append((path, "a select menu needs a custom_id"))
    problems += _too_long(
        f"{path}.placeholder", item.get("placeholder"), PLACEHOLDER, "placeholder"
    )
    low, high = int(item.get("min_values", 1)), int(item.get("max_values", 1))
    if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
        problems.append((path, f"min_values {low} / max_values {high} out of range"))
    if item.get("type") == 3:
        options = item.get("options") or []
        if not 1 <= len(options) <= SELECT_OPTIONS:
            problems.append(
                (f"{path}.options", f"1 to {SELECT_OPTIONS} select options (got {len(options)})")
            )
        if high > len(options):
            problems.append((path, "max_values exceeds the number of options"))
        for k, option in enumerate(options):
            for key in ("label", "value"):
                if not option.get(key):
                    problems.append((f"{path}.options[{k}].{key}", f"an option needs a {key}"))
            for key in ("label", "value", "description"):
                problems += _too_long(
                    f"{path}.options[{k}].{key}", option.get(key), OPTION_TEXT, key
                )
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append((f"{path}.options", "select option values must be unique"))
    return problems


def layout(items: list[dict[str, Any]]) -> Problems:
    """Check a components-v2 layout: ≤ 40 components, ≤ 4,000 characters of text."""
    problems: Problems = []
    count, text = 0, 0

    def walk(path: str, nodes: list[dict[str, Any]]) -> None:
        nonlocal count, text, problems
        for n, node in enumerate(nodes):
            here = f"{path}[{n}]"
            count += 1
            if node.get("type") == 10:
                text += len(str(node.get("content", "")))
            if node.get("type") == 1:
                problems += _row(here, node.get("components") or [])
                count += len(node.get("components") or [])
                continue
            problems += component(here, node)
            walk(f"{here}.components", node.get("components") or [])
            if isinstance(node.get("accessory"), dict):
                walk(f"{here}.accessory", [node["accessory"]])

    walk("components", items)
    if count > V2_COMPONENTS:
        problems.append(("components", f"at most {V2_COMPONENTS} components (got {count})"))
    if text > V2_TEXT:
        problems.append(("components", f"text displays hold {text} characters; at most {V2_TEXT}"))
    return problems + _unique_custom_ids(items)


def _unique_custom_ids(items: list[dict[str, Any]]) -> Problems:
    seen: set[str] = set()
    problems: Problems = []

    def walk(nodes: list[dict[str, Any]]) -> None:
        for node in nodes:
            custom_id = node.get("custom_id")
            if custom_id:
                if custom_id in seen:
                    problems.append(("components", f"custom_id {custom_id!r} is used twice"))
                seen.add(custom_id)
            walk(node.get("components") or [])
            if isinstance(node.get("accessory"), dict):
                walk([node["accessory"]])

    walk(items)
    return problems


def _texts(nodes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Every (what, text) a person can read or a client is sent in components."""
    found: list[tuple[str, str]] = []
    for node in nodes:
        for key in ("label", "placeholder", "content", "custom_id"):
            if isinstance(node.get(key), str):
                found.append((key, node[key]))
        for option in node.get("options") or []:
            for key in ("label", "value", "description"):
                if isinstance(option.get(key), str):
                    found.append((f"option {key}", option[key]))
        found += _texts(node.get("components") or [])
        if isinstance(node.get("accessory"), dict):
            found += _texts([node["accessory"]])
    return found


#: Markdown and escapes a client does not show as letters: **blue 3** reads as blue 3.
_MARKUP = re.compile(r"[*_~`|\\]")


def _plain(text: str) -> str:
    """Text as a reader sees its words: markdown gone, case and spacing folded."""
    return " ".join(_MARKUP.sub("", text).casefold().split())


def _shows(text: str, secret: str) -> bool:
    """Whether ``text`` shows ``secret`` to a reader: the id itself, or a card's name in words
    however it is emphasised or capitalised ("**Blue 3** (acrobatics)")."""
    wanted = _plain(secret)
    return bool(wanted) and wanted in _plain(text)


def secrets(body: dict[str, Any], hidden: set[str], *, ephemeral: bool) -> Problems:
    """Hidden information (a hand) only ever in ephemeral messages, and never in a custom_id
    (a custom_id travels with every click and outlives the message). ``hidden`` holds what a
    test knows to be secret now: card ids and the names the interface shows them by, of the
    cards in hands only (a card on the table is public, by its name too)."""
    problems: Problems = []
    if not hidden:
        return problems
    texts = _texts(body.get("components") or [])
    if not ephemeral:
        texts.append(("content", str(body.get("content") or "")))
        for embed in body.get("embeds") or []:
            texts += [("embed", str(v)) for v in (embed.get("title"), embed.get("description"))]
    for what, text in texts:
        if what != "custom_id" and ephemeral:
            continue
        for secret in hidden:
            if _shows(text, secret):
                where = "a custom_id" if what == "custom_id" else f"a public message's {what}"
                problems.append(("components", f"hidden {secret!r} in {where}: {text!r}"))
    return problems


def choices(items: list[dict[str, Any]], option_type: int) -> Problems:
    """Check an autocomplete answer: ≤ 25 choices, names 1–100, string values ≤ 100."""
    problems: Problems = []
    if len(items) > CHOICES:
        problems.append(("data.choices", f"at most {CHOICES} choices (got {len(items)})"))
    for n, choice in enumerate(items):
        path = f"data.choices[{n}]"
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= CHOICE_NAME:
            problems.append((f"{path}.name", f"name must be 1 to {CHOICE_NAME} characters"))
        value = choice.get("value")
        if option_type == 3:
            if not isinstance(value, str):
                problems.append((f"{path}.value", "value must be a string for a string option"))
            problems += _too_long(f"{path}.value", value, CHOICE_VALUE, "value")
        elif option_type == 4 and (not isinstance(value, int) or isinstance(value, bool)):
            problems.append((f"{path}.value", "value must be an integer"))
        elif option_type == 10 and not isinstance(value, int | float):
            problems.append((f"{path}.value", "value must be a number"))
    return problems


def modal(data: dict[str, Any]) -> Problems:
    """Check a modal: title ≤ 45, custom_id ≤ 100, 1–5 rows with text inputs."""
    problems: Problems = []
    title = data.get("title")
    if not isinstance(title, str) or not 1 <= len(title) <= MODAL_TITLE:
        problems.append(("data.title", f"title must be 1 to {MODAL_TITLE} characters"))
    custom_id = data.get("custom_id")
    if not custom_id:
        problems.append(("data.custom_id", "a modal needs a custom_id"))
    problems += _too_long("data.custom_id", custom_id, CUSTOM_ID, "custom_id")
    rows = data.get("components") or []
    if not 1 <= len(rows) <= MODAL_ROWS:
        problems.append(("data.components", f"1 to {MODAL_ROWS} components (got {len(rows)})"))
    for n, row in enumerate(rows):
        for k, item in enumerate(row.get("components") or [row.get("component") or {}]):
            problems += component(f"data.components[{n}].components[{k}]", item)
    return problems
