"""Claimed background work: which process does a game's due work, or sends a destination's posts.

Several bot processes may share one PostgreSQL database. Every background job is a row the store
keeps anyway: a game with due work (a reminder or the deadline passed, a computer player to
move, an undo request that expired — one lease on the game covers them all, so they never run
side by side) and the unsent posts of one destination (a channel or a person's DMs: all of them
together, so that one process sends them and they keep their order). A row carries
``claimed_by`` (the process's worker id) and ``claimed_until`` (when its lease lapses, on the
store's clock). A process claims rows that are due and free — unclaimed, lapsed, or already its
own — and renews its leases while it lives; a process that dies stops renewing, and once its
leases lapse the next claim by any other process takes its rows over.

Claiming is one short UPDATE … RETURNING inside a transaction that first takes the claim lock
(``Connection.lock``: a transaction-level advisory lock on PostgreSQL; SQLite's write
transactions are serial anyway), so two processes never claim the same row: the second one's
statement starts after the first committed and sees its claim. Exactly once then rests on the
store's own guarantees: a change to a game commits only at the version it was read at, and a
post is marked sent once (with Discord enforcing its nonce against a resend after a crash).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from bot.store.core import OUTBOX_COLUMNS, StoreCore, entry_of_row
from bot.store.records import OutboxEntry

#: A row no other process holds now (a lapsed lease is free): claims of games and tournaments.
FREE = "(claimed_until IS NULL OR claimed_until <= :now OR claimed_by = :me)"
# The rows with work due now, longest due first, read from the index of due moments: a game's
# reminder, deadline, computer player to move or unanswered undo request (``games.due_at``,
# bot.store.schema.DUE_AT), a tournament's next round change.
_CLAIM_DUE = """
    UPDATE {table} SET claimed_by = :me, claimed_until = :until
    WHERE id IN (
        SELECT id FROM {table} WHERE due_at <= :now AND {free}
        ORDER BY due_at LIMIT :limit
    )
    RETURNING id
"""
CLAIM_GAME = f"UPDATE games SET claimed_by = :me, claimed_until = :until WHERE id = :id AND {FREE}"
# One destination: a channel, or a person's DMs (snowflakes are positive: -user_id is no channel).
_DESTINATION = "coalesce(channel_id, -user_id)"
_UNSENT = "sent_at IS NULL AND gave_up_at IS NULL"
CLAIM_OUTBOX = f"""
    UPDATE outbox SET claimed_by = :me, claimed_until = :until
    WHERE {_UNSENT} AND {_DESTINATION} IN (
        SELECT {_DESTINATION} FROM outbox WHERE {_UNSENT}
        GROUP BY {_DESTINATION}
        HAVING min(next_attempt_at) <= :now AND sum(
            CASE WHEN claimed_by <> :me AND claimed_until > :now THEN 1 ELSE 0 END
        ) = 0
        ORDER BY min(id) LIMIT :limit
    )
    RETURNING {OUTBOX_COLUMNS}
"""


async def claim_due(
    store: StoreCore, table: Literal["games", "tournaments"], worker: str, lease: float, limit: int
) -> list[int]:
    """Claim up to ``limit`` rows of ``table`` with due work that no other process holds (those
    ``worker`` holds already included); their ids."""
    now = store._now()
    params = {"me": worker, "now": now, "until": now + lease, "limit": limit}
    async with store._db.transaction() as conn:
        await conn.lock("claims")
        rows = await conn.execute_fetchall(_CLAIM_DUE.format(table=table, free=FREE), params)
    return sorted(int(row["id"]) for row in rows)


class ClaimsMixin(StoreCore):
    """Claiming, renewing and releasing background work for one process (``worker``)."""

    async def claim_due_games(self, worker: str, *, lease: float, limit: int = 100) -> list[int]:
        """Claim up to ``limit`` games with due work that no other process holds (those this
        worker holds already included); their ids."""
        return await claim_due(self, "games", worker, lease, limit)

    async def claim_game(self, game_id: int, worker: str, *, lease: float) -> bool:
        """Claim one game, due or not; False when another process holds it."""
        now = self._now()
        params = {"me": worker, "now": now, "until": now + lease, "id": game_id}
        async with self._db.transaction() as conn:
            await conn.lock("claims")
            return await conn.execute(CLAIM_GAME, params) == 1

    async def claim_outbox(
        self, worker: str, *, lease: float, limit: int = 100
    ) -> list[OutboxEntry]:
        """Claim every unsent post of up to ``limit`` destinations with a post due that no
        other process holds; the claimed posts, oldest first (due or not: a post waiting for
        its retry holds back the later ones to the same place)."""
        now = self._now()
        params = {"me": worker, "now": now, "until": now + lease, "limit": limit}
        async with self._db.transaction() as conn:
            await conn.lock("claims")
            rows = await conn.execute_fetchall(CLAIM_OUTBOX, params)
        return sorted((entry_of_row(row) for row in rows), key=lambda e: e.id)

    async def still_holds_post(self, entry_id: int, worker: str, *, lease: float) -> bool:
        """Just before sending: whether this worker still holds the unsent post (renewing its
        lease); False when it was sent meanwhile or another process took it over."""
        now = self._now()
        changed = await self._db.write_one(
            f"UPDATE outbox SET claimed_until = ? WHERE id = ? AND claimed_by = ? AND {_UNSENT}",
            (now + lease, entry_id, worker),
        )
        return changed == 1

    async def renew_claims(self, worker: str, *, lease: float) -> None:
        """Extend every lease this worker still holds (a lapsed one another process took over
        stays theirs); the rows are found by the index of held leases, so this costs what the
        process holds, not what the database holds."""
        now = self._now()
        params = {"me": worker, "now": now, "until": now + lease}
        async with self._db.transaction() as conn:
            for table in ("games", "outbox"):
                await conn.execute(
                    f"UPDATE {table} SET claimed_until = :until "
                    "WHERE claimed_by = :me AND claimed_until > :now",
                    params,
                )

    async def release_game(self, game_id: int, worker: str) -> bool:
        """Give a game back (its due work is done); False when this worker no longer held it."""
        changed = await self._db.write_one(
            "UPDATE games SET claimed_by = NULL, claimed_until = NULL "
            "WHERE id = ? AND claimed_by = ?",
            (game_id, worker),
        )
        return changed == 1

    async def release_outbox(self, entry_ids: Iterable[int], worker: str) -> None:
        """Give posts back (sent, or waiting for a retry any process may make)."""
        async with self._db.transaction() as conn:
            await conn.executemany(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL "
                "WHERE id = ? AND claimed_by = ?",
                [(entry_id, worker) for entry_id in entry_ids],
            )

    async def release_all_claims(self) -> None:
        """Forget every lease (an SQLite file serves one process: a claim left by the last run
        of the bot must not hold back this one)."""
        async with self._db.transaction() as conn:
            for table in ("games", "outbox"):
                await conn.execute(
                    f"UPDATE {table} SET claimed_by = NULL, claimed_until = NULL "
                    "WHERE claimed_by IS NOT NULL"
                )

    async def claimed(self, table: str) -> dict[int, str]:
        """Who holds which row of ``games`` or ``outbox`` now (for tests and diagnostics)."""
        if table not in ("games", "outbox"):
            raise ValueError(table)
        rows = await self._db.fetchall(
            f"SELECT id, claimed_by FROM {table} "
            "WHERE claimed_by IS NOT NULL AND claimed_until > ?",
            (self._now(),),
        )
        return {int(row["id"]): str(row["claimed_by"]) for row in rows}
