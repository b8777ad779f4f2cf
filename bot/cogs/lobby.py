"""A game's lobby: seats taken and given up (by command or by the lobby's buttons), computer
players seated, and the lobby message kept up to date (bot.cogs.opening opens one)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.cogs.common import FoundGame, GameFinder, Interaction, Refusal, applied, reader_language
from bot.i18n import t
from bot.play.access import Purpose
from bot.play.lobby import (
    TableRefused,
    add_computer,
    join,
    table_level,
)
from bot.play.lobby import cancel as cancel_table
from bot.play.lobby import leave as leave_table
from bot.play.lobby import start as start_game
from bot.store import GameRecord, OutboxDraft, StoreError
from bot.store.lobby import Announce
from bot.store.rows import status_error
from bot.texts import announce
from bot.texts.names import player_name
from bot.texts.refusals import explain
from bot.ui.buttons import lobby_buttons
from bot.ui.embeds import lobby_embed
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

#: The computer players' level where nobody chose one: medium.
DEFAULT_LEVEL = 2
LEVEL_CHOICES = [
    app_commands.Choice(name="easy", value=1),
    app_commands.Choice(name="medium", value=2),
    app_commands.Choice(name="hard", value=3),
]


def not_waiting(lang: str, record: GameRecord) -> str:
    """Why nobody can take a seat in a game that is no longer a lobby."""
    if record.status == "active" and record.is_full:
        return t(
            lang,
            "Game #{game_id} is full ({max_players} players).",
            game_id=record.id,
            max_players=record.max_players,
        )
    return explain(lang, status_error(record, "lobby"))


class Lobby:
    """The lobby work done on behalf of the person who typed or clicked; it keeps no state of
    its own, so each request may use a fresh one (``lobby_of``)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.tables = GameFinder(bot)

    def lobby_view(self, record: GameRecord, lang: str) -> discord.ui.View | None:
        """The buttons under a lobby message: none once the game has started or ended."""
        if record.status != "lobby":
            return None
        return lobby_buttons(record.id, lang, computers=self.bot.computers_available)

    async def refresh_lobby(self, record: GameRecord) -> None:
        """Show the lobby message as the seats are now (after a /game command changed them)."""
        if record.lobby_message_id is None:
            return
        lang = await self.bot.public_language(record.guild_id)
        channel = self.bot.get_partial_messageable(record.channel_id)
        view = self.lobby_view(record, lang)
        try:
            await channel.get_partial_message(record.lobby_message_id).edit(
                **fit(embed=lobby_embed(record, lang), view=view)
            )
        except discord.HTTPException as error:
            log.info("could not refresh the lobby of game #%s: %s", record.id, error)

    # --- seats ---------------------------------------------------------------------------------

    async def _meant(
        self, interaction: Interaction, game_id: int | None, purpose: Purpose = Purpose.PLAY
    ) -> FoundGame:
        """The game a lobby action means: the given one (whatever its state), else the one of
        this thread or the person's only one here."""
        if game_id is None:
            return await self.tables.find(interaction, None, purpose=purpose)
        return await self.tables.load(interaction, game_id, purpose)

    async def seat_change(
        self, interaction: Interaction, action: str, game_id: int | None, *, from_button: bool
    ) -> None:
        """Join, leave, start or cancel; the lobby message shows the result."""
        lang = reader_language(interaction)
        purpose = Purpose.JOIN if action == "join" else Purpose.PLAY
        record = (await self._meant(interaction, game_id, purpose)).record
        public = await self.bot.public_language(record.guild_id)
        store = self.bot.store
        start = announce.start_announcer(public)
        try:
            if action == "join":
                if record.status == "active" and record.is_full:
                    raise Refusal(not_waiting(lang, record))
                record = await join(
                    store,
                    record.id,
                    interaction.user.id,
                    name=interaction.user.display_name,
                    announce=start,
                )
                note = t(lang, "You joined game #{id}.", id=record.id)
            elif action == "leave":
                if record.status != "lobby":
                    raise Refusal(
                        t(
                            lang,
                            "Game #{id} has started: use /game resign to give up.",
                            id=record.id,
                        )
                    )
                record = await leave_table(store, record.id, interaction.user.id)
                note = t(lang, "You left game #{id}.", id=record.id)
            elif action == "start":
                if record.status != "lobby":
                    raise Refusal(t(lang, "Game #{id} has already started.", id=record.id))
                record = await start_game(store, record.id, by=interaction.user.id, announce=start)
                note = t(lang, "Game #{id} has started.", id=record.id)
            else:
                record = await cancel_table(
                    store,
                    record.id,
                    interaction.user.id,
                    manager=self.manages(interaction),
                    announce=self._cancel_announcer(interaction, public, from_button=from_button),
                )
                note = t(lang, "Game #{id} was cancelled.", id=record.id)
        except TableRefused as refused:
            raise Refusal(
                t(
                    lang,
                    "Only the creator of game #{id} or someone with Manage Server can cancel it.",
                    id=refused.game_id,
                )
            ) from None
        except StoreError as error:
            raise Refusal(explain(lang, error)) from None
        await self._show_seats(interaction, record, public, note, from_button=from_button)

    def _in_place(self, interaction: Interaction, record: GameRecord, *, from_button: bool) -> bool:
        """A click on the lobby message itself: the change is shown by editing it."""
        return from_button and record.lobby_message_id == getattr(interaction.message, "id", None)

    def _cancel_announcer(
        self, interaction: Interaction, public: str, *, from_button: bool
    ) -> Announce:
        """The cancel's post, queued with it: a lobby cancelled in place shows it already; the
        thread (or a lobby elsewhere) is told."""

        def drafts(record: GameRecord) -> list[OutboxDraft]:
            if record.thread_id or not self._in_place(interaction, record, from_button=from_button):
                return [announce.cancel_draft(record, public)]
            return []

        return drafts

    async def _show_seats(
        self,
        interaction: Interaction,
        record: GameRecord,
        public: str,
        note: str,
        *,
        from_button: bool,
    ) -> bool:
        """Show a seat change: a click on the lobby message updates it in place (True); else
        ``note`` is the ephemeral answer and the lobby message is brought up to date."""
        applied(interaction, record.id)
        self.bot.after_change(record)
        if self._in_place(interaction, record, from_button=from_button):
            await interaction.response.edit_message(
                **fit(embed=lobby_embed(record, public), view=self.lobby_view(record, public))
            )
            return True
        await interaction.response.send_message(**fit(content=note, ephemeral=True))
        await self.refresh_lobby(record)
        return False

    async def seat_computer(
        self,
        interaction: Interaction,
        game_id: int | None,
        level: int | None,
        *,
        from_button: bool,
    ) -> None:
        """Seat a computer player in a free seat; a full table starts as when a person joins.

        By command the creator or Manage Server may; by the lobby's button only the creator.
        Without ``level``, the level chosen for the table when it was opened, else that of the
        computer players already seated, else medium.
        """
        lang = reader_language(interaction)
        record = (await self._meant(interaction, game_id)).record
        if record.status != "lobby":
            raise Refusal(not_waiting(lang, record))
        if from_button and interaction.user.id != record.creator_id:
            raise Refusal(
                t(lang, "Only the creator of game #{id} can add a computer player.", id=record.id)
            )
        if not from_button and not self.may_manage(interaction, record):
            raise Refusal(
                t(
                    lang,
                    "Only the creator of game #{id} or someone with Manage Server can add a "
                    "computer player.",
                    id=record.id,
                )
            )
        if not self.bot.computers_available:
            raise Refusal(
                t(lang, "Computer players are not available yet: invite people to play instead.")
            )
        if level is None:
            level = table_level(record, DEFAULT_LEVEL)
        public = await self.bot.public_language(record.guild_id)
        try:
            record = await add_computer(
                self.bot.store, record.id, level, announce=announce.start_announcer(public)
            )
        except StoreError as error:
            raise Refusal(explain(lang, error)) from None
        computer = player_name(max(record.seats, key=lambda s: s.slot), lang)
        if record.status == "active":
            note = t(
                lang,
                "{computer} took the last seat: game #{id} has started.",
                computer=computer,
                id=record.id,
            )
        else:
            note = t(lang, "{computer} took a seat in game #{id}.", computer=computer, id=record.id)
        await self._show_seats(interaction, record, public, note, from_button=from_button)

    def may_manage(self, interaction: Interaction, record: GameRecord) -> bool:
        """The creator, or a member with Manage Server, may cancel a game or add a computer."""
        return interaction.user.id == record.creator_id or self.manages(interaction)

    @staticmethod
    def manages(interaction: Interaction) -> bool:
        """The person has Manage Server where they ask."""
        perms = getattr(interaction, "permissions", None)
        return bool(perms and perms.manage_guild)


def lobby_of(bot: Host) -> Lobby:
    """The lobby work for ``bot``'s commands and clicks."""
    return Lobby(bot)
