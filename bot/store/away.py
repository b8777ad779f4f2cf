"""Time away (``/game away``) and taking a seat back (``/game return``).

A person away on a server has no reminders and no timeout in that server's games while the time
away runs. The store does it with the deadlines it keeps anyway, so the scheduler, its indexes
and the claims on both backends stay as they are:

- going away moves the clock of every game where it is the person's turn: the reminder and the
  deadline come as long after the end of the time away as they were still ahead of now (the
  clock continues with what was left, nothing is lost or gained);
- a turn that comes to them while they are away gets its clock from the end of the time away
  (``write_state``);
- coming back early moves those clocks back by the time away not taken.

Moving a clock counts as a change of the game (its version): a reminder or timeout read just
before is refused by the version check instead of firing. The days count in the calendar month
(UTC) the time away began; a begun day counts, so ending early gives back the whole days not
begun.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.store.connection import Connection
from bot.store.core import StoreCore
from bot.store.errors import LobbyError, StoreError
from bot.store.lobby import Announce
from bot.store.records import GameRecord, OutboxDraft, Position
from bot.store.rows import SELECT_GAMES, fetch_at, fetch_record, fetch_records, when
from bot.store.schema import DUE_AT
from bot.store.state import away_until, write_state

DAY = 86400.0
#: The running games of one person on one server.
_RUNNING_GAMES = (
    f"{SELECT_GAMES} WHERE guild_id = ? AND status = 'active' "
    "AND id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id"
)
# The games of that server where it is the person's turn and a clock runs.
_THEIR_TURN = """
    guild_id = :guild AND status = 'active' AND deadline_at IS NOT NULL AND EXISTS (
        SELECT 1 FROM seats
        WHERE seats.game_id = games.id AND seats.seat = games.to_move_seat
            AND seats.user_id = :user
    )
"""
_CLOCK_BACK = f"""
    UPDATE games SET next_reminder_at = next_reminder_at - :shift,
        deadline_at = deadline_at - :shift, version = version + 1
    WHERE {_THEIR_TURN}
"""
# The due moments of those games, once their clocks moved.
_DUE_AGAIN = f"UPDATE games SET due_at = {DUE_AT} WHERE {_THEIR_TURN}"
# What was still ahead of now is put after the end of the time away (nothing when it had passed).
_CLOCK_ON = f"""
    UPDATE games SET
        next_reminder_at = :ends + CASE WHEN next_reminder_at > :now
            THEN next_reminder_at - :now ELSE 0 END,
        deadline_at = :ends + CASE WHEN deadline_at > :now THEN deadline_at - :now ELSE 0 END,
        version = version + 1
    WHERE {_THEIR_TURN}
"""

#: Builds the posts telling a game that someone is away until a moment (or, given None, back
#: early): given the game as stored, the end of the time away and the moment of the change.
AnnounceAway = Callable[[GameRecord, datetime | None, datetime], Iterable[OutboxDraft]]


class NoDaysLeft(StoreError):
    """The time away asked for is more than a server's allowance has left this month."""


@dataclass(frozen=True)
class AwayOutcome:
    """What a request for time away (or to end it) did on each server."""

    #: When the time away ends (None: it was ended).
    ends_at: datetime | None
    #: Server → days still left this month after the request.
    days_left: Mapping[int, int]
    #: Server → whole days given back by ending a running time away early.
    given_back: Mapping[int, int]
    #: Whether a running time away was ended (or replaced) on some server.
    ended: bool
    #: The running games that were told, as stored after the change.
    games: tuple[GameRecord, ...]


def month_of(moment: float) -> str:
    """The calendar month (UTC) a moment falls in, as the days of time away are counted."""
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m")


def days_begun(started: float, now: float) -> int:
    """The days of a time away begun by ``now`` (a begun day counts)."""
    return max(1, math.ceil((now - started) / DAY - 1e-9))


async def _days_used(conn: Connection, user_id: int, guild_id: int, month: str) -> int:
    rows = await conn.execute_fetchall(
        "SELECT coalesce(sum(days), 0) AS used FROM away "
        "WHERE user_id = ? AND guild_id = ? AND counted_in = ?",
        (user_id, guild_id, month),
    )
    return int(rows[0]["used"])


async def _end_current(conn: Connection, user_id: int, guild_id: int, now: float) -> int | None:
    """End a running time away now, its clocks moved back; the whole days given back (None:
    the person was not away there)."""
    ends = await away_until(conn, user_id, guild_id, now)
    if ends is None:
        return None
    rows = await conn.execute_fetchall(
        "SELECT id, started_at, days FROM away WHERE user_id = ? AND guild_id = ? AND ends_at > ?",
        (user_id, guild_id, now),
    )
    given_back = 0
    for row in rows:
        used = min(int(row["days"]), days_begun(float(row["started_at"]), now))
        given_back += int(row["days"]) - used
        await conn.execute(
            "UPDATE away SET ends_at = ?, days = ? WHERE id = ?",
            (max(now, float(row["started_at"])), used, row["id"]),
        )
    await conn.execute(_CLOCK_BACK, {"guild": guild_id, "user": user_id, "shift": ends - now})
    await conn.execute(_DUE_AGAIN, {"guild": guild_id, "user": user_id})
    return given_back


class AwayMixin(StoreCore):
    """Time away per person and server; a person's seat taken back from a computer player."""

    async def away_days_used(self, user_id: int, guild_id: int) -> int:
        """The days of time away a person counts on a server in the current month."""
        async with self._db.single() as conn:
            return await _days_used(conn, user_id, guild_id, month_of(self._now()))

    async def away_ends(self, user_id: int, guild_id: int) -> datetime | None:
        """When a person's running time away on a server ends (None: not away)."""
        async with self._db.single() as conn:
            ends = await away_until(conn, user_id, guild_id, self._now())
        return None if ends is None else when(ends)

    async def set_away(
        self,
        user_id: int,
        allowance: Mapping[int, int],
        days: int,
        *,
        announce: AnnounceAway | None = None,
    ) -> AwayOutcome:
        """Start ``days`` of time away now on every server of ``allowance`` (server → days a
        month), replacing a running one; ``days=0`` ends it. One transaction: NoDaysLeft (code
        ``no_days_left``, nothing written) when a server's month has fewer days left."""
        if days < 0:
            raise ValueError("days of time away are 0 or more")
        now = self._now()
        month = month_of(now)
        ends = now + days * DAY
        left: dict[int, int] = {}
        back: dict[int, int] = {}
        ended = False
        told: list[GameRecord] = []
        drafts: list[OutboxDraft] = []
        async with self._db.transaction() as conn:
            for guild_id, allowed in sorted(allowance.items()):
                given_back = await _end_current(conn, user_id, guild_id, now)
                ended = ended or given_back is not None
                back[guild_id] = given_back or 0
                used = await _days_used(conn, user_id, guild_id, month)
                if used + days > allowed:
                    raise NoDaysLeft(
                        "no_days_left",
                        f"{user_id} has {max(allowed - used, 0)} of {allowed} days of time "
                        f"away left on server {guild_id} this month, not {days}",
                        guild_id=guild_id,
                        left=max(allowed - used, 0),
                        allowed=allowed,
                        asked=days,
                    )
                if days:
                    await conn.execute(
                        "INSERT INTO away (user_id, guild_id, counted_in, started_at, ends_at, "
                        "days) VALUES (?, ?, ?, ?, ?, ?)",
                        (user_id, guild_id, month, now, ends, days),
                    )
                    await conn.execute(
                        _CLOCK_ON, {"guild": guild_id, "user": user_id, "now": now, "ends": ends}
                    )
                    await conn.execute(_DUE_AGAIN, {"guild": guild_id, "user": user_id})
                left[guild_id] = allowed - used - days
                if days or given_back is not None:
                    games = await fetch_records(conn, _RUNNING_GAMES, (guild_id, user_id))
                    told += games
                    if announce is not None:
                        for game in games:
                            drafts += announce(game, when(ends) if days else None, when(now))
            await self._enqueue(conn, drafts, now)
        return AwayOutcome(
            ends_at=when(ends) if days else None,
            days_left=left,
            given_back=back,
            ended=ended,
            games=tuple(told),
        )

    async def take_back_seat(
        self,
        game_id: int,
        user_id: int,
        *,
        name: str | None,
        position: Position,
        expected_version: int,
        drafts: Announce | None = None,
    ) -> GameRecord:
        """The person a computer player took a seat over from sits there again (``/game
        return``), if the game still runs at ``expected_version``. The computer player leaves;
        the turn clock is worked out again for the person (``position``: the game as it stands).
        LobbyError ``not_handed`` when no seat of the game was taken over from them."""
        now = self._now()
        async with self._db.transaction() as conn:
            record = await fetch_at(conn, game_id, expected_version, "active")
            seat = next((s for s in record.seats if s.handed_from == user_id), None)
            if seat is None:
                raise LobbyError(
                    "not_handed",
                    f"no computer player took over a seat of {user_id} in game #{game_id}",
                    game_id=game_id,
                )
            await conn.execute(
                "UPDATE seats SET user_id = ?, bot_level = NULL, handed_from = NULL, "
                "name = coalesce(?, name) WHERE game_id = ? AND slot = ?",
                (user_id, name, game_id, seat.slot),
            )
            seated = await fetch_record(conn, game_id)
            changed = await write_state(conn, seated, position, now)
            if drafts is not None:
                await self._enqueue(conn, drafts(changed), now)
            return changed
