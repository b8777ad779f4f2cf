"""Which games a list shows, and in which order: the rules of ``/game list`` and ``/game mine``."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import GameRecord, Store

#: What ``/game list`` may be narrowed to.
SHOW = ("all", "mine", "my-turn")


def my_turn(record: GameRecord, user_id: int) -> bool:
    """Whether it is this person's turn in a running game."""
    return record.status == "active" and record.to_move_user == user_id


def shown(records: Sequence[GameRecord], user_id: int, show: str) -> list[GameRecord]:
    """The games of a list narrowed to ``show``: all, the person's own, or those where it is
    their turn."""
    if show == "mine":
        return [r for r in records if user_id in r.user_ids]
    if show == "my-turn":
        return [r for r in records if my_turn(r, user_id)]
    return list(records)


def mine_first(records: Sequence[GameRecord], user_id: int) -> list[GameRecord]:
    """A person's games, those where it is their turn first (the longest waiting first), then
    the others running, then the tables still waiting for players."""

    def key(record: GameRecord) -> tuple[int, float]:
        started = record.turn_started_at.timestamp() if record.turn_started_at else 0.0
        rank = 0 if my_turn(record, user_id) else (1 if record.status == "active" else 2)
        return rank, started

    return sorted(records, key=key)


async def games_in_tournaments(
    store: Store, records: Sequence[GameRecord]
) -> dict[int, tuple[int, int]]:
    """The tournament and round of each listed game that is a tournament's table."""
    return await store.games_in_tournaments([r.id for r in records])
