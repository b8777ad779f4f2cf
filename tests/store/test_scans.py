"""No statement on the path of a turn, a scheduler tick, a lease renewal, the outbox's
delivery, a list of games or a leaderboard reads a table that grows with history from end to
end, on either backend.

The statements are not listed by hand: the real bot runs against the Discord stand-in on a
database holding thousands of finished games (copies of games played through the store,
tests/store/history.py) and some running ones, with statistics gathered, and every statement the
store runs for the bot while a person plays a computer player (their turns, the computer's, the
scheduler's passes, the posts' delivery and the lease renewals), then for their lists (``/game
list`` narrowed each way and on a later page, ``/game mine``) and boards (a server's and the
global one, at the asker's row and on a page by its number, over thousands of rated people), is
recorded. Each is then explained on the same database (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's
EXPLAIN): a full scan of games, seats, results, outbox or ratings fails the test. A scan of a
partial index is allowed: such an index holds only what is due, running, unsent or held (e.g.
``outbox_pending``). ``/game mine`` must read the asker's open seats by their partial index, not
every seat they ever had. ``actions`` holds the logs of running games only (an ended game's log
is packed into its row), which the test checks instead.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.client import PenguinBot
from bot.config import load_settings
from bot.play.games import load_game
from bot.store import Store
from bot.store.db import SqliteConnection
from bot.store.postgres import PostgresConnection
from bot.store.ratings import RATING_COLUMNS
from bot.store.schema import COUNT_BOARDS
from tests.cogs.players import fish_step, settle
from tests.fakediscord import FakeDiscord, run_client
from tests.store.conftest import Clock
from tests.store.history import clone, played

#: The tables that grow with every game ever played (and every person ever rated).
HISTORY = {"games", "seats", "results", "outbox", "ratings"}
FINISHED = 1500  # copies of each of the two finished games
RUNNING = 300
RATED = 4000  # people on the server's board and on the global one


class Recorder:
    """Every statement the bot's tasks run on the store's connections, with its parameters."""

    def __init__(self) -> None:
        self.test = asyncio.current_task()
        self.on = False
        self.seen: dict[str, Any] = {}

    def note(self, sql: str, params: Any) -> None:
        if self.on and asyncio.current_task() is not self.test and sql not in self.seen:
            self.seen[sql] = params


def record(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """Record what every connection of either backend runs from now on."""
    recorder = Recorder()
    for cls in (SqliteConnection, PostgresConnection):
        for name in ("execute", "execute_fetchall"):
            real = getattr(cls, name)

            async def one(self: Any, sql: str, params: Any = (), real: Any = real) -> Any:
                recorder.note(sql, params)
                return await real(self, sql, params)

            monkeypatch.setattr(cls, name, one)
        real_many = cls.executemany

        async def many(self: Any, sql: str, params: Any, real: Any = real_many) -> Any:
            rows = list(params)
            if rows:
                recorder.note(sql, rows[0])
            return await real(self, sql, rows)

        monkeypatch.setattr(cls, "executemany", many)
    return recorder


async def _partial_indexes(store: Store) -> set[str]:
    if store.shared:
        rows = await store._db.fetchall(
            "SELECT indexname AS name FROM pg_indexes "
            "WHERE schemaname = current_schema() AND indexdef LIKE '% WHERE %'"
        )
    else:
        rows = await store._db.fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'"
        )
    return {str(row["name"]) for row in rows}


_SQLITE_STEP = re.compile(r"(SCAN|SEARCH) (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX (\w+))?")


def _sqlite_scans(details: list[str], partial: set[str]) -> list[str]:
    """The plan's full scans of a history table."""
    found = []
    for detail in details:
        step = _SQLITE_STEP.match(detail)
        if step is None or step.group(1) != "SCAN" or step.group(2) not in HISTORY:
            continue
        if step.group(3) not in partial:
            found.append(detail)
    return found


def _nodes(plan: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield plan
    for child in plan.get("Plans", []):
        yield from _nodes(child)


def _postgres_scans(plan: dict[str, Any], partial: set[str]) -> list[str]:
    """The plan's sequential scans of a history table, and its index scans without a
    condition over a whole (not partial) index."""
    found = []
    for node in _nodes(plan):
        kind = node["Node Type"]
        if kind == "Seq Scan" and node.get("Relation Name") in HISTORY:
            found.append(f"{kind} on {node['Relation Name']}")
        index = node.get("Index Name")
        whole = index is not None and index not in partial and "Index Cond" not in node
        if whole and (node.get("Relation Name", "") in HISTORY or kind == "Bitmap Index Scan"):
            found.append(f"{kind} using {index} without a condition")
    return found


async def scans_of(store: Store, sql: str, params: Any, partial: set[str]) -> list[str]:
    """How a statement would read a history table from end to end (empty: it would not)."""
    if store.shared:
        rows = await store._db.fetchall(f"EXPLAIN (FORMAT JSON) {sql}", params)
        plan = rows[0][0]
        plan = json.loads(plan) if isinstance(plan, str) else plan
        return _postgres_scans(plan[0]["Plan"], partial)
    rows = await store._db.fetchall(f"EXPLAIN QUERY PLAN {sql}", params)
    return _sqlite_scans([str(row["detail"]) for row in rows], partial)


async def indexes_of(store: Store, sql: str, params: Any) -> set[str]:
    """The indexes a statement's plan reads."""
    if store.shared:
        rows = await store._db.fetchall(f"EXPLAIN (FORMAT JSON) {sql}", params)
        plan = rows[0][0]
        plan = json.loads(plan) if isinstance(plan, str) else plan
        return {str(n["Index Name"]) for n in _nodes(plan[0]["Plan"]) if "Index Name" in n}
    rows = await store._db.fetchall(f"EXPLAIN QUERY PLAN {sql}", params)
    steps = (_SQLITE_STEP.match(str(row["detail"])) for row in rows)
    return {step.group(3) for step in steps if step is not None and step.group(3)}


async def _history(store: Store) -> None:
    """Finished games (with the posts they queued) copied thousands of times over many servers
    and people, running games copied hundreds of times, and the planner's statistics gathered."""
    for kind, seed in (("fish", 3), ("ultimatum", 4)):
        await clone(store, await played(store, kind, seed), FINISHED, guilds=300, people=5000)
    running = await played(store, "fish", 5, moves=3)
    await clone(store, running, RUNNING, guilds=300, people=5000)
    await store._db.write_one("ANALYZE")


async def _boards(store: Store, guild_id: int, asker: int) -> None:
    """RATED people (and the asker, midway) rated on a server's board and the global one, with
    many equal ratings, each board's count row, and the planner's statistics gathered again."""
    people = [(10**9 + k, k % 40, k) for k in range(RATED)] + [(asker, 20, RATED)]
    rows = [
        (guild, season, "fish", f"u{user}", user, 25.0, 3.0, rating, rating - k % 7 * 0.5,
         1 + k % 5, k % 3, 1)
        for user, rating, k in people
        for guild, season in ((guild_id, 1), (0, 0))
    ]  # fmt: skip
    async with store._db.transaction() as conn:
        await conn.executemany(
            f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        await conn.execute("DELETE FROM board_sizes")
        await conn.execute(COUNT_BOARDS)
    await store._db.write_one("ANALYZE")


async def test_turns_ticks_and_renewals_read_no_history_end_to_end(
    target: Path | str,
    clock: Clock,
    fake_discord: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A person plays a computer player through the stand-in on a database with 3,000 finished
    games, then lists games and reads boards: no statement the bot runs for it scans games,
    seats, results, outbox or ratings, and the action rows are those of running games only."""
    fake = fake_discord
    store = await Store.open(target)
    try:
        await _history(store)
        recorder = record(monkeypatch)
        settings = replace(
            load_settings({**fake.env(), "DATABASE_PATH": "unused"}, dotenv=False),
            lease_seconds=1.5,
            ai_budget=0.05,
        )
        bot = PenguinBot(settings, store=store, guild_ready_timeout=0.05)
        async with run_client(fake, bot):
            await fake.wait_for_bot()
            await settle(bot)
            recorder.on = True
            alice = fake.user("alice")
            await fake.invoke(alice, "/fish new", players=2, bots=1, level=1)
            thread = await fake.wait_for_thread(fake.channel("games"))
            game_id = max(r.id for r in await store.games_of_user(alice.id))
            turns = 0
            while turns < 4:
                record_, game = await load_game(store, game_id)
                if record_.to_move_user != alice.id or game is None:
                    await asyncio.sleep(0.05)  # the computer is thinking
                    continue
                await fish_step(fake, alice, thread, game.phase)
                turns += 1
            await settle(bot)
            await asyncio.sleep(1.2)  # the leases are renewed (every half second here)
            await _boards(store, fake.guild.id, alice.id)
            for show, page in (("all", 1), ("mine", 1), ("my-turn", 2), ("all", 3)):
                await fake.invoke(alice, "/game list", show=show, page=page)
            await fake.invoke(alice, "/game mine")
            for scope in ("server", "global"):
                await fake.invoke(alice, "/ratings leaderboard", scope=scope)
                await fake.invoke(alice, "/ratings leaderboard", scope=scope, page=150)
            recorder.on = False
        seen = recorder.seen
        assert any("claimed_until = :until WHERE claimed_by = :me" in s for s in seen)
        assert any("due_at <= :now" in s for s in seen)
        assert any(s.startswith("INSERT INTO actions") for s in seen)
        assert any("FROM board_sizes" in s for s in seen)
        assert any("games.id > ?" in s for s in seen)
        partial = await _partial_indexes(store)
        scans = {
            sql: found
            for sql, params in seen.items()
            if not sql.lstrip().upper().startswith(("PRAGMA", "ANALYZE"))
            and (found := await scans_of(store, sql, params, partial))
        }
        assert scans == {}
        # /game mine reads the asker's open seats, not every seat they ever had.
        mine = [(sql, params) for sql, params in seen.items() if "ended = 0" in sql]
        assert mine
        for sql, params in mine:
            assert "seats_open_by_user" in await indexes_of(store, sql, params), sql
        ended = await store._db.fetchall(
            "SELECT count(*) AS n FROM actions JOIN games ON games.id = actions.game_id "
            "WHERE games.status <> 'active'"
        )
        assert ended[0]["n"] == 0
    finally:
        await store.close()
