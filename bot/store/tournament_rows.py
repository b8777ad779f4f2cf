"""What the store hands out about tournaments: frozen records, and reading them from rows."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from bot.store.connection import Connection, Row
from bot.store.errors import StoreError
from bot.store.records import Position
from bot.store.rows import maybe_when, when

TournamentStatus = Literal["signup", "running", "finished", "cancelled"]
#: Tournaments still going: a sign-up to fill or rounds to play.
GOING: tuple[TournamentStatus, ...] = ("signup", "running")
FORMATS = ("swiss", "round-robin")

#: The first position of a tournament table's game (kind, players, seed, options), made by
#: bot.play: the store knows no rules.
Deal = Callable[[str, int, int, Mapping[str, Any]], Position]


class TournamentError(StoreError):
    """A change the tournament's state does not allow (``code`` says which); nothing changed."""


@dataclass(frozen=True)
class Entrant:
    """A person signed up for a tournament, in sign-up order (``slot``: the seeding)."""

    user_id: int
    slot: int
    name: str | None
    joined_at: datetime
    withdrawn: bool = False


@dataclass(frozen=True)
class TournamentRecord:
    """A tournament as stored: what its organiser chose, where it stands, who entered."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    kind: str
    format: str
    table_size: int
    rounds: int  # Swiss: chosen; round robin: 0 until the schedule is fixed at the start
    round_days: float
    turn_days: float
    options: Mapping[str, Any]
    rated: bool
    computers: bool  # whether a computer player takes a timed-out seat (the organiser's choice)
    status: TournamentStatus
    round: int  # the round being played (0 before the start)
    closes_at: datetime
    due_at: datetime | None
    version: int
    signup_message_id: int | None
    created_at: datetime
    entrants: tuple[Entrant, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        """Every entrant, withdrawn or not, in sign-up order."""
        return tuple(e.user_id for e in self.entrants)

    @property
    def withdrawn(self) -> frozenset[int]:
        """The entrants who withdrew."""
        return frozenset(e.user_id for e in self.entrants if e.withdrawn)

    def name_of(self, user_id: int) -> str | None:
        """An entrant's display name when they signed up."""
        return next((e.name for e in self.entrants if e.user_id == user_id), None)


@dataclass(frozen=True)
class NewTournament:
    """A tournament to open: what its organiser chose, and where."""

    guild_id: int
    channel_id: int
    organiser_id: int
    kind: str
    format: str
    table_size: int
    rounds: int
    round_days: float
    turn_days: float
    closes_at: float
    options: Mapping[str, Any] = field(default_factory=dict)
    rated: bool = True
    computers: bool = False


@dataclass(frozen=True)
class TableResult:
    """How a table ended for the standings: places and scores per seat, who forfeited."""

    places: tuple[int, ...]
    scores: tuple[int, ...]
    forfeited: tuple[int, ...] = ()

    def text(self) -> str:
        """The stored JSON."""
        return json.dumps(
            {"places": self.places, "scores": self.scores, "forfeited": self.forfeited}
        )


@dataclass(frozen=True)
class TournamentTable:
    """One table of one round: its game, its players in seat order, its result once decided."""

    game_id: int
    round: int
    table_no: int
    players: tuple[int, ...]
    game_status: str
    thread_id: int | None
    placed: bool  # whether its game has been posted in the channel (its lobby message)
    result: TableResult | None


@dataclass(frozen=True)
class PlayedRound:
    """A round of a tournament: its byes and when its time is up."""

    number: int
    state: str
    deadline_at: datetime
    byes: tuple[int, ...]


@dataclass(frozen=True)
class NewRound:
    """A round to open: each table's players in seat order with its game's seed, the byes."""

    number: int
    deadline_at: float
    tables: tuple[tuple[int, ...], ...]
    seeds: tuple[int, ...]
    byes: tuple[int, ...] = ()


TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, organiser_id, kind, format, table_size, rounds, round_days, "
    "turn_days, options, rated, computers, status, round, closes_at, due_at, version, "
    "signup_message_id, created_at"
)


def result_of_text(text: str | None) -> TableResult | None:
    """A stored table result (None: not decided yet)."""
    if text is None:
        return None
    data = json.loads(text)
    return TableResult(
        tuple(data["places"]), tuple(data["scores"]), tuple(data.get("forfeited", ()))
    )


async def read_tournament(conn: Connection, tournament_id: int) -> TournamentRecord | None:
    """One tournament with its entrants (None: there is none)."""
    rows = list(
        await conn.execute_fetchall(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
        )
    )
    if not rows:
        return None
    entrants = await conn.execute_fetchall(
        "SELECT user_id, slot, name, joined_at, withdrawn_at FROM tournament_entrants "
        "WHERE tournament_id = ? ORDER BY slot",
        (tournament_id,),
    )
    return tournament_of_row(rows[0], entrants)


async def fetch_tournament(conn: Connection, tournament_id: int) -> TournamentRecord:
    """One tournament with its entrants; TournamentError ``not_found`` if there is none."""
    record = await read_tournament(conn, tournament_id)
    if record is None:
        raise TournamentError("not_found", "no such tournament", tournament_id=tournament_id)
    return record


def tournament_of_row(row: Row, entrants: Sequence[Row] = ()) -> TournamentRecord:
    """A tournament record from its row and its entrants' rows."""
    return TournamentRecord(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        organiser_id=int(row["organiser_id"]),
        kind=str(row["kind"]),
        format=str(row["format"]),
        table_size=int(row["table_size"]),
        rounds=int(row["rounds"]),
        round_days=float(row["round_days"]),
        turn_days=float(row["turn_days"]),
        options=json.loads(row["options"]),
        rated=bool(row["rated"]),
        computers=bool(row["computers"]),
        status=row["status"],
        round=int(row["round"]),
        closes_at=when(float(row["closes_at"])),
        due_at=maybe_when(row["due_at"]),
        version=int(row["version"]),
        signup_message_id=row["signup_message_id"],
        created_at=when(float(row["created_at"])),
        entrants=tuple(
            Entrant(
                user_id=int(e["user_id"]),
                slot=int(e["slot"]),
                name=e["name"],
                joined_at=when(float(e["joined_at"])),
                withdrawn=e["withdrawn_at"] is not None,
            )
            for e in entrants
        ),
    )
