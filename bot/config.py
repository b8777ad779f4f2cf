"""Settings from the environment (and a ``.env`` file beside the project, if present)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

PROJECT_ROOT = Path(__file__).resolve().parent.parent

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
    language: str


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


def load_settings(env: dict[str, str] | None = None, *, dotenv: bool = True) -> Settings:
    """Read the settings; raise ConfigError with a helpful message when one is unusable."""
    if env is None:
        if dotenv:
            load_dotenv(PROJECT_ROOT / ".env")
        env = dict(os.environ)
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(TOKEN_HELP)
    database = Path(env.get("DATABASE_PATH") or PROJECT_ROOT / "data" / "penguins.sqlite3")
    if not database.is_absolute():
        database = PROJECT_ROOT / database
    sync = (env.get("SYNC_COMMANDS") or "auto").strip().lower()
    if sync not in ("auto", "always", "never"):
        raise ConfigError("SYNC_COMMANDS must be auto, always or never")
    language = (env.get("DEFAULT_LANGUAGE") or "en").strip()
    if language not in ("en", "de", "fr"):
        raise ConfigError("DEFAULT_LANGUAGE must be en, de or fr")
    workers = _int("AI_WORKERS", env.get("AI_WORKERS"))
    return Settings(
        token=token,
        database=database,
        dev_guild_id=_int("DEV_GUILD_ID", env.get("DEV_GUILD_ID")),
        sync_commands=sync,
        log_level=(env.get("LOG_LEVEL") or "INFO").upper(),
        api_base=env.get("DISCORD_API_BASE") or None,
        gateway_url=env.get("DISCORD_GATEWAY_URL") or None,
        reminder_hours=_float("REMINDER_HOURS", env.get("REMINDER_HOURS"), 24.0),
        timeout_days=_float("TIMEOUT_DAYS", env.get("TIMEOUT_DAYS"), 7.0),
        ai_workers=workers if workers and workers > 0 else 1,
        language=language,
    )
