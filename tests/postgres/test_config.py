"""The settings for several processes: DATABASE_URL, SHARD_COUNT, SHARD_IDS, LEASE_SECONDS."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, load_settings


def settings(**env: str) -> object:
    return load_settings({"DISCORD_TOKEN": "t", **env}, dotenv=False)


def test_without_them_one_process_on_sqlite() -> None:
    plain = load_settings({"DISCORD_TOKEN": "t"}, dotenv=False)
    assert plain.database_url is None and not plain.sharded and plain.shard_ids is None
    assert plain.lease_seconds == 60.0


def test_shards_and_postgres_are_read() -> None:
    read = load_settings(
        {
            "DISCORD_TOKEN": "t",
            "DATABASE_URL": "postgresql://u:p@db:5432/penguin",
            "SHARD_COUNT": "4",
            "SHARD_IDS": "3, 1",
            "LEASE_SECONDS": "20",
        },
        dotenv=False,
    )
    assert read.database_url == "postgresql://u:p@db:5432/penguin"
    assert read.sharded and read.shard_count == 4 and read.shard_ids == (1, 3)
    assert read.lease_seconds == 20.0
    assert load_settings({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2"}, dotenv=False).shard_ids is None


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"DATABASE_URL": "mysql://x"}, "PostgreSQL URL"),
        ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "1 or more"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "from 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "a"}, "separated by commas"),
    ],
)
def test_mistakes_say_how_to_fix_them(env: dict[str, str], says: str) -> None:
    with pytest.raises(ConfigError, match=says):
        settings(**env)
