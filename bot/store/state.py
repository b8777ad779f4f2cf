"""Writing a game's position: snapshot, whose turn, reminder times and the final result; and
what a write keeps up to date beyond its own columns: a game's due moment, the settled posts a
game that has ended no longer needs, and an ended game's log packed into its row."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.store.connection import Connection
from bot.store.errors import VersionConflict
from bot.store.logs import pack_log
from bot.store.ratings import rate, season_number, unrate
from bot.store.records import GameRecord, Position, Seat, Status
from bot.store.rows import maybe_when, when
from bot.store.schema import DUE_AT, SETTLED


async def refresh_due(conn: Connection, game_id: int) -> None:
    """Work out a game's next due moment again (after its reminder, deadline, seats, undo
    request or status changed), inside the caller's transaction."""
    await conn.execute(f"UPDATE games SET due_at = {DUE_AT} WHERE id = ?", (game_id,))


async def forget_settled_posts(conn: Connection, game_id: int) -> None:
    """Drop the settled posts of a game that has ended: no later change of it can repeat
    them (an undo that reopens it renames the keys of what it queued before)."""
    await conn.execute(f"DELETE FROM outbox WHERE game_id = ? AND {SETTLED}", (game_id,))


async def mark_seats(conn: Connection, game_id: int, status: Status) -> None:
    """Mark a game's seats as those of an ended game or an open one (``seats.ended``, which a
    person's list of open games reads by index), inside the caller's transaction."""
    ended = int(status in ("finished", "cancelled"))
    await conn.execute("UPDATE seats SET ended = ? WHERE game_id = ?", (ended, game_id))


def places(ranking: Sequence[Sequence[int]]) -> dict[int, int]:
    """Seat → place (1 = best); tied seats share a place and the next place is skipped."""
    result: dict[int, int] = {}
    better = 0
    for group in ranking:
        for seat in group:
            result[seat] = better + 1
        better += len(group)
    return result


def _person_to_move(position: Position, seats: Sequence[Seat]) -> int | None:
    if position.to_move is None:
        return None
    # A computer's seat has no user_id: nobody to remind.
    return next((s.user_id for s in seats if s.seat == position.to_move), None)


async def away_until(conn: Connection, user_id: int, guild_id: int, now: float) -> float | None:
    """When a person's time away on a server ends (None: they are not away now)."""
    rows = await conn.execute_fetchall(
        "SELECT max(ends_at) AS ends FROM away WHERE user_id = ? AND guild_id = ? AND ends_at > ?",
        (user_id, guild_id, now),
    )
    return None if not rows or rows[0]["ends"] is None else float(rows[0]["ends"])


async def write_state(
    conn: Connection,
    record: GameRecord,
    position: Position,
    now: float,
    *,
    status: Status | None = None,
    keep_clock: bool = False,
    turn_started: float | None = None,
) -> GameRecord:
    """Store ``position`` as the state of ``record``'s game, if nobody changed it since ``record``;
    return the record as stored.

    The turn clock restarts (at ``now``, or at ``turn_started`` when the turn began earlier,
    e.g. with the last logged action of a game being repaired); reminders and the deadline are
    only set when a person is to move (computer players are driven by the bot itself). A
    finished game records its ranking and each seat's score and place. ``status`` overrides the
    status derived from the game (a cancelled game stays cancelled when its snapshot is
    repaired). ``keep_clock`` leaves a running turn's clock, reminders and deadline as they were
    (someone else acted out of turn, or a repair kept the player to move). Raises
    VersionConflict if ``record`` is stale.
    """
    if status is None:
        status = "finished" if position.over else "active"
    running = status == "active" and not position.over
    person = _person_to_move(position, record.seats) if running else None
    human = person is not None
    ranking = position.ranking if position.over else None
    finished_at: float | None = None
    if ranking is not None:
        # A repaired or re-finished game keeps the moment it first ended.
        finished_at = record.finished_at.timestamp() if record.finished_at else now
    started = now if turn_started is None else turn_started
    # A turn that comes to someone away (/game away) starts its clock when their time away ends.
    clock_from = started
    if person is not None:
        back = await away_until(conn, person, record.guild_id, now)
        if back is not None:
            clock_from = max(started, back)
    values: dict[str, Any] = {
        "status": status,
        "snapshot": position.snapshot,
        "updated_at": now,
        "turn_started_at": started if running else None,
        "to_move_seat": position.to_move if running else None,
        "next_reminder_at": clock_from + record.reminder_hours * 3600 if human else None,
        "deadline_at": clock_from + record.timeout_days * 86400 if human else None,
        "ranking": None if ranking is None else json.dumps(ranking),
        "finished_at": finished_at,
        "reminders_sent": 0,
        "id": record.id,
        "version": record.version,
    }
    if keep_clock and running and record.turn_started_at is not None:
        values["turn_started_at"] = record.turn_started_at.timestamp()
        values["next_reminder_at"] = _stamp_or_none(record.next_reminder_at)
        values["deadline_at"] = _stamp_or_none(record.deadline_at)
        values["reminders_sent"] = record.reminders_sent
    changed = await conn.execute(
        "UPDATE games SET status = :status, snapshot = :snapshot, version = version + 1, "
        "updated_at = :updated_at, turn_started_at = :turn_started_at, "
        "to_move_seat = :to_move_seat, next_reminder_at = :next_reminder_at, "
        "deadline_at = :deadline_at, reminders_sent = :reminders_sent, ranking = :ranking, "
        "finished_at = :finished_at "
        "WHERE id = :id AND version = :version",
        values,
    )
    if changed != 1:
        raise VersionConflict(record.id, record.version, await current_version(conn, record.id))
    seats = record.seats
    if ranking is not None or record.status == "finished":
        # Record the result, or clear the one of a game that is running again.
        scores = position.scores
        place_of = places(ranking) if ranking is not None else {}
        seats = tuple(
            replace(
                s,
                score=scores[s.seat] if ranking is not None and s.seat is not None else None,
                place=place_of.get(s.seat) if s.seat is not None else None,
            )
            for s in record.seats
        )
        await conn.executemany(
            "UPDATE seats SET score = ?, place = ? WHERE game_id = ? AND slot = ?",
            [(s.score, s.place, record.id, s.slot) for s in seats],
        )
    await _keep_result(conn, record, position, status, finished_at)
    await refresh_due(conn, record.id)
    if status != "active":
        await pack_log(conn, record.id)
    if status != record.status:
        await mark_seats(conn, record.id, status)
    if status != "active" and record.status == "active":
        await forget_settled_posts(conn, record.id)
    return replace(
        record,
        status=status,
        version=record.version + 1,
        updated_at=when(now),
        turn_started_at=maybe_when(values["turn_started_at"]),
        to_move_seat=values["to_move_seat"],
        next_reminder_at=maybe_when(values["next_reminder_at"]),
        deadline_at=maybe_when(values["deadline_at"]),
        reminders_sent=values["reminders_sent"],
        ranking=None if ranking is None else tuple(tuple(g) for g in ranking),
        finished_at=maybe_when(finished_at),
        seats=seats,
    )


async def _keep_result(
    conn: Connection,
    record: GameRecord,
    position: Position,
    status: Status,
    finished_at: float | None,
) -> None:
    """Keep the result of a game that finished (with the change that finishes it) and apply its
    rating changes; drop the result of one that runs again (an undo cut its end off: its rating
    changes are taken back) or was cancelled."""
    if status == "finished" and finished_at is not None:
        if position.result is None:
            return  # a change that brings no result (none is made for it) leaves the stored one
        rated = position.rated if record.rated and record.status != "finished" else None
        if rated is not None:
            # Under the ratings lock, so that rated results are numbered in the order rated.
            await rate(conn, record.id, record.guild_id, finished_at, rated)
        season = rated.season if rated else await season_number(conn, record.guild_id)
        await conn.execute(
            "INSERT INTO results (game_id, guild_id, kind, finished_at, rated, result, season) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
            "guild_id = excluded.guild_id, kind = excluded.kind, "
            "finished_at = excluded.finished_at, rated = excluded.rated, "
            "result = excluded.result",
            (record.id, record.guild_id, record.kind, finished_at, int(record.rated),
             position.result, season),
        )  # fmt: skip
    elif record.status == "finished" or status == "cancelled":
        await unrate(conn, record.id)
        await conn.execute("DELETE FROM results WHERE game_id = ?", (record.id,))


def _stamp_or_none(moment: datetime | None) -> float | None:
    return None if moment is None else moment.timestamp()


async def current_version(conn: Connection, game_id: int) -> int:
    """The stored version of a game (-1 if the game is gone)."""
    rows = await conn.execute_fetchall("SELECT version FROM games WHERE id = ?", (game_id,))
    return int(rows[0]["version"]) if rows else -1
