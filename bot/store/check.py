"""The snapshot is a cache of the log: rebuild games from seed + log and repair what differs."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

from bot.store.core import StoreCore
from bot.store.errors import VersionConflict
from bot.store.records import GameRecord, Position, SnapshotReport, Status
from bot.store.rows import SELECT_GAMES, fetch_record, record_of_row
from bot.store.state import write_state

log = logging.getLogger(__name__)

# JSON lists bound as one parameter each
_IDS = "(SELECT CAST(value AS INTEGER) FROM json_each(?))"
#: Replays a game's log from its start: the rules' part of the check, handed in by the caller.
Rebuild = Callable[[GameRecord, list[str]], Position]
#: Every status a game with an engine state can have.
STARTED: tuple[Status, ...] = ("active", "finished", "cancelled")
#: The games the check at start covers: those still played (read from their partial index).
RUNNING: tuple[Status, ...] = ("active",)


def _status_in(statuses: Sequence[Status]) -> str:
    """The statuses as SQL literals (a plain ``status = 'active'`` lets the planner use the
    partial index of running games); only the known ones."""
    known = [s for s in STARTED if s in statuses]
    if not known:
        return "status IS NULL"  # never: every game has a status
    if len(known) == 1:
        return f"status = '{known[0]}'"
    return "status IN (" + ", ".join(f"'{s}'" for s in known) + ")"


def _reason(error: Exception) -> str:
    """An error as a reason a person can act on (a bare KeyError's text is just the key)."""
    if isinstance(error, ValueError):
        return str(error)
    return f"{type(error).__name__}: {error}"


def _unreadable(game_id: int, error: Exception) -> str:
    """Log a game the check could not handle at all, with the traceback; the reason."""
    log.error("game #%d could not be checked", game_id, exc_info=error)
    return _reason(error)


def _stored(snapshot: str) -> Any:
    """The stored snapshot as data (None when it is not even JSON: then it differs too)."""
    try:
        return json.loads(snapshot)
    except ValueError:
        return None


def _mismatch(record: GameRecord, snapshot: str, position: Position) -> str | None:
    """What about the stored game differs from the replayed one (None: nothing)."""
    if _stored(snapshot) != _stored(position.snapshot):
        return "the snapshot"
    if record.status == "cancelled":
        return None
    status = "finished" if position.over else "active"
    if record.status != status:
        return f"the status ({record.status}, the log says {status})"
    if record.to_move_seat != position.to_move:
        return f"whose turn it is (seat {record.to_move_seat}, the log says {position.to_move})"
    return None


class CheckMixin(StoreCore):
    """Rebuilding every started game from its seed and action log."""

    async def check_snapshots(
        self, rebuild: Rebuild, statuses: Sequence[Status] = STARTED, *, batch: int = 200
    ) -> SnapshotReport:
        """Replay every started game (of these statuses) and compare with what is stored.

        ``rebuild`` replays a log (bot.play hands in the rules). Where they differ the log
        wins: the snapshot and turn state are rewritten from the replay and the difference is
        logged. A log that no longer replays, or a game that
        cannot be read or checked at all, is logged as an error, reported as broken and left
        alone (it needs a person to look at it); the other games are checked all the same. The
        event loop gets a turn after every game, so the bot can run this in the background at
        start.
        """
        checked = 0
        repaired: list[int] = []
        broken: list[tuple[int, str]] = []
        after = 0
        while True:
            async with self._db.read() as conn:
                rows = list(
                    await conn.execute_fetchall(
                        f"{SELECT_GAMES} WHERE id > ? AND snapshot IS NOT NULL "
                        f"AND {_status_in(statuses)} ORDER BY id LIMIT ?",
                        (after, batch),
                    )
                )
                if not rows:
                    break
                records = []
                for row in rows:
                    try:
                        records.append(record_of_row(row))
                    except Exception as error:  # a row this code cannot read: skip just it
                        checked += 1
                        broken.append((row["id"], _unreadable(row["id"], error)))
                ids = json.dumps([r.id for r in records])
                snapshots = {
                    row["id"]: row["snapshot"]
                    for row in await conn.execute_fetchall(
                        f"SELECT id, snapshot FROM games WHERE id IN {_IDS}", (ids,)
                    )
                }
                logs: dict[int, list[str]] = {r.id: [] for r in records}
                last_at: dict[int, float] = {}
                for row in await conn.execute_fetchall(
                    f"SELECT game_id, text, created_at FROM actions WHERE game_id IN {_IDS} "
                    "ORDER BY game_id, seq",
                    (ids,),
                ):
                    logs[row["game_id"]].append(row["text"])
                    last_at[row["game_id"]] = row["created_at"]
            for record in records:
                checked += 1
                try:
                    outcome = await self._check(
                        rebuild,
                        record,
                        snapshots[record.id],
                        logs[record.id],
                        last_at.get(record.id),
                    )
                except Exception as error:  # one broken game must not stop the check of others
                    outcome = _unreadable(record.id, error)
                if outcome == "repaired":
                    repaired.append(record.id)
                elif outcome is not None:
                    broken.append((record.id, outcome))
                await asyncio.sleep(0)  # replaying is CPU work: let interactions through
            after = rows[-1]["id"]
        return SnapshotReport(
            checked=checked, repaired=tuple(repaired), broken=tuple(sorted(broken))
        )

    async def _check(
        self,
        rebuild: Rebuild,
        record: GameRecord,
        snapshot: str,
        actions: list[str],
        last_at: float | None,
    ) -> str | None:
        """None if the game is consistent, "repaired", or why its log does not replay.

        ``last_at`` is when the last logged action was played (None: the log is empty).
        """
        for _attempt in range(3):
            try:
                position = rebuild(record, actions)
            except Exception as error:  # IllegalAction, or options the engine cannot take
                reason = _reason(error)
                log.error("game #%d: its action log no longer replays: %s", record.id, reason)
                return reason
            difference = _mismatch(record, snapshot, position)
            if difference is None:
                return None
            try:
                async with self._db.transaction() as conn:
                    keep: Status | None = "cancelled" if record.status == "cancelled" else None
                    keep_clock, turn_started = _turn_clock(record, position, last_at)
                    await write_state(
                        conn,
                        record,
                        position,
                        self._now(),
                        status=keep,
                        keep_clock=keep_clock,
                        turn_started=turn_started,
                    )
            except VersionConflict:
                # Somebody moved meanwhile: look at the game again as it is now.
                async with self._db.read() as conn:
                    record = await fetch_record(conn, record.id)
                    snapshot, actions, last_at = await _snapshot_and_log(conn, record.id)
                continue
            log.warning(
                "game #%d: %s differed from its action log; rebuilt it from the log",
                record.id,
                difference,
            )
            return "repaired"
        return "the game kept changing while it was being checked"


def _turn_clock(
    record: GameRecord, position: Position, last_at: float | None
) -> tuple[bool, float | None]:
    """How a repair sets the turn clock: (keep the stored one, else when the turn began).

    A repair is no move: when the log has the same player to move as the stored game, that
    turn's clock, reminders sent and deadline stay as they were. Otherwise the turn the log
    describes began with its last logged action (or, with no action yet, when the stored turn
    began); None leaves it to the moment of the repair.
    """
    if record.turn_started_at is not None and record.to_move_seat == position.to_move:
        return True, None
    if last_at is not None:
        return False, last_at
    if record.turn_started_at is not None:
        return False, record.turn_started_at.timestamp()
    return False, None


async def _snapshot_and_log(conn: Any, game_id: int) -> tuple[str, list[str], float | None]:
    rows = list(await conn.execute_fetchall("SELECT snapshot FROM games WHERE id = ?", (game_id,)))
    actions = list(
        await conn.execute_fetchall(
            "SELECT text, created_at FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
    )
    last_at = actions[-1]["created_at"] if actions else None
    return rows[0]["snapshot"], [row["text"] for row in actions], last_at
