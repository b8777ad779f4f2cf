"""A newly opened table's own thread, made under its lobby message (new games and rematches)."""

from __future__ import annotations

import logging

import discord

from bot.i18n import t
from bot.store import GameRecord
from bot.texts import announce

log = logging.getLogger(__name__)


async def give_thread(
    message: discord.Message, record: GameRecord, lang: str, *, in_thread: bool
) -> tuple[int | None, str | None]:
    """Make the public thread of the table posted as ``message``: (its id, None); where Discord
    refused, (None, the note in ``lang`` saying the game is played in the channel); and
    (None, None) when the message is inside a thread already (``in_thread``: played right there).
    """
    if in_thread:
        return None, None
    try:
        thread = await message.create_thread(
            name=f"{announce.short_title(record, lang)} #{record.id}",
            auto_archive_duration=10080,
        )
    except discord.HTTPException as error:
        log.info("no thread for game #%s: %s", record.id, error)
        if isinstance(error, discord.Forbidden):
            return None, t(
                lang,
                "I may not create threads here, so game #{id} is played in this channel.",
                id=record.id,
            )
        return None, t(
            lang,
            "Discord could not create a thread just now, so game #{id} is played in this channel.",
            id=record.id,
        )
    return thread.id, None
