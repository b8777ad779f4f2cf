"""Tournaments before and beside their rounds: opening one, its sign-up (entering, leaving),
withdrawing, cancelling, listing a server's, and who may open them there. Every change bumps
the tournament's ``version`` (a round change commits only at the version it read:
bot.store.tournament_runs)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from bot.store.connection import Connection
from bot.store.core import StoreCore
from bot.store.records import OutboxDraft
from bot.store.tournament_rows import (
    FORMATS,
    GOING,
    TOURNAMENT_COLUMNS,
    NewTournament,
    TournamentError,
    TournamentRecord,
    fetch_tournament,
    tournament_of_row,
)


class TournamentsMixin(StoreCore):
    """Opening, entering, withdrawing from and cancelling tournaments."""

    async def create_tournament(self, new: NewTournament) -> TournamentRecord:
        """Open a tournament's sign-up (nobody entered yet)."""
        if new.format not in FORMATS:
            raise TournamentError("format", f"there is no format called {new.format!r}")
        if not 2 <= new.table_size <= 4:
            raise TournamentError("table_size", "tables seat 2 to 4 players")
        now = self._now()
        async with self._db.transaction() as conn:
            rows = await conn.execute_fetchall(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, kind, format, "
                "table_size, rounds, round_days, turn_days, options, rated, computers, "
                "closes_at, due_at, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (new.guild_id, new.channel_id, new.organiser_id, new.kind, new.format,
                 new.table_size, new.rounds, new.round_days, new.turn_days,
                 json.dumps(dict(new.options), sort_keys=True), int(new.rated),
                 int(new.computers), new.closes_at, new.closes_at, now, now),
            )  # fmt: skip
            return await fetch_tournament(conn, int(rows[0]["id"]))

    async def anyone_opens_tournaments(self, guild_id: int) -> bool:
        """Whether a server lets people without Manage Server open tournaments."""
        rows = await self._db.fetchall(
            "SELECT anyone_opens_tournaments FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return bool(rows and rows[0]["anyone_opens_tournaments"])

    async def set_anyone_opens_tournaments(self, guild_id: int, anyone: bool) -> None:
        """Let anyone on a server open tournaments, or only those with Manage Server."""
        now = self._now()
        async with self._db.transaction() as conn:
            changed = await conn.execute(
                "UPDATE guild_settings SET anyone_opens_tournaments = ?, updated_at = ? "
                "WHERE guild_id = ?",
                (int(anyone), now, guild_id),
            )
            if not changed:
                await conn.execute(
                    "INSERT INTO guild_settings (guild_id, anyone_opens_tournaments, updated_at) "
                    "VALUES (?, ?, ?)",
                    (guild_id, int(anyone), now),
                )

    async def get_tournament(self, tournament_id: int) -> TournamentRecord:
        """One tournament with its entrants; TournamentError ``not_found`` if there is none."""
        async with self._db.read() as conn:
            return await fetch_tournament(conn, tournament_id)

    async def guild_tournaments(
        self, guild_id: int, *, going: bool = True, limit: int = 10
    ) -> list[TournamentRecord]:
        """A server's tournaments, newest first: those still going, or those that ended."""
        statuses = GOING if going else ("finished", "cancelled")
        rows = await self._db.fetchall(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments "
            "WHERE guild_id = ? AND status IN (?, ?) ORDER BY id DESC LIMIT ?",
            (guild_id, *statuses, limit),
        )
        return [tournament_of_row(row) for row in rows]

    async def player_tournaments(
        self, user_id: int, guild_id: int | None, *, limit: int = 5
    ) -> list[int]:
        """The tournaments a person played in (started, not cancelled), newest first, found
        by the entrants' index on the person (in one server, or every server)."""
        where = "" if guild_id is None else " AND t.guild_id = ?"
        # EXISTS, not a join: the person's entries lead, newest first, and each is looked up
        # by its key; a join may start from the server's tournaments, all of them.
        rows = await self._db.fetchall(
            "SELECT e.tournament_id FROM tournament_entrants e WHERE e.user_id = ? "
            "AND EXISTS (SELECT 1 FROM tournaments t WHERE t.id = e.tournament_id "
            f"AND t.status IN ('running', 'finished'){where}) "
            "ORDER BY e.tournament_id DESC LIMIT ?",
            (user_id, *(() if guild_id is None else (guild_id,)), limit),
        )
        return [int(row["tournament_id"]) for row in rows]

    async def enter_tournament(
        self, tournament_id: int, user_id: int, name: str | None
    ) -> TournamentRecord:
        """Sign a person up; TournamentError ``closed`` after the sign-up, ``entered`` twice."""
        now = self._now()
        async with self._db.transaction() as conn:
            record = await _changing(conn, tournament_id, "signup")
            if user_id in record.players:
                raise TournamentError("entered", "already entered", tournament_id=tournament_id)
            await conn.execute(
                "INSERT INTO tournament_entrants (tournament_id, user_id, slot, name, joined_at) "
                "VALUES (?, ?, (SELECT coalesce(max(slot), -1) + 1 FROM tournament_entrants "
                "WHERE tournament_id = ?), ?, ?)",
                (tournament_id, user_id, tournament_id, name, now),
            )
            await _bump(conn, record, now)
            return await fetch_tournament(conn, tournament_id)

    async def leave_tournament(self, tournament_id: int, user_id: int) -> TournamentRecord:
        """Take a person off the sign-up; TournamentError ``closed``, ``not_entered``."""
        now = self._now()
        async with self._db.transaction() as conn:
            record = await _changing(conn, tournament_id, "signup")
            changed = await conn.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
            if not changed:
                raise TournamentError("not_entered", "not entered", tournament_id=tournament_id)
            await _bump(conn, record, now)
            return await fetch_tournament(conn, tournament_id)

    async def withdraw_from_tournament(self, tournament_id: int, user_id: int) -> TournamentRecord:
        """Withdraw a player from a running tournament: never paired again (their games in the
        round being played are the caller's to forfeit). TournamentError ``not_running``,
        ``not_entered``, ``withdrawn``."""
        now = self._now()
        async with self._db.transaction() as conn:
            record = await _changing(conn, tournament_id, "running")
            if user_id not in record.players:
                raise TournamentError("not_entered", "not entered", tournament_id=tournament_id)
            if user_id in record.withdrawn:
                raise TournamentError("withdrawn", "withdrawn", tournament_id=tournament_id)
            await conn.execute(
                "UPDATE tournament_entrants SET withdrawn_at = ? "
                "WHERE tournament_id = ? AND user_id = ?",
                (now, tournament_id, user_id),
            )
            await _bump(conn, record, now)
            return await fetch_tournament(conn, tournament_id)

    async def cancel_tournament(
        self, tournament_id: int, drafts: Iterable[OutboxDraft] = ()
    ) -> TournamentRecord:
        """End a tournament that is still going, without standings (its running games are the
        caller's to cancel); TournamentError ``over``."""
        now = self._now()
        async with self._db.transaction() as conn:
            record = await fetch_tournament(conn, tournament_id)
            if record.status not in GOING:
                raise TournamentError("over", "over", tournament_id=tournament_id)
            await conn.execute(
                "UPDATE tournaments SET status = 'cancelled', due_at = NULL, "
                "version = version + 1, updated_at = ? WHERE id = ?",
                (now, tournament_id),
            )
            await self._enqueue(conn, drafts, now)
            return await fetch_tournament(conn, tournament_id)

    async def set_signup_message(self, tournament_id: int, message_id: int) -> None:
        """Keep the sign-up post, so that a change of the field can refresh it."""
        await self._db.write_one(
            "UPDATE tournaments SET signup_message_id = ? WHERE id = ?",
            (message_id, tournament_id),
        )


async def _changing(conn: Connection, tournament_id: int, status: str) -> TournamentRecord:
    """The tournament about to change, refused unless it is in ``status``."""
    record = await fetch_tournament(conn, tournament_id)
    if record.status != status:
        code = {"signup": "closed", "running": "not_running"}[status]
        raise TournamentError(code, record.status, tournament_id=tournament_id)
    return record


async def _bump(conn: Connection, record: TournamentRecord, now: float) -> None:
    await conn.execute(
        "UPDATE tournaments SET version = version + 1, updated_at = ? WHERE id = ?",
        (now, record.id),
    )
