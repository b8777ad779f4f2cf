"""Per-user and per-server settings."""

from __future__ import annotations

import math
from enum import Enum
from typing import Any, Literal

from bot.config import MOST_AWAY_DAYS
from bot.store.connection import Connection
from bot.store.core import StoreCore
from bot.store.errors import InvalidValue
from bot.store.records import GuildSettings, UserSettings
from bot.store.rows import from_row

#: The languages the bot speaks (as in bot.config's DEFAULT_LANGUAGE).
LANGUAGES = ("en", "de", "fr")
MAX_REMINDER_HOURS = 24.0 * 30
MAX_TIMEOUT_DAYS = 365.0


class Keep(Enum):
    """Marks a setting the caller leaves as it is."""

    KEEP = "keep"


KEEP: Literal[Keep.KEEP] = Keep.KEEP


def check_reminder_hours(hours: float) -> float:
    """A valid reminder interval in hours (more than 0, at most 30 days)."""
    message = f"reminders must come after more than 0 and at most {MAX_REMINDER_HOURS:g} hours"
    return _above_zero(
        hours, MAX_REMINDER_HOURS, InvalidValue("reminder_hours", message, value=hours)
    )


def check_timeout_days(days: float) -> float:
    """A valid turn timeout in days (more than 0, at most a year)."""
    message = f"a turn may time out after more than 0 and at most {MAX_TIMEOUT_DAYS:g} days"
    return _above_zero(days, MAX_TIMEOUT_DAYS, InvalidValue("timeout_days", message, value=days))


def _above_zero(value: float, most: float, otherwise: InvalidValue) -> float:
    """``value`` if it is more than 0 and at most ``most``; else ``otherwise`` is raised."""
    if not math.isfinite(value) or not 0 < value <= most:
        raise otherwise
    return float(value)


def check_away_days(days: int) -> int:
    """A valid allowance of time away per month (0, none, to 31 days)."""
    if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= MOST_AWAY_DAYS:
        raise InvalidValue(
            "away_days",
            f"a server allows 0 to {MOST_AWAY_DAYS} whole days of time away a month",
            value=days,
        )
    return days


def check_language(language: str) -> str:
    """A language the bot speaks."""
    if language not in LANGUAGES:
        raise InvalidValue(
            "language",
            f"{language!r} is not a language I speak; choose one of {', '.join(LANGUAGES)}",
            value=language,
        )
    return language


async def read_guild_settings(conn: Connection, guild_id: int) -> GuildSettings:
    """A server's settings, read inside the caller's transaction."""
    rows = await conn.execute_fetchall(
        "SELECT guild_id, reminder_hours, timeout_days, language, away_days "
        "FROM guild_settings "
        "WHERE guild_id = ?",
        (guild_id,),
    )
    return from_row(GuildSettings, rows[0]) if rows else GuildSettings(guild_id)


class SettingsMixin(StoreCore):
    """Read and change user and server settings; absent rows mean the defaults."""

    async def user_settings(self, user_id: int) -> UserSettings:
        """A person's settings (the defaults if they never changed any)."""
        rows = await self._db.fetchall(
            "SELECT user_id, notify_dm, dms_closed, language, locale, global_board "
            "FROM user_settings "
            "WHERE user_id = ?",
            (user_id,),
        )
        return from_row(UserSettings, rows[0]) if rows else UserSettings(user_id)

    async def update_user_settings(
        self,
        user_id: int,
        *,
        notify_dm: bool | Literal[Keep.KEEP] = KEEP,
        dms_closed: bool | Literal[Keep.KEEP] = KEEP,
        language: str | Literal[Keep.KEEP] | None = KEEP,
        locale: str | Literal[Keep.KEEP] | None = KEEP,
        global_board: bool | Literal[Keep.KEEP] = KEEP,
    ) -> UserSettings:
        """Change some of a person's settings; ``language=None`` goes back to their locale."""
        changes: dict[str, Any] = {}
        if notify_dm is not KEEP:
            changes["notify_dm"] = int(notify_dm)
        if dms_closed is not KEEP:
            changes["dms_closed"] = int(dms_closed)
        if language is not KEEP:
            changes["language"] = None if language is None else check_language(language)
        if locale is not KEEP:
            changes["locale"] = locale
        if global_board is not KEEP:
            changes["global_board"] = int(global_board)
        await self._upsert("user_settings", "user_id", user_id, changes)
        return await self.user_settings(user_id)

    async def note_locale(self, user_id: int, locale: str) -> None:
        """Remember the Discord locale a person last used (cheap enough for every interaction)."""
        await self._upsert("user_settings", "user_id", user_id, {"locale": locale})

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings (all None if it never changed any)."""
        async with self._db.single() as conn:
            return await read_guild_settings(conn, guild_id)

    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        reminder_hours: float | Literal[Keep.KEEP] | None = KEEP,
        timeout_days: float | Literal[Keep.KEEP] | None = KEEP,
        language: str | Literal[Keep.KEEP] | None = KEEP,
        away_days: int | Literal[Keep.KEEP] | None = KEEP,
    ) -> GuildSettings:
        """Change a server's defaults for new games; None goes back to the bot's default."""
        changes: dict[str, Any] = {}
        if reminder_hours is not KEEP:
            changes["reminder_hours"] = (
                None if reminder_hours is None else check_reminder_hours(reminder_hours)
            )
        if timeout_days is not KEEP:
            changes["timeout_days"] = (
                None if timeout_days is None else check_timeout_days(timeout_days)
            )
        if language is not KEEP:
            changes["language"] = None if language is None else check_language(language)
        if away_days is not KEEP:
            changes["away_days"] = None if away_days is None else check_away_days(away_days)
        await self._upsert("guild_settings", "guild_id", guild_id, changes)
        return await self.guild_settings(guild_id)

    async def meta(self, key: str) -> str | None:
        """A value the bot keeps for itself (None if never set)."""
        rows = await self._db.fetchall("SELECT value FROM meta WHERE key = ?", (key,))
        return str(rows[0]["value"]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        """Keep a value for the bot itself under ``key``."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                "updated_at = excluded.updated_at",
                (key, value, self._now()),
            )

    async def _upsert(self, table: str, key: str, key_value: int, changes: dict[str, Any]) -> None:
        # Table and column names come from this module only, never from callers.
        columns = [*changes, "updated_at"]
        values = [*changes.values(), self._now()]
        names = ", ".join([key, *columns])
        marks = ", ".join("?" * (len(columns) + 1))
        updates = ", ".join(f"{c} = excluded.{c}" for c in columns)
        async with self._db.transaction() as conn:
            await conn.execute(
                f"INSERT INTO {table} ({names}) VALUES ({marks}) "
                f"ON CONFLICT ({key}) DO UPDATE SET {updates}",
                (key_value, *values),
            )
