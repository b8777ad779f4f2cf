"""Reading games and seats into records (the SELECTs every part of the store shares)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any, cast

import aiosqlite

from bot.store.errors import GameNotFound
from bot.store.records import GameRecord, Seat, Status

GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, status, creator_id, max_players, options, seed, "
    "version, created_at, updated_at, turn_started_at, to_move_seat, ranking, finished_at, "
    "reminder_hours, timeout_days, next_reminder_at, deadline_at, reminders_sent"
)
SEAT_COLUMNS = "game_id, slot, seat, user_id, bot_level, joined_at, score, place"


def when(stamp: float) -> datetime:
    """A stored Unix time as an aware UTC datetime."""
    return datetime.fromtimestamp(stamp, UTC)


def maybe_when(stamp: float | None) -> datetime | None:
    """Like ``when``, passing None through."""
    return None if stamp is None else when(stamp)


def stamp(moment: datetime) -> float:
    """An aware datetime as stored Unix time."""
    if moment.tzinfo is None:
        raise ValueError("times given to the store must be timezone-aware")
    return moment.timestamp()


def seat_of_row(row: sqlite3.Row) -> Seat:
    """A seat from a ``seats`` row."""
    return Seat(
        slot=row["slot"],
        seat=row["seat"],
        user_id=row["user_id"],
        bot_level=row["bot_level"],
        joined_at=when(row["joined_at"]),
        score=row["score"],
        place=row["place"],
    )


def record_of_row(row: sqlite3.Row, seats: Sequence[Seat]) -> GameRecord:
    """A game record from a ``games`` row (selected with GAME_COLUMNS) and its seats."""
    ranking = row["ranking"]
    return GameRecord(
        id=row["id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        status=cast(Status, row["status"]),
        creator_id=row["creator_id"],
        max_players=row["max_players"],
        options=MappingProxyType(json.loads(row["options"])),
        seed=row["seed"],
        version=row["version"],
        created_at=when(row["created_at"]),
        updated_at=when(row["updated_at"]),
        turn_started_at=maybe_when(row["turn_started_at"]),
        to_move_seat=row["to_move_seat"],
        ranking=None if ranking is None else tuple(tuple(g) for g in json.loads(ranking)),
        finished_at=maybe_when(row["finished_at"]),
        reminder_hours=row["reminder_hours"],
        timeout_days=row["timeout_days"],
        next_reminder_at=maybe_when(row["next_reminder_at"]),
        deadline_at=maybe_when(row["deadline_at"]),
        reminders_sent=row["reminders_sent"],
        seats=tuple(seats),
    )


async def fetch_records(
    conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()
) -> list[GameRecord]:
    """Run a SELECT of GAME_COLUMNS and attach every game's seats (one more query in all)."""
    rows = list(await conn.execute_fetchall(sql, tuple(params)))
    if not rows:
        return []
    ids = [row["id"] for row in rows]
    seats: dict[int, list[Seat]] = {game_id: [] for game_id in ids}
    # One parameter for any number of ids (SQLite caps the number of bound parameters).
    for seat_row in await conn.execute_fetchall(
        f"SELECT {SEAT_COLUMNS} FROM seats "
        "WHERE game_id IN (SELECT value FROM json_each(?)) ORDER BY game_id, slot",
        (json.dumps(ids),),
    ):
        seats[seat_row["game_id"]].append(seat_of_row(seat_row))
    return [record_of_row(row, seats[row["id"]]) for row in rows]


async def fetch_record(conn: aiosqlite.Connection, game_id: int) -> GameRecord:
    """The record of one game; GameNotFound if there is none."""
    found = await fetch_records(conn, f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
    if not found:
        raise GameNotFound(game_id)
    return found[0]
