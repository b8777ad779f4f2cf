"""The tournaments a profile lists are found from the person's own entries: newest first,
started and not cancelled, in one server or all, read through the entrants' index on the
person and never by going through every tournament."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from bot.store.tournament_rows import NewTournament

START = 1_800_000_000.0
ME, OTHER = 501, 502
HERE, THERE = 11, 12


async def opened(store: Store, guild_id: int, entrants: list[int], status: str) -> int:
    """A tournament in ``guild_id`` entered by ``entrants``, set to ``status``."""
    record = await store.create_tournament(
        NewTournament(guild_id=guild_id, channel_id=guild_id * 10, organiser_id=OTHER,
                      kind="fish", format="swiss", table_size=2, rounds=3, round_days=3.0,
                      turn_days=1.0, closes_at=START + 3600)
    )  # fmt: skip
    for user_id in entrants:
        await store.enter_tournament(record.id, user_id, f"p{user_id}")
    await store._db.write_one("UPDATE tournaments SET status = ? WHERE id = ?", (status, record.id))
    return record.id


async def listed_as_entered(store: Store) -> None:
    """Signing up and cancelled ones are left out; others' tournaments are never listed."""
    statuses = ["running", "finished", "signup", "cancelled"]
    mine: dict[int, list[int]] = {HERE: [], THERE: []}
    for n in range(24):
        guild = HERE if n % 3 else THERE
        status = statuses[n % 4]
        entrants = [OTHER, ME] if n % 5 else [OTHER]
        tournament = await opened(store, guild, entrants, status)
        if ME in entrants and status in ("running", "finished"):
            mine[guild].append(tournament)
    newest = sorted(mine[HERE], reverse=True)
    assert await store.player_tournaments(ME, HERE, limit=5) == newest[:5]
    assert await store.player_tournaments(ME, HERE, limit=50) == newest
    everywhere = sorted(mine[HERE] + mine[THERE], reverse=True)
    assert await store.player_tournaments(ME, None, limit=50) == everywhere
    assert await store.player_tournaments(999, None) == []


async def test_a_persons_tournaments_newest_first_by_their_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On SQLite, read through the person's entries, each tournament by its key."""
    store = await Store.open(tmp_path / "penguins.sqlite3", clock=lambda: START)
    try:
        await listed_as_entered(store)
        await store._db.write_one("ANALYZE")
        for guild in (HERE, None):
            plan = await plan_of(store, guild, monkeypatch)
            # The person's entries lead, already in order; each tournament is found by its key.
            assert "tournament_entrants_by_user" in plan[0], plan
            assert not [step for step in plan if "SCAN" in step or "TEMP B-TREE" in step], plan
    finally:
        await store.close()


async def test_the_same_list_on_postgresql(postgres_url: str) -> None:
    """The same tournaments, in the same order, from PostgreSQL."""
    store = await Store.open(postgres_url, clock=lambda: START, pool_size=2)
    try:
        await listed_as_entered(store)
    finally:
        await store.close()


async def plan_of(store: Store, guild_id: int | None, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """SQLite's plan of the statement the store runs for the profile's read."""
    seen: list[tuple[str, Any]] = []
    fetchall = store._db.fetchall

    async def noting(sql: str, params: Any = ()) -> Any:
        seen.append((sql, params))
        return await fetchall(sql, params)

    with monkeypatch.context() as patch:
        patch.setattr(store._db, "fetchall", noting)
        await store.player_tournaments(ME, guild_id)
    ((sql, params),) = seen
    rows = await fetchall(f"EXPLAIN QUERY PLAN {sql}", params)
    return [str(row["detail"]) for row in rows]
