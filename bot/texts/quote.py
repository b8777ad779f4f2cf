"""Quoting what a person typed back to them: short, and harmless in a Discord message."""

from __future__ import annotations

import re
import unicodedata

#: How much of what a person typed a refusal quotes back.
EXCERPT_LENGTH = 40

# Discord turns these into pings or links: @everyone, @here, <@123>, <@&123>, <#123>.
_AT = re.compile("@(?!\u200b)")


def excerpt(text: str, limit: int = EXCERPT_LENGTH) -> str:
    """At most ``limit`` characters of ``text``, safe to quote in a message: control and format
    characters dropped, white space folded, mentions neutralised, and an ellipsis where cut."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch)[0] != "C"
    )
    # A zero-width space after every @ keeps Discord from reading a mention; backticks could
    # close the quote around the excerpt.
    folded = _AT.sub("@\u200b", " ".join(kept.split())).replace("`", "'")
    if len(folded) > limit:
        folded = folded[: limit - 1].rstrip() + "…"
    return folded
