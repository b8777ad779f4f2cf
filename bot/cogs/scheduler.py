"""The scheduler: one background task for everything that happens because time passed.

It sleeps on the bot's clock until the store's indexed ``next_due_at`` (the earliest reminder,
deadline or undo expiry) or until a change wakes it, then works through what is due:

- undo requests whose time ran out are dropped and the thread is told;
- turns past their deadline: the seat goes to a computer player, or the player forfeits;
- reminders: the person to move is mentioned in the thread (and sent a DM if they opted in),
  then again each interval. ``mark_reminded`` counts the reminder and queues its post in one
  transaction ``WHERE version = ?``, so a turn that was played meanwhile gets no stale ping, and
  the post's dedupe key keeps a restart from sending it twice; the post is queued for that
  version, so one still unsent when the turn is played (delivery held up) is dropped, not sent;
- after every change: whoever is to move is checked to be still on the server (someone who left
  is treated as timed out), and "your turn" DMs go to them if they opted in and to followers
  (a turn queues these in its own commit, bot.play.notices; other changes have them here).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING

from discord.ext import commands

from bot.cogs.computers import computers_of
from bot.cogs.leases import leases_of
from bot.cogs.presence import still_member
from bot.cogs.seats import give_up_seat
from bot.play import undo
from bot.play.access import BACKGROUND, open_game, open_record
from bot.play.move import Move
from bot.play.notices import dm_language, mover_left_check, remind, tell_after_change
from bot.store import GameRecord, StoreError, UndoRequest
from bot.texts import over_days as days

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)


class Scheduler(commands.Cog):
    """Reminders, timeouts, undo expiry and turn notifications."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        #: Games changed since the last pass: their next player is checked and notified.
        self.changed_games: set[int] = set()
        #: Of those, the ones whose last change was a turn that queued its own direct messages
        #: (and looked whether the next player is still here): nothing is loaded for them.
        self.turns: dict[int, Move] = {}
        self.retry: set[int] = set()  # changed games whose notifications failed: next pass
        self.failed = False  # whether something in the current pass failed

    async def cog_load(self) -> None:
        """Start the background task (it waits for the gateway before its first pass)."""
        self.leases = await leases_of(self.bot)
        self.task = asyncio.create_task(self.run(), name="scheduler")

    async def cog_unload(self) -> None:
        """Stop the background task."""
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    def changed(self, record: GameRecord) -> None:
        """A game changed: notify its next player and followers on the next pass (soon)."""
        self.turns.pop(record.id, None)
        self.changed_games.add(record.id)
        self.wake.set()

    def turned(self, move: Move) -> None:
        """A turn was committed with its direct messages: on the next pass, only a next player
        it found gone from the server gives up their seat."""
        game_id = move.record.id
        if game_id not in self.changed_games or game_id in self.turns:
            self.turns[game_id] = move
        self.changed_games.add(game_id)
        self.wake.set()

    async def run(self) -> None:
        """Pass over what is due, then sleep until the next due moment or a change."""
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            self.wake.clear()
            self.failed = False
            due: float | None = None
            try:
                await self.run_due()
                next_due = await self.bot.store.next_due_at()
                due = None if next_due is None else next_due.timestamp()
            except Exception:  # keep the clock running whatever one pass did
                log.exception("scheduler pass failed")
                self.failed = True
            if self.changed_games and not self.failed:
                continue
            # With several processes, other processes' computer players' turns are not
            # announced here either: next_look comes back within a poll for them too.
            deadline = self.leases.next_look(due, failed=self.failed)
            await self.bot.clock.sleep_until(deadline, self.wake)

    async def run_due(self) -> None:
        """One pass: changed games, expired undo requests, deadlines, reminders."""
        self.changed_games |= self.retry
        self.retry.clear()
        while self.changed_games:
            game_id = self.changed_games.pop()
            turn = self.turns.pop(game_id, None)
            work = self.after_change(game_id) if turn is None else self.after_turn(turn)
            if not await self.each(game_id, "its changes", work):
                self.retry.add(game_id)  # its notifications are not lost: next pass
                if turn is not None:
                    self.turns.setdefault(game_id, turn)
        # Only the games this process holds the lease of: with several processes on one
        # database each due game is claimed by one of them (bot.store.claims).
        held = set(await self.leases.claim_due())
        try:
            await self.run_held(held)
        finally:
            for game_id in held:
                await self.leases.let_go(game_id)

    async def run_held(self, held: set[int]) -> None:
        """The due work of the games this process holds: undo expiry, timeouts, reminders, and
        computer players whose turn it is (handed to the computer players' cog)."""
        store = self.bot.store
        for request in await store.expired_undos():
            if request.game_id in held:
                await self.each(request.game_id, "an expired undo", self.expire_undo(request))
        for record in await store.games_past_deadline():
            if record.to_move_seat is not None and record.id in held:
                seat = record.to_move_seat
                await self.each(
                    record.id, "a timeout", give_up_seat(self.bot, record, seat, "timeout")
                )
        for record in await store.games_due_reminder():
            if record.id in held:
                await self.each(record.id, "a reminder", self.remind(record))
        computers = computers_of(self.bot)
        if computers is not None:
            for game_id in sorted(held):
                # Nothing changed: a task already playing the game need not read it again.
                computers.nudge(game_id, changed=False)

    async def each(self, game_id: int, what: str, work: Awaitable[object]) -> bool:
        """Run one game's part of a pass; a failure is logged and holds back no other game.

        The game is looked at again on the next pass (its due moment has not moved), after the
        pause that a failed pass takes.
        """
        try:
            await work
        except Exception:
            log.exception("game #%s: %s failed", game_id, what)
            self.failed = True
            return False
        return True

    async def expire_undo(self, request: UndoRequest) -> None:
        """An undo request nobody answered in time ends, with a note in the thread."""
        store = self.bot.store
        record = await open_record(store, request.game_id, BACKGROUND)
        lang = await self.bot.public_language(record.guild_id)
        dropped = await undo.expire(store, request, lang)
        if dropped is not None:  # this process ended it: its post is this process's to edit
            self.bot.dispatch("undo_expired", dropped)

    async def remind(self, record: GameRecord) -> None:
        """Mention the person to move (and DM them if they opted in), once per interval."""
        store = self.bot.store
        user = record.to_move_user
        if user is None or record.to_move_seat is None:
            return
        if not await still_member(self.bot, record.guild_id, user):
            await give_up_seat(self.bot, record, record.to_move_seat, "left")
            return
        record, game = await open_game(store, record.id, BACKGROUND)
        if game is None or record.next_reminder_at is None:
            return
        lang = await self.bot.public_language(record.guild_id)
        drafts = [days.reminder_draft(record, game, lang, self.bot.computers_available)]
        dm_lang = await dm_language(store, user)
        if dm_lang is not None:
            drafts.append(days.reminder_dm(record, game, user, dm_lang))
        refused = await remind(store, record, drafts)
        if refused is not None:
            log.info("game #%s: no reminder (%s)", record.id, refused)

    async def after_turn(self, move: Move) -> None:
        """After a turn that queued its own direct messages: a next player gone from the server
        gives up their seat (found so before the commit, or asked now, off the turn's answer,
        when nobody had seen them there lately)."""
        record = move.record
        if record.to_move_seat is None:
            return
        user = mover_left_check(record)
        gone = move.mover_left or (
            move.mover_unchecked
            and user is not None
            and not await still_member(self.bot, record.guild_id, user)
        )
        if gone:
            await give_up_seat(self.bot, record, record.to_move_seat, "left")

    async def after_change(self, game_id: int) -> None:
        """Check the next player is still here; tell them and the followers by DM."""
        store = self.bot.store
        try:
            record, game = await open_game(store, game_id, BACKGROUND)
        except StoreError:
            return
        if game is None or record.status not in ("active", "finished"):
            return
        user = mover_left_check(record)
        if user is not None and not await still_member(self.bot, record.guild_id, user):
            assert record.to_move_seat is not None
            await give_up_seat(self.bot, record, record.to_move_seat, "left")
            return
        await tell_after_change(store, record, game)


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(Scheduler(bot))
