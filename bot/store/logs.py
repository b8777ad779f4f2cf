"""A game's action log: a row per action while the game runs, one packed value once it has
ended (``games.packed_log``, see ``bot.store.schema.PACKED_LOG``), read the same either way."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from bot.store.connection import Connection
from bot.store.rows import when
from bot.store.schema import PACKED_LOG, UNPACKED

#: The packing, in SQLite's words (the PostgreSQL backend translates it).
PACK = PACKED_LOG["sqlite"]


@dataclass(frozen=True)
class LoggedAction:
    """One entry of a game's action log."""

    seq: int
    seat: int
    text: str
    at: datetime


def unpacked(packed: str) -> list[tuple[int, int, str, float]]:
    """A packed log as (seq, seat, text, created_at) rows, first to last."""
    rows: list[tuple[int, int, str, float]] = []
    micros = 0
    for seq, (seat, text, step) in enumerate(json.loads(packed), start=1):
        micros += int(step)
        rows.append((seq, int(seat), str(text), micros / 1_000_000))
    return rows


async def log_rows(conn: Connection, game_id: int) -> list[tuple[int, int, str, float]]:
    """A game's log as (seq, seat, text, created_at) rows in order, packed or not."""
    rows = await conn.execute_fetchall("SELECT packed_log FROM games WHERE id = ?", (game_id,))
    if rows and rows[0]["packed_log"] is not None:
        return unpacked(rows[0]["packed_log"])
    found = await conn.execute_fetchall(
        "SELECT seq, seat, text, created_at FROM actions WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    return [(r["seq"], r["seat"], r["text"], r["created_at"]) for r in found]


async def read_log(conn: Connection, game_id: int) -> list[LoggedAction]:
    """A game's action log in order."""
    return [
        LoggedAction(seq, seat, text, when(at))
        for seq, seat, text, at in await log_rows(conn, game_id)
    ]


async def pack_log(conn: Connection, game_id: int) -> bool:
    """Pack an ended game's log into its row and delete its action rows, inside the caller's
    transaction; whether it was packed (not when it is packed already or runs)."""
    packed = await conn.execute(
        f"UPDATE games SET packed_log = {PACK} WHERE id = ? AND {UNPACKED}", (game_id,)
    )
    if packed:
        await conn.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
    return bool(packed)


async def unpacked_games(conn: Connection, limit: int) -> list[int]:
    """Up to ``limit`` games that ended before their logs were packed, by id."""
    rows = await conn.execute_fetchall(
        f"SELECT id FROM games WHERE {UNPACKED} ORDER BY id LIMIT ?", (limit,)
    )
    return [int(row["id"]) for row in rows]


async def unpack_log(conn: Connection, game_id: int, keep: int) -> None:
    """Put the first ``keep`` actions of a packed log back as rows and drop the packed value (an
    undo reopens the game), inside the caller's transaction; nothing when the log is in rows."""
    rows = await conn.execute_fetchall("SELECT packed_log FROM games WHERE id = ?", (game_id,))
    if not rows or rows[0]["packed_log"] is None:
        return
    kept = unpacked(rows[0]["packed_log"])[:keep]
    await conn.executemany(
        "INSERT INTO actions (game_id, seq, seat, text, created_at) VALUES (?, ?, ?, ?, ?)",
        [(game_id, *row) for row in kept],
    )
    await conn.execute("UPDATE games SET packed_log = NULL WHERE id = ?", (game_id,))
