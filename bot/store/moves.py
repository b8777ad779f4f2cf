"""Playing: loading a game's snapshot, committing a turn in one transaction, cutting the log."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.store.connection import Connection
from bot.store.core import StoreCore
from bot.store.errors import InvalidValue
from bot.store.records import GameRecord, OutboxDraft, OutboxEntry, Position
from bot.store.rows import fetch_at, fetch_record, fetch_with_snapshot, when
from bot.store.state import write_state


@dataclass(frozen=True)
class LoggedAction:
    """One entry of a game's action log."""

    seq: int
    seat: int
    text: str
    at: datetime


async def read_log(conn: Connection, game_id: int) -> list[LoggedAction]:
    """A game's action log in order."""
    rows = await conn.execute_fetchall(
        "SELECT seq, seat, text, created_at FROM actions WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    return [LoggedAction(r["seq"], r["seat"], r["text"], when(r["created_at"])) for r in rows]


def players_of(record: GameRecord) -> int:
    """How many seats the engine game has."""
    return sum(1 for s in record.seats if s.seat is not None)


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
            rows = list(
                await conn.execute_fetchall(
                    "SELECT coalesce(max(seq), 0) AS last FROM actions WHERE game_id = ?",
                    (game_id,),
                )
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
        drafts: Callable[[GameRecord], Iterable[OutboxDraft]] | None = None,
    ) -> GameRecord:
        """A computer player of ``level`` takes over a person's seat in a running game.

        The game itself does not change (no action is logged); the seat's person leaves it (the
        seat keeps who they were: ``handed_from``, for ``/game return`` and their result) and
        the turn clock, reminders and deadline are worked out again for the new occupant
        (``position`` is the game as it stands).
        """
        if level < 1:
            raise InvalidValue("bot_level", "a computer player's level is 1 or more", value=level)
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
    await conn.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep))
    # The game's earlier posts keep their place in the outbox, but their dedupe keys (built from
    # log positions and turns) must not silence the turns that are now played again.
    await conn.execute(
        "UPDATE outbox SET dedupe_key = dedupe_key || ? "
        "WHERE game_id = ? AND dedupe_key IS NOT NULL",
        (f"/undone@{record.version}", game_id),
    )
    return await write_state(conn, record, position, now)
