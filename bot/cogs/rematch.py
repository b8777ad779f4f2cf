"""Rematch: a new table for the same kind and options (and computer players), with a new seed.

The person who asks is seated; the other people of the finished game are mentioned and join
with one click (nobody is seated without their own click); the table starts when it is full,
or when its creator starts it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.cogs.common import GameFinder, Interaction, Refusal, applied, reader_language
from bot.cogs.leases import leases_of
from bot.cogs.threads import give_thread
from bot.i18n import t
from bot.play.access import Purpose
from bot.play.lobby import create_game, place_table, withdraw
from bot.store import GameRecord, NewGame, StoreError
from bot.texts import announce
from bot.texts.names import jump_url, mention
from bot.texts.refusals import explain
from bot.ui.buttons import buttons, lobby_buttons
from bot.ui.embeds import lobby_embed
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)


async def rematch(bot: Host, interaction: Interaction, game_id: int) -> None:
    """Open the rematch's table with the asker seated; any of the finished game's players may
    ask."""
    lang = reader_language(interaction)
    # Opening a table in a server needs its membership, as joining one does (bot.play.access).
    old = (await GameFinder(bot).load(interaction, game_id, Purpose.JOIN)).record
    if old.status != "finished":
        raise Refusal(t(lang, "Game #{id} is not over yet.", id=old.id))
    if interaction.user.id not in old.user_ids:
        raise Refusal(t(lang, "Only the players of game #{id} can ask for a rematch.", id=old.id))
    # A quick answer for the common case; the database's one-rematch rule decides the race.
    again = await bot.store.rematch_of(old.id)
    if again is not None:
        await _point_to(interaction, lang, old, again)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    record = await _open(bot, interaction, old)
    text = (
        t(lang, "Rematch: game #{id} has started.", id=record.id)
        if record.status == "active"
        else t(
            lang,
            "Rematch: game #{id} is open and you are seated; the other players are asked to join.",
            id=record.id,
        )
    )
    await interaction.followup.send(**fit(content=text, ephemeral=True))


async def _point_to(
    interaction: Interaction, lang: str, old: GameRecord, again: GameRecord
) -> None:
    """A rematch is open already: its number and a link, with a Join button while it has a
    seat for the asker."""
    text = t(
        lang,
        "The rematch of game #{old} is game #{id}: {link}",
        old=old.id,
        id=again.id,
        link=jump_url(again),
    )
    seated = interaction.user.id in again.user_ids
    if again.status == "lobby" and not seated and not again.is_full:
        view = buttons(["join"], again.id, lang)
        await interaction.response.send_message(**fit(content=text, view=view, ephemeral=True))
        return
    await interaction.response.send_message(**fit(content=text, ephemeral=True))


async def _open(bot: Host, interaction: Interaction, old: GameRecord) -> GameRecord:
    lang = reader_language(interaction)
    public = await bot.public_language(old.guild_id)
    leases = await leases_of(bot)
    computers = [s for s in old.seats if s.is_computer]
    others = [s for s in old.seats if s.user_id not in (None, interaction.user.id)]
    try:
        record = await create_game(
            bot.store,
            NewGame(
                old.kind,
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                creator_id=interaction.user.id,
                creator_name=interaction.user.display_name,
                players=len(old.seats),
                bots=len(computers),
                bot_level=(computers[0].bot_level or 2) if computers else 2,
                options=dict(old.options),
                reminder_hours=old.reminder_hours,
                timeout_days=old.timeout_days,
                rematch_of=old.id,
                rated=old.rated,
            ),
            hold=leases.hold,
        )
    except StoreError as error:
        raise Refusal(explain(lang, error)) from None
    async with leases.placing(record.id):
        try:
            channel = bot.get_channel(old.channel_id) or await bot.fetch_channel(old.channel_id)
            assert isinstance(channel, discord.abc.Messageable)
            invited = " ".join(mention(s.user_id) for s in others if s.user_id is not None)
            lines = [t(public, "Rematch of game #{old}!", old=old.id)]
            if invited:
                lines.append(
                    t(public, "{people}: join with one click to play again.", people=invited)
                )
            message = await channel.send(
                **fit(
                    content="\n".join(lines),
                    embed=lobby_embed(record, public),
                    view=lobby_buttons(record.id, public, computers=bot.computers_available),
                    allowed_mentions=discord.AllowedMentions(
                        users=True, everyone=False, roles=False
                    ),
                )
            )
        except discord.HTTPException as error:
            # Nobody can see or join the new table: take it away (a cancelled game is no
            # rematch), so the rematch can be asked for again.
            log.info("could not post the rematch of game #%s: %s", old.id, error)
            await withdraw(bot.store, record.id)
            raise Refusal(
                t(
                    lang,
                    "I could not post the rematch of game #{id} in its channel, so none was "
                    "opened. Please try again in a moment.",
                    id=old.id,
                )
            ) from None
        applied(interaction, record.id)

        async def make_thread(placed: GameRecord) -> int | None:
            # Where Discord makes no thread, the table stays in the channel, as posted.
            in_thread = isinstance(channel, discord.Thread)
            thread_id, _ = await give_thread(message, placed, public, in_thread=in_thread)
            return thread_id

        # Nobody is seated without their own click: only a table of computer players is full
        # at once, and then its first post is queued here.
        record = await place_table(
            bot.store,
            record.id,
            message.id,
            make_thread,
            announce.start_announcer(public),
        )
    bot.after_change(record)
    if record.status == "active":
        await _refresh(bot, record, message, public)
    return record


async def _refresh(bot: Host, record: GameRecord, message: discord.Message, lang: str) -> None:
    """The rematch lobby shows that it has started."""
    try:
        await message.edit(**fit(embed=lobby_embed(record, lang), view=None))
    except discord.HTTPException as error:
        log.info("could not update the rematch lobby #%s: %s", record.id, error)
