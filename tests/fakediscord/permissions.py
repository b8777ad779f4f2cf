"""Discord's permission arithmetic: base role permissions, then channel overwrites."""

from __future__ import annotations

from collections.abc import Iterable

import discord

ADMINISTRATOR = discord.Permissions(administrator=True).value
ALL = discord.Permissions.all().value
VIEW_CHANNEL = discord.Permissions(view_channel=True).value
SEND_MESSAGES = discord.Permissions(send_messages=True).value
SEND_IN_THREADS = discord.Permissions(send_messages_in_threads=True).value
CREATE_PUBLIC_THREADS = discord.Permissions(create_public_threads=True).value
CREATE_PRIVATE_THREADS = discord.Permissions(create_private_threads=True).value
MANAGE_THREADS = discord.Permissions(manage_threads=True).value
MANAGE_MESSAGES = discord.Permissions(manage_messages=True).value
MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value
ATTACH_FILES = discord.Permissions(attach_files=True).value
READ_HISTORY = discord.Permissions(read_message_history=True).value

# What a fresh server's @everyone may do (Discord's defaults, minus voice).
EVERYONE_DEFAULT = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    read_message_history=True,
    use_application_commands=True,
    use_external_emojis=True,
    mention_everyone=False,
).value


def bits(value: int | str | Iterable[str] | discord.Permissions) -> int:
    """Permission bits from an int, a discord.Permissions, or permission names."""
    if isinstance(value, discord.Permissions):
        return value.value
    if isinstance(value, int):
        return value
    names = [value] if isinstance(value, str) else list(value)
    unknown = [n for n in names if n not in discord.Permissions.VALID_FLAGS]
    if unknown:
        raise ValueError(f"unknown permission names: {unknown}")
    return discord.Permissions(**dict.fromkeys(names, True)).value


def names(value: int) -> list[str]:
    """The permission names set in ``value``."""
    return [name for name, on in discord.Permissions(value) if on]
