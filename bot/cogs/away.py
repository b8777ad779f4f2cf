"""``/game away days`` and ``/game return [game]``: the Discord side (the work is bot.play.away).

Time away moves the clocks of the games where it is the person's turn: the scheduler is woken
(an early return may bring a due moment forward) and the posts in the games' threads go out.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.cogs.common import GameFinder, Interaction, Refusal, applied, reader_language, where
from bot.i18n import t
from bot.play.access import Purpose, within_reach
from bot.play.away import AwayRefused, SeatRefused, away_servers, go_away, take_back
from bot.store import GameRecord, NoDaysLeft, OutboxDraft, StoreError, VersionConflict
from bot.texts import announce
from bot.texts import away as words
from bot.texts.refusals import explain
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host


def _wake(bot: Host, records: tuple[GameRecord, ...]) -> None:
    """Deliver the posts, let the scheduler see the moved clocks, and let what watches a
    game's version (undo requests, computer players) look again."""
    bot.store.outbox_ready.set()
    scheduler = bot.get_cog("Scheduler")
    wake = getattr(scheduler, "wake", None)
    if wake is not None:
        wake.set()
    for record in records:
        bot.dispatch("game_changed", record)


async def away(bot: Host, interaction: Interaction, days: int) -> None:
    """Start time away (in a server: its games; in a DM: every server's), or end it (0)."""
    lang = reader_language(interaction)
    user = interaction.user.id
    store = bot.store
    try:
        servers = await away_servers(store, user, interaction.guild_id)
    except AwayRefused:
        raise Refusal(
            t(
                lang,
                "You have no running game. In a server, /game away covers that server's games, "
                "also the ones still to come.",
            )
        ) from None
    langs = {guild: await bot.public_language(guild) for guild in servers}

    def announce(record: GameRecord, ends: datetime | None, now: datetime) -> list[OutboxDraft]:
        public = langs[record.guild_id]
        if ends is None:
            return [words.back_draft(record, user, now, public)]
        return [words.away_draft(record, user, ends, public)]

    try:
        outcome = await go_away(store, user, interaction.guild_id, days, announce=announce)
    except NoDaysLeft as error:
        params = error.params
        game = None
        if interaction.guild_id is None:
            mine = await store.games_of_user(user, ("active",))
            game = next((r.id for r in mine if r.guild_id == params["guild_id"]), None)
        raise Refusal(
            words.no_days_left(lang, params["asked"], params["left"], params["allowed"], game)
        ) from None
    except AwayRefused as refused:
        if refused.code == "nothing_to_pause":
            raise Refusal(
                t(
                    lang,
                    "You have no game on this server, so time away would pause nothing: no "
                    "day of your allowance was spent. Ask again once you sit at a table here.",
                )
            ) from None
        raise Refusal(t(lang, "Time away is 0 to 31 days.")) from None
    _wake(bot, outcome.games)
    left = min(outcome.days_left.values())
    if outcome.ends_at is not None:
        text = words.away_answer(lang, outcome.ends_at, len(outcome.games), left)
    elif outcome.ended:
        text = words.back_answer(lang, sum(outcome.given_back.values()), left)
    else:
        text = t(lang, "You are not away; nothing changed.")
    await interaction.response.send_message(**fit(content=text, ephemeral=True))


def _seat_refusal(lang: str, refused: SeatRefused) -> str:
    """Why a seat cannot be taken back, in the reader's language."""
    game = refused.game_id
    if refused.code == "over":
        return t(lang, "Game #{id} is over: a seat can only be taken back while it runs.", id=game)
    if refused.code == "not_started":
        return t(lang, "Game #{id} has not started: use /game join to take a seat.", id=game)
    if refused.code == "seated":
        return t(lang, "You are still playing in game #{id}: your seat is yours.", id=game)
    return t(
        lang,
        "No computer player took over a seat of yours in game #{id}, so there is none to take "
        "back.",
        id=game,
    )


async def _held_for(bot: Host, interaction: Interaction) -> list[GameRecord]:
    """The running games within reach where a computer player holds a seat taken over from the
    person asking: in a server, that server's; in a DM, every server's."""
    held = await bot.store.games_handed_from(interaction.user.id)
    return within_reach(held, where(interaction), Purpose.JOIN)


async def return_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """``/game return``'s games: only those where a computer player holds your seat."""
    bot = interaction.client
    lang = reader_language(interaction)
    typed = current.strip().lstrip("#")
    choices = []
    for record in await _held_for(bot, interaction):
        label = f"#{record.id} {announce.short_title(record, lang)}"
        if typed in str(record.id) or current.lower() in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=record.id))
    return choices[:25]


async def return_to_seat(bot: Host, interaction: Interaction, game_id: int | None) -> None:
    """``/game return``: take back the seat a computer player took over from you. Without a
    game: the game of this thread, else your only game where a computer holds your seat."""
    lang = reader_language(interaction)
    # In a thread, its game is the default (GameFinder looks it up); elsewhere, the only game
    # where a computer holds your seat.
    if game_id is None and not isinstance(interaction.channel, discord.Thread):
        held = await _held_for(bot, interaction)
        if len(held) == 1:
            game_id = held[0].id
    # Becoming part of a game again: from a DM, only while still on the game's server.
    loaded = await GameFinder(bot).find(interaction, game_id, purpose=Purpose.JOIN)
    record = loaded.record
    user = interaction.user.id
    name = getattr(interaction.user, "display_name", None)
    public = await bot.public_language(record.guild_id)
    try:
        changed = await take_back(
            bot.store,
            record.id,
            user,
            name,
            announce=lambda game, seat: [words.returned_draft(game, seat, user, public)],
        )
    except SeatRefused as refused:
        raise Refusal(_seat_refusal(lang, refused)) from None
    except VersionConflict:
        raise Refusal(
            t(lang, "Game #{id} changed just now; nothing was done. Try again.", id=record.id)
        ) from None
    except StoreError as error:
        raise Refusal(explain(lang, error, record.kind)) from None
    applied(interaction, record.id)
    bot.after_change(changed)
    await interaction.response.send_message(
        **fit(
            content=t(lang, "You are back in your seat in game #{id}.", id=record.id),
            ephemeral=True,
        )
    )
