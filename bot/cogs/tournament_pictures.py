"""A tournament's pictures drawn for Discord: the standings pages a queued post carries and
the sign-up picture, as files to attach (drawn in the bot's drawing processes)."""

from __future__ import annotations

import asyncio
import io
import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import DEFAULT
from bot.store.tournament_rows import TournamentRecord
from bot.texts import tournament_views as views

if TYPE_CHECKING:
    from bot.host import Host

#: The lock of each sign-up post being refreshed (gone once nobody holds it).
_signup_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()


def signup_lock(tournament_id: int) -> asyncio.Lock:
    """The lock that keeps one tournament's sign-up refreshes in order."""
    lock = _signup_locks.get(tournament_id)
    if lock is None:
        lock = _signup_locks[tournament_id] = asyncio.Lock()
    return lock


async def standings_files(bot: Host, payload: Mapping[str, Any]) -> list[discord.File]:
    """The standings pages a post's payload names, drawn in its language."""
    picture = payload["standings"]
    view = views.standings_view(picture, payload.get("lang", DEFAULT))
    start, stop = payload["pages"]
    drawn = await asyncio.gather(
        *(bot.draw({"picture": "standings", "view": view, "page": n}) for n in range(start, stop))
    )
    stem = f"tournament-{picture['number']}-" + (
        "final" if picture["final"] else f"round-{picture['round']}"
    )
    return [
        discord.File(io.BytesIO(png), filename=f"{stem}-{n}.png")
        for n, png in enumerate(drawn, start=start + 1)
    ]


async def sign_up_file(bot: Host, record: TournamentRecord, lang: str) -> discord.File:
    """The sign-up picture of a tournament as it is now, in ``lang``."""
    png = await bot.draw({"picture": "sign_up", "view": views.sign_up_view(lang, record)})
    return discord.File(io.BytesIO(png), filename=f"tournament-{record.id}-sign-up.png")
