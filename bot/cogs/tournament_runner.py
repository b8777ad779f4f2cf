"""The tournaments' background task: rounds run themselves.

It sleeps until the earliest tournament is due (its sign-up's close, its round's deadline) or
until one of its games ends, then claims the due tournaments (a lease, like a game's due work:
with several processes on one database each is worked on by one of them) and does what is due
(bot.play.tournament_rounds.run_due). Every new table's game is posted in the tournament's
channel, mentioning its players, and played in that post's own thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.cogs.leases import leases_of
from bot.cogs.threads import give_thread
from bot.cogs.tournament_pictures import sign_up_file, signup_lock
from bot.play.lobby import place_table
from bot.play.tournament_rounds import Seeder, Step, run_due
from bot.store import GameRecord
from bot.store.tournament_rows import TournamentRecord
from bot.texts import announce
from bot.texts import tournament as texts
from bot.ui.fit import fit
from bot.ui.signup import signup_view

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)


class TournamentRunner(commands.Cog):
    """Starts tournaments at their sign-up's close and moves them from round to round."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        #: Draws each table's seed (tests pin it); None: at random.
        self.seeder: Seeder | None = None

    async def cog_load(self) -> None:
        """Start the background task; every running tournament is looked at once."""
        self.leases = await leases_of(self.bot)
        await self.bot.store.wake_running_tournaments()
        self.task = asyncio.create_task(self.run(), name="tournaments")

    async def cog_unload(self) -> None:
        """Stop the background task."""
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    @commands.Cog.listener()
    async def on_game_changed(self, record: GameRecord) -> None:
        """A tournament's game that ended may end its round: look at once."""
        ended = record.status in ("finished", "cancelled")
        if ended and await self.bot.store.wake_tournament_of(record.id) is not None:
            self.wake.set()

    async def run(self) -> None:
        """Work through the due tournaments, then sleep until the next is due or woken."""
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            self.wake.clear()
            due: float | None = None
            try:
                failed = not await self.run_due()
                due = await self.bot.store.next_tournament_due()
            except Exception:
                log.exception("tournament pass failed")
                failed = True
            deadline = self.leases.next_look(due, failed=failed)
            await self.bot.clock.sleep_until(deadline, self.wake)

    async def run_due(self) -> bool:
        """One pass over the tournaments this process claimed; False when one failed."""
        store = self.bot.store
        done = True
        worker, lease = self.leases.worker, self.leases.lease
        for tournament_id in await store.claim_due_tournaments(worker, lease=lease):
            try:
                record = await store.get_tournament(tournament_id)
                lang = await self.bot.public_language(record.guild_id)
                step = await run_due(store, tournament_id, self.bot.clock.now(), lang, self.seeder)
                await self.after(step, lang)
            except Exception:
                log.exception("tournament #%s: its due work failed", tournament_id)
                done = False
            finally:
                await store.release_tournament(tournament_id, worker)
        return done

    async def after(self, step: Step, lang: str) -> None:
        """Post the games a step opened, place those a restart left unposted, and wake what
        follows the games it stopped."""
        for stopped in step.stopped:
            self.bot.after_change(stopped)
        for table in step.unplaced:
            await self.place(step.record, table.round, table.game_id, table.players, lang)
        for game in step.opened:
            players = tuple(game.player(seat).user_id or 0 for seat in range(len(game.seats)))
            await self.place(step.record, step.record.round, game.id, players, lang)
        if step.changed:
            self.bot.store.outbox_ready.set()
            if step.record.round <= 1:
                await refresh_signup(self.bot, step.record)

    async def place(
        self,
        record: TournamentRecord,
        round_: int,
        game_id: int,
        players: tuple[int, ...],
        lang: str,
    ) -> None:
        """Post one table's game in the tournament's channel and give it its thread."""
        # The channel itself, not a partial one: a thread is made from a message that knows
        # its server.
        channel = self.bot.get_channel(record.channel_id) or await self.bot.fetch_channel(
            record.channel_id
        )
        assert isinstance(channel, discord.abc.Messageable)
        with self.bot.settling.placing(game_id):
            message = await channel.send(
                **fit(
                    content=texts.table_text(lang, record, round_, players),
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
            )

            async def make_thread(placed: GameRecord) -> int | None:
                thread_id, _note = await give_thread(message, placed, lang, in_thread=False)
                return thread_id

            placed = await place_table(
                self.bot.store,
                game_id,
                message.id,
                make_thread,
                announce.start_announcer(lang),
            )
        self.bot.after_change(placed)


async def refresh_signup(bot: Host, record: TournamentRecord) -> None:
    """Show the tournament as it is now on its sign-up post: the field in words and as the
    sign-up picture (which replaces the one before), buttons while open."""
    if record.signup_message_id is None:
        return
    # Joins close together each refresh the post: one at a time, each from the latest record,
    # so the picture drawn last is never of an older field.
    async with signup_lock(record.id):
        message_id = record.signup_message_id
        record = await bot.store.get_tournament(record.id)
        public = await bot.public_language(record.guild_id)
        message = bot.get_partial_messageable(record.channel_id).get_partial_message(message_id)
        view = signup_view(record.id, public) if record.status == "signup" else None
        picture = await sign_up_file(bot, record, public)
        # A post that is gone changes nothing: the field is still shown by /tournament list.
        with contextlib.suppress(discord.HTTPException):
            await message.edit(
                **fit(content=texts.signup_text(public, record), view=view, attachments=[picture])
            )


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(TournamentRunner(bot))
