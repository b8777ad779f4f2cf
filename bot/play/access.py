"""Who may reach a game: the one place that decides, for every command, button and autocomplete.

In a server, a person reaches the games of that server only. From a direct message (no server),
a person reaches only the games they are a player of (seated, or their seat held by a computer
player until they take it back), and to look at one (board, history, replay),
join or follow it they must also still be a member of its server, which the caller checks with
Discord (``Reach.MEMBERS``). A game out of reach is answered exactly like a game that does not
exist, so its number gives nothing away.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from bot.games.base import Game
from bot.play.games import load_game
from bot.store import GameNotFound, GameRecord, Store


class Purpose(enum.Enum):
    """What a person wants to do with a game."""

    #: Rule actions, the hand, resigning, undo, seat changes: a player's own business.
    PLAY = "play"
    #: The board, the history, the replay: public information of the game's server.
    LOOK = "look"
    #: Taking a seat, following by direct message: becoming part of the game's audience.
    JOIN = "join"


class Reach(enum.Enum):
    """The verdict on one person and one game."""

    #: Within reach.
    OPEN = "open"
    #: Within reach if the person is still a member of the game's server.
    MEMBERS = "members"
    #: Out of reach: answer as if there were no such game.
    HIDDEN = "hidden"


@dataclass(frozen=True)
class Where:
    """Where a request comes from: the server (None for a direct message) and the person."""

    guild_id: int | None
    user_id: int


def reach(where: Where, game_guild_id: int, seated: tuple[int, ...], purpose: Purpose) -> Reach:
    """Whether the person ``where`` describes may reach a game of ``game_guild_id`` whose seated
    people are ``seated``, for ``purpose``."""
    if where.guild_id is not None:
        # Acting in a server proves membership of it; another server's game does not exist here.
        return Reach.OPEN if where.guild_id == game_guild_id else Reach.HIDDEN
    if where.user_id not in seated:
        return Reach.HIDDEN
    return Reach.OPEN if purpose is Purpose.PLAY else Reach.MEMBERS


class Background:
    """The bot's own work (delivery, timers, computer players, undo expiry): no person asks, so
    every game is within reach. Only code no person's request runs through may use it."""


#: The one background viewer.
BACKGROUND = Background()

#: Who asks: a person somewhere (checked by ``reach``), or the bot's background work.
Viewer = Where | Background

#: Whether the asking person is a member of a server (by its id), as the Discord layer answers.
Members = Callable[[int], Awaitable[bool]]


async def _verdict(
    record: GameRecord, viewer: Viewer, purpose: Purpose, members: Members | None
) -> None:
    """Raise GameNotFound (the answer for a game that does not exist) if ``record`` is out of
    the viewer's reach; membership is asked only when the verdict depends on it."""
    if isinstance(viewer, Background):
        return
    verdict = reach(viewer, record.guild_id, record.players, purpose)
    if verdict is Reach.OPEN:
        return
    # Without a way to ask, membership is not assumed: access fails closed.
    if verdict is Reach.MEMBERS and members is not None and await members(record.guild_id):
        return
    raise GameNotFound(record.id)


async def open_game(
    store: Store,
    game_id: int,
    viewer: Viewer,
    purpose: Purpose = Purpose.PLAY,
    members: Members | None = None,
) -> tuple[GameRecord, Game | None]:
    """A game's record and engine game if ``viewer`` may reach it for ``purpose``; else
    GameNotFound, exactly as for an id no game has. Every way to a game by id goes here."""
    record, game = await load_game(store, game_id)
    await _verdict(record, viewer, purpose, members)
    return record, game


async def open_record(
    store: Store,
    game_id: int,
    viewer: Viewer,
    purpose: Purpose = Purpose.PLAY,
    members: Members | None = None,
) -> GameRecord:
    """A game's record alone (no engine game rebuilt), under the same check as ``open_game``."""
    record = await store.get_game(game_id)
    await _verdict(record, viewer, purpose, members)
    return record


def within_reach(
    records: Iterable[GameRecord], where: Where, purpose: Purpose = Purpose.PLAY
) -> list[GameRecord]:
    """The games of a listing (autocomplete) the person may be offered: those not hidden from
    them. Membership is not asked here (no time for it while typing); choosing one asks."""
    return [r for r in records if reach(where, r.guild_id, r.players, purpose) is not Reach.HIDDEN]


def posts_publicly(seated: bool, asked: bool) -> bool:
    """Whether a look at a game (board, replay) is posted for everyone: a player's is, a
    spectator's only when they ask, so the players' thread is not filled by onlookers."""
    return seated or asked
