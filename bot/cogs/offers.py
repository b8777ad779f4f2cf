"""Autocomplete that says what each choice does, and why there is none.

The names are in the reader's language with the same consequences the click menus show
("blue 3 (acrobatics)", "E4 · fee 5", "F2 · 3 fish"); the values stay notation. When nothing
can be offered (not your turn, several games, the game is over) a single choice says why, so
the list is never silently empty.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence

from discord import app_commands

from bot.cogs.common import Refusal
from bot.play.menus import Choice, NoChoices

#: The value of the choice that only explains (picking it is refused like any wrong option).
NOTHING = "-"


def offer(
    choices: Sequence[Choice], typed: str, *, limit: int = 25
) -> list[app_commands.Choice[str]]:
    """The choices whose value or name contains what was typed, prefix matches first."""
    needle = typed.strip().lower().replace(" ", "")

    def text(choice: Choice) -> str:
        return f"{choice.value} {choice.label}".lower().replace(" ", "")

    hits = [c for c in choices if needle in text(c)]
    hits.sort(key=lambda c: not c.value.lower().startswith(needle))
    return [
        app_commands.Choice(name=c.label[:100] or c.value, value=c.value[:100])
        for c in hits[:limit]
    ]


def why(text: str) -> list[app_commands.Choice[str]]:
    """The one choice that says why nothing can be offered."""
    name = text if len(text) <= 100 else text[:99] + "…"
    return [app_commands.Choice(name=name, value=NOTHING)]


async def offered(
    choices: Awaitable[Sequence[Choice]], typed: str
) -> list[app_commands.Choice[str]]:
    """The choices worked out for what was typed, or the one that says why there are none (a
    Refusal or NoChoices raised while working them out)."""
    try:
        return offer(await choices, typed)
    except (Refusal, NoChoices) as nothing:
        return why(str(nothing))
