"""Opening the database: folder creation, connection settings, and clear errors at start."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.config import load_settings
from bot.store import Store, StoreOpenError
from bot.store.schema import LATEST
from tests.store.conftest import Clock, started


async def test_open_creates_the_folder_and_a_migrated_database(db_path: Path) -> None:
    """A missing folder is created; the new database is at the latest schema version."""
    assert not db_path.parent.exists()
    async with await Store.open(db_path) as store:
        assert db_path.exists()
        assert (await store.pragmas())["user_version"] == LATEST


async def test_connection_is_durable_and_checked(sqlite_store: Store) -> None:
    """WAL, synchronous=FULL (2), foreign keys on and a busy timeout, as SQLite reports them."""
    pragmas = await sqlite_store.pragmas()
    assert pragmas["journal_mode"] == "wal"
    assert pragmas["synchronous"] == 2
    assert pragmas["foreign_keys"] == 1
    assert pragmas["busy_timeout"] >= 1000


async def test_reopening_keeps_the_games(db_path: Path, clock: Clock) -> None:
    """What was stored is there after closing and opening again."""
    async with await Store.open(db_path, clock=clock) as store:
        record = await started(store)
    async with await Store.open(db_path, clock=clock) as store:
        again = await store.get_game(record.id)
    assert again == record


async def test_closing_twice_is_harmless(db_path: Path) -> None:
    """A second close (e.g. from two shutdown paths) does nothing."""
    store = await Store.open(db_path)
    await store.close()
    await store.close()


async def test_a_directory_is_not_a_database(tmp_path: Path) -> None:
    """A path naming a folder gives a clear error naming the path."""
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(tmp_path)
    assert caught.value.code == "cannot_open"
    assert str(tmp_path) in caught.value.message


async def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    """A file of something else is refused at start, and left as it was."""
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"this is not a database, just some text " * 100)
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(path)
    assert caught.value.code == "cannot_open"
    assert "not a database" in caught.value.message
    assert path.read_bytes().startswith(b"this is not a database")


async def test_a_folder_that_cannot_be_created(tmp_path: Path) -> None:
    """A database path below a plain file cannot get its folder: a clear error."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(blocker / "sub" / "penguins.sqlite3")
    assert caught.value.code == "cannot_open"
    assert "folder" in caught.value.message


def journal_mode(path: Path) -> str:
    """The journal mode recorded in a database file (reading it changes nothing)."""
    conn = sqlite3.connect(path)
    try:
        return str(conn.execute("PRAGMA journal_mode").fetchone()[0])
    finally:
        conn.close()


def file_state(path: Path) -> tuple[bytes, str, list[str]]:
    """A database file's bytes, its journal mode and the files beside it (-wal, -shm)."""
    beside = sorted(p.name for p in path.parent.iterdir() if p.name != path.name)
    return path.read_bytes(), journal_mode(path), beside


@pytest.mark.parametrize("journal", ["wal", "delete"])
async def test_a_database_newer_than_the_code(db_path: Path, journal: str) -> None:
    """A schema version above ours: refused with both versions in the message, and the file
    left exactly as it was — bytes, version and journal mode (a rollback-journal database is
    not switched to WAL)."""
    async with await Store.open(db_path):
        pass
    conn = sqlite3.connect(db_path)
    try:
        conn.execute(f"PRAGMA journal_mode = {journal}")
        conn.execute(f"PRAGMA user_version = {LATEST + 3}")
    finally:
        conn.close()
    before = file_state(db_path)
    assert before[1] == journal
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(db_path)
    assert caught.value.code == "schema_too_new"
    assert str(LATEST + 3) in caught.value.message and str(LATEST) in caught.value.message
    assert file_state(db_path) == before
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST + 3


async def test_someone_elses_database_is_left_alone(tmp_path: Path) -> None:
    """An SQLite file with other tables and no schema version is not taken over: its tables,
    bytes and (rollback) journal mode stay as they were."""
    path = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(path)
    try:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
        conn.commit()
    finally:
        conn.close()
    before = file_state(path)
    assert before[1] == "delete" and before[2] == []
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(path)
    assert caught.value.code == "not_ours"
    assert file_state(path) == before
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"invoices"}


async def test_from_settings_uses_the_configured_path_and_defaults(tmp_path: Path) -> None:
    """DATABASE_PATH, REMINDER_HOURS and TIMEOUT_DAYS from the settings reach the store."""
    settings = load_settings(
        {
            "DISCORD_TOKEN": "t",
            "DATABASE_PATH": str(tmp_path / "db" / "games.sqlite3"),
            "REMINDER_HOURS": "6",
            "TIMEOUT_DAYS": "2",
        }
    )
    async with await Store.from_settings(settings) as store:
        assert store.path == str(tmp_path / "db" / "games.sqlite3")
        record = await started(store)
    assert record.reminder_hours == 6 and record.timeout_days == 2


def test_the_default_database_is_git_ignored() -> None:
    """The default path is data/penguins.sqlite3, which .gitignore keeps out of the repository."""
    settings = load_settings({"DISCORD_TOKEN": "t"})
    assert settings.database.parts[-2:] == ("data", "penguins.sqlite3")
    root = Path(__file__).resolve().parents[2]
    patterns = (root / ".gitignore").read_text().split()
    assert "*.sqlite3" in patterns and "*.sqlite3-*" in patterns
