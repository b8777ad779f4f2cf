"""The snapshot is a cache of the log: every started game replayed from its seed and log, and
what differs repaired from the log (the log wins)."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.play.games import rebuild
from bot.store import Position, Store, StoredGame, VersionConflict
from bot.store.moves import STARTED
from bot.store.records import Status

log = logging.getLogger(__name__)

#: The games the check at start covers: those still played (read from their partial index).
RUNNING: tuple[Status, ...] = ("active",)


@dataclass(frozen=True)
class SnapshotReport:
    """The outcome of rebuilding snapshots from the log."""

    checked: int = 0
    repaired: tuple[int, ...] = ()  # games whose snapshot differed from the log (now rewritten)
    broken: tuple[tuple[int, str], ...] = field(default=())  # logs that no longer replay


async def check_snapshots(
    store: Store, statuses: Sequence[Status] = STARTED, *, batch: int = 200
) -> SnapshotReport:
    """Replay every started game (of ``statuses``) and compare with what is stored.

    Where they differ the log wins: the snapshot and turn state are rewritten from the replay
    and the difference is logged. A log that no longer replays, or a game that cannot be read
    or checked at all, is logged as an error, reported as broken and left alone (it needs a
    person to look at it); the other games are checked all the same. The event loop gets a
    turn after every game, so the bot can run this in the background at start.
    """
    checked = 0
    repaired: list[int] = []
    broken: list[tuple[int, str]] = []
    after = 0
    while found := await store.started_games(after, statuses, batch):
        for game_id, game in found:
            checked += 1
            try:
                if isinstance(game, Exception):  # a row this code cannot read: skip just it
                    raise game
                outcome = await _check(store, game)
            except Exception as error:  # one broken game must not stop the check of others
                log.error("game #%d could not be checked", game_id, exc_info=error)
                outcome = _reason(error)
            if outcome == "repaired":
                repaired.append(game_id)
            elif outcome is not None:
                broken.append((game_id, outcome))
            await asyncio.sleep(0)  # replaying is CPU work: let interactions through
        after = found[-1][0]
    return SnapshotReport(checked=checked, repaired=tuple(repaired), broken=tuple(sorted(broken)))


async def _check(store: Store, game: StoredGame) -> str | None:
    """None if the game is consistent, "repaired", or why its log does not replay."""
    for _attempt in range(3):
        record = game.record
        try:
            position = rebuild(record, list(game.actions))
        except Exception as error:  # IllegalAction, or options the engine cannot take
            reason = _reason(error)
            log.error("game #%d: its action log no longer replays: %s", record.id, reason)
            return reason
        difference = _mismatch(game, position)
        if difference is None:
            return None
        keep_clock, turn_started = _turn_clock(game, position)
        try:
            await store.repair(game, position, keep_clock=keep_clock, turn_started=turn_started)
        except VersionConflict:
            # Somebody moved meanwhile: look at the game again as it is now.
            game = await store.stored_game(record.id)
            continue
        log.warning(
            "game #%d: %s differed from its action log; rebuilt it from the log",
            record.id,
            difference,
        )
        return "repaired"
    return "the game kept changing while it was being checked"


def _reason(error: Exception) -> str:
    """An error as a reason a person can act on (a bare KeyError's text is just the key)."""
    if isinstance(error, ValueError):
        return str(error)
    return f"{type(error).__name__}: {error}"


def _stored(snapshot: str) -> Any:
    """The stored snapshot as data (None when it is not even JSON: then it differs too)."""
    try:
        return json.loads(snapshot)
    except ValueError:
        return None


def _mismatch(game: StoredGame, position: Position) -> str | None:
    """What about the stored game differs from the replayed one (None: nothing)."""
    record = game.record
    if _stored(game.snapshot) != _stored(position.snapshot):
        return "the snapshot"
    if record.status == "cancelled":
        return None
    status = "finished" if position.over else "active"
    if record.status != status:
        return f"the status ({record.status}, the log says {status})"
    if record.to_move_seat != position.to_move:
        return f"whose turn it is (seat {record.to_move_seat}, the log says {position.to_move})"
    return None


def _turn_clock(game: StoredGame, position: Position) -> tuple[bool, float | None]:
    """How a repair sets the turn clock: (keep the stored one, else when the turn began).

    A repair is no move: when the log has the same player to move as the stored game, that
    turn's clock, reminders sent and deadline stay as they were. Otherwise the turn the log
    describes began with its last logged action (or, with no action yet, when the stored turn
    began); None leaves it to the moment of the repair.
    """
    record = game.record
    if record.turn_started_at is not None and record.to_move_seat == position.to_move:
        return True, None
    if game.last_at is not None:
        return False, game.last_at
    if record.turn_started_at is not None:
        return False, record.turn_started_at.timestamp()
    return False, None
