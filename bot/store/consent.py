"""Undo by consent: a request waits for the other players' approval, then the log is cut back."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime

from bot.store.connection import Connection, Row
from bot.store.core import StoreCore
from bot.store.errors import StoreError
from bot.store.moves import cut_log
from bot.store.records import GameRecord, OutboxDraft, Position, UndoPost, UndoRequest
from bot.store.rows import fetch_at, from_row, stamp
from bot.store.state import refresh_due

_COLUMNS = (
    "game_id, requester_id, keep, version, waiting, approved, channel_id, created_at, expires_at, "
    "post_channel_id, post_message_id, question"
)
#: Builds the messages announcing a taken-back turn; queued in the same transaction.
AnnounceUndo = Callable[[GameRecord, UndoRequest], Iterable[OutboxDraft]]


def _request(row: Row) -> UndoRequest:
    post = None
    if row["post_message_id"] is not None:
        post = UndoPost(row["post_channel_id"], row["post_message_id"], row["question"] or "")
    return from_row(
        UndoRequest,
        row,
        waiting=tuple(json.loads(row["waiting"])),
        approved=tuple(json.loads(row["approved"])),
        post=post,
    )


async def _read(conn: Connection, game_id: int) -> UndoRequest | None:
    rows = await conn.execute_fetchall(
        f"SELECT {_COLUMNS} FROM undo_requests WHERE game_id = ?", (game_id,)
    )
    return _request(rows[0]) if rows else None


def _no_request(game_id: int) -> StoreError:
    return StoreError(
        "no_undo", f"nobody is asking to take back a turn in game #{game_id}", game_id=game_id
    )


class ConsentMixin(StoreCore):
    """Ask, approve, refuse, expire and carry out undo requests."""

    async def request_undo(
        self,
        game_id: int,
        *,
        requester_id: int,
        keep: int,
        expected_version: int,
        waiting: Sequence[int],
        channel_id: int,
        expires_at: datetime,
    ) -> UndoRequest:
        """Ask the people in ``waiting`` to approve cutting the log back to ``keep`` actions.

        One request per game at a time (an expired one is replaced); the game must still be at
        ``expected_version``.
        """
        now = self._now()
        async with self._db.transaction() as conn:
            await fetch_at(conn, game_id, expected_version)
            current = await _read(conn, game_id)
            if current is not None and stamp(current.expires_at) > now:
                raise StoreError(
                    "undo_pending",
                    f"an undo in game #{game_id} is already waiting for approval",
                    game_id=game_id,
                )
            await conn.execute(
                "INSERT INTO undo_requests (game_id, requester_id, keep, version, "
                "waiting, approved, channel_id, created_at, expires_at) "
                "VALUES (?, ?, ?, ?, ?, '[]', ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
                "requester_id = excluded.requester_id, keep = excluded.keep, "
                "version = excluded.version, waiting = excluded.waiting, approved = '[]', "
                "channel_id = excluded.channel_id, created_at = excluded.created_at, "
                "expires_at = excluded.expires_at, post_channel_id = NULL, "
                "post_message_id = NULL, question = NULL",
                (
                    game_id,
                    requester_id,
                    keep,
                    expected_version,
                    json.dumps(list(waiting)),
                    channel_id,
                    now,
                    stamp(expires_at),
                ),
            )
            await refresh_due(conn, game_id)
            found = await _read(conn, game_id)
            assert found is not None
            return found

    async def undo_request(self, game_id: int) -> UndoRequest | None:
        """The undo waiting in a game, if any (expired ones too, until they are cleared)."""
        async with self._db.single() as conn:
            return await _read(conn, game_id)

    async def posted_undo(self, request: UndoRequest, post: UndoPost) -> bool:
        """Keep where ``request``'s question was posted; False (nothing kept) if that request
        no longer waits: settled meanwhile, perhaps by another process, or replaced."""
        async with self._db.transaction() as conn:
            changed = await conn.execute(
                "UPDATE undo_requests SET post_channel_id = ?, post_message_id = ?, question = ? "
                "WHERE game_id = ? AND version = ? AND requester_id = ? "
                "AND post_message_id IS NULL",
                (
                    post.channel_id,
                    post.message_id,
                    post.question,
                    request.game_id,
                    request.version,
                    request.requester_id,
                ),
            )
            return changed == 1

    async def approve_undo(self, game_id: int, user_id: int) -> UndoRequest:
        """Record one person's approval; the request as it is now."""
        async with self._db.transaction() as conn:
            current = await _read(conn, game_id)
            if current is None or stamp(current.expires_at) <= self._now():
                raise _no_request(game_id)
            if user_id not in current.waiting:
                raise StoreError(
                    "not_asked",
                    f"the undo in game #{game_id} does not wait for you",
                    game_id=game_id,
                )
            waiting = [u for u in current.waiting if u != user_id]
            approved = [*current.approved, user_id]
            await conn.execute(
                "UPDATE undo_requests SET waiting = ?, approved = ? WHERE game_id = ?",
                (json.dumps(waiting), json.dumps(approved), game_id),
            )
            return replace(current, waiting=tuple(waiting), approved=tuple(approved))

    async def drop_undo(
        self,
        game_id: int,
        *,
        announce: Iterable[OutboxDraft] = (),
        asked_before: int | None = None,
    ) -> UndoRequest | None:
        """Remove a game's undo request (refused, expired or void), queueing ``announce``;
        with ``asked_before``, only a request asked at an earlier game version (made void).

        Returns the request removed, or None if there was none (then nothing is queued, so two
        callers cannot both tell the same outcome, nor both edit its post).
        """
        async with self._db.transaction() as conn:
            current = await _read(conn, game_id)
            if current is None:
                return None
            if asked_before is not None and current.version >= asked_before:
                return None
            await conn.execute("DELETE FROM undo_requests WHERE game_id = ?", (game_id,))
            await refresh_due(conn, game_id)
            await self._enqueue(conn, announce, self._now())
            return current

    async def expired_undos(
        self, now: datetime | None = None, limit: int = 100
    ) -> list[UndoRequest]:
        """Undo requests whose time ran out, oldest first."""
        rows = await self._db.fetchall(
            f"SELECT {_COLUMNS} FROM undo_requests WHERE expires_at <= ? "
            "ORDER BY expires_at LIMIT ?",
            (self._now(now), limit),
        )
        return [_request(row) for row in rows]

    async def carry_out_undo(
        self, game_id: int, position: Position, *, announce: AnnounceUndo | None = None
    ) -> tuple[GameRecord, UndoRequest]:
        """Take the turn back as the (fully approved) request says, and clear the request.

        ``position`` is the game replayed from the actions the request keeps (by the caller,
        before this transaction). VersionConflict if the game moved on since the request was
        made (the request is then void: drop it).
        """
        async with self._db.transaction() as conn:
            current = await _read(conn, game_id)
            if current is None:
                raise _no_request(game_id)
            if current.waiting:
                raise StoreError(
                    "undo_waiting",
                    f"the undo in game #{game_id} still waits for approval",
                    game_id=game_id,
                )
            now = self._now()
            record = await cut_log(conn, game_id, current.keep, position, current.version, now)
            await conn.execute("DELETE FROM undo_requests WHERE game_id = ?", (game_id,))
            await refresh_due(conn, game_id)
            if announce is not None:
                await self._enqueue(conn, announce(record, current), now)
            return record, current
