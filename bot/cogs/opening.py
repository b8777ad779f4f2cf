"""Opening a game's lobby, for /fish new and /ultimatum new: the table created with its
creator seated, its message posted and given its own thread."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.cogs.common import Interaction, Refusal, reader_language
from bot.cogs.leases import leases_of
from bot.cogs.lobby import lobby_of
from bot.cogs.threads import give_thread
from bot.games import COMPUTER_LEVEL
from bot.i18n import t
from bot.play.lobby import create_game, place_table
from bot.store import GameRecord, NewGame, StoreError
from bot.texts import announce
from bot.texts.refusals import explain
from bot.ui.embeds import lobby_embed
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host


async def open_lobby(
    bot: Host,
    interaction: Interaction,
    kind: str,
    *,
    players: int,
    bots: int,
    level: int,
    options: dict[str, Any],
    clock: dict[str, float | None] | None = None,
    rated: bool = True,
) -> None:
    """Create a lobby with the creator seated, post it, and give it its own thread.

    ``clock`` may hold the game's own ``timeout_days`` and ``reminder_hours`` (None: the
    server's setting, else the bot's default).
    """
    clock = clock or {}
    lang = reader_language(interaction)
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal(t(lang, "Games are played in a server channel, not in direct messages."))
    if bots and not bot.computers_available:
        raise Refusal(
            t(
                lang,
                "Computer players are not available yet: invite people to "
                "play instead (set bots to 0).",
            )
        )
    public = await bot.public_language(interaction.guild_id)
    leases = await leases_of(bot)
    try:
        record = await create_game(
            bot.store,
            NewGame(
                kind,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                creator_id=interaction.user.id,
                creator_name=interaction.user.display_name,
                players=players,
                bots=bots,
                bot_level=level,
                # Kept with the table: a computer seated later by button plays at this level.
                options={**options, COMPUTER_LEVEL: level},
                timeout_days=clock.get("timeout_days"),
                reminder_hours=clock.get("reminder_hours"),
                rated=rated,
            ),
            hold=leases.hold,
        )
    except StoreError as error:
        raise Refusal(explain(lang, error)) from None
    async with leases.placing(record.id):
        # A table full at once (the creator and computer players) has started already:
        # its message shows the seats in the order of play, without lobby buttons.
        view = lobby_of(bot).lobby_view(record, public)
        await interaction.response.send_message(
            **fit(
                embed=lobby_embed(record, public),
                view=discord.utils.MISSING if view is None else view,
            )
        )
        message = await interaction.original_response()

        async def make_thread(placed: GameRecord) -> int | None:
            in_thread = isinstance(interaction.channel, discord.Thread)
            thread_id, note = await give_thread(message, placed, public, in_thread=in_thread)
            if note is not None:
                await interaction.followup.send(**fit(content=note))
            return thread_id

        record = await place_table(
            bot.store,
            record.id,
            message.id,
            make_thread,
            announce.start_announcer(public),
        )
    if record.status == "active":
        bot.after_change(record)
