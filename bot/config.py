"""Settings from the environment (and a ``.env`` file beside the project, if present).

``ENV_FILE`` names another settings file (the tests point it at one of their own, so a
developer's ``.env`` never leaks into them); variables already in the environment win over it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

PROJECT_ROOT = Path(__file__).resolve().parent.parent
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

TOKEN_HELP = """\
No Discord bot token is set, so the bot cannot log in.

To get one:
  1. Open https://discord.com/developers/applications and choose "New Application".
  2. In "Bot", press "Reset Token" and copy the token.
  3. Put it in a file named .env in the project folder (copy .env.example):
         DISCORD_TOKEN=your-token-here
     or export DISCORD_TOKEN in your shell.
  4. Invite the bot with "OAuth2 → URL Generator": scopes "bot" and "applications.commands";
     permissions: Send Messages, Send Messages in Threads, Create Public Threads,
     Attach Files, Embed Links, Read Message History.
Then run `make run` again."""


class ConfigError(Exception):
    """A setting is missing or malformed; the message says how to fix it."""


#: Days of time away (/game away) a person may take per server and calendar month by default,
#: and the most a server may allow (or one request ask for).
AWAY_DAYS = 14
MOST_AWAY_DAYS = 31


@dataclass(frozen=True)
class Settings:
    """Everything the bot process can be configured with (see .env.example)."""

    token: str
    database: Path
    dev_guild_id: int | None
    sync_commands: str  # "auto": when the command tree changed; "always"; "never"
    log_level: str
    api_base: str | None  # only for the local Discord stand-in used by the tests
    gateway_url: str | None
    reminder_hours: float
    timeout_days: float
    ai_workers: int
    ai_budget: float  # seconds a computer player may think per move (hard uses it all)
    language: str
    #: Seconds before a post that failed for a passing reason is tried again (doubling each time).
    retry_seconds: float = 5.0
    #: Worker processes drawing pictures: one core is left to the event loop (and SQLite).
    #: (load_settings makes it all cores but one.)
    drawing_workers: int = 1
    #: Seconds the start may take to log in and connect before the bot gives up, saying why.
    connect_timeout: float = 120.0
    #: ``postgresql://…``: keep everything in PostgreSQL (several processes); None: SQLite.
    database_url: str | None = None
    #: Sharding: the total number of shards, and the ones this process runs (None: all of
    #: them). Both None: discord.py's plain single-shard client.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: Seconds a claimed background job (a game's due work, a queued post) stays this
    #: process's before another process may take it over.
    lease_seconds: float = 60.0
    #: Days of time away (/game away) a person may take per server and calendar month, where
    #: the server did not choose (0 to 31).
    away_days: int = AWAY_DAYS
    #: A file touched each time this process renews its leases (the event loop runs and the
    #: database answers): a container health check looks at its age. None: no file.
    heartbeat_file: Path | None = None

    @property
    def sharded(self) -> bool:
        """Whether this process runs a given set of shards (AutoShardedBot)."""
        return self.shard_count is not None


def default_drawing_workers(cores: int | None) -> int:
    """All cores but one for drawing, at least one: a drawing process that competes with the
    event loop for the last core slows every answer more than its pictures gain (measured by
    tests/bench/script_turns.py)."""
    return max(1, (cores or 1) - 1)


def _int(name: str, raw: str | None) -> int | None:
    if raw is None or raw.strip() == "":
        return None
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {raw!r}") from None


def _float(name: str, raw: str | None, default: float) -> float:
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, not {raw!r}") from None
    if value <= 0:
        raise ConfigError(f"{name} must be greater than 0")
    return value


def _away_days(raw: str | None) -> int:
    days = _int("AWAY_DAYS", raw)
    if days is None:
        return AWAY_DAYS
    if not 0 <= days <= MOST_AWAY_DAYS:
        raise ConfigError(f"AWAY_DAYS must be a whole number of days from 0 to {MOST_AWAY_DAYS}")
    return days


def database_path(env: Mapping[str, str]) -> Path:
    """The SQLite file ``DATABASE_PATH`` names (relative to the project folder)."""
    database = Path(env.get("DATABASE_PATH") or PROJECT_ROOT / "data" / "penguins.sqlite3")
    return database if database.is_absolute() else PROJECT_ROOT / database


def _database_url(raw: str | None) -> str | None:
    url = (raw or "").strip()
    if not url:
        return None
    if not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError(
            "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host:5432/db); "
            "leave it empty to keep the games in the SQLite file DATABASE_PATH"
        )
    return url


def _shards(
    count_raw: str | None, ids_raw: str | None
) -> tuple[int | None, tuple[int, ...] | None]:
    count = _int("SHARD_COUNT", count_raw)
    ids_text = (ids_raw or "").strip()
    if count is None:
        if ids_text:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT (the total number of shards)")
        return None, None
    if count < 1:
        raise ConfigError("SHARD_COUNT must be 1 or more")
    if not ids_text:
        return count, None
    try:
        ids = tuple(sorted({int(part) for part in ids_text.replace(" ", "").split(",") if part}))
    except ValueError:
        raise ConfigError(
            f"SHARD_IDS must be shard numbers separated by commas (e.g. 0,1), not {ids_raw!r}"
        ) from None
    if not ids or any(not 0 <= shard < count for shard in ids):
        raise ConfigError(f"SHARD_IDS must be numbers from 0 to {count - 1} (SHARD_COUNT − 1)")
    return count, ids


def configured_database() -> str | Path:
    """The database the bot would open, read from the environment or ``.env`` as the bot
    reads it: ``DATABASE_URL`` when set, else the SQLite file ``DATABASE_PATH``."""
    load_dotenv(env_file(os.environ))
    env = dict(os.environ)
    return _database_url(env.get("DATABASE_URL")) or database_path(env)


def load_settings(env: dict[str, str] | None = None, *, dotenv: bool = True) -> Settings:
    """Read the settings; raise ConfigError with a helpful message when one is unusable."""
    if env is None:
        if dotenv:
            load_dotenv(env_file(os.environ))
        env = dict(os.environ)
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(TOKEN_HELP)
    database = database_path(env)
    sync = (env.get("SYNC_COMMANDS") or "auto").strip().lower()
    if sync not in ("auto", "always", "never"):
        raise ConfigError("SYNC_COMMANDS must be auto, always or never")
    language = (env.get("DEFAULT_LANGUAGE") or "en").strip()
    if language not in ("en", "de", "fr"):
        raise ConfigError("DEFAULT_LANGUAGE must be en, de or fr")
    workers = _int("AI_WORKERS", env.get("AI_WORKERS"))
    drawing = _int("DRAWING_WORKERS", env.get("DRAWING_WORKERS"))
    if drawing is not None and drawing < 1:
        raise ConfigError("DRAWING_WORKERS must be 1 or more")
    shard_count, shard_ids = _shards(env.get("SHARD_COUNT"), env.get("SHARD_IDS"))
    log_level = (env.get("LOG_LEVEL") or "INFO").strip().upper()
    if log_level not in LOG_LEVELS:
        raise ConfigError("LOG_LEVEL must be one of " + ", ".join(LOG_LEVELS))
    return Settings(
        token=token,
        database=database,
        dev_guild_id=_int("DEV_GUILD_ID", env.get("DEV_GUILD_ID")),
        sync_commands=sync,
        log_level=log_level,
        api_base=env.get("DISCORD_API_BASE") or None,
        gateway_url=env.get("DISCORD_GATEWAY_URL") or None,
        reminder_hours=_float("REMINDER_HOURS", env.get("REMINDER_HOURS"), 24.0),
        timeout_days=_float("TIMEOUT_DAYS", env.get("TIMEOUT_DAYS"), 7.0),
        away_days=_away_days(env.get("AWAY_DAYS")),
        ai_workers=workers if workers and workers > 0 else 1,
        ai_budget=_float("AI_BUDGET_SECONDS", env.get("AI_BUDGET_SECONDS"), 2.0),
        language=language,
        retry_seconds=_float("OUTBOX_RETRY_SECONDS", env.get("OUTBOX_RETRY_SECONDS"), 5.0),
        drawing_workers=drawing or default_drawing_workers(os.cpu_count()),
        connect_timeout=_float(
            "CONNECT_TIMEOUT_SECONDS", env.get("CONNECT_TIMEOUT_SECONDS"), 120.0
        ),
        database_url=_database_url(env.get("DATABASE_URL")),
        shard_count=shard_count,
        shard_ids=shard_ids,
        lease_seconds=_float("LEASE_SECONDS", env.get("LEASE_SECONDS"), 60.0),
        heartbeat_file=Path(env["HEARTBEAT_FILE"]) if env.get("HEARTBEAT_FILE") else None,
    )


def env_file(env: Mapping[str, str]) -> Path:
    """The settings file to read: ``ENV_FILE`` if set, else ``.env`` in the project folder."""
    named = (env.get("ENV_FILE") or "").strip()
    if not named:
        return PROJECT_ROOT / ".env"
    path = Path(named).expanduser()
    path = path if path.is_absolute() else PROJECT_ROOT / path
    if not path.is_file():
        # A file asked for by name that is not there is a mistake, not "no settings file".
        raise ConfigError(f"ENV_FILE names {path}, which is not a file")
    return path
