"""A turn, one way through: the engine plays outside any transaction, the store commits it.

The caller has loaded the game once (its record and engine game); ``act`` plays the action for
the acting seat (the engine refuses what is not that seat's to take), builds the posts that tell
it (pure, bot.texts) and hands the logged actions, the new position and the posts to the store
in one short transaction, checked against the version that was loaded: of two clicks on the
same turn only one applies.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace

from bot.games.base import Game
from bot.play.games import load_game, position_of, replay_record
from bot.play.move import Move
from bot.play.notices import TurnNotices
from bot.play.rater import rated_game
from bot.play.ratings import result_of
from bot.store import GameRecord, OutboxDraft, Position, Store, VersionConflict
from bot.store.ratings import RatingsMoved
from bot.store.rows import status_error

#: How often a game's end works its rating changes out before it gives up (each try fails only
#: when another game of the same players ended in between).
RATING_TRIES = 5
#: Builds the posts announcing a move (bot.texts); given the record as loaded and the new game.
AnnounceMove = Callable[[Move], Iterable[OutboxDraft]]
#: Drafts the direct messages a move sends (bot.play.notices.turn_notices, given by the Discord
#: layer): read before the commit and queued in its transaction.
NotifyMove = Callable[[Move], Awaitable[TurnNotices]]


async def act(
    store: Store,
    record: GameRecord,
    game: Game,
    seat: int,
    text: str,
    *,
    announce: AnnounceMove | None = None,
    notify: NotifyMove | None = None,
) -> Move:
    """Play ``text`` for ``seat`` in the loaded game and commit it (VersionConflict when the
    game changed since ``record`` was read; IllegalAction, nothing written, when the rules
    refuse). ``game`` is played on: pass one loaded for this call. The posts (``announce``) and
    direct messages (``notify``) are queued in the commit's transaction. A move that ends the
    game stores its result and, in the same transaction, its rating changes, which it tells."""
    if record.status != "active":
        raise status_error(record, "active")
    mover = game.to_move
    before = len(game.log)
    events = game.play(text, seat)
    logged = game.log[before:]
    if not logged:
        raise RuntimeError(f"the {record.kind} engine accepted {text!r} but logged nothing")
    # The posts are drafted before the commit, from the record as it will stand.
    running = not game.is_over
    after = replace(
        record,
        status="active" if running else "finished",
        to_move_seat=game.to_move if running else None,
        version=record.version + 1,
    )
    told = Move(after, game, seat, logged[-1], len(game.log), tuple(events))
    position = position_of(game, record)
    if running:
        return await _commit(store, record, told, logged, mover, position, announce, notify)
    result = result_of(record, game)
    tries = 1
    while True:
        rated, changes = await rated_game(store, result)
        ending = replace(told, changes=tuple(changes))
        try:
            return await _commit(
                store,
                record,
                ending,
                logged,
                mover,
                replace(position, rated=rated),
                announce,
                notify,
            )
        except RatingsMoved:
            if tries == RATING_TRIES:
                raise
            tries += 1  # another game of these players ended meanwhile: work them out again


async def _commit(
    store: Store,
    record: GameRecord,
    told: Move,
    logged: list[str],
    mover: int | None,
    position: Position,
    announce: AnnounceMove | None,
    notify: NotifyMove | None,
) -> Move:
    """Draft the posts and direct messages of ``told`` and commit the turn with them."""
    drafts = list(announce(told)) if announce is not None else []
    if notify is not None:
        notices = await notify(told)
        drafts.extend(notices.drafts)
        told = replace(told, mover_left=notices.mover_left, mover_unchecked=notices.mover_unchecked)
    seat, game = told.seat, told.game
    changed, outbox = await store.commit_turn(
        record.id,
        seat=seat,
        logged=logged,
        position=position,
        expected_version=record.version,
        # Someone acting out of turn (a resignation) leaves the mover's clock running.
        keep_clock=seat != mover and game.to_move == mover,
        drafts=drafts,
    )
    return replace(told, record=changed, outbox=outbox)


async def apply_action(
    store: Store,
    game_id: int,
    seat: int,
    text: str,
    *,
    expected_version: int,
    announce: AnnounceMove | None = None,
    notify: NotifyMove | None = None,
) -> Move:
    """Load the game and ``act``, if it is still at ``expected_version``."""
    record, game = await load_game(store, game_id)
    if record.version != expected_version:
        raise VersionConflict(game_id, expected_version, record.version)
    if game is None:
        raise status_error(record, "active")
    return await act(store, record, game, seat, text, announce=announce, notify=notify)


async def resign(
    store: Store,
    game_id: int,
    seat: int,
    *,
    expected_version: int,
    announce: AnnounceMove | None = None,
    notify: NotifyMove | None = None,
) -> Move:
    """Log ``resign <seat>`` for that seat, whoever is to move (a resignation or a timeout)."""
    return await apply_action(
        store,
        game_id,
        seat,
        f"resign {seat}",
        expected_version=expected_version,
        announce=announce,
        notify=notify,
    )


async def hand_to_computer(
    store: Store,
    game_id: int,
    seat: int,
    level: int,
    *,
    expected_version: int,
    announce: Callable[[GameRecord], Iterable[OutboxDraft]] | None = None,
) -> GameRecord:
    """A computer player of ``level`` takes over a person's seat (no action is logged)."""
    record, game = await load_game(store, game_id)
    if record.version != expected_version:
        raise VersionConflict(game_id, expected_version, record.version)
    if game is None:
        raise status_error(record, "active")
    return await store.hand_to_computer(
        game_id,
        seat,
        level,
        position=position_of(game),
        expected_version=expected_version,
        drafts=announce,
    )


async def truncate_log(
    store: Store, game_id: int, keep: int, *, expected_version: int
) -> tuple[GameRecord, Game]:
    """Cut a game's log back to its first ``keep`` actions (the game replayed from them). A
    finished game that runs again loses its result and its rating changes (StoreError
    ``rated_since`` when a player has finished another rated game of that kind since)."""
    record, game = await replay_kept(store, game_id, keep)
    changed = await store.cut_log(
        game_id, keep, position_of(game, record), expected_version=expected_version
    )
    return changed, game


async def replay_kept(store: Store, game_id: int, keep: int) -> tuple[GameRecord, Game]:
    """A game's record and the game its first ``keep`` logged actions give."""
    record = await store.get_game(game_id)
    log = [entry.text for entry in await store.action_log(game_id)]
    return record, replay_record(record, log[: max(keep, 0)])
