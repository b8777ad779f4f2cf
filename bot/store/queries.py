"""The lookups the bot runs all the time, each backed by an index, and reminder bookkeeping."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.store.core import OUTBOX_COLUMNS, StoreCore
from bot.store.errors import StoreError
from bot.store.records import OPEN, GameRecord, OutboxDraft, Status
from bot.store.rows import SELECT_GAMES, fetch_at, fetch_record, fetch_records, when
from bot.store.state import refresh_due

_STATUS_IN = "status IN (SELECT value FROM json_each(?))"

#: The hot queries by name, with sample parameters, so their plans can be checked (query_plan).
HOT_QUERIES: dict[str, tuple[str, tuple[Any, ...]]] = {
    "games_in_channel": (
        f"{SELECT_GAMES} WHERE channel_id = ? AND {_STATUS_IN} ORDER BY id",
        (1, '["active"]'),
    ),
    "game_of_thread": (f"{SELECT_GAMES} WHERE thread_id = ?", (1,)),
    "rematch_of": (
        f"{SELECT_GAMES} WHERE rematch_of = ? AND status <> 'cancelled'",
        (1,),
    ),
    "games_of_user": (
        f"{SELECT_GAMES} "
        f"WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?) AND {_STATUS_IN} ORDER BY id",
        (1, '["active"]'),
    ),
    "games_handed_from": (
        f"{SELECT_GAMES} WHERE id IN (SELECT game_id FROM seats WHERE handed_from = ?) "
        "AND status = 'active' ORDER BY id",
        (1,),
    ),
    "games_in_guild": (
        f"{SELECT_GAMES} WHERE guild_id = ? AND {_STATUS_IN} ORDER BY id",
        (1, '["active"]'),
    ),
    "games_due_reminder": (
        f"{SELECT_GAMES} WHERE next_reminder_at <= ? ORDER BY next_reminder_at LIMIT ?",
        (0.0, 100),
    ),
    "games_past_deadline": (
        f"{SELECT_GAMES} WHERE deadline_at <= ? ORDER BY deadline_at LIMIT ?",
        (0.0, 100),
    ),
    "outbox_pending": (
        f"SELECT {OUTBOX_COLUMNS} FROM outbox "
        "WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= ? "
        "ORDER BY next_attempt_at, id LIMIT ?",
        (0.0, 50),
    ),
}


def _statuses(statuses: Sequence[Status]) -> str:
    return json.dumps(list(statuses))


class QueriesMixin(StoreCore):
    """Finding games: by id, channel, thread, server, player, and by overdue turn."""

    async def get_game(self, game_id: int) -> GameRecord:
        """A game's record; GameNotFound if there is none."""
        async with self._db.single() as conn:
            return await fetch_record(conn, game_id)

    async def games_in_channel(
        self, channel_id: int, statuses: Sequence[Status] = OPEN
    ) -> list[GameRecord]:
        """The games started in a channel (their threads are in it), oldest first."""
        return await self._records("games_in_channel", channel_id, _statuses(statuses))

    async def game_of_thread(self, thread_id: int) -> GameRecord | None:
        """The game played in a thread, if any."""
        found = await self._records("game_of_thread", thread_id)
        return found[0] if found else None

    async def rematch_of(self, game_id: int) -> GameRecord | None:
        """The rematch opened of a finished game (not cancelled), if any."""
        found = await self._records("rematch_of", game_id)
        return found[0] if found else None

    async def games_of_user(
        self, user_id: int, statuses: Sequence[Status] = OPEN
    ) -> list[GameRecord]:
        """The games a person sits in, oldest first."""
        return await self._records("games_of_user", user_id, _statuses(statuses))

    async def games_handed_from(self, user_id: int) -> list[GameRecord]:
        """The running games where a computer player holds a seat taken over from this person
        (``/game return``), oldest first."""
        return await self._records("games_handed_from", user_id)

    async def games_in_guild(
        self, guild_id: int, statuses: Sequence[Status] = OPEN
    ) -> list[GameRecord]:
        """The games of a server, oldest first."""
        return await self._records("games_in_guild", guild_id, _statuses(statuses))

    async def games_due_reminder(
        self, now: datetime | None = None, limit: int = 100
    ) -> list[GameRecord]:
        """Running games whose person to move is due a reminder, longest overdue first."""
        return await self._records("games_due_reminder", self._now(now), limit)

    async def games_past_deadline(
        self, now: datetime | None = None, limit: int = 100
    ) -> list[GameRecord]:
        """Running games whose person to move has let the turn time out, oldest first."""
        return await self._records("games_past_deadline", self._now(now), limit)

    async def mark_reminded(
        self, game_id: int, *, expected_version: int, announce: Iterable[OutboxDraft] = ()
    ) -> GameRecord:
        """Count a reminder, schedule the next one a reminder interval later, and queue the
        reminder message — all only if nobody moved since ``expected_version``.

        The messages of this game are queued for that version: if the game changes before they
        are delivered (a retry, a rate limit), they are dropped instead of pinging stale news.
        """
        now = self._now()
        drafts = [
            replace(d, for_version=expected_version) if d.game_id == game_id else d
            for d in announce
        ]
        async with self._db.transaction() as conn:
            record = await fetch_at(conn, game_id, expected_version)
            if record.next_reminder_at is None:
                raise StoreError(
                    "no_reminder", f"nobody in game #{game_id} is waiting to be reminded"
                )
            await conn.execute(
                "UPDATE games SET reminders_sent = reminders_sent + 1, next_reminder_at = ? "
                "WHERE id = ?",
                (now + record.reminder_hours * 3600, game_id),
            )
            await refresh_due(conn, game_id)
            await self._enqueue(conn, drafts, now)
            return await fetch_record(conn, game_id)

    async def next_due_at(self) -> datetime | None:
        """The earliest moment a reminder, a deadline or an undo request falls due (None: none).

        Each minimum is read from its partial index, so the scheduler can sleep exactly until
        then however many games there are.
        """
        rows = await self._db.fetchall(
            # Three sub-queries, not SQLite's min(a, b, c): that is NULL when any of them is.
            "SELECT "
            "(SELECT min(next_reminder_at) FROM games WHERE next_reminder_at IS NOT NULL) AS r, "
            "(SELECT min(deadline_at) FROM games WHERE deadline_at IS NOT NULL) AS d, "
            "(SELECT min(expires_at) FROM undo_requests) AS u"
        )
        found = [rows[0][key] for key in ("r", "d", "u") if rows[0][key] is not None]
        return when(min(found)) if found else None

    async def query_plan(self, name: str) -> list[str]:
        """SQLite's plan for one of HOT_QUERIES (to check it uses its index)."""
        sql, params = HOT_QUERIES[name]
        rows = await self._db.fetchall(f"EXPLAIN QUERY PLAN {sql}", params)
        return [str(row["detail"]) for row in rows]

    async def _records(self, name: str, *params: Any) -> list[GameRecord]:
        async with self._db.single() as conn:
            return await fetch_records(conn, HOT_QUERIES[name][0], params)
