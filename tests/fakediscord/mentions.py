"""Command mentions in a message's text, as Discord shows them: ``</ultimatum play:123>``.

Discord's message formatting writes a command as ``</NAME:ID>``, ``</NAME SUBCOMMAND:ID>`` or
``</NAME GROUP SUBCOMMAND:ID>``. Every client draws it as ``/`` and the name written, in that
name and not in the reader's language (command names are not localized in mentions); it is
clickable only when ID is a synced command of that scope and the words are its own (English)
names: a mention written with a localized name, or a wrong id, does nothing when clicked.
"""

from __future__ import annotations

import re

from tests.fakediscord import commands as cmd
from tests.fakediscord.world import World

MENTION = re.compile(r"</([-_\w]+(?: [-_\w]+){0,2}):(\d+)>")


def shown(content: str) -> str:
    """``content`` as a reader sees it: each mention drawn as ``/`` and its name."""
    return MENTION.sub(lambda m: f"/{m.group(1)}", content)


def clickable(world: World, content: str, guild_id: int | None) -> list[str]:
    """The command paths of the mentions in ``content`` that start a command when clicked
    (a synced command of the guild or global, by id, named by its own names)."""
    synced = [*world.global_commands, *(world.guild_commands.get(guild_id or 0, []))]
    found = []
    for match in MENTION.finditer(content):
        path, command_id = match.group(1), int(match.group(2))
        command = next((c for c in synced if c.id == command_id and c.type == 1), None)
        if command is None or path.split()[0] != command.name:
            continue
        try:
            cmd.find_path([command.data], path)
        except LookupError:
            continue
        found.append(path)
    return found
