"""Who is told what by direct message after a change: the rules of less noise, no loss.

A follower hears when the turn passes to another person and when the game ends (a computer
player's turn is no news: its move follows at once, told in the thread). A player who
moves again and again (alone on the ice, F-13, or through an Ultimatum turn's steps) is not
announced again each time: nothing else changed for the follower. The same holds for the
mover's own "your turn" message: they just played, so they know.

A turn drafts these messages before its commit (``turn_notices``) and queues them in the same
transaction; other changes (a start, an undo, a seat handed over) have them drafted afterwards
from the game as stored (``notices``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from bot.games.base import Game
from bot.i18n import language_of
from bot.play.move import Move
from bot.store import GameRecord, OutboxDraft, Store, StoreError
from bot.texts import over_days as days

#: Whether a person is still on a server (guild id, user id), as far as the Discord layer knows
#: without waiting on Discord: True, False, or None when it must ask first.
StillHere = Callable[[int, int], Awaitable[bool | None]]


@dataclass(frozen=True)
class TurnNotices:
    """A turn's direct messages, and whether the person now to move has left the server (then
    there are none: their seat is given up next, and that change is told)."""

    drafts: tuple[OutboxDraft, ...] = ()
    mover_left: bool = False
    #: Nobody knew yet whether the person to move is still on the server: it is asked after the
    #: turn is answered (the messages were drafted as if they were).
    mover_unchecked: bool = False


def follower_hears(over: bool, to_move: int | None, last_seat: int | None) -> bool:
    """Whether followers get an update now: the game is over, or the turn has passed to a seat
    other than the one that just acted (``last_seat``: None before the first action)."""
    if over:
        return True
    return to_move is not None and to_move != last_seat


def mover_hears(to_move: int | None, last_seat: int | None) -> bool:
    """Whether the person to move gets their "your turn" message now: the turn has just come to
    them from another seat (or the game has just begun), not back to the seat that just acted."""
    return to_move is not None and to_move != last_seat


def mover_left_check(record: GameRecord) -> int | None:
    """The person to move whose presence on the server is checked after a change, if any."""
    if record.status == "active" and record.to_move_seat is not None:
        return record.to_move_user
    return None


async def dm_language(store: Store, user_id: int, *, opted_in: bool = True) -> str | None:
    """The language to DM a person in, or None when they must not get a DM.

    ``opted_in`` asks for the turn-notification opt-in too (followers opted in by following).
    """
    settings = await store.user_settings(user_id)
    if settings.dms_closed or (opted_in and not settings.notify_dm):
        return None
    return settings.language or language_of(settings.locale)


async def notices(
    store: Store, record: GameRecord, game: Game, last_seat: int | None
) -> list[OutboxDraft]:
    """'Your turn' for the person to move (if they opted in) and updates for followers, with
    the game at ``record`` (its version as stored) after ``last_seat`` acted."""
    drafts: list[OutboxDraft] = []
    user = record.to_move_user if record.status == "active" else None
    # Followers of results only hear the end; the others every change of mover too. A step
    # after which the same seat moves again tells them nothing: no need to read who follows.
    hears = follower_hears(game.is_over, game.to_move, last_seat)
    if not game.is_over and user is None:
        hears = False  # a computer player's turn: only people's turns are told
    followers = await store.followers(record.id, None if game.is_over else "turns") if hears else []
    if user is not None and mover_hears(game.to_move, last_seat):
        lang = await dm_language(store, user)
        if lang is not None:
            # Only true until the game changes (they played): if delivery is held up until
            # then, the outbox drops it rather than send "your turn" after the move.
            dm = days.your_turn_dm(record, game, user, lang)
            drafts.append(replace(dm, for_version=record.version))
    for follower in followers:
        if follower == user:
            continue  # their own turn: the 'your turn' DM (if any) says it
        lang = await dm_language(store, follower, opted_in=False)
        if lang is not None:
            drafts.append(days.follower_dm(record, game, follower, lang))
    return drafts


async def tell_after_change(store: Store, record: GameRecord, game: Game) -> None:
    """Queue the direct messages of a change that did not draft its own (the person now to
    move, the followers), with the game at ``record`` after the last seat in its log acted."""
    actions = await store.action_log(record.id)
    last_seat = actions[-1].seat if actions else None
    drafts = await notices(store, record, game, last_seat)
    if drafts:
        await store.enqueue(*drafts)


async def remind(store: Store, record: GameRecord, drafts: Sequence[OutboxDraft]) -> str | None:
    """Queue a turn's reminder (``drafts``) and move its next reminder on, if the game is still
    at ``record``'s version; else nothing is queued, so no stale ping goes out, and the store's
    code says why (the turn was played, or the game ended, since it was read)."""
    try:
        await store.mark_reminded(record.id, expected_version=record.version, announce=drafts)
    except StoreError as error:
        return error.code
    return None


async def turn_notices(store: Store, move: Move, still_here: StillHere) -> TurnNotices:
    """The direct messages of a turn, drafted before its commit (``move.record`` is the game
    as the commit will store it; the seat that acted is the last in the log). None when the
    person now to move has left the server: the scheduler gives up their seat instead."""
    record = move.record
    user = mover_left_check(record)
    here = None if user is None else await still_here(record.guild_id, user)
    if here is False:
        return TurnNotices(mover_left=True)
    drafts = tuple(await notices(store, record, move.game, move.seat))
    return TurnNotices(drafts, mover_unchecked=user is not None and here is None)
