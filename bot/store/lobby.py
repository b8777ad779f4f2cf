"""Lobbies: creating games, taking and leaving seats, starting and cancelling."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bot.store.connection import Connection, IntegrityError
from bot.store.core import StoreCore
from bot.store.errors import InvalidValue, LobbyError, StoreError
from bot.store.logs import pack_log
from bot.store.records import GameRecord, NewGame, Opening, OutboxDraft, Status
from bot.store.rows import fetch_at, fetch_record
from bot.store.settings import check_reminder_hours, check_timeout_days, read_guild_settings
from bot.store.state import forget_settled_posts, mark_seats, refresh_due, write_state

#: Builds the messages announcing a change; called inside its transaction, queued with it.
Announce = Callable[[GameRecord], Iterable[OutboxDraft]]

#: The kinds of game the schema stores (its CHECK constraint); which options and how many
#: players a kind takes is the rules' business (bot.play checks them before storing a game).
KINDS = ("fish", "ultimatum")
#: The table sizes the schema stores (``max_players BETWEEN 2 AND 4``).
SMALLEST, LARGEST = 2, 4


def _check_table(players: int, bots: int, bot_level: int) -> None:
    if not SMALLEST <= players <= LARGEST:
        raise InvalidValue(
            "players", "a game is for 2 to 4 players (computer players included)", value=players
        )
    if not 0 <= bots < players:
        raise InvalidValue(
            "bots",
            f"with {players} players there can be 0 to {players - 1} computer players "
            "(the creator takes a seat too)",
            value=bots,
            players=players,
        )
    check_level(bot_level)


def check_level(level: int) -> None:
    """Refuse a computer player's level below 1 (InvalidValue)."""
    if level < 1:
        raise InvalidValue("bot_level", "a computer player's level is 1 or more", value=level)


def _options_text(options: Mapping[str, Any]) -> str:
    try:
        return json.dumps(dict(options), sort_keys=True)
    except (TypeError, ValueError) as error:
        raise InvalidValue("options", f"game options must be plain JSON data: {error}") from error


class LobbyMixin(StoreCore):
    """Everything before the first move, and cancelling."""

    async def create_game(
        self,
        new: NewGame,
        *,
        announce: Announce | None = None,
        opening: Opening,
        hold: tuple[str, float] | None = None,
    ) -> GameRecord:
        """Open a lobby with the creator seated (and ``new.bots`` computer players).

        A lobby that is full at once (creator plus computers) starts at once: ``opening`` starts
        a full table (the rules' part: seats and first position). The database keeps one rematch
        (not cancelled) per game, so a second one raises LobbyError ``rematch_taken``.
        ``hold`` (a worker and a lease in seconds) claims the new game for that worker from its
        first moment: no other process plays a computer's turn before its table is placed.
        """
        if new.kind not in KINDS:
            raise InvalidValue("kind", f"there is no game called {new.kind!r}", value=new.kind)
        if new.guild_id is None:  # what Discord gives for a DM, whatever the annotation says
            raise InvalidValue("guild", "games are played in a server's channels, not in DMs")
        _check_table(new.players, new.bots, new.bot_level)
        options_text = _options_text(new.options)
        seed = secrets.randbits(63) if new.seed is None else new.seed
        if not 0 <= seed < 2**63:
            raise InvalidValue("seed", "a seed is a whole number from 0 to 2⁶³ − 1", value=seed)
        now = self._now()
        async with self._db.transaction() as conn:
            guild = await read_guild_settings(conn, new.guild_id)
            hours = check_reminder_hours(
                _first(new.reminder_hours, guild.reminder_hours, self.defaults.reminder_hours)
            )
            days = check_timeout_days(
                _first(new.timeout_days, guild.timeout_days, self.defaults.timeout_days)
            )
            try:
                inserted = await conn.execute_fetchall(
                    "INSERT INTO games (kind, guild_id, channel_id, creator_id, max_players, "
                    "options, seed, created_at, updated_at, reminder_hours, timeout_days, "
                    "rematch_of, rated, claimed_by, claimed_until) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (new.kind, new.guild_id, new.channel_id, new.creator_id, new.players,
                     options_text, seed, now, now, hours, days, new.rematch_of, int(new.rated),
                     None if hold is None else hold[0],
                     None if hold is None else now + hold[1]),
                )  # fmt: skip
            except IntegrityError:
                if new.rematch_of is None:
                    raise
                raise LobbyError(
                    "rematch_taken",
                    f"a rematch of game #{new.rematch_of} has already been opened",
                    game_id=new.rematch_of,
                ) from None
            game_id = int(inserted[0]["id"])
            await _add_seat(conn, game_id, user_id=new.creator_id, name=new.creator_name, now=now)
            for _ in range(new.bots):
                await _add_seat(conn, game_id, bot_level=new.bot_level, now=now)
            return await self._after_seating(conn, game_id, now, announce, opening)

    async def join(
        self,
        game_id: int,
        user_id: int,
        *,
        name: str | None = None,
        announce: Announce | None = None,
        opening: Opening,
    ) -> GameRecord:
        """Seat a person in a lobby; the game starts by itself (``opening``) when this fills
        the last seat."""
        now = self._now()
        async with self._db.transaction() as conn:
            record = await fetch_at(conn, game_id, None, "lobby")
            if user_id in record.user_ids:
                raise LobbyError(
                    "already_seated", f"you are already in game #{game_id}", game_id=game_id
                )
            _require_room(record)
            await _add_seat(conn, game_id, user_id=user_id, name=name, now=now)
            return await self._after_seating(conn, game_id, now, announce, opening)

    async def add_computer(
        self,
        game_id: int,
        level: int = 1,
        *,
        announce: Announce | None = None,
        opening: Opening,
    ) -> GameRecord:
        """Seat a computer player in a lobby; the game starts when this fills the last seat."""
        check_level(level)
        now = self._now()
        async with self._db.transaction() as conn:
            record = await fetch_at(conn, game_id, None, "lobby")
            _require_room(record)
            await _add_seat(conn, game_id, bot_level=level, now=now)
            return await self._after_seating(conn, game_id, now, announce, opening)

    async def leave(
        self, game_id: int, user_id: int, *, announce: Announce | None = None
    ) -> GameRecord:
        """Give up a lobby seat. A leaving creator hands the lobby to the next person who joined;
        when no person is left, the lobby is cancelled."""
        now = self._now()
        async with self._db.transaction() as conn:
            record = await fetch_at(conn, game_id, None, "lobby")
            if user_id not in record.user_ids:
                raise LobbyError("not_seated", f"you are not in game #{game_id}", game_id=game_id)
            await conn.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            others = [u for u in record.user_ids if u != user_id]
            status: Status = "lobby" if others else "cancelled"
            creator = record.creator_id if record.creator_id != user_id or not others else others[0]
            await conn.execute(
                "UPDATE games SET creator_id = ?, status = ?, version = version + 1, "
                "updated_at = ? WHERE id = ?",
                (creator, status, now, game_id),
            )
            return await self._finish_change(conn, game_id, now, announce)

    async def start(
        self,
        game_id: int,
        *,
        by: int | None = None,
        announce: Announce | None = None,
        opening: Opening,
    ) -> GameRecord:
        """Start a lobby with at least 2 seated; ``by`` (when given) must be its creator."""
        now = self._now()
        async with self._db.transaction() as conn:
            record = await fetch_at(conn, game_id, None, "lobby")
            if by is not None and by != record.creator_id:
                raise LobbyError(
                    "not_creator",
                    f"only the creator of game #{game_id} can start it before it is full",
                    game_id=game_id,
                    creator_id=record.creator_id,
                )
            await self._start(conn, record, now, opening)
            return await self._finish_change(conn, game_id, now, announce)

    async def cancel(self, game_id: int, *, announce: Announce | None = None) -> GameRecord:
        """End a lobby or a running game without a result (who may do so is the caller's rule)."""
        now = self._now()
        async with self._db.transaction() as conn:
            await fetch_at(conn, game_id, None, "active", "lobby")
            await conn.execute(
                "UPDATE games SET status = 'cancelled', version = version + 1, updated_at = ?, "
                "to_move_seat = NULL, next_reminder_at = NULL, deadline_at = NULL WHERE id = ?",
                (now, game_id),
            )
            await pack_log(conn, game_id)  # a running game's (a lobby has no log)
            await mark_seats(conn, game_id, "cancelled")
            # A cancelled game never counts (a running game has no result; this keeps it so).
            await conn.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
            return await self._finish_change(conn, game_id, now, announce)

    async def set_thread(self, game_id: int, thread_id: int | None) -> GameRecord:
        """Record the thread a game is played in (it does not change the game's version)."""
        async with self._db.transaction() as conn:
            record = await fetch_record(conn, game_id)
            if thread_id is not None and thread_id != record.thread_id:
                rows = await conn.execute_fetchall(
                    "SELECT id FROM games WHERE thread_id = ?", (thread_id,)
                )
                if rows:
                    raise StoreError(
                        "thread_taken",
                        f"that thread already belongs to game #{rows[0]['id']}",
                        game_id=rows[0]["id"],
                    )
            await conn.execute(
                "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ?",
                (thread_id, self._now(), game_id),
            )
            if thread_id is not None:
                # Posts queued before the thread existed join the thread's queue: one
                # destination's posts go out in order, whichever process sends them.
                await conn.execute(
                    "UPDATE outbox SET channel_id = ? WHERE game_id = ? AND channel_id = ? "
                    "AND sent_at IS NULL AND gave_up_at IS NULL",
                    (thread_id, game_id, record.channel_id),
                )
            return await fetch_record(conn, game_id)

    async def set_lobby_message(self, game_id: int, message_id: int | None) -> GameRecord:
        """Record the message that shows a game's lobby (it does not change the version)."""
        async with self._db.transaction() as conn:
            await fetch_record(conn, game_id)  # GameNotFound for a wrong id
            await conn.execute(
                "UPDATE games SET lobby_message_id = ?, updated_at = ? WHERE id = ?",
                (message_id, self._now(), game_id),
            )
            return await fetch_record(conn, game_id)

    async def _after_seating(
        self,
        conn: Connection,
        game_id: int,
        now: float,
        announce: Announce | None,
        opening: Opening,
    ) -> GameRecord:
        record = await fetch_record(conn, game_id)
        if record.is_full:
            await self._start(conn, record, now, opening)
        else:
            await conn.execute(
                "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?",
                (now, game_id),
            )
        return await self._finish_change(conn, game_id, now, announce)

    async def _start(
        self, conn: Connection, record: GameRecord, now: float, opening: Opening
    ) -> None:
        order, position = opening(record)
        await conn.executemany(
            "UPDATE seats SET seat = ? WHERE game_id = ? AND slot = ?",
            [(seat, record.id, record.seats[i].slot) for i, seat in enumerate(order)],
        )
        # Re-read: the turn state needs to know who sits where.
        seated_record = await fetch_record(conn, record.id)
        await write_state(conn, seated_record, position, now)

    async def _finish_change(
        self, conn: Connection, game_id: int, now: float, announce: Announce | None
    ) -> GameRecord:
        record = await fetch_record(conn, game_id)
        await refresh_due(conn, game_id)
        if record.status == "cancelled":
            await forget_settled_posts(conn, game_id)
        if announce is not None:
            await self._enqueue(conn, announce(record), now)
        return record


def _first(*choices: float | None) -> float:
    """The first value given (a game's own choice, then its server's, then the bot's)."""
    for choice in choices:
        if choice is not None:
            return choice
    raise ValueError("no default given")


def _require_room(record: GameRecord) -> None:
    if record.is_full:
        raise LobbyError(
            "full",
            f"game #{record.id} is full ({record.max_players} players)",
            game_id=record.id,
            max_players=record.max_players,
        )


async def _add_seat(
    conn: Connection,
    game_id: int,
    *,
    now: float,
    user_id: int | None = None,
    bot_level: int | None = None,
    name: str | None = None,
) -> None:
    await conn.execute(
        "INSERT INTO seats (game_id, slot, user_id, bot_level, joined_at, name) "
        "VALUES (?, (SELECT coalesce(max(slot), -1) + 1 FROM seats WHERE game_id = ?), ?, ?, ?, ?)",
        (game_id, game_id, user_id, bot_level, now, name),
    )
