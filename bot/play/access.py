"""Who may reach a game: the one place that decides, for every command, button and autocomplete.

In a server, a person reaches the games of that server only. From a direct message (no server),
a person reaches only the games they are seated in, and to look at one (board, history, replay),
join or follow it they must also still be a member of its server, which the caller checks with
Discord (``Reach.MEMBERS``). A game out of reach is answered exactly like a game that does not
exist, so its number gives nothing away.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


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


def posts_publicly(seated: bool, asked: bool) -> bool:
    """Whether a look at a game (board, replay) is posted for everyone: a player's is, a
    spectator's only when they ask, so the players' thread is not filled by onlookers."""
    return seated or asked
