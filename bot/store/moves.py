"""Playing: loading a game's snapshot, committing a turn in one transaction, cutting the log."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from bot.store.connection import Connection
from bot.store.core import StoreCore
from bot.store.errors import GameNotFound, InvalidValue
from bot.store.lobby import Announce, check_level
from bot.store.logs import (
    LoggedAction,
    pack_log,
    read_log,
    unpack_log,
    unpacked,
    unpacked_games,
)
from bot.store.records import GameRecord, OutboxDraft, OutboxEntry, Position, Status, StoredGame
from bot.store.rows import (
    GAME_COLUMNS,
    SEAT_LIST,
    fetch_at,
    fetch_record,
    fetch_with_snapshot,
    record_of_row,
)
from bot.store.state import write_state

#: Every status a game with an engine state can have.
STARTED: tuple[Status, ...] = ("active", "finished", "cancelled")


def _status_in(statuses: Sequence[Status]) -> str:
    """The statuses as SQL literals (a plain ``status = 'active'`` lets the planner use the
    partial index of running games); only the known ones."""
    known = [s for s in STARTED if s in statuses]
    if not known:
        return "status IS NULL"  # never: every game has a status
    if len(known) == 1:
        return f"status = '{known[0]}'"
    return "status IN (" + ", ".join(f"'{s}'" for s in known) + ")"


async def _stored_games(
    conn: Connection, where: str, params: Sequence[object]
) -> list[tuple[int, StoredGame | Exception]]:
    """Started games with their snapshots and logs, by id (``params`` end with the limit); a
    row this code cannot read comes as the error it raised, so that the others still can."""
    rows = await conn.execute_fetchall(
        f"SELECT {GAME_COLUMNS}, {SEAT_LIST}, snapshot, packed_log FROM games "
        f"WHERE snapshot IS NOT NULL AND {where} ORDER BY id LIMIT ?",
        params,
    )
    logs: dict[int, list[str]] = {row["id"]: [] for row in rows}
    last_at: dict[int, float | None] = {}
    in_rows = [row["id"] for row in rows if row["packed_log"] is None]
    for row in await conn.execute_fetchall(
        "SELECT game_id, text, created_at FROM actions "
        "WHERE game_id IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) ORDER BY game_id, seq",
        (json.dumps(in_rows),),
    ):
        logs[row["game_id"]].append(row["text"])
        last_at[row["game_id"]] = row["created_at"]
    found: list[tuple[int, StoredGame | Exception]] = []
    for row in rows:
        game_id = row["id"]
        try:
            record = record_of_row(row)
            if row["packed_log"] is not None:
                packed = unpacked(row["packed_log"])
                logs[game_id] = [text for _seq, _seat, text, _at in packed]
                last_at[game_id] = packed[-1][3] if packed else None
        except Exception as error:
            found.append((game_id, error))
            continue
        found.append(
            (
                game_id,
                StoredGame(record, row["snapshot"], tuple(logs[game_id]), last_at.get(game_id)),
            )
        )
    return found


class MovesMixin(StoreCore):
    """The move transaction and the log an undo cuts back."""

    async def load(self, game_id: int) -> tuple[GameRecord, str | None]:
        """A game's record and its stored snapshot (None while it is a lobby)."""
        async with self._db.single() as conn:
            return await fetch_with_snapshot(conn, game_id)

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        """Every action of a game, first to last, with who played it and when."""
        async with self._db.read() as conn:
            await fetch_record(conn, game_id)  # GameNotFound rather than an empty log
            return await read_log(conn, game_id)

    async def started_games(
        self, after: int, statuses: Sequence[Status], limit: int
    ) -> list[tuple[int, StoredGame | Exception]]:
        """Up to ``limit`` started games of ``statuses`` after the id ``after``, in id order,
        each read with its log in one view; a row this code cannot read comes as its error."""
        async with self._db.read() as conn:
            return await _stored_games(conn, f"id > ? AND {_status_in(statuses)}", (after, limit))

    async def stored_game(self, game_id: int) -> StoredGame:
        """A started game with its log, read in one view; GameNotFound if there is none."""
        async with self._db.read() as conn:
            found = await _stored_games(conn, "id = ?", (game_id, 1))
        if not found:
            raise GameNotFound(game_id)
        game = found[0][1]
        if isinstance(game, Exception):
            raise game
        return game

    async def pack_ended_logs(self, limit: int) -> int:
        """Pack the logs of up to ``limit`` games that ended before logs were packed (an
        upgraded database), in one transaction; how many were packed (0: none is left)."""
        async with self._db.transaction() as conn:
            packed = [
                await pack_log(conn, game_id) for game_id in await unpacked_games(conn, limit)
            ]
        return sum(packed)

    async def repair(
        self,
        game: StoredGame,
        position: Position,
        *,
        keep_clock: bool,
        turn_started: float | None,
    ) -> GameRecord:
        """Store ``position``, the replay of ``game``'s log, as its state (a cancelled game
        stays cancelled); VersionConflict when the game changed since it was read.

        ``keep_clock`` and ``turn_started`` are ``write_state``'s: a repair is no move.
        """
        record = game.record
        status: Status | None = "cancelled" if record.status == "cancelled" else None
        async with self._db.transaction() as conn:
            return await write_state(
                conn,
                record,
                position,
                self._now(),
                status=status,
                keep_clock=keep_clock,
                turn_started=turn_started,
            )

    async def commit_turn(
        self,
        game_id: int,
        *,
        seat: int,
        logged: Sequence[str],
        position: Position,
        expected_version: int,
        keep_clock: bool = False,
        drafts: Iterable[OutboxDraft] = (),
    ) -> tuple[GameRecord, tuple[OutboxEntry, ...]]:
        """Append ``logged`` (played by ``seat``) to the log and store ``position``, if the game
        is still running at ``expected_version``; queue ``drafts`` with it. One short
        transaction; the rules were applied before it (bot.play). A stale version raises
        VersionConflict and nothing is written. ``keep_clock`` leaves the running turn's clock,
        reminders and deadline as they were (someone acted out of turn: a resignation).
        """
        if not logged:
            raise ValueError("a turn logs at least one action")
        now = self._now()
        async with self._db.transaction() as conn:
            record = await fetch_at(conn, game_id, expected_version, "active")
            # A running game's log is in rows (only a finished game's is packed).
            rows = await conn.execute_fetchall(
                "SELECT coalesce(max(seq), 0) AS last FROM actions WHERE game_id = ?",
                (game_id,),
            )
            before = int(rows[0]["last"])
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, text, created_at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, before + i + 1, seat, entry, now) for i, entry in enumerate(logged)],
            )
            changed = await write_state(conn, record, position, now, keep_clock=keep_clock)
            entries = await self._enqueue(conn, drafts, now)
            return changed, entries

    async def hand_to_computer(
        self,
        game_id: int,
        seat: int,
        level: int,
        *,
        position: Position,
        expected_version: int,
        drafts: Announce | None = None,
    ) -> GameRecord:
        """A computer player of ``level`` takes over a person's seat in a running game.

        The game itself does not change (no action is logged); the seat's person leaves it (the
        seat keeps who they were: ``handed_from``, for ``/game return`` and their result) and
        the turn clock, reminders and deadline are worked out again for the new occupant
        (``position`` is the game as it stands).
        """
        check_level(level)
        now = self._now()
        async with self._db.transaction() as conn:
            record = await fetch_at(conn, game_id, expected_version, "active")
            occupant = record.player(seat)
            if occupant.user_id is None:
                raise InvalidValue(
                    "seat", f"a computer player already sits at seat {seat}", seat=seat
                )
            await conn.execute(
                "UPDATE seats SET user_id = NULL, bot_level = ?, handed_from = ? "
                "WHERE game_id = ? AND seat = ?",
                (level, occupant.user_id, game_id, seat),
            )
            await conn.execute(
                "DELETE FROM follows WHERE game_id = ? AND user_id = ?",
                (game_id, occupant.user_id),
            )
            seated = await fetch_record(conn, game_id)
            changed = await write_state(conn, seated, position, now)
            if drafts is not None:
                await self._enqueue(conn, drafts(changed), now)
            return changed

    async def cut_log(
        self, game_id: int, keep: int, position: Position, *, expected_version: int
    ) -> GameRecord:
        """Cut a game's log back to its first ``keep`` actions and store ``position`` (the game
        replayed from them by the caller).

        This is what undo builds on: a finished game becomes active again when its last action
        is taken back. Raises VersionConflict when the game changed since ``expected_version``.
        """
        async with self._db.transaction() as conn:
            return await cut_log(conn, game_id, keep, position, expected_version, self._now())


async def cut_log(
    conn: Connection,
    game_id: int,
    keep: int,
    position: Position,
    expected_version: int,
    now: float,
) -> GameRecord:
    """``MovesMixin.cut_log`` inside the caller's transaction."""
    record = await fetch_at(conn, game_id, expected_version, "active", "finished")
    log = await read_log(conn, game_id)
    if not 0 <= keep <= len(log):
        raise InvalidValue(
            "keep",
            f"game #{game_id} has {len(log)} actions; keep 0 to {len(log)} of them",
            keep=keep,
            actions=len(log),
        )
    # A finished game's packed log comes back as the rows kept; a running game's rows are cut.
    await unpack_log(conn, game_id, keep)
    await conn.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep))
    # The game's earlier posts keep their place in the outbox, but their dedupe keys (built from
    # log positions and turns) must not silence the turns that are now played again.
    await conn.execute(
        "UPDATE outbox SET dedupe_key = dedupe_key || ? "
        "WHERE game_id = ? AND dedupe_key IS NOT NULL",
        (f"/undone@{record.version}", game_id),
    )
    return await write_state(conn, record, position, now)
