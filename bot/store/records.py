"""What the store hands out: frozen records of games, seats, moves, messages and settings."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

Status = Literal["lobby", "active", "finished", "cancelled"]
#: Statuses of games that still need someone: a lobby to fill or a game to play.
OPEN: tuple[Status, ...] = ("lobby", "active")


@dataclass(frozen=True)
class Seat:
    """A place at a game's table: a person (``user_id``) or a computer player (``bot_level``)."""

    slot: int  # order of joining the lobby
    seat: int | None  # the engine's seat (0 moves first); drawn at random when the game starts
    user_id: int | None
    bot_level: int | None
    joined_at: datetime
    score: int | None = None  # final score, once the game is finished
    place: int | None = None  # 1 = winner; tied seats share a place
    name: str | None = None  # the person's display name when they sat down
    #: The person whose seat a computer player took over (timeout, left the server); they
    #: may take it back with /game return while the game runs, and its result counts for them.
    handed_from: int | None = None

    @property
    def is_computer(self) -> bool:
        """Whether a computer player sits here."""
        return self.user_id is None


@dataclass(frozen=True)
class GameRecord:
    """Everything the store knows about a game except its engine state (see ``load_game``)."""

    id: int
    kind: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    status: Status
    creator_id: int
    max_players: int
    options: Mapping[str, Any]
    seed: int
    version: int
    created_at: datetime
    updated_at: datetime
    turn_started_at: datetime | None
    to_move_seat: int | None
    ranking: tuple[tuple[int, ...], ...] | None
    finished_at: datetime | None
    reminder_hours: float
    timeout_days: float
    next_reminder_at: datetime | None
    deadline_at: datetime | None
    reminders_sent: int
    seats: tuple[Seat, ...]
    lobby_message_id: int | None = None  # the message with the Join/Start buttons
    rematch_of: int | None = None  # the finished game this one is the rematch of
    rated: bool = True  # whether the game counts for ratings (chosen when it was opened)

    @property
    def is_full(self) -> bool:
        """Whether every seat is taken."""
        return len(self.seats) >= self.max_players

    @property
    def user_ids(self) -> tuple[int, ...]:
        """The people at the table, in joining order."""
        return tuple(s.user_id for s in self.seats if s.user_id is not None)

    @property
    def players(self) -> tuple[int, ...]:
        """The people seated, and those whose seat a computer player holds for them (they may
        take it back with ``/game return``): who may reach the game as one of its players."""
        handed = tuple(s.handed_from for s in self.seats if s.handed_from is not None)
        return self.user_ids + handed

    def seat_of(self, user_id: int) -> int | None:
        """The engine seat of a person (None if not seated or the game has not started)."""
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def player(self, seat: int) -> Seat:
        """The occupant of an engine seat."""
        for s in self.seats:
            if s.seat == seat:
                return s
        raise KeyError(f"game #{self.id} has no seat {seat}")

    @property
    def to_move_user(self) -> int | None:
        """The person whose turn it is (None for a computer player or when nobody is to move)."""
        if self.to_move_seat is None:
            return None
        return self.player(self.to_move_seat).user_id


@dataclass(frozen=True)
class NewGame:
    """A table to open: what its creator chose, and where.

    Reminder interval and timeout left out come from the server's settings, else the bot's
    defaults; ``seed`` left out is drawn at random. ``rematch_of`` names the finished game this
    one replays; ``rated`` False: its result does not count for ratings.
    """

    kind: str
    guild_id: int
    channel_id: int
    creator_id: int
    creator_name: str | None = None
    players: int = 2
    bots: int = 0
    bot_level: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None
    reminder_hours: float | None = None
    timeout_days: float | None = None
    rematch_of: int | None = None
    rated: bool = True


@dataclass(frozen=True)
class Position:
    """What the store keeps of a game's engine state: the snapshot text (the cache of the log)
    and the facts it indexes (whose turn, the result). The play layer makes it from an engine
    game; the store never reads the rules."""

    snapshot: str  # the engine's to_dict() as compact JSON with sorted keys
    to_move: int | None
    over: bool
    ranking: tuple[tuple[int, ...], ...] | None = None  # once over
    scores: tuple[int, ...] = ()
    result: str | None = None  # once over: the game's result as JSON, kept for ratings
    rated: RatedGame | None = None  # once over and rated: what it does to its players' ratings


@dataclass(frozen=True)
class StoredResult:
    """A finished game's result as kept for ratings: the JSON bot.play made (``result``) and
    the columns it is looked up by. ``finished_at`` is when the game ended (the store's time)."""

    seq: int  # the order results were recorded in (rated ones: the order they were rated in)
    game_id: int
    guild_id: int
    kind: str
    finished_at: float
    rated: bool
    result: str
    season: int = 1  # the server's season the game counted in


@dataclass(frozen=True)
class RatingRow:
    """A player's stored rating in one scope and kind: a server's season, or the global scope
    (``guild_id`` 0, ``season`` 0). ``player`` is the ratings' player key (``u<user id>``,
    ``c<level>``); ``user_id`` the person's id (None for a computer level). ``rating`` and
    ``ordinal`` are what boards sort by; ``last_game`` is the game that last changed it."""

    guild_id: int
    season: int
    kind: str
    player: str
    user_id: int | None
    mu: float
    sigma: float
    rating: int
    ordinal: float
    games: int
    wins: int
    last_game: int

    @property
    def key(self) -> tuple[int, int, str, str]:
        """Which rating this is: scope, kind and player."""
        return (self.guild_id, self.season, self.kind, self.player)


@dataclass(frozen=True)
class RatingChange:
    """What a rated game does to one player's rating in one scope: the row before (None before
    the player's first rated game there) and after, and whether the player won."""

    before: RatingRow | None
    after: RatingRow
    won: bool


@dataclass(frozen=True)
class RatedGame:
    """What a finished rated game does to ratings, worked out by bot.play from the rows it read
    (the store checks, in the transaction that ends the game, that they still stand):
    the server season it counts in and each change."""

    season: int
    changes: tuple[RatingChange, ...]


@dataclass(frozen=True)
class SeasonStart:
    """An admin started a new season of a server's ratings at ``started_at``."""

    guild_id: int
    started_at: float


#: Given a full table (record with its seats), the seat each lobby slot takes (in slot order)
#: and the game's first position: the rules' part of starting a game, handed in by the caller.
Opening = Callable[["GameRecord"], tuple[Sequence[int], Position]]


@dataclass(frozen=True)
class OutboxDraft:
    """A message to send to Discord once the change it announces is committed.

    Exactly one of ``channel_id`` (a channel or thread) and ``user_id`` (a DM) is set. A
    ``dedupe_key`` makes enqueueing the same announcement twice a no-op. ``for_version`` is
    for a message only true at that version of its game (a reminder, "your turn"): it is
    dropped unsent if the game has changed by the time it would go out.
    """

    kind: str
    payload: Mapping[str, Any]
    channel_id: int | None = None
    user_id: int | None = None
    game_id: int | None = None
    dedupe_key: str | None = None
    for_version: int | None = None


@dataclass(frozen=True)
class OutboxEntry:
    """A queued message and its delivery state."""

    id: int
    kind: str
    payload: Mapping[str, Any]
    channel_id: int | None
    user_id: int | None
    game_id: int | None
    dedupe_key: str | None
    created_at: datetime
    next_attempt_at: datetime
    attempts: int
    last_error: str | None
    sent_at: datetime | None
    message_id: int | None
    gave_up_at: datetime | None
    for_version: int | None = None  # see OutboxDraft


@dataclass(frozen=True)
class UserSettings:
    """A person's preferences; ``language`` None means: follow their Discord locale."""

    user_id: int
    notify_dm: bool = False  # "your turn" DMs are opt-in (/game notify on)
    dms_closed: bool = False  # Discord refused a DM: don't try again until they opt in again
    language: str | None = None
    locale: str | None = None  # the Discord locale last seen on their interactions
    global_board: bool = False  # named on the leaderboards across servers (/ratings privacy)


@dataclass(frozen=True)
class GuildSettings:
    """A server's defaults for new games; None means: the bot's own default."""

    guild_id: int
    reminder_hours: float | None = None
    timeout_days: float | None = None
    language: str | None = None
    away_days: int | None = None  # time away allowed per person and calendar month


@dataclass(frozen=True)
class UndoRequest:
    """An undo waiting for the other players' consent: back to the first ``keep`` actions."""

    game_id: int
    requester_id: int
    keep: int
    version: int  # the game's version when it was asked; any change since voids it
    waiting: tuple[int, ...]  # people who have not approved yet
    approved: tuple[int, ...]
    channel_id: int  # where it was asked (its outcome is told there)
    created_at: datetime
    expires_at: datetime
    #: The posted question (Approve/Refuse), once it is posted: edited when the request is
    #: settled, by whichever process settles it.
    post: UndoPost | None = None


@dataclass(frozen=True)
class UndoPost:
    """Where an undo request's question was posted, and its words (kept while it waits)."""

    channel_id: int
    message_id: int
    question: str


@dataclass(frozen=True)
class StoredGame:
    """A started game as stored: its record, snapshot and action log, read together."""

    record: GameRecord
    snapshot: str
    actions: tuple[str, ...]
    last_at: float | None  # when the last logged action was played (None: no action yet)
