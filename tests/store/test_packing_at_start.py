"""The bot packs, in the background at start, the logs of games that ended before logs were
packed (a database upgraded from schema 14), and the games read as they did."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from bot.store import Store
from bot.store.logs import unpack_log
from tests.cogs.test_process import bot_in_process
from tests.fakediscord import FakeDiscord
from tests.store.conftest import Clock, play_random, started


async def test_the_bot_packs_old_logs_at_start(
    fake_discord: FakeDiscord, tmp_path: Path, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    """Two finished games whose logs are rows are packed after the start-up check; their logs
    read the same before and after, and the running game keeps its rows."""
    db = tmp_path / "games.sqlite3"
    store = await Store.open(db, clock=clock)
    try:
        games = []
        for seed in (1, 2, 3):
            record = await started(store, seed=seed)
            await play_random(store, record.id, random.Random(seed), moves=None if seed < 3 else 4)
            games.append(record.id)
        logs = {game: await store.action_log(game) for game in games}
        async with store._db.transaction() as conn:
            for game in games[:2]:
                await unpack_log(conn, game, len(logs[game]))
    finally:
        await store.close()
    with caplog.at_level(logging.INFO, logger="bot.client"):
        async with bot_in_process(fake_discord, db) as bot:
            assert bot.snapshot_check is not None
            await bot.snapshot_check
            rows = await bot.store._db.fetchall(
                "SELECT id FROM games WHERE packed_log IS NOT NULL ORDER BY id"
            )
            assert [row["id"] for row in rows] == games[:2]
            assert {game: await bot.store.action_log(game) for game in games} == logs
    assert "packed the logs of 2 game(s) that ended before the upgrade" in caplog.text
