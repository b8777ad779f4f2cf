"""Opening tables and taking seats: the rules' checks before the store, and the opening that
starts a full table (seat order and deal) handed to the store's transaction."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable

from bot.games import COMPUTER_LEVEL
from bot.play.games import check_table, opening
from bot.store import GameRecord, NewGame, OutboxDraft, Store
from bot.texts.names import LEVELS

#: Builds the posts announcing a seat change (bot.texts), inside its transaction.
Announce = Callable[[GameRecord], Iterable[OutboxDraft]]
#: Gives a posted table its thread: the thread's id, or None where it is played in the channel.
MakeThread = Callable[[GameRecord], Awaitable[int | None]]


async def create_game(
    store: Store,
    new: NewGame,
    *,
    announce: Announce | None = None,
    hold: tuple[str, float] | None = None,
) -> GameRecord:
    """Open a lobby with the creator seated (and its computer players); a table full at once
    starts at once. The kind, table size and options are checked against the rules. ``hold``:
    the worker and lease that hold the new game while its table is placed."""
    check_table(new.kind, new.players, new.options)
    return await store.create_game(new, announce=announce, opening=opening, hold=hold)


async def join(
    store: Store,
    game_id: int,
    user_id: int,
    *,
    name: str | None = None,
    announce: Announce | None = None,
) -> GameRecord:
    """Seat a person in a lobby; the game starts when this fills the last seat."""
    return await store.join(game_id, user_id, name=name, announce=announce, opening=opening)


async def add_computer(
    store: Store, game_id: int, level: int = 1, *, announce: Announce | None = None
) -> GameRecord:
    """Seat a computer player in a lobby; the game starts when this fills the last seat."""
    return await store.add_computer(game_id, level, announce=announce, opening=opening)


async def start(
    store: Store, game_id: int, *, by: int | None = None, announce: Announce | None = None
) -> GameRecord:
    """Start a lobby with enough players seated; ``by`` (when given) must be its creator."""
    return await store.start(game_id, by=by, announce=announce, opening=opening)


class TableRefused(Exception):
    """A change to a table its asker may not make; ``code``: ``not_allowed`` (only its creator
    or a server manager may cancel it)."""

    def __init__(self, code: str, game_id: int) -> None:
        super().__init__(code)
        self.code = code
        self.game_id = game_id


async def leave(store: Store, game_id: int, user_id: int) -> GameRecord:
    """Give up a seat in a lobby; a leaving creator hands it on, and a lobby nobody is left in
    is cancelled (LobbyError ``started`` once the game runs, ``not_seated``)."""
    return await store.leave(game_id, user_id)


async def cancel(
    store: Store,
    game_id: int,
    user_id: int,
    *,
    manager: bool = False,
    announce: Announce | None = None,
) -> GameRecord:
    """End a lobby or a running game without a result; its creator may, and so may a
    ``manager`` of its server (TableRefused ``not_allowed`` for anyone else). ``announce``
    drafts the posts queued with the change."""
    record = await store.get_game(game_id)
    if user_id != record.creator_id and not manager:
        raise TableRefused("not_allowed", game_id)
    return await store.cancel(game_id, announce=announce)


async def withdraw(store: Store, game_id: int) -> GameRecord:
    """Take back a table just opened whose lobby message could not be posted: nobody can see
    or join it, so it ends as cancelled (and a cancelled game is nobody's rematch)."""
    return await store.cancel(game_id)


async def place_table(
    store: Store,
    game_id: int,
    message_id: int,
    make_thread: MakeThread,
    announce_start: Announce,
) -> GameRecord:
    """Keep where a newly opened table (a new game or a rematch) lives once its lobby message
    is posted: the message, then its thread; a table full at once has started, so its first
    post is queued. The one way every table is settled after opening."""
    # The message first: a seat taken while the thread is being made refreshes this message.
    record = await store.set_lobby_message(game_id, message_id)
    thread_id = await make_thread(record)
    if thread_id is not None:
        record = await store.set_thread(game_id, thread_id)
    # A table full at once has started: its first post, drawn from the deal whatever has been
    # played since (bot.texts.announce.start_announcer).
    drafts = list(announce_start(record))
    if drafts:
        await store.enqueue(*drafts)
    return record


def table_level(record: GameRecord, default: int) -> int:
    """The level of a computer player seated without one chosen: the table's as it was opened,
    else that of the computer players already seated, else ``default``."""
    chosen = record.options.get(COMPUTER_LEVEL)
    if isinstance(chosen, int) and chosen in LEVELS:
        return chosen
    return next((s.bot_level for s in record.seats if s.bot_level), default)
