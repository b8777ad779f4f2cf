"""Undo by consent: ``/game undo`` asks the other people; Approve/Refuse buttons answer.

The turn taken back is the last one a person played, together with the computer players'
turns after it (a computer is never asked, and nobody at all when only computers play along):
in Fish a turn is one action; in Ultimatum the steps from a play on (every finished Ultimatum
turn ends with a draw, which cannot be unseen). An undo is refused once it would hide again what
was revealed: a drawn penguin card or a new entertainer turned face up. A resignation is never
taken back, nor anything of a finished game once its rematch was opened (its result stands).
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.cogs.common import Interaction, Loaded, Refusal, Tables, applied, reader_language
from bot.games import play_logged, replay
from bot.games.base import Event, Game
from bot.i18n import t
from bot.play.undo import carry_out_undo
from bot.store import GameRecord, StoreError, UndoRequest, VersionConflict
from bot.store.rows import when
from bot.texts import over_days as days
from bot.texts.names import mention, seat_names
from bot.texts.refusals import explain
from bot.ui.buttons import buttons
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

#: How long the other players have to approve.
UNDO_LIMIT = timedelta(hours=24)


@dataclass(frozen=True)
class UndoPost:
    """Where an undo request was posted, for the game's version it was asked at: the message
    is edited (its buttons removed) when the request is void or expires."""

    channel_id: int
    message_id: int
    version: int
    question: str


@dataclass(frozen=True)
class UndoPoint:
    """What an undo would do: keep the first ``keep`` actions, taking back ``actions``.

    ``replies``: the actions include computer players' turns played after a person's turn.
    """

    keep: int
    actions: tuple[str, ...]
    replies: bool = False
    #: The turns taken back, in order: each seat with its actions (whose turns they were).
    turns: tuple[tuple[int, tuple[str, ...]], ...] = ()


class NoUndo(Exception):
    """Why there is nothing that may be taken back; ``code`` names the reason."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class _Step:
    """One action of the log: who took it (None: a resignation) and what it made happen."""

    action: str
    seat: int | None
    events: list[Event]


def _steps(record: GameRecord, game: Game) -> list[_Step]:
    """The log replayed from the deal, each action with its seat and events."""
    replayed = replay(record.kind, game.players, record.seed, dict(record.options), [])
    steps: list[_Step] = []
    for action in game.log:
        seat = None if action.startswith("resign ") else replayed.to_move
        steps.append(_Step(action, seat, play_logged(replayed, action)))
    return steps


def _opens_turn(kind: str, action: str) -> bool:
    """Whether an action begins a turn (an Ultimatum turn is several steps, from its play)."""
    if action.startswith("resign "):
        return False
    return kind == "fish" or action.startswith("play ")


def computer_seats(record: GameRecord) -> frozenset[int]:
    """The seats computer players play."""
    return frozenset(s.seat for s in record.seats if s.is_computer and s.seat is not None)


def undo_point(
    record: GameRecord, game: Game, computers: Collection[int] = frozenset()
) -> UndoPoint:
    """The turn that may be taken back, or NoUndo saying why none may.

    That is the last turn a person played, with the turns of the seats in ``computers`` after
    it: taking back only a computer's move would have it move again at once. Where only
    computer players have played, it is the last turn.
    """
    log = list(game.log)
    if not log:
        raise NoUndo("nothing")
    if log[-1].startswith("resign "):
        raise NoUndo("resigned")
    steps = _steps(record, game)
    starts = [i for i, step in enumerate(steps) if _opens_turn(record.kind, step.action)] or [0]
    start = next((i for i in reversed(starts) if steps[i].seat not in computers), starts[-1])
    taken = steps[start:]
    if any(step.seat is None for step in taken):
        raise NoUndo("resigned")
    for event in (e for step in taken for e in step.events):
        # A drawn card or a new entertainer was seen by everyone: nobody can unsee it.
        if event["type"] == "drawn":
            raise NoUndo("drawn")
        if event["type"] == "entertainer_revealed" and event["entertainer"] is not None:
            raise NoUndo("entertainer_revealed")
    replies = any(step.seat != taken[0].seat for step in taken)
    turns: list[tuple[int, list[str]]] = []
    for step in taken:
        assert step.seat is not None
        if turns and turns[-1][0] == step.seat and not _opens_turn(record.kind, step.action):
            turns[-1][1].append(step.action)
        else:
            turns.append((step.seat, [step.action]))
    return UndoPoint(
        start,
        tuple(step.action for step in taken),
        replies,
        tuple((seat, tuple(actions)) for seat, actions in turns),
    )


def whose_turns(
    record: GameRecord, point: UndoPoint, lang: str
) -> list[tuple[str, tuple[str, ...]]]:
    """The turns an undo takes back, each with the name of the one who played it."""
    names = seat_names(record, lang)
    return [(names[seat], actions) for seat, actions in point.turns]


def _refusal(lang: str, code: str, game_id: int) -> Refusal:
    texts = {
        "nothing": t(lang, "Nothing has been played in game #{id} yet.", id=game_id),
        "resigned": t(lang, "A resignation can't be taken back (game #{id}).", id=game_id),
        "drawn": t(
            lang,
            "The last turn in game #{id} can't be taken back: a penguin card was drawn, and "
            "nobody can unsee it.",
            id=game_id,
        ),
        "entertainer_revealed": t(
            lang,
            "The last turn in game #{id} can't be taken back: a new entertainer was turned "
            "face up, and nobody can unsee it.",
            id=game_id,
        ),
    }
    return Refusal(texts[code])


def _approvers(record: GameRecord, game: Game, asker: int) -> list[int]:
    """The other people still in the game (not computer players, not those who resigned)."""
    resigned = game.view(None).get("resigned") or [False] * game.players
    return [
        s.user_id
        for s in record.seats
        if s.user_id is not None
        and s.user_id != asker
        and s.seat is not None
        and not resigned[s.seat]
    ]


async def ask_undo(bot: Host, interaction: Interaction, game_id: int | None) -> None:
    """``/game undo``: ask the others to approve taking back the last turn."""
    lang = reader_language(interaction)
    tables = Tables(bot)
    loaded: Loaded = await tables.find(interaction, game_id, finished=True)
    record, game = loaded.record, loaded.game
    if record.status not in ("active", "finished") or game is None:
        raise Refusal(t(lang, "Game #{id} is not being played.", id=record.id))
    if record.seat_of(interaction.user.id) is None:
        raise Refusal(t(lang, "You are not in game #{id}.", id=record.id))
    if await rematch_opened(bot, record):
        raise _rematch_refusal(lang, record.id)
    try:
        point = undo_point(record, game, computer_seats(record))
    except NoUndo as reason:
        raise _refusal(lang, reason.code, record.id) from None
    waiting = _approvers(record, game, interaction.user.id)
    public = await bot.public_language(record.guild_id)
    try:
        request = await bot.store.request_undo(
            record.id,
            requester_id=interaction.user.id,
            keep=point.keep,
            expected_version=record.version,
            waiting=waiting,
            channel_id=interaction.channel_id or record.channel_id,
            expires_at=when(bot.clock.now()) + UNDO_LIMIT,
        )
    except VersionConflict:
        raise Refusal(t(lang, "Game #{id} changed just now: look again.", id=record.id)) from None
    except StoreError as error:
        if error.code == "undo_pending":
            raise Refusal(
                t(lang, "An undo in game #{id} is already waiting for answers.", id=record.id)
            ) from None
        raise Refusal(explain(lang, error)) from None
    applied(interaction, record.id)
    question = days.undo_question(
        public, record, mention(interaction.user.id), whose_turns(record, point, public)
    )
    if not request.waiting:
        try:
            await _carry_out(bot, record.id, public, point)
        except VersionConflict:
            # The game moved between the request and now (a computer player, a resignation):
            # the request is void, and must not block new ones until it expires.
            await bot.store.drop_undo(record.id)
            raise Refusal(t(lang, "Game #{id} moved on: the undo is void.", id=record.id)) from None
        await interaction.response.send_message(
            **fit(
                content=question + "\n" + t(public, "Nobody else has to agree: done."),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        )
        return
    await interaction.response.send_message(
        **fit(
            content=question + "\n" + days.undo_waiting(public, request),
            view=buttons(["approve", "refuse"], record.id, public),
            allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
        )
    )
    try:
        posted = await interaction.original_response()
    except discord.HTTPException:
        return
    bot.undo_posts[record.id] = UndoPost(posted.channel.id, posted.id, record.version, question)


async def _carry_out(bot: Host, game_id: int, lang: str, point: UndoPoint) -> GameRecord:
    """Cut the log back as the approved request says; announce it with a fresh picture."""
    record, _, _ = await carry_out_undo(
        bot.store,
        game_id,
        announce=lambda r, g, _request: [days.undo_drafts(r, g, lang, whose_turns(r, point, lang))],
        rater=bot.ratings,
    )
    bot.after_change(record)
    return record


async def answer_undo(bot: Host, interaction: Interaction, game_id: int, *, approve: bool) -> None:
    """A click on Approve undo or Refuse undo under a request."""
    lang = reader_language(interaction)
    post = bot.undo_posts.get(game_id)
    if (
        post is not None
        and interaction.message is not None
        and interaction.message.id == post.message_id
    ):
        # This click answers the request in place (the message is edited by the answer).
        bot.undo_posts.pop(game_id, None)
    store = bot.store
    loaded = await Tables(bot).load(interaction, game_id)  # who may reach it: bot.play.access
    request = await store.undo_request(game_id)
    expired = request is not None and request.expires_at.timestamp() <= bot.clock.now()
    if request is None or expired:
        # A late click on an old request: the request message says so, without buttons.
        public = await bot.public_language(loaded.record.guild_id)
        await _settle(
            interaction,
            t(public, "There is no undo waiting for answers in game #{id}.", id=game_id),
        )
        return
    if interaction.user.id not in request.waiting:
        raise Refusal(t(lang, "This undo does not wait for your answer."))
    record, game = loaded.record, loaded.game
    public = await bot.public_language(record.guild_id)
    if record.version != request.version or game is None:
        await store.drop_undo(game_id)
        await _settle(interaction, t(public, "Game #{id} moved on: the undo is void.", id=game_id))
        return
    point = undo_point(record, game, computer_seats(record))
    who = mention(interaction.user.id)
    if approve and await rematch_opened(bot, record):
        await store.drop_undo(game_id)
        await _settle(interaction, str(_rematch_refusal(public, game_id)))
        return
    if not approve:
        await store.drop_undo(game_id)
        applied(interaction, game_id)
        text = t(
            public, "{who} refused: nothing was taken back in game #{id}.", who=who, id=game_id
        )
        await _settle(interaction, text)
        return
    try:
        request = await store.approve_undo(game_id, interaction.user.id)
    except StoreError as error:
        raise Refusal(explain(lang, error)) from None
    applied(interaction, game_id)
    if request.waiting:
        if interaction.message is not None:
            bot.undo_posts[game_id] = UndoPost(
                interaction.message.channel.id,
                interaction.message.id,
                record.version,
                days.undo_question(
                    public,
                    record,
                    mention(request.requester_id),
                    whose_turns(record, point, public),
                ),
            )
        question = days.undo_question(
            public, record, mention(request.requester_id), whose_turns(record, point, public)
        )
        await interaction.response.edit_message(
            **fit(
                content=question + "\n" + days.undo_waiting(public, request),
                view=buttons(["approve", "refuse"], game_id, public),
            )
        )
        return
    try:
        await _carry_out(bot, game_id, public, point)
    except VersionConflict:
        await store.drop_undo(game_id)
        await _settle(interaction, t(public, "Game #{id} moved on: the undo is void.", id=game_id))
        return
    names = ", ".join(seat_names(record, public)[s] for s in _seats_of(record, request))
    await _settle(
        interaction,
        t(public, "Everyone agreed ({names}): the last turn was taken back.", names=names),
    )


async def rematch_opened(bot: Host, record: GameRecord) -> bool:
    """Whether a finished game's rematch was opened (its result then stands)."""
    return record.status == "finished" and await bot.store.rematch_of(record.id) is not None


def _rematch_refusal(lang: str, game_id: int) -> Refusal:
    return Refusal(
        t(
            lang,
            "A rematch of game #{id} has been opened, so its result stands: nothing can be "
            "taken back any more.",
            id=game_id,
        )
    )


def _seats_of(record: GameRecord, request: UndoRequest) -> list[int]:
    return [s.seat for s in record.seats if s.user_id in request.approved and s.seat is not None]


async def _settle(interaction: Interaction, text: str) -> None:
    """Show the outcome in place of the question, without buttons."""
    await interaction.response.edit_message(
        **fit(content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
    )


async def close_undo_post(bot: Host, game_id: int, outcome: str) -> None:
    """Edit a posted undo request to its outcome and remove its buttons (once)."""
    post = bot.undo_posts.pop(game_id, None)
    if post is None:
        return
    try:
        channel = bot.get_channel(post.channel_id) or await bot.fetch_channel(post.channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        message = channel.get_partial_message(post.message_id)
        await message.edit(
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
        """A move since the request was asked voids it."""
        post = self.bot.undo_posts.get(record.id)
        if post is None or post.version == record.version:
            return
        request = await self.bot.store.undo_request(record.id)
        if request is not None and request.version == post.version:
            await self.bot.store.drop_undo(record.id)
        lang = await self.bot.public_language(record.guild_id)
        await close_undo_post(
            self.bot, record.id, t(lang, "Game #{id} moved on: the undo is void.", id=record.id)
        )

    @commands.Cog.listener()
    async def on_undo_expired(self, request: UndoRequest) -> None:
        """Nobody answered in time."""
        post = self.bot.undo_posts.get(request.game_id)
        if post is None or post.version != request.version:
            return
        record = await self.bot.store.get_game(request.game_id)
        lang = await self.bot.public_language(record.guild_id)
        await close_undo_post(
            self.bot,
            request.game_id,
            t(lang, "Expired: nobody answered in time, so nothing was taken back."),
        )


async def setup(bot: Host) -> None:
    """Extension entry point."""
    await bot.add_cog(UndoPosts(bot))
