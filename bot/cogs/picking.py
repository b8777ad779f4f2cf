"""Autocomplete of a game's number: the games of this server, the person's own first."""

from __future__ import annotations

from collections.abc import Sequence

from discord import app_commands

from bot.cogs.common import Interaction, reader_language, where
from bot.i18n import t
from bot.play.access import within_reach
from bot.store.records import OPEN, Status
from bot.texts import announce


async def _game_choices(
    interaction: Interaction, current: str, statuses: Sequence[Status], *, recent_first: bool
) -> list[app_commands.Choice[int]]:
    """The server's games in ``statuses`` matching what was typed: the person's own first,
    then the others; each part oldest first, or most recently changed first."""
    bot = interaction.client
    # Which games may be offered is decided where every way to a game is (bot.play.access).
    mine = within_reach(
        await bot.store.games_of_user(interaction.user.id, statuses), where(interaction)
    )
    own = {r.id for r in mine}
    others = (
        []  # from a direct message, there is no server whose games could be offered
        if interaction.guild_id is None
        else [
            r
            for r in within_reach(
                await bot.store.games_in_guild(interaction.guild_id, statuses), where(interaction)
            )
            if r.id not in own
        ]
    )
    if recent_first:
        mine.sort(key=lambda r: r.updated_at, reverse=True)
        others.sort(key=lambda r: r.updated_at, reverse=True)
    result: list[app_commands.Choice[int]] = []
    lang = reader_language(interaction)
    typed = current.strip().lstrip("#")
    for record in [*mine, *others]:
        label = f"#{record.id} {announce.short_title(record, lang)}"
        if record.status == "finished":
            label += " · " + t(lang, "finished")
        if typed in str(record.id) or current.lower() in label.lower():
            result.append(app_commands.Choice(name=label[:100], value=record.id))
    return result[:25]


async def game_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """Games to pick from: your own first, then the others of this server."""
    return await _game_choices(interaction, current, OPEN, recent_first=False)


async def past_game_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """Games to replay or list the moves of: finished ones too; your most recent first, then
    the others of this server, most recent first."""
    statuses: tuple[Status, ...] = ("lobby", "active", "finished")
    return await _game_choices(interaction, current, statuses, recent_first=True)
