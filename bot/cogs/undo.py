"""Undo by consent, in Discord: ``/game undo`` asks the other people; Approve/Refuse buttons
answer. Which turns are taken back, who must agree and what an answer does is the play layer's
(bot.play.undo); this module words its outcomes and keeps the posted question true: edited
(its buttons removed) once the request is answered, void or has expired.

Where the question was posted is kept with the request in the store (``UndoRequest.post``), not
in this process: with several processes on one database, or after a restart, the request is
often settled by another process than the one that posted it. Whoever removes the request from
the store (one caller only: ``drop_undo`` returns it once) edits its post.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.cogs.common import GameFinder, Interaction, Refusal, applied, reader_language
from bot.i18n import t
from bot.play import undo
from bot.play.access import BACKGROUND, open_record
from bot.play.undo import UndoRefused
from bot.store import GameRecord, StoreError, UndoPost, UndoRequest
from bot.texts import over_days as days
from bot.texts.names import mention, seat_names
from bot.texts.refusals import explain
from bot.ui.buttons import buttons
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)


def _words(lang: str, code: str, game_id: int) -> str:
    """What a refusal or a settled request (bot.play.undo's codes) says."""
    if code == "not_playing":
        return t(lang, "Game #{id} is not being played.", id=game_id)
    if code == "not_seated":
        return t(lang, "You are not in game #{id}.", id=game_id)
    if code == "rematch":
        return t(
            lang,
            "A rematch of game #{id} has been opened, so its result stands: nothing can be "
            "taken back any more.",
            id=game_id,
        )
    if code == "tournament":
        return t(
            lang,
            "Game #{id} counted in its tournament's standings when its round ended, so its "
            "result stands: nothing can be taken back any more.",
            id=game_id,
        )
    if code == "rated_since":
        return t(
            lang,
            "The end of game #{id} can't be taken back any more: one of its players has "
            "finished another rated game of this kind since, and its rating builds on this one.",
            id=game_id,
        )
    if code == "changed":
        return t(lang, "Game #{id} changed just now: look again.", id=game_id)
    if code == "pending":
        return t(lang, "An undo in game #{id} is already waiting for answers.", id=game_id)
    if code == "void":
        return t(lang, "Game #{id} moved on: the undo is void.", id=game_id)
    if code == "not_asked":
        return t(lang, "This undo does not wait for your answer.")
    if code == "gone":
        return t(lang, "There is no undo waiting for answers in game #{id}.", id=game_id)
    if code == "nothing":
        return t(lang, "Nothing has been played in game #{id} yet.", id=game_id)
    if code == "resigned":
        return t(lang, "A resignation can't be taken back (game #{id}).", id=game_id)
    if code == "drawn":
        return t(
            lang,
            "The last turn in game #{id} can't be taken back: a penguin card was drawn, and "
            "nobody can unsee it.",
            id=game_id,
        )
    if code == "entertainer_revealed":
        return t(
            lang,
            "The last turn in game #{id} can't be taken back: a new entertainer was turned "
            "face up, and nobody can unsee it.",
            id=game_id,
        )
    raise ValueError(f"no words for the undo outcome {code!r}")


def _question(lang: str, record: GameRecord, asker: int, point: undo.UndoPoint) -> str:
    """The public question naming who asks to take back whose turns."""
    return days.undo_question(lang, record, mention(asker), undo.whose_turns(record, point, lang))


async def ask_undo(bot: Host, interaction: Interaction, game_id: int | None) -> None:
    """``/game undo``: ask the others to approve taking back the last turn."""
    lang = reader_language(interaction)
    loaded = await GameFinder(bot).find(interaction, game_id, finished=True)
    record = loaded.record
    public = await bot.public_language(record.guild_id)
    try:
        asked = await undo.ask(
            bot.store,
            record,
            loaded.game,
            interaction.user.id,
            channel_id=interaction.channel_id or record.channel_id,
            now=bot.clock.now(),
            lang=public,
        )
    except UndoRefused as refused:
        raise Refusal(_words(lang, refused.code, record.id)) from None
    except StoreError as error:
        raise Refusal(explain(lang, error)) from None
    applied(interaction, record.id)
    question = _question(public, record, interaction.user.id, asked.point)
    if asked.changed is not None:
        bot.after_change(asked.changed)
        await interaction.response.send_message(
            **fit(
                content=question + "\n" + t(public, "Nobody else has to agree: done."),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        )
        return
    await interaction.response.send_message(
        **fit(
            content=question + "\n" + days.undo_waiting(public, asked.request),
            view=buttons(["approve", "refuse"], record.id, public),
            allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
        )
    )
    try:
        posted = await interaction.original_response()
    except discord.HTTPException:
        return
    post = UndoPost(posted.channel.id, posted.id, question)
    if not await undo.keep_post(bot.store, asked.request, post):
        # A change voided the request before its post was kept (a computer's move, perhaps in
        # another process): nobody else knows this post, so it is closed here.
        await close_undo_post(bot, record.id, post, _words(public, "void", record.id))


async def answer_undo(bot: Host, interaction: Interaction, game_id: int, *, approve: bool) -> None:
    """A click on Approve undo or Refuse undo under a request."""
    lang = reader_language(interaction)
    loaded = await GameFinder(bot).load(interaction, game_id)  # who may reach it: bot.play.access
    record = loaded.record
    public = await bot.public_language(record.guild_id)
    try:
        answered = await undo.answer(
            bot.store,
            record,
            loaded.game,
            interaction.user.id,
            approve=approve,
            now=bot.clock.now(),
            lang=public,
        )
    except UndoRefused as refused:
        raise Refusal(_words(lang, refused.code, game_id)) from None
    except StoreError as error:
        raise Refusal(explain(lang, error)) from None
    outcome = answered.outcome
    if outcome in ("refused", "waiting", "done"):
        applied(interaction, game_id)
    if outcome == "refused":
        who = mention(interaction.user.id)
        text = t(
            public, "{who} refused: nothing was taken back in game #{id}.", who=who, id=game_id
        )
        await _settle(interaction, text)
        await _close_elsewhere(bot, interaction, answered.request, text)
    elif outcome == "waiting":
        assert answered.request is not None and answered.point is not None
        question = _question(public, record, answered.request.requester_id, answered.point)
        await interaction.response.edit_message(
            **fit(
                content=question + "\n" + days.undo_waiting(public, answered.request),
                view=buttons(["approve", "refuse"], game_id, public),
            )
        )
    elif outcome == "done":
        bot.after_change(answered.record)
        names = ", ".join(seat_names(record, public)[s] for s in answered.approved_seats)
        text = t(public, "Everyone agreed ({names}): the last turn was taken back.", names=names)
        await _settle(interaction, text)
        await _close_elsewhere(bot, interaction, answered.request, text)
    else:
        # A late click on an old request, a void one, or one a rematch overtook: the request
        # message says so, without buttons.
        text = _words(public, outcome, game_id)
        await _settle(interaction, text)
        await _close_elsewhere(bot, interaction, answered.request, text)


async def _settle(interaction: Interaction, text: str) -> None:
    """Show the outcome in place of the question, without buttons."""
    await interaction.response.edit_message(
        **fit(content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
    )


async def _close_elsewhere(
    bot: Host, interaction: Interaction, request: UndoRequest | None, text: str
) -> None:
    """The answer settled the request from another message than its post (an older request's
    buttons): its post must not stay open either."""
    post = None if request is None else request.post
    clicked = None if interaction.message is None else interaction.message.id
    if request is not None and post is not None and post.message_id != clicked:
        await close_undo_post(bot, request.game_id, post, text)


async def close_undo_post(bot: Host, game_id: int, post: UndoPost, outcome: str) -> None:
    """Edit a posted undo request to its outcome and remove its buttons."""
    try:
        # By REST alone: the channel may be on a shard another process runs.
        channel = bot.get_partial_messageable(post.channel_id)
        await channel.get_partial_message(post.message_id).edit(
            **fit(
                content=post.question + "\n" + outcome,
                view=None,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        )
    except discord.HTTPException as error:
        log.info("could not close the undo request of game #%s: %s", game_id, error)


class UndoPosts(commands.Cog):
    """Keeps posted undo requests true: void once the game moves on, expired when time ran
    out (the request message then says so, without buttons)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_game_changed(self, record: GameRecord) -> None:
        """A change since the request was asked voids it (whichever process made it)."""
        dropped = await undo.void_if_moved(self.bot.store, record)
        if dropped is None or dropped.post is None:
            return
        lang = await self.bot.public_language(record.guild_id)
        await close_undo_post(
            self.bot,
            record.id,
            dropped.post,
            t(lang, "Game #{id} moved on: the undo is void.", id=record.id),
        )

    @commands.Cog.listener()
    async def on_undo_expired(self, request: UndoRequest) -> None:
        """Nobody answered in time (``request``: as this process removed it)."""
        if request.post is None:
            return
        record = await open_record(self.bot.store, request.game_id, BACKGROUND)
        lang = await self.bot.public_language(record.guild_id)
        await close_undo_post(
            self.bot,
            request.game_id,
            request.post,
            t(lang, "Expired: nobody answered in time, so nothing was taken back."),
        )


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(UndoPosts(bot))
