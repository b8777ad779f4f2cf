"""The lookups the bot runs all the time, each backed by an index, and reminder bookkeeping."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, NamedTuple

from bot.store.connection import Connection
from bot.store.core import OUTBOX_COLUMNS, StoreCore
from bot.store.errors import StoreError
from bot.store.records import OPEN, GameRecord, OutboxDraft, Status
from bot.store.rows import SELECT_GAMES, fetch_at, fetch_record, fetch_records, when
from bot.store.state import refresh_due

_STATUS_IN = "status IN (SELECT value FROM json_each(?))"
# Open games, spelled as the games_open_by_guild index's own condition (both backends use a
# partial index only for a condition they can match to it).
_OPEN = "status IN ('lobby', 'active')"
_SEATED = "EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.user_id = ?)"
_TO_MOVE = (
    "(status = 'active' AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id "
    "AND s.seat = games.to_move_seat AND s.user_id = ?))"
)
_SERVER_OPEN = f"guild_id = ? AND {_OPEN}"
# A person's open games, read from their open seats (the seats_open_by_user partial index).
_PERSON_OPEN = (
    f"games.id IN (SELECT game_id FROM seats WHERE user_id = ? AND ended = 0) AND {_OPEN}"
)
# A person's games: their turn first (the longest waiting first), then the others running,
# then the tables waiting for players.
_PERSON_ORDER = (
    f"CASE WHEN {_TO_MOVE} THEN 0 WHEN status = 'active' THEN 1 ELSE 2 END, "
    "coalesce(turn_started_at, 0), games.id"
)

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
    "person_list": (
        f"{SELECT_GAMES} WHERE {_PERSON_OPEN} ORDER BY {_PERSON_ORDER} LIMIT ?",
        (1, 1, 20),
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


class GamePage(NamedTuple):
    """A page of a list of games, with how many games the whole list holds."""

    records: list[GameRecord]
    total: int
    page: int  # the page shown (the one asked for, kept within the list's pages)


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

    async def server_list(
        self,
        guild_id: int,
        *,
        page: int,
        per_page: int,
        seated: int | None = None,
        to_move: int | None = None,
    ) -> GamePage:
        """A page of a server's open games, oldest first, narrowed to those a person sits in
        (``seated``) or is to move in (``to_move``). Read along games_open_by_guild: the page
        after the last game of the page before it, whose id the index alone gives."""
        where, params = _SERVER_OPEN, [guild_id]
        for condition, person in ((_SEATED, seated), (_TO_MOVE, to_move)):
            if person is not None:
                where, params = f"{where} AND {condition}", [*params, person]
        async with self._db.read() as conn:
            total = await _count(conn, where, params)
            page = min(max(page, 1), max(1, -(-total // per_page)))
            after = 0
            if page > 1:
                rows = await conn.execute_fetchall(
                    f"SELECT id FROM games WHERE {where} ORDER BY id LIMIT 1 OFFSET ?",
                    (*params, (page - 1) * per_page - 1),
                )
                after = int(rows[0]["id"])
            records = await fetch_records(
                conn,
                f"{SELECT_GAMES} WHERE {where} AND games.id > ? ORDER BY games.id LIMIT ?",
                (*params, after, per_page),
            )
        return GamePage(records, total, page)

    async def person_list(self, user_id: int, limit: int) -> GamePage:
        """A person's first ``limit`` open games on every server, their turn first (the
        longest waiting first), then the others running, then the tables still waiting for
        players; with how many open games they have."""
        async with self._db.read() as conn:
            total = await _count(conn, _PERSON_OPEN, (user_id,))
            records = await fetch_records(
                conn, HOT_QUERIES["person_list"][0], (user_id, user_id, limit)
            )
        return GamePage(records, total, 1)

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


async def _count(conn: Connection, where: str, params: Sequence[Any]) -> int:
    rows = await conn.execute_fetchall(
        f"SELECT count(*) AS n FROM games WHERE {where}", tuple(params)
    )
    return int(rows[0]["n"])
