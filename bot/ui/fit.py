"""Every message the bot sends or edits, made to fit Discord's limits in one place.

Discord refuses a message whose content passes 2,000 characters or whose embeds pass their
limits; a refused answer leaves the person with "The application did not respond". Every send,
reply, followup, DM and edit of the bot passes its keyword arguments through ``fit`` (a test
reads the code for calls that don't), so an over-long text is shortened, at a line where it can
be, with an ellipsis, instead of being refused.
"""

from __future__ import annotations

from typing import Any

import discord

#: Discord's documented message limits.
CONTENT = 2000
EMBEDS = 10
FILES = 10
EMBED_TOTAL = 6000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
ELLIPSIS = "…"


def shorten(text: str, limit: int = CONTENT, *, keep_last: int = 0) -> str:
    """``text`` cut to at most ``limit`` characters, keeping its last ``keep_last`` lines whole.

    A turn's post ends with its status (scores, then who plays next, mentioned): when its
    events make it too long, the events are shortened and an "…" line stands for the rest.
    """
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    split = len(lines) - min(max(keep_last, 0), len(lines))
    kept = "\n".join(lines[split:])
    room = limit - len(kept) - len(ELLIPSIS) - 2  # the "…" line and two line breaks
    if split == len(lines) or split == 0 or room < 0:
        return _cut(text, limit)  # nothing to keep, nothing to shorten, or no room for both
    shown: list[str] = []
    used = -1  # the first line has no line break before it
    for line in lines[:split]:
        used += len(line) + 1
        if used > room:
            break
        shown.append(line)
    if not shown and room > 0:
        shown = [lines[0][:room]]  # one event longer than the room: its start at least
    return "\n".join([*shown, ELLIPSIS, kept])


def _cut(text: str, limit: int) -> str:
    """Text cut from the end to the limit, at a line break where possible."""
    cut = text.rfind("\n", 0, limit - 1)
    return text[: cut if cut > limit // 2 else limit - 1] + ELLIPSIS


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """A copy of ``embed`` within every embed limit (fields past 25, or past the total, dropped)."""
    fitted = embed.copy()
    if fitted.title:
        fitted.title = shorten(fitted.title, EMBED_TITLE)
    if fitted.description:
        fitted.description = shorten(fitted.description, EMBED_DESCRIPTION)
    if fitted.footer.text:
        fitted.set_footer(text=shorten(fitted.footer.text, FOOTER), icon_url=fitted.footer.icon_url)
    if fitted.author.name:
        fitted.set_author(
            name=shorten(fitted.author.name, AUTHOR),
            url=fitted.author.url,
            icon_url=fitted.author.icon_url,
        )
    fields = [
        (shorten(f.name or "", FIELD_NAME), shorten(f.value or "", FIELD_VALUE), bool(f.inline))
        for f in fitted.fields[:EMBED_FIELDS]
    ]
    fitted.clear_fields()
    for name, value, inline in fields:
        if len(fitted) + len(name) + len(value) > EMBED_TOTAL:
            break
        fitted.add_field(name=name, value=value, inline=inline)
    if len(fitted) > EMBED_TOTAL and fitted.description:
        room = max(EMBED_TOTAL - (len(fitted) - len(fitted.description)), 1)
        fitted.description = shorten(fitted.description, room)
    return fitted


def fit(**message: Any) -> dict[str, Any]:
    """The keyword arguments of a send or edit, within Discord's message limits."""
    content = message.get("content")
    if isinstance(content, str):
        message["content"] = shorten(content, CONTENT)
    embed = message.get("embed")
    if isinstance(embed, discord.Embed):
        message["embed"] = fit_embed(embed)
    embeds = message.get("embeds")
    if isinstance(embeds, list):
        message["embeds"] = [fit_embed(e) for e in embeds[:EMBEDS]]
    files = message.get("files")
    if isinstance(files, list) and len(files) > FILES:
        raise ValueError(f"a message carries at most {FILES} files, not {len(files)}")
    return message
