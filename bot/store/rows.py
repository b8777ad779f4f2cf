"""Reading games and seats into records (the SELECTs every part of the store shares)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields
from datetime import UTC, datetime
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar, cast

from bot.store.connection import Connection, Row
from bot.store.errors import GameNotFound, LobbyError, VersionConflict
from bot.store.records import GameRecord, Seat, Status

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

R = TypeVar("R", bound="DataclassInstance")

GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, status, creator_id, max_players, options, seed, "
    "version, created_at, updated_at, turn_started_at, to_move_seat, ranking, finished_at, "
    "reminder_hours, timeout_days, next_reminder_at, deadline_at, reminders_sent, "
    "lobby_message_id, rematch_of, rated"
)
# A game's seats ride along as one JSON column, so a record is one statement (one trip to the
# connection's thread) however many games are listed. JSON prints reals with 15 digits, so the
# joining time travels as whole microseconds.
SEAT_LIST = (
    "(SELECT json_group_array(json_array(slot, seat, user_id, bot_level, "
    "CAST(round(joined_at * 1000000) AS INTEGER), score, place, name, "
    "handed_from)) "
    "FROM seats WHERE seats.game_id = games.id) AS seat_list"
)
#: The start of every query that reads game records: add WHERE / ORDER BY / LIMIT.
SELECT_GAMES = f"SELECT {GAME_COLUMNS}, {SEAT_LIST} FROM games"
#: The same with each game's snapshot.
SELECT_SNAPSHOTS = f"SELECT {GAME_COLUMNS}, {SEAT_LIST}, snapshot FROM games"


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


def _seats(seat_list: str) -> tuple[Seat, ...]:
    seats = [
        Seat(
            slot=slot,
            seat=seat,
            user_id=user_id,
            bot_level=bot_level,
            joined_at=when(micros / 1_000_000),
            score=score,
            place=place,
            name=name,
            handed_from=handed_from,
        )
        for slot, seat, user_id, bot_level, micros, score, place, name, handed_from in json.loads(
            seat_list
        )
    ]
    return tuple(sorted(seats, key=lambda s: s.slot))


def record_of_row(row: Row) -> GameRecord:
    """A game record from a row selected with SELECT_GAMES."""
    ranking = row["ranking"]
    return from_row(
        GameRecord,
        row,
        status=cast(Status, row["status"]),
        options=MappingProxyType(json.loads(row["options"])),
        ranking=None if ranking is None else tuple(tuple(g) for g in json.loads(ranking)),
        seats=_seats(row["seat_list"]),
    )


def from_row(kind: type[R], row: Row, **given: Any) -> R:
    """A record of the dataclass ``kind``: the ``given`` fields, and the others from the row's
    columns of the same name (stored times become datetimes, stored 0 and 1 booleans)."""
    values = dict(given)
    for field in fields(kind):
        if field.name in values:
            continue
        value = row[field.name]
        if field.type in ("datetime", "datetime | None"):
            value = maybe_when(value)
        elif field.type == "bool":
            value = bool(value)
        values[field.name] = value
    return kind(**values)


async def fetch_records(conn: Connection, sql: str, params: Sequence[Any] = ()) -> list[GameRecord]:
    """Run a query that starts with SELECT_GAMES; its records, in its order."""
    return [record_of_row(row) for row in await conn.execute_fetchall(sql, tuple(params))]


async def fetch_with_snapshot(conn: Connection, game_id: int) -> tuple[GameRecord, str | None]:
    """A game's record and its snapshot text, read together; GameNotFound if there is none."""
    rows = await conn.execute_fetchall(f"{SELECT_SNAPSHOTS} WHERE id = ?", (game_id,))
    if not rows:
        raise GameNotFound(game_id)
    return record_of_row(rows[0]), rows[0]["snapshot"]


async def fetch_record(conn: Connection, game_id: int) -> GameRecord:
    """The record of one game; GameNotFound if there is none. In a write transaction the game
    stays as read until it ends (``Connection.lock_game``): the version check holds."""
    await conn.lock_game(game_id)
    found = await fetch_records(conn, f"{SELECT_GAMES} WHERE id = ?", (game_id,))
    if not found:
        raise GameNotFound(game_id)
    return found[0]


async def fetch_at(
    conn: Connection, game_id: int, expected_version: int | None, *statuses: Status
) -> GameRecord:
    """``fetch_record`` for a change decided at ``expected_version`` (VersionConflict once the
    game moved on; None: at any) that needs the game in one of ``statuses`` (the first names
    the wish)."""
    record = await fetch_record(conn, game_id)
    if expected_version is not None and record.version != expected_version:
        raise VersionConflict(game_id, expected_version, record.version)
    if statuses and record.status not in statuses:
        raise status_error(record, statuses[0])
    return record


def status_error(record: GameRecord, wanted: Status) -> LobbyError:
    """Why a game in ``record.status`` cannot do what needs ``wanted``."""
    reasons = {
        "lobby": ("still_lobby", f"game #{record.id} has not started yet"),
        "active": ("started", f"game #{record.id} has already started"),
        "finished": ("finished", f"game #{record.id} is over"),
        "cancelled": ("cancelled", f"game #{record.id} was cancelled"),
    }
    code, message = reasons[record.status]
    return LobbyError(code, message, game_id=record.id, status=record.status, wanted=wanted)
