"""Carrying out an approved undo: the kept actions are replayed before the store's transaction."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.games.base import Game
from bot.play.games import position_of, replay_record
from bot.play.ratings import Rater
from bot.store import GameRecord, OutboxDraft, Store, StoreError, UndoRequest


async def carry_out_undo(
    store: Store,
    game_id: int,
    *,
    announce: Callable[[GameRecord, Game, UndoRequest], Iterable[OutboxDraft]] | None = None,
    rater: Rater | None = None,
) -> tuple[GameRecord, Game, UndoRequest]:
    """Take the turn back as the (fully approved) request says, and clear the request.

    VersionConflict if the game moved on since the request was made (the request is then void).
    Undoing the end of a finished game takes its result back (and, with ``rater``, its rating
    changes: the ratings are rebuilt from the results that stay).
    """
    request = await store.undo_request(game_id)
    if request is None:
        raise StoreError(
            "no_undo", f"nobody is asking to take back a turn in game #{game_id}", game_id=game_id
        )
    record = await store.get_game(game_id)
    log = [entry.text for entry in await store.action_log(game_id)]
    game = replay_record(record, log[: request.keep])

    async def cut() -> tuple[GameRecord, UndoRequest]:
        return await store.carry_out_undo(
            game_id,
            position_of(game, record),
            announce=None if announce is None else (lambda r, req: announce(r, game, req)),
        )

    if rater is None or record.status != "finished":
        changed, carried = await cut()
        return changed, game, carried
    async with rater.lock:
        changed, carried = await cut()
        await rater.reload()
    return changed, game, carried
