"""Who is on which server, as far as the bot can tell without the privileged members intent:
asked over REST, and a "member" remembered for a while (bot.host.MemberCache)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)


async def membership(bot: Host, guild_id: int, user_id: int) -> bool | None:
    """Whether a person is on a server, asked over REST (no privileged intent needed): True,
    False (not a member, or a server the bot is not on), or None when Discord could not be
    asked. A "member" is remembered for MEMBER_SEEN_FOR seconds."""
    guild = bot.get_guild(guild_id)
    if guild is None:
        return False
    if bot.members_seen.seen(guild_id, user_id):
        return True
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        bot.members_seen.forget(guild_id, user_id)
        return False
    except discord.HTTPException as error:
        log.info("could not look up member %s of %s: %s", user_id, guild_id, error)
        return None  # not remembered: asked again next time
    remember_member(bot, guild_id, user_id)
    return True


async def still_member(bot: Host, guild_id: int, user_id: int) -> bool:
    """Whether a person is still on the server: asked over REST, no privileged intent needed.

    Only a clear "unknown member" counts as gone; when Discord cannot be asked, the person is
    given the benefit of the doubt. A "still here" is remembered for MEMBER_SEEN_FOR seconds
    (every step of every game asks about the player to move next).
    """
    if bot.get_guild(guild_id) is None:
        return True
    return await membership(bot, guild_id, user_id) is not False


def remember_member(bot: Host, guild_id: int, user_id: int) -> None:
    """Note that a person was just seen on a server (stale notes are forgotten now and then)."""
    bot.members_seen.remember(guild_id, user_id)
