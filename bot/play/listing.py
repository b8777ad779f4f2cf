"""Which games a list shows, and in which order: the rules of ``/game list`` and ``/game mine``
(the store pages them along its indexes)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import GamePage, GameRecord, Store

#: What ``/game list`` may be narrowed to.
SHOW = ("all", "mine", "my-turn")


async def server_page(
    store: Store, guild_id: int, user_id: int, show: str, page: int, per_page: int
) -> GamePage:
    """A page of a server's open games, oldest first: all, the person's own (``show`` "mine"),
    or those where it is their turn ("my-turn")."""
    return await store.server_list(
        guild_id,
        page=page,
        per_page=per_page,
        seated=user_id if show == "mine" else None,
        to_move=user_id if show == "my-turn" else None,
    )


async def mine_first(store: Store, user_id: int, limit: int) -> GamePage:
    """A person's first ``limit`` open games, those where it is their turn first (the longest
    waiting first), then the others running, then the tables still waiting for players."""
    return await store.person_list(user_id, limit)


async def games_in_tournaments(
    store: Store, records: Sequence[GameRecord]
) -> dict[int, tuple[int, int]]:
    """The tournament and round of each listed game that is a tournament's table."""
    return await store.games_in_tournaments([r.id for r in records])
