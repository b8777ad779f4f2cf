"""Fixtures for the store tests: every ``store`` test runs on both backends — a real SQLite file
in a temporary folder and a fresh database on a real PostgreSQL (tests/pg.py) — with a settable
clock. ``sqlite_store`` is for the few tests about SQLite itself (pragmas, query plans)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.games.base import Game
from bot.play.games import load_game
from bot.play.lobby import create_game
from bot.play.lobby import join as join_game
from bot.play.turns import apply_action
from bot.store import GameRecord, NewGame, Store
from tests.pg import PostgresServer

GUILD = 100
CHANNEL = 200
USERS = (11, 12, 13, 14)
START = 1_700_000_000.0


class Clock:
    """A clock the tests move by hand (Unix seconds)."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def now_datetime(self) -> datetime:
        """The current time as an aware datetime."""
        return datetime.fromtimestamp(self.now, UTC)

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    """A clock standing at START."""
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the test's database lives (its folder does not exist yet)."""
    return tmp_path / "data" / "penguins.sqlite3"


@pytest.fixture
async def sqlite_store(db_path: Path, clock: Clock) -> AsyncIterator[Store]:
    """An open store on a fresh SQLite database file."""
    opened = await Store.open(db_path, clock=clock)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture(params=["sqlite", "postgresql"])
async def target(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Path | str]:
    """Where a fresh database is: an SQLite file's path, or a PostgreSQL database's URL."""
    if request.param == "sqlite":
        yield db_path
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    async with server.database() as url:
        yield url


async def open_store(target: Path | str, clock: Clock) -> Store:
    """Open a store on ``target`` (as another process or a restarted bot would)."""
    return await Store.open(target, clock=clock, pool_size=4)


@pytest.fixture
async def store(target: Path | str, clock: Clock) -> AsyncIterator[Store]:
    """An open store on a fresh database: an SQLite file, or a PostgreSQL database."""
    opened = await open_store(target, clock)
    try:
        yield opened
    finally:
        await opened.close()


async def started(
    store: Store,
    kind: str = "fish",
    players: int = 2,
    *,
    seed: int = 7,
    bots: int = 0,
    channel_id: int = CHANNEL,
    options: dict[str, object] | None = None,
    users: Sequence[int] = USERS,
) -> GameRecord:
    """A game created by ``users[0]`` and filled by the next users (so it has started)."""
    record = await create_game(
        store,
        NewGame(
            kind,
            guild_id=GUILD,
            channel_id=channel_id,
            creator_id=users[0],
            players=players,
            bots=bots,
            seed=seed,
            options=options or {},
        ),
    )
    for user in users[1 : players - bots]:
        record = await join_game(store, record.id, user)
    assert record.status == "active"
    return record


async def play_random(
    store: Store, game_id: int, rng: random.Random, moves: int | None = None
) -> tuple[GameRecord, Game]:
    """Play random legal actions through the store (all of them, or ``moves`` of them)."""
    record, game = await load_game(store, game_id)
    assert game is not None
    played = 0
    while not game.is_over and (moves is None or played < moves):
        seat = game.to_move
        assert seat is not None
        move = await apply_action(
            store, game_id, seat, rng.choice(game.legal_actions()), expected_version=record.version
        )
        record, game = move.record, move.game
        played += 1
    return record, game
