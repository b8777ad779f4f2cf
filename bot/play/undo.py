"""Undo by consent, without Discord: which turns an undo takes back, asking the other people,
their answers, expiry, and carrying out an approved undo.

The turns taken back are the last one a person played together with the computer players' turns
after it: a computer is never asked, and taking back only its reply would have it play again at
once. Where a turn begins and whether the log may be cut back there is the rules' business
(``Game.turns`` and ``Game.undo_refusal``): never past a resignation, nor so as to hide again a
drawn penguin card or a new entertainer turned face up (U-21, U-23, U-27). Nothing of a finished
game is taken back once its rematch was opened: its result stands.

A refusal is an ``UndoRefused`` with a short code the Discord layer words; an answer that settles
the request without refusing the person is an ``Answered`` outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from bot.games.base import Game
from bot.play.games import position_of, replay_record
from bot.store import (
    GameRecord,
    OutboxDraft,
    Store,
    StoreError,
    UndoPost,
    UndoRequest,
    VersionConflict,
)
from bot.store.rows import when
from bot.texts import over_days as days
from bot.texts.names import seat_names

#: How long the other players have to approve.
UNDO_LIMIT = timedelta(hours=24)


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


class UndoRefused(Exception):
    """Why an undo may not be asked or answered; ``code`` names the reason.

    ``not_playing`` (the game is not under way or finished), ``not_seated`` (the person has no
    seat in it), ``rematch`` (its rematch was opened), ``tournament`` (it is a tournament's table
    whose round has been scored), ``changed`` (the game changed while asking),
    ``pending`` (another request waits for answers), ``void`` (the game moved on before the undo
    was carried out), ``not_asked`` (the request does not wait for this person), ``rated_since``
    (a player of the finished game has finished another rated game of its kind since: its rating
    changes can no longer be taken back exactly), or a NoUndo code.
    """

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class NoUndo(UndoRefused):
    """Nothing may be taken back: ``nothing`` (nothing played yet), or the engine's reason
    (``resigned``, ``drawn``, ``entertainer_revealed``)."""


def computer_seats(record: GameRecord) -> frozenset[int]:
    """The seats computer players play."""
    return frozenset(s.seat for s in record.seats if s.is_computer and s.seat is not None)


def undo_point(game: Game, computers: Collection[int] = frozenset()) -> UndoPoint:
    """The turns an undo takes back, or NoUndo saying why none may be.

    That is the last turn a person played, with the turns of the seats in ``computers`` after
    it; where only computer players have played, it is the last turn.
    """
    if not game.log:
        raise NoUndo("nothing")
    turns = game.turns()
    if not turns:
        raise NoUndo("resigned")  # the log holds resignations only
    people = [turn for turn in turns if turn.seat not in computers]
    first = (people or turns)[-1]
    refusal = game.undo_refusal(first.start)
    if refusal is not None:
        raise NoUndo(refusal)
    taken = [turn for turn in turns if turn.start >= first.start]
    ends = [turn.start for turn in taken[1:]] + [len(game.log)]
    return UndoPoint(
        first.start,
        tuple(game.log[first.start :]),
        any(turn.seat != first.seat for turn in taken),
        tuple(
            (turn.seat, tuple(game.log[turn.start : end]))
            for turn, end in zip(taken, ends, strict=True)
        ),
    )


def whose_turns(
    record: GameRecord, point: UndoPoint, lang: str
) -> list[tuple[str, tuple[str, ...]]]:
    """The turns an undo takes back, each with the name of the one who played it."""
    names = seat_names(record, lang)
    return [(names[seat], actions) for seat, actions in point.turns]


def approvers(record: GameRecord, game: Game, asker: int) -> list[int]:
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


async def rated_since(store: Store, record: GameRecord) -> bool:
    """Whether a finished game's players have finished another rated game of its kind since
    (its end then stands: taking it back would need their later ratings replayed)."""
    return record.status == "finished" and await store.rated_since(record.id) is not None


async def rematch_opened(store: Store, record: GameRecord) -> bool:
    """Whether a finished game's rematch was opened (its result then stands)."""
    return record.status == "finished" and await store.rematch_of(record.id) is not None


@dataclass(frozen=True)
class Asked:
    """A request made: the game as asked, what it takes back, and the request.

    ``done``: nobody else had to agree, so the undo was carried out at once (``changed`` is then
    the game after it).
    """

    record: GameRecord
    point: UndoPoint
    request: UndoRequest
    changed: GameRecord | None = None

    @property
    def done(self) -> bool:
        """Whether the undo was carried out already."""
        return self.changed is not None


async def ask(
    store: Store,
    record: GameRecord,
    game: Game | None,
    asker: int,
    *,
    channel_id: int,
    now: float,
    lang: str,
) -> Asked:
    """``asker`` asks the other people to approve taking back the last turn (UndoRefused if
    they may not); where nobody has to agree, it is carried out at once, posted in ``lang``."""
    if record.status not in ("active", "finished") or game is None:
        raise UndoRefused("not_playing")
    if record.seat_of(asker) is None:
        raise UndoRefused("not_seated")
    if await rematch_opened(store, record):
        raise UndoRefused("rematch")
    if record.status == "finished" and await store.tournament_round_over(record.id):
        raise UndoRefused("tournament")
    if await rated_since(store, record):
        raise UndoRefused("rated_since")
    point = undo_point(game, computer_seats(record))
    try:
        request = await store.request_undo(
            record.id,
            requester_id=asker,
            keep=point.keep,
            expected_version=record.version,
            waiting=approvers(record, game, asker),
            channel_id=channel_id,
            expires_at=when(now) + UNDO_LIMIT,
        )
    except VersionConflict:
        raise UndoRefused("changed") from None
    except StoreError as error:
        if error.code == "undo_pending":
            raise UndoRefused("pending") from None
        raise
    if request.waiting:
        return Asked(record, point, request)
    try:
        changed = await _carry_out(store, record.id, point, lang)
    except VersionConflict:
        # The game moved between the request and now (a computer player, a resignation): the
        # request is void, and must not block new ones until it expires.
        await store.drop_undo(record.id)
        raise UndoRefused("void") from None
    except StoreError as error:
        if error.code != "rated_since":
            raise
        await store.drop_undo(record.id)  # a game of its players ended in between
        raise UndoRefused("rated_since") from None
    return Asked(record, point, request, changed)


#: How an answer settled the request: ``gone`` (none waits, or it expired), ``void`` (the game
#: moved on), ``rematch`` (a rematch was opened since), ``rated_since`` (a player of the finished
#: game has finished another rated game of its kind since), ``refused``, ``waiting`` (approved,
#: others still to answer), ``done`` (the last approval: carried out).
Outcome = Literal["gone", "void", "rematch", "rated_since", "refused", "waiting", "done"]


@dataclass(frozen=True)
class Answered:
    """What an answer did; ``record`` is the game after it (the undo carried out for ``done``)."""

    outcome: Outcome
    record: GameRecord
    request: UndoRequest | None = None
    point: UndoPoint | None = None

    @property
    def approved_seats(self) -> list[int]:
        """The seats of the people who approved."""
        approved = () if self.request is None else self.request.approved
        return [s.seat for s in self.record.seats if s.user_id in approved and s.seat is not None]


async def answer(
    store: Store,
    record: GameRecord,
    game: Game | None,
    user_id: int,
    *,
    approve: bool,
    now: float,
    lang: str,
) -> Answered:
    """``user_id`` approves or refuses the game's undo request (UndoRefused ``not_asked`` if it
    does not wait for them); the last approval carries it out, posted in ``lang``."""
    request = await store.undo_request(record.id)
    if request is None or request.expires_at.timestamp() <= now:
        return Answered("gone", record)
    if user_id not in request.waiting:
        raise UndoRefused("not_asked")
    if record.version != request.version or game is None:
        await store.drop_undo(record.id)
        return Answered("void", record, request)
    if not approve:
        await store.drop_undo(record.id)
        return Answered("refused", record, request)
    if await rematch_opened(store, record):
        await store.drop_undo(record.id)
        return Answered("rematch", record, request)
    if await rated_since(store, record):
        await store.drop_undo(record.id)
        return Answered("rated_since", record, request)
    point = undo_point(game, computer_seats(record))
    request = await store.approve_undo(record.id, user_id)
    if request.waiting:
        return Answered("waiting", record, request, point)
    try:
        changed = await _carry_out(store, record.id, point, lang)
    except VersionConflict:
        await store.drop_undo(record.id)
        return Answered("void", record, request)
    except StoreError as error:
        if error.code != "rated_since":
            raise
        await store.drop_undo(record.id)  # a game of its players ended in between
        return Answered("rated_since", record, request)
    return Answered("done", changed, request, point)


async def keep_post(store: Store, request: UndoRequest, post: UndoPost) -> bool:
    """Keep where a request's question was posted, so whoever settles it closes that post;
    False when a change voided the request first (nobody else knows the post then)."""
    return await store.posted_undo(request, post)


async def expire(store: Store, request: UndoRequest, lang: str) -> UndoRequest | None:
    """End a request nobody answered in time, with a note where it was asked (once)."""
    return await store.drop_undo(request.game_id, announce=[days.undo_expired_draft(request, lang)])


async def void_if_moved(store: Store, record: GameRecord) -> UndoRequest | None:
    """Drop the game's request if it was asked before ``record``'s version (the game moved on
    since); the request dropped, or None (none was void, or another caller dropped it)."""
    request = await store.undo_request(record.id)  # a cheap look first: most changes have none
    if request is None or request.version >= record.version:
        return None
    return await store.drop_undo(record.id, asked_before=record.version)


async def _carry_out(store: Store, game_id: int, point: UndoPoint, lang: str) -> GameRecord:
    """Cut the log back as the approved request says; announced with a fresh picture."""
    changed, _, _ = await carry_out_undo(
        store,
        game_id,
        announce=lambda r, g, _request: [days.undo_drafts(r, g, lang, whose_turns(r, point, lang))],
    )
    return changed


async def carry_out_undo(
    store: Store,
    game_id: int,
    *,
    announce: Callable[[GameRecord, Game, UndoRequest], Iterable[OutboxDraft]] | None = None,
) -> tuple[GameRecord, Game, UndoRequest]:
    """Take the turn back as the (fully approved) request says, and clear the request.

    VersionConflict if the game moved on since the request was made (the request is then void).
    Undoing the end of a finished game takes its result and its rating changes back, in the
    same transaction (StoreError ``rated_since`` when a player has finished another rated game
    of its kind since: nothing changes).
    """
    request = await store.undo_request(game_id)
    if request is None:
        raise StoreError(
            "no_undo", f"nobody is asking to take back a turn in game #{game_id}", game_id=game_id
        )
    record = await store.get_game(game_id)
    log = [entry.text for entry in await store.action_log(game_id)]
    game = replay_record(record, log[: request.keep])
    changed, carried = await store.carry_out_undo(
        game_id,
        position_of(game, record),
        announce=None if announce is None else (lambda r, req: announce(r, game, req)),
    )
    return changed, game, carried
