"""A game's own thread: made under its table's message (new games and rematches), reopened
before a post when Discord archived it, closed after a cancelled game's last post."""

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


async def reopen(client: discord.Client, target: int) -> None:
    """Unarchive the thread about to be posted in if Discord archived it (days of quiet).

    discord.py forgets a thread once it is archived, and a thread archived while the bot was
    away is never in its cache: a target the cache does not know is looked up. The post itself
    still copes if this fails (delivery unarchives after 50083, or posts in the channel beside).
    """
    cached = client.get_channel(target)
    try:
        if isinstance(cached, discord.Thread):
            if cached.archived:
                await cached.edit(archived=False)
        elif cached is None:
            await unarchive(client, target)
    except discord.HTTPException as error:
        log.info("could not unarchive %s before posting (%s); posting anyway", target, error)


async def close_thread(client: discord.Client, thread_id: int) -> None:
    """Archive and lock a thread whose game will never post again (a cancelled lobby);
    without Manage Threads it is archived only, and a thread it may not touch stays."""
    thread = client.get_channel(thread_id) or await client.fetch_channel(thread_id)
    if not isinstance(thread, discord.Thread):
        return
    # Locking takes Manage Threads; the bot may archive the threads it made without it.
    if thread.permissions_for(thread.guild.me).manage_threads:
        closing = thread.edit(archived=True, locked=True)
    else:
        closing = thread.edit(archived=True)
    try:
        await closing
    except discord.HTTPException as error:
        log.info("could not close the thread %s (%s)", thread_id, error)


async def unarchive(client: discord.Client, thread_id: int) -> None:
    """Reopen an archived game thread before posting in it."""
    thread = await client.fetch_channel(thread_id)
    if isinstance(thread, discord.Thread) and thread.archived:
        await thread.edit(archived=False)
