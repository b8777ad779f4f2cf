"""The snapshot check at start: every started game replayed from its log (the log wins)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.play.games import rebuild
from bot.store import SnapshotReport, Store
from bot.store.check import STARTED
from bot.store.records import Status


async def check_snapshots(
    store: Store, statuses: Sequence[Status] = STARTED, *, batch: int = 200
) -> SnapshotReport:
    """Replay every started game (of ``statuses``) and repair a stored position that differs
    from its log."""
    return await store.check_snapshots(rebuild, statuses, batch=batch)
