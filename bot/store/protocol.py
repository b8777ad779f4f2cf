"""What the rest of the bot may ask of the store: ``GameStore``, one typed protocol.

The one ``Store`` class implements it on either backend (``bot.store.connection``: SQLite
through aiosqlite, PostgreSQL through asyncpg); ``open_store`` returns it as a ``GameStore``,
so mypy checks the class against the protocol on every run, and a test opens both backends
through it. The methods are grouped as in ``bot.store``'s docstring.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, Protocol

from bot.store.away import AnnounceAway, AnnounceGame, AwayOutcome
from bot.store.check import STARTED, Rebuild
from bot.store.consent import AnnounceUndo
from bot.store.core import Defaults
from bot.store.follows import Hears
from bot.store.lobby import Announce
from bot.store.moves import LoggedAction
from bot.store.records import (
    OPEN,
    GameRecord,
    GuildSettings,
    Opening,
    OutboxDraft,
    OutboxEntry,
    Position,
    SnapshotReport,
    Status,
    UndoPost,
    UndoRequest,
    UserSettings,
)
from bot.store.settings import KEEP, Keep


class GameStore(Protocol):
    """Every game, seat, move, queued message and setting, behind typed async methods."""

    defaults: Defaults
    outbox_ready: asyncio.Event

    async def create_game(
        self,
        kind: str,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str | None = None,
        players: int = 2,
        bots: int = 0,
        bot_level: int = 1,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        reminder_hours: float | None = None,
        timeout_days: float | None = None,
        announce: Announce | None = None,
        rematch_of: int | None = None,
        opening: Opening,
    ) -> GameRecord:
        """Open a lobby with the creator seated (and ``bots`` computer players)."""
        ...

    async def join(
        self,
        game_id: int,
        user_id: int,
        *,
        name: str | None = None,
        announce: Announce | None = None,
        opening: Opening,
    ) -> GameRecord:
        """Seat a person in a lobby; the game starts by itself (``opening``) when this…"""
        ...

    async def add_computer(
        self,
        game_id: int,
        level: int = 1,
        *,
        announce: Announce | None = None,
        opening: Opening,
    ) -> GameRecord:
        """Seat a computer player in a lobby; the game starts when this fills the last seat."""
        ...

    async def leave(
        self, game_id: int, user_id: int, *, announce: Announce | None = None
    ) -> GameRecord:
        """Give up a lobby seat. A leaving creator hands the lobby to the next person who…"""
        ...

    async def start(
        self,
        game_id: int,
        *,
        by: int | None = None,
        announce: Announce | None = None,
        opening: Opening,
    ) -> GameRecord:
        """Start a lobby with at least 2 seated; ``by`` (when given) must be its creator."""
        ...

    async def cancel(self, game_id: int, *, announce: Announce | None = None) -> GameRecord:
        """End a lobby or a running game without a result (who may do so is the caller's rule)."""
        ...

    async def set_thread(self, game_id: int, thread_id: int | None) -> GameRecord:
        """Record the thread a game is played in (it does not change the game's version)."""
        ...

    async def set_lobby_message(self, game_id: int, message_id: int | None) -> GameRecord:
        """Record the message that shows a game's lobby (it does not change the version)."""
        ...

    async def load(self, game_id: int) -> tuple[GameRecord, str | None]:
        """A game's record and its stored snapshot (None while it is a lobby)."""
        ...

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        """Every action of a game, first to last, with who played it and when."""
        ...

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
        """Append ``logged`` (played by ``seat``) to the log and store ``position``, if…"""
        ...

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
        """A computer player of ``level`` takes over a person's seat in a running game."""
        ...

    async def cut_log(
        self, game_id: int, keep: int, position: Position, *, expected_version: int
    ) -> GameRecord:
        """Cut a game's log back to its first ``keep`` actions and store ``position`` (the…"""
        ...

    async def get_game(self, game_id: int) -> GameRecord:
        """A game's record; GameNotFound if there is none."""
        ...

    async def games_in_channel(
        self, channel_id: int, statuses: Sequence[Status] = OPEN
    ) -> list[GameRecord]:
        """The games started in a channel (their threads are in it), oldest first."""
        ...

    async def game_of_thread(self, thread_id: int) -> GameRecord | None:
        """The game played in a thread, if any."""
        ...

    async def rematch_of(self, game_id: int) -> GameRecord | None:
        """The rematch opened of a finished game (not cancelled), if any."""
        ...

    async def games_of_user(
        self, user_id: int, statuses: Sequence[Status] = OPEN
    ) -> list[GameRecord]:
        """The games a person sits in, oldest first."""
        ...

    async def games_handed_from(self, user_id: int) -> list[GameRecord]:
        """The running games where a computer player holds a seat taken over from this person
        (``/game return``), oldest first."""
        ...

    async def games_in_guild(
        self, guild_id: int, statuses: Sequence[Status] = OPEN
    ) -> list[GameRecord]:
        """The games of a server, oldest first."""
        ...

    async def games_due_reminder(
        self, now: datetime | None = None, limit: int = 100
    ) -> list[GameRecord]:
        """Running games whose person to move is due a reminder, longest overdue first."""
        ...

    async def games_past_deadline(
        self, now: datetime | None = None, limit: int = 100
    ) -> list[GameRecord]:
        """Running games whose person to move has let the turn time out, oldest first."""
        ...

    async def mark_reminded(
        self, game_id: int, *, expected_version: int, announce: Iterable[OutboxDraft] = ()
    ) -> GameRecord:
        """Count a reminder, schedule the next one a reminder interval later, and queue…"""
        ...

    async def next_due_at(self) -> datetime | None:
        """The earliest moment a reminder, a deadline or an undo request falls due (None:…"""
        ...

    async def query_plan(self, name: str) -> list[str]:
        """SQLite's plan for one of HOT_QUERIES (to check it uses its index)."""
        ...

    async def enqueue(self, *drafts: OutboxDraft) -> tuple[OutboxEntry, ...]:
        """Queue messages on their own (changes queue theirs through ``announce``)."""
        ...

    async def pending(self, now: datetime | None = None, limit: int = 50) -> list[OutboxEntry]:
        """Unsent messages whose next attempt is due, oldest first."""
        ...

    async def next_attempt_at(self) -> datetime | None:
        """When the earliest unsent message is due (None: nothing waits), to sleep until then."""
        ...

    async def mark_sent(self, entry_id: int, message_id: int | None = None) -> None:
        """Record that a message was delivered (with the Discord message id, if any)."""
        ...

    async def mark_failed(
        self, entry_id: int, error: str, retry_at: datetime | None = None
    ) -> None:
        """Record a failed attempt: try again at ``retry_at``, or give up when it is None."""
        ...

    async def drop_if_stale(self, entry_id: int) -> bool:
        """Give up an unsent message queued for a version its game has left (or a game…"""
        ...

    async def get_outbox_entry(self, entry_id: int) -> OutboxEntry:
        """One outbox entry, whatever its state."""
        ...

    async def user_settings(self, user_id: int) -> UserSettings:
        """A person's settings (the defaults if they never changed any)."""
        ...

    async def update_user_settings(
        self,
        user_id: int,
        *,
        notify_dm: bool | Literal[Keep.KEEP] = KEEP,
        dms_closed: bool | Literal[Keep.KEEP] = KEEP,
        language: str | Literal[Keep.KEEP] | None = KEEP,
        locale: str | Literal[Keep.KEEP] | None = KEEP,
    ) -> UserSettings:
        """Change some of a person's settings; ``language=None`` goes back to their locale."""
        ...

    async def note_locale(self, user_id: int, locale: str) -> None:
        """Remember the Discord locale a person last used (cheap enough for every interaction)."""
        ...

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings (all None if it never changed any)."""
        ...

    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        reminder_hours: float | Literal[Keep.KEEP] | None = KEEP,
        timeout_days: float | Literal[Keep.KEEP] | None = KEEP,
        language: str | Literal[Keep.KEEP] | None = KEEP,
        away_days: int | Literal[Keep.KEEP] | None = KEEP,
    ) -> GuildSettings:
        """Change a server's defaults for new games; None goes back to the bot's default."""
        ...

    async def meta(self, key: str) -> str | None:
        """A value the bot keeps for itself (None if never set)."""
        ...

    async def set_meta(self, key: str, value: str) -> None:
        """Keep a value for the bot itself under ``key``."""
        ...

    async def check_snapshots(
        self, rebuild: Rebuild, statuses: Sequence[Status] = STARTED, *, batch: int = 200
    ) -> SnapshotReport:
        """Replay every started game (of these statuses) and compare with what is stored."""
        ...

    async def follow(
        self, game_id: int, user_id: int, on: bool = True, what: Hears = "turns"
    ) -> bool:
        """Start (or with ``on=False`` stop) following a game, hearing ``what``; True if that
        changed anything."""
        ...

    async def followers(self, game_id: int, what: Hears | None = None) -> list[int]:
        """The people following a game (with ``what``: only those hearing that)."""
        ...

    async def away_days_used(self, user_id: int, guild_id: int) -> int:
        """The days of time away a person counts on a server in the current month."""
        ...

    async def away_ends(self, user_id: int, guild_id: int) -> datetime | None:
        """When a person's running time away on a server ends (None: not away)."""
        ...

    async def set_away(
        self,
        user_id: int,
        allowance: Mapping[int, int],
        days: int,
        *,
        announce: AnnounceAway | None = None,
    ) -> AwayOutcome:
        """Start ``days`` of time away on every server of ``allowance`` (0: end it)."""
        ...

    async def take_back_seat(
        self,
        game_id: int,
        user_id: int,
        *,
        name: str | None,
        position: Position,
        expected_version: int,
        drafts: AnnounceGame | None = None,
    ) -> GameRecord:
        """The person a computer player took a seat over from sits there again."""
        ...

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
        """Ask the people in ``waiting`` to approve cutting the log back to ``keep`` actions."""
        ...

    async def undo_request(self, game_id: int) -> UndoRequest | None:
        """The undo waiting in a game, if any (expired ones too, until they are cleared)."""
        ...

    async def posted_undo(self, request: UndoRequest, post: UndoPost) -> bool:
        """Keep where ``request``'s question was posted; False if it no longer waits."""
        ...

    async def approve_undo(self, game_id: int, user_id: int) -> UndoRequest:
        """Record one person's approval; the request as it is now."""
        ...

    async def drop_undo(
        self,
        game_id: int,
        *,
        announce: Iterable[OutboxDraft] = (),
        asked_before: int | None = None,
    ) -> UndoRequest | None:
        """Remove a game's undo request (refused, expired or void), queueing ``announce``."""
        ...

    async def expired_undos(
        self, now: datetime | None = None, limit: int = 100
    ) -> list[UndoRequest]:
        """Undo requests whose time ran out, oldest first."""
        ...

    async def carry_out_undo(
        self, game_id: int, position: Position, *, announce: AnnounceUndo | None = None
    ) -> tuple[GameRecord, UndoRequest]:
        """Take the turn back as the (fully approved) request says, and clear the request."""
        ...

    async def pragmas(self) -> dict[str, Any]:
        """SQLite: journal_mode, synchronous (2 = FULL), foreign_keys, busy_timeout and…"""
        ...

    async def integrity_problems(self) -> list[str]:
        """Damage the database finds or dangling references (empty: none)."""
        ...

    async def close(self) -> None:
        """Close the database."""
        ...

    @property
    def path(self) -> str:
        """Where the data is: the SQLite file, or the PostgreSQL URL without its password."""
        ...

    @property
    def shared(self) -> bool:
        """Whether other bot processes may use the same database (PostgreSQL)."""
        ...

    async def hold_exclusive(self, name: str, seconds: float) -> None:
        """Wait until no process on this database holds the lock ``name``, then hold it…"""
        ...

    # --- claimed background work (bot.store.claims) ---

    async def claim_due_games(self, worker: str, *, lease: float, limit: int = 100) -> list[int]:
        """Claim up to ``limit`` games with due work that no other process holds (those…"""
        ...

    async def claim_game(self, game_id: int, worker: str, *, lease: float) -> bool:
        """Claim one game, due or not; False when another process holds it."""
        ...

    async def claim_outbox(
        self, worker: str, *, lease: float, limit: int = 100
    ) -> list[OutboxEntry]:
        """Claim every unsent post of up to ``limit`` destinations with a post due that no…"""
        ...

    async def still_holds_post(self, entry_id: int, worker: str, *, lease: float) -> bool:
        """Just before sending: whether this worker still holds the unsent post (renewing…"""
        ...

    async def renew_claims(self, worker: str, *, lease: float) -> None:
        """Extend every lease this worker still holds (a lapsed one another process took…"""
        ...

    async def release_game(self, game_id: int, worker: str) -> bool:
        """Give a game back (its due work is done); False when this worker no longer held it."""
        ...

    async def release_outbox(self, entry_ids: Iterable[int], worker: str) -> None:
        """Give posts back (sent, or waiting for a retry any process may make)."""
        ...

    async def release_all_claims(self) -> None:
        """Forget every lease (an SQLite file serves one process: a claim left by the last…"""
        ...

    async def claimed(self, table: str) -> dict[int, str]:
        """Who holds which row of ``games`` or ``outbox`` now (for tests and diagnostics)."""
        ...


async def open_store(
    target: str | Path,
    *,
    defaults: Defaults | None = None,
    clock: Callable[[], float] = time.time,
) -> GameStore:
    """The store on a ``postgresql://`` URL or an SQLite file's path (the type checker proves
    here that ``Store`` satisfies ``GameStore``, whichever backend it runs on)."""
    from bot.store.store import Store

    return await Store.connect(target, defaults=defaults, clock=clock)
