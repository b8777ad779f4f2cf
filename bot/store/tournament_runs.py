"""Running tournaments: reading their rounds and tables, the leases on their due work, and
the round changes that score a round and open the next one's games.

A tournament row carries ``due_at`` (when its runner must look again: the sign-up closing time,
its round's deadline, or at once after one of its games ended) and a lease like a game's
(``claimed_by``, ``claimed_until``: bot.store.claims), so one process at a time works on it.
Every change bumps ``version``; a round change commits only at the version it was read at, so
a round is paired exactly once however many processes or restarts see it due.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence

from bot.store.claims import claim_due
from bot.store.connection import Connection
from bot.store.core import StoreCore
from bot.store.records import GameRecord, OutboxDraft
from bot.store.rows import fetch_record, when
from bot.store.settings import check_reminder_hours, read_guild_settings
from bot.store.state import write_state
from bot.store.tournament_rows import (
    GOING,
    Deal,
    NewRound,
    PlayedRound,
    TableResult,
    TournamentError,
    TournamentRecord,
    TournamentTable,
    fetch_tournament,
    result_of_text,
)

_TABLES = """
    SELECT t.game_id, t.round, t.table_no, t.players, t.result, g.status, g.thread_id,
        g.lobby_message_id
    FROM tournament_tables t JOIN games g ON g.id = t.game_id
    WHERE t.tournament_id = ?
"""


class TournamentRunsMixin(StoreCore):
    """A running tournament's rounds and tables, its due work, its round changes."""

    async def tournament_tables(self, tournament_id: int) -> list[TournamentTable]:
        """Every table of a tournament so far, round by round (what its standings are made of:
        it grows with this tournament only)."""
        rows = await self._db.fetchall(f"{_TABLES} ORDER BY t.round, t.table_no", (tournament_id,))
        return [
            TournamentTable(
                game_id=int(r["game_id"]),
                round=int(r["round"]),
                table_no=int(r["table_no"]),
                players=tuple(json.loads(r["players"])),
                game_status=str(r["status"]),
                thread_id=r["thread_id"],
                placed=r["lobby_message_id"] is not None,
                result=result_of_text(r["result"]),
            )
            for r in rows
        ]

    async def tournament_rounds(self, tournament_id: int) -> list[PlayedRound]:
        """A tournament's rounds so far, in order."""
        rows = await self._db.fetchall(
            "SELECT number, state, deadline_at, byes FROM tournament_rounds "
            "WHERE tournament_id = ? ORDER BY number",
            (tournament_id,),
        )
        return [
            PlayedRound(
                int(r["number"]), str(r["state"]), when(float(r["deadline_at"])),
                tuple(json.loads(r["byes"])),
            )
            for r in rows
        ]  # fmt: skip

    async def games_in_tournaments(self, game_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
        """For the games of a list that belong to a tournament: (tournament id, round)."""
        if not game_ids:
            return {}
        marks = ", ".join("?" for _ in game_ids)
        rows = await self._db.fetchall(
            f"SELECT game_id, tournament_id, round FROM tournament_tables "
            f"WHERE game_id IN ({marks})",
            tuple(game_ids),
        )
        return {int(r["game_id"]): (int(r["tournament_id"]), int(r["round"])) for r in rows}

    async def computer_may_take_seat(self, game_id: int) -> bool:
        """Whether a computer player may take a timed-out seat of this game: always, unless it
        is a tournament's table whose organiser did not choose so."""
        rows = await self._db.fetchall(
            "SELECT s.computers FROM tournament_tables t JOIN tournaments s "
            "ON s.id = t.tournament_id WHERE t.game_id = ?",
            (game_id,),
        )
        return not rows or bool(rows[0]["computers"])

    async def tournament_round_over(self, game_id: int) -> bool:
        """Whether a game is a tournament's table whose round has been scored (its result
        stands in the standings)."""
        rows = await self._db.fetchall(
            "SELECT r.state FROM tournament_tables t JOIN tournament_rounds r "
            "ON r.tournament_id = t.tournament_id AND r.number = t.round WHERE t.game_id = ?",
            (game_id,),
        )
        return bool(rows) and rows[0]["state"] == "done"

    async def wake_tournament_of(self, game_id: int) -> int | None:
        """A game changed: if it is a table of a running tournament, the tournament is due now
        (its round may be over); the tournament's id, else None."""
        now = self._now()
        rows = await self._db.fetchall(
            "UPDATE tournaments SET due_at = ? WHERE status = 'running' AND id = "
            "(SELECT tournament_id FROM tournament_tables WHERE game_id = ?) RETURNING id",
            (now, game_id),
        )
        return int(rows[0]["id"]) if rows else None

    async def wake_running_tournaments(self) -> None:
        """At start: every running tournament is looked at once (a game may have ended while
        no process could tell its tournament)."""
        await self._db.write_one(
            "UPDATE tournaments SET due_at = ? WHERE status = 'running'", (self._now(),)
        )

    async def next_tournament_due(self) -> float | None:
        """The earliest moment a tournament is due (the index of due moments)."""
        rows = await self._db.fetchall("SELECT min(due_at) AS due FROM tournaments")
        due = rows[0]["due"] if rows else None
        return None if due is None else float(due)

    async def claim_due_tournaments(
        self, worker: str, *, lease: float, limit: int = 20
    ) -> list[int]:
        """Claim up to ``limit`` due tournaments no other process holds; their ids."""
        return await claim_due(self, "tournaments", worker, lease, limit)

    async def release_tournament(self, tournament_id: int, worker: str) -> None:
        """Give a tournament back once its due work is done."""
        await self._db.write_one(
            "UPDATE tournaments SET claimed_by = NULL, claimed_until = NULL "
            "WHERE id = ? AND claimed_by = ?",
            (tournament_id, worker),
        )

    async def postpone_tournament(self, tournament_id: int, version: int, at: float) -> bool:
        """Nothing to do yet: look again at ``at`` (False: the tournament changed meanwhile)."""
        changed = await self._db.write_one(
            "UPDATE tournaments SET due_at = ? WHERE id = ? AND version = ?",
            (at, tournament_id, version),
        )
        return changed == 1

    async def change_round(
        self,
        tournament_id: int,
        expected_version: int,
        *,
        results: Mapping[int, TableResult],
        opening: NewRound | None,
        deal: Deal,
        drafts: Iterable[OutboxDraft] = (),
        rounds: int | None = None,
    ) -> tuple[TournamentRecord, list[GameRecord]]:
        """End the round being played (its tables' ``results``) and open ``opening`` with a
        started game per table, or end the tournament when there is no next round; ``rounds``
        fixes the number of rounds (a round robin's schedule). One transaction, committed only
        at ``expected_version`` (TournamentError ``changed`` otherwise): a round is paired once.
        """
        now = self._now()
        async with self._db.transaction() as conn:
            changed = await conn.execute(
                "UPDATE tournaments SET version = version + 1, updated_at = ?, "
                "rounds = coalesce(?, rounds) WHERE id = ? AND version = ? AND status IN (?, ?)",
                (now, rounds, tournament_id, expected_version, *GOING),
            )
            if changed != 1:
                raise TournamentError("changed", "changed", tournament_id=tournament_id)
            record = await fetch_tournament(conn, tournament_id)
            await conn.executemany(
                "UPDATE tournament_tables SET result = ? WHERE game_id = ?",
                [(result.text(), game_id) for game_id, result in results.items()],
            )
            await conn.execute(
                "UPDATE tournament_rounds SET state = 'done', ended_at = ? "
                "WHERE tournament_id = ? AND number = ?",
                (now, tournament_id, record.round),
            )
            games: list[GameRecord] = []
            if opening is None:
                await conn.execute(
                    "UPDATE tournaments SET status = 'finished', due_at = NULL WHERE id = ?",
                    (tournament_id,),
                )
            else:
                games = await _open_round(conn, record, opening, deal, now)
            await self._enqueue(conn, drafts, now)
            return await fetch_tournament(conn, tournament_id), games


async def _open_round(
    conn: Connection, record: TournamentRecord, opening: NewRound, deal: Deal, now: float
) -> list[GameRecord]:
    """Insert the round, a started game per table (seats in the pairing's order), the tables."""
    guild = await read_guild_settings(conn, record.guild_id)
    hours = check_reminder_hours(guild.reminder_hours or min(24.0, record.turn_days * 12))
    await conn.execute(
        "INSERT INTO tournament_rounds (tournament_id, number, state, started_at, deadline_at, "
        "byes) VALUES (?, ?, 'playing', ?, ?, ?)",
        (record.id, opening.number, now, opening.deadline_at, json.dumps(opening.byes)),
    )
    await conn.execute(
        "UPDATE tournaments SET status = 'running', round = ?, due_at = ? WHERE id = ?",
        (opening.number, opening.deadline_at, record.id),
    )
    games = []
    options = json.dumps(dict(record.options), sort_keys=True)
    for number, (players, seed) in enumerate(
        zip(opening.tables, opening.seeds, strict=True), start=1
    ):
        rows = await conn.execute_fetchall(
            "INSERT INTO games (kind, guild_id, channel_id, creator_id, max_players, options, "
            "seed, created_at, updated_at, reminder_hours, timeout_days, rated) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (record.kind, record.guild_id, record.channel_id, record.organiser_id, len(players),
             options, seed, now, now, hours, record.turn_days, int(record.rated)),
        )  # fmt: skip
        game_id = int(rows[0]["id"])
        await conn.executemany(
            "INSERT INTO seats (game_id, slot, seat, user_id, joined_at, name) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [
                (game_id, seat, seat, user, now, record.name_of(user))
                for seat, user in enumerate(players)
            ],
        )
        await conn.execute(
            "INSERT INTO tournament_tables (game_id, tournament_id, round, table_no, players) "
            "VALUES (?, ?, ?, ?, ?)",
            (game_id, record.id, opening.number, number, json.dumps(list(players))),
        )
        seated = await fetch_record(conn, game_id)
        position = deal(record.kind, len(players), seed, record.options)
        games.append(await write_state(conn, seated, position, now))
    return games
