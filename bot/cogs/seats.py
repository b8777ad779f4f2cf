"""Giving up a seat (resigning, timing out, leaving the server), who is still on the server,
and the per-person commands of games over days: resign, notify, follow."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.cogs.common import (
    FoundGame,
    GameFinder,
    Interaction,
    Refusal,
    applied,
    notifier,
    reader_language,
)
from bot.games.base import IllegalAction
from bot.i18n import t
from bot.play.access import Purpose
from bot.play.confirm import confirm_until, still_counts
from bot.play.follow import follow as follow_game
from bot.play.follow import set_notify as notify_setting
from bot.play.notices import dm_language
from bot.play.turns import hand_to_computer
from bot.play.turns import resign as resign_seat
from bot.store import GameRecord, OutboxDraft, StoreError, VersionConflict
from bot.store.follows import Hears
from bot.texts import over_days as days
from bot.texts.names import seat_names
from bot.texts.refusals import explain
from bot.ui.buttons import resign_button
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

#: The level of a computer player that takes over a timed-out seat.
HANDOVER_LEVEL = 2


async def give_up_seat(bot: Host, record: GameRecord, seat: int, reason: str) -> bool:
    """The person at ``seat`` loses it (``reason``: resigned, timeout or left).

    A timed-out seat (or one whose person left) goes to a computer player once those exist,
    except at a tournament's table whose organiser did not choose so; otherwise — and always for
    a resignation — the player forfeits: ``resign <seat>`` is logged.
    Announced in the game's thread in the same transaction. False when the game changed in the
    meantime (nothing was done: the caller looks again); IllegalAction or StoreError when the
    seat cannot be given up (e.g. the game is over).
    """
    store = bot.store
    lang = await bot.public_language(record.guild_id)
    try:
        handing = reason != "resigned" and bot.computers_available
        if handing and await store.computer_may_take_seat(record.id):
            who = seat_names(record, lang)[seat]
            person = record.player(seat).user_id
            dm_lang = (
                await dm_language(bot.store, person, opted_in=False)
                if reason == "timeout" and person is not None
                else None
            )

            def told(changed: GameRecord) -> list[OutboxDraft]:
                drafts = [days.handover_draft(changed, seat, who, lang, reason)]
                if person is not None and dm_lang is not None:
                    drafts.append(days.handover_dm(changed, seat, person, dm_lang))
                return drafts

            changed = await hand_to_computer(
                store,
                record.id,
                seat,
                HANDOVER_LEVEL,
                expected_version=record.version,
                announce=told,
            )
        else:
            move = await resign_seat(
                store,
                record.id,
                seat,
                expected_version=record.version,
                announce=lambda m: days.forfeit_drafts(m, lang, reason),
                notify=notifier(bot),
            )
            bot.after_turn(move)  # a forfeit is a turn: its direct messages went with it
            return True
    except VersionConflict:
        return False
    bot.after_change(changed)
    return True


async def _resigning_seat(bot: Host, interaction: Interaction, loaded: FoundGame) -> int:
    """The person's seat in a game they may resign from, or the refusal saying why not."""
    lang = reader_language(interaction)
    record, game = loaded.record, loaded.game
    if record.status == "lobby":
        raise Refusal(t(lang, "Game #{id} has not started: use /game leave instead.", id=record.id))
    if record.status != "active" or game is None or game.is_over:
        raise Refusal(t(lang, "Game #{id} is over.", id=record.id))
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        raise Refusal(t(lang, "You are not in game #{id}.", id=record.id))
    return seat


async def resign(bot: Host, interaction: Interaction, game_id: int | None) -> None:
    """``/game resign``: asks, ephemerally, for a confirming click that counts for a while;
    says what resigning means for this game."""
    lang = reader_language(interaction)
    loaded = await GameFinder(bot).find(interaction, game_id)
    await _resigning_seat(bot, interaction, loaded)
    record = loaded.record
    until = confirm_until(bot.clock.now())
    await interaction.response.send_message(
        **fit(
            content=days.resign_question(lang, record, until),
            view=resign_button(record.id, until, lang),
            ephemeral=True,
        )
    )


async def confirm_resign(bot: Host, interaction: Interaction, game_id: int, until: int) -> None:
    """The confirming click: resign for good, if it still counts; the question is replaced by
    the outcome (its button removed)."""
    lang = reader_language(interaction)
    if not still_counts(until, bot.clock.now()):
        await interaction.response.edit_message(
            **fit(
                content=t(
                    lang,
                    "This confirmation has expired; nothing was done. Use /game resign again "
                    "if you still want to give up game #{id}.",
                    id=game_id,
                ),
                view=None,
            )
        )
        return
    loaded = await GameFinder(bot).load(interaction, game_id)
    seat = await _resigning_seat(bot, interaction, loaded)
    record = loaded.record
    try:
        done = await give_up_seat(bot, record, seat, "resigned")
    except (IllegalAction, StoreError) as error:
        raise Refusal(explain(lang, error, record.kind)) from None
    if not done:
        raise Refusal(
            t(lang, "Game #{id} changed just now; nothing was done. Try again.", id=record.id)
        )
    applied(interaction, record.id)
    await interaction.response.edit_message(
        **fit(content=t(lang, "You resigned from game #{id}.", id=record.id), view=None)
    )


async def set_notify(bot: Host, interaction: Interaction, on: bool) -> None:
    """``/game notify on|off``: 'your turn' direct messages, opt-in per person."""
    lang = reader_language(interaction)
    await notify_setting(bot.store, interaction.user.id, str(interaction.locale), on)
    text = (
        t(
            lang,
            "I will send you a direct message when it is your turn (and reminders). Make sure "
            "your privacy settings allow direct messages from this server.",
        )
        if on
        else t(lang, "No more direct messages about your turns.")
    )
    await interaction.response.send_message(**fit(content=text, ephemeral=True))


async def follow(
    bot: Host, interaction: Interaction, game_id: int | None, on: bool, what: Hears | None = None
) -> None:
    """``/game follow``: anyone may get a game's updates by direct message (or stop): each
    person's turn and the result (``turns``), or only the result (``results``). Left out, a
    player hears the turns and anyone else, watching, only the result."""
    lang = reader_language(interaction)
    loaded = await GameFinder(bot).find(interaction, game_id, purpose=Purpose.JOIN)
    record = loaded.record
    if what is None:
        what = "turns" if interaction.user.id in record.players else "results"
    try:
        changed = await follow_game(
            bot.store, record.id, interaction.user.id, str(interaction.locale), on, what
        )
    except StoreError as error:
        raise Refusal(explain(lang, error)) from None
    if on:
        if not changed:
            text = t(lang, "You already follow game #{id}.", id=record.id)
        elif what == "results":
            text = t(lang, "You follow game #{id}: I will tell you its result by DM.", id=record.id)
        else:
            text = t(
                lang, "You follow game #{id}: I will tell you by DM whose turn it is.", id=record.id
            )
    else:
        text = (
            t(lang, "You no longer follow game #{id}.", id=record.id)
            if changed
            else t(lang, "You were not following game #{id}.", id=record.id)
        )
    await interaction.response.send_message(**fit(content=text, ephemeral=True))
