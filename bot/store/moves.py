"""Playing: loading a game, applying an action in one transaction, and truncating the log."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime

import aiosqlite

from bot.games import replay
from bot.games.base import Game, IllegalAction
from bot.store.core import StoreCore
from bot.store.errors import InvalidValue, VersionConflict
from bot.store.lobby import status_error
from bot.store.records import GameRecord, Move, OutboxDraft
from bot.store.rows import fetch_record, fetch_with_snapshot, when
from bot.store.state import load_snapshot, write_state

#: Builds the messages announcing a move; called inside its transaction, queued with it.
AnnounceMove = Callable[[Move], Iterable[OutboxDraft]]


@dataclass(frozen=True)
class LoggedAction:
    """One entry of a game's action log."""

    seq: int
    seat: int
    text: str
    at: datetime


async def read_log(conn: aiosqlite.Connection, game_id: int) -> list[LoggedAction]:
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
    """The move transaction and what a later undo needs."""

    async def load_game(self, game_id: int) -> tuple[GameRecord, Game | None]:
        """A game's record and its engine game (None while it is a lobby)."""
        async with self._db.single() as conn:
            record, snapshot = await fetch_with_snapshot(conn, game_id)
        return record, None if snapshot is None else load_snapshot(record.kind, snapshot)

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        """Every action of a game, first to last, with who played it and when."""
        async with self._db.read() as conn:
            await fetch_record(conn, game_id)  # GameNotFound rather than an empty log
            return await read_log(conn, game_id)

    async def apply_action(
        self,
        game_id: int,
        seat: int,
        text: str,
        *,
        expected_version: int,
        announce: AnnounceMove | None = None,
        any_seat: bool = False,
    ) -> Move:
        """Play ``text`` for ``seat`` if the game is still at ``expected_version``.

        One transaction: the engine validates the action on the stored snapshot, the action is
        appended to the log, the snapshot and turn state are written ``WHERE version = ?`` and
        the announcement (if any) is queued. A stale version raises VersionConflict, an illegal
        action IllegalAction; either way nothing is written. ``any_seat`` lets a seat act out of
        turn (a resignation); then the engine alone decides, and when the turn stays where it
        was, so do its clock, reminders and deadline.
        """
        now = self._now()
        async with self._db.transaction() as conn:
            record, snapshot = await fetch_with_snapshot(conn, game_id)
            if record.version != expected_version:
                raise VersionConflict(game_id, expected_version, record.version)
            if record.status != "active":
                raise status_error(record, "active")
            assert snapshot is not None, "an active game always has a snapshot"
            game = load_snapshot(record.kind, snapshot)
            mover = game.to_move
            if seat != mover and not any_seat:
                raise IllegalAction("not_your_turn", "it is not your turn", seat=game.to_move)
            before = len(game.log)
            # The acting seat goes into the engine, which refuses what is not that seat's to take.
            events = game.play(text, seat)
            logged = game.log[before:]
            if not logged:
                raise RuntimeError(f"the {record.kind} engine accepted {text!r} but logged nothing")
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, text, created_at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, before + i + 1, seat, entry, now) for i, entry in enumerate(logged)],
            )
            keep_clock = any_seat and seat != mover and game.to_move == mover
            move = Move(
                record=await write_state(conn, record, game, now, keep_clock=keep_clock),
                game=game,
                seat=seat,
                text=logged[-1],
                seq=len(game.log),
                events=tuple(events),
            )
            if announce is not None:
                entries = await self._enqueue(conn, announce(move), now)
                move = replace(move, outbox=entries)
            return move

    async def resign(
        self,
        game_id: int,
        seat: int,
        *,
        expected_version: int,
        announce: AnnounceMove | None = None,
    ) -> Move:
        """Log ``resign <seat>`` for any seat, whoever is to move (a resignation or a timeout)."""
        return await self.apply_action(
            game_id,
            seat,
            f"resign {seat}",
            expected_version=expected_version,
            announce=announce,
            any_seat=True,
        )

    async def hand_to_computer(
        self,
        game_id: int,
        seat: int,
        level: int,
        *,
        expected_version: int,
        announce: Callable[[GameRecord], Iterable[OutboxDraft]] | None = None,
    ) -> GameRecord:
        """A computer player of ``level`` takes over a person's seat in a running game.

        The game itself does not change (no action is logged); the seat's person leaves it and
        the turn clock, reminders and deadline are worked out again for the new occupant.
        """
        if level < 1:
            raise InvalidValue("bot_level", "a computer player's level is 1 or more", value=level)
        now = self._now()
        async with self._db.transaction() as conn:
            record, snapshot = await fetch_with_snapshot(conn, game_id)
            if record.version != expected_version:
                raise VersionConflict(game_id, expected_version, record.version)
            if record.status != "active":
                raise status_error(record, "active")
            assert snapshot is not None, "an active game always has a snapshot"
            occupant = record.player(seat)
            if occupant.user_id is None:
                raise InvalidValue(
                    "seat", f"a computer player already sits at seat {seat}", seat=seat
                )
            await conn.execute(
                "UPDATE seats SET user_id = NULL, bot_level = ? WHERE game_id = ? AND seat = ?",
                (level, game_id, seat),
            )
            await conn.execute(
                "DELETE FROM follows WHERE game_id = ? AND user_id = ?",
                (game_id, occupant.user_id),
            )
            seated = await fetch_record(conn, game_id)
            changed = await write_state(conn, seated, load_snapshot(record.kind, snapshot), now)
            if announce is not None:
                await self._enqueue(conn, announce(changed), now)
            return changed

    async def truncate_log(
        self, game_id: int, keep: int, *, expected_version: int
    ) -> tuple[GameRecord, Game]:
        """Cut a game's log back to its first ``keep`` actions and rebuild the snapshot from it.

        This is what undo builds on: a finished game becomes active again when its last action
        is taken back. Raises VersionConflict when the game changed since ``expected_version``.
        """
        async with self._db.transaction() as conn:
            return await cut_log(conn, game_id, keep, expected_version, self._now())


async def cut_log(
    conn: aiosqlite.Connection, game_id: int, keep: int, expected_version: int, now: float
) -> tuple[GameRecord, Game]:
    """``truncate_log`` inside the caller's transaction."""
    record = await fetch_record(conn, game_id)
    if record.version != expected_version:
        raise VersionConflict(game_id, expected_version, record.version)
    if record.status not in ("active", "finished"):
        raise status_error(record, "active")
    log = await read_log(conn, game_id)
    if not 0 <= keep <= len(log):
        raise InvalidValue(
            "keep",
            f"game #{game_id} has {len(log)} actions; keep 0 to {len(log)} of them",
            keep=keep,
            actions=len(log),
        )
    game = replay(
        record.kind,
        players_of(record),
        record.seed,
        dict(record.options),
        [a.text for a in log[:keep]],
    )
    await conn.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep))
    # The game's earlier posts keep their place in the outbox, but their dedupe keys (built from
    # log positions and turns) must not silence the turns that are now played again.
    await conn.execute(
        "UPDATE outbox SET dedupe_key = dedupe_key || ? "
        "WHERE game_id = ? AND dedupe_key IS NOT NULL",
        (f"/undone@{record.version}", game_id),
    )
    return await write_state(conn, record, game, now), game
