"""Per-user and per-server settings: defaults, changes, validation, persistence."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import GuildSettings, InvalidValue, Store, UserSettings
from tests.store.conftest import Clock, open_store


async def test_user_defaults_and_changes(target: Path | str, clock: Clock) -> None:
    """Unknown users have the defaults; changes keep what is not mentioned and persist."""
    async with await open_store(target, clock) as store:
        assert await store.user_settings(7) == UserSettings(7)
        changed = await store.update_user_settings(7, notify_dm=False, language="de")
        assert changed == UserSettings(7, notify_dm=False, language="de")
        changed = await store.update_user_settings(7, dms_closed=True)
        assert changed == UserSettings(7, notify_dm=False, dms_closed=True, language="de")
        await store.note_locale(7, "de")
        await store.note_locale(8, "fr")
    async with await open_store(target, clock) as store:
        assert await store.user_settings(7) == UserSettings(
            7, notify_dm=False, dms_closed=True, language="de", locale="de"
        )
        assert await store.user_settings(8) == UserSettings(8, locale="fr")
        reset = await store.update_user_settings(7, language=None)
        assert reset.language is None and reset.notify_dm is False


async def test_guild_defaults_and_changes(store: Store) -> None:
    """Servers start with the bot's defaults (None); None resets a setting."""
    assert await store.guild_settings(3) == GuildSettings(3)
    changed = await store.update_guild_settings(3, reminder_hours=12.0, language="fr")
    assert changed == GuildSettings(3, reminder_hours=12.0, language="fr")
    changed = await store.update_guild_settings(3, reminder_hours=None, timeout_days=2.5)
    assert changed == GuildSettings(3, timeout_days=2.5, language="fr")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"reminder_hours": 0.0}, "reminder_hours"),
        ({"reminder_hours": float("nan")}, "reminder_hours"),
        ({"reminder_hours": 24.0 * 31}, "reminder_hours"),
        ({"timeout_days": -2.0}, "timeout_days"),
        ({"timeout_days": 400.0}, "timeout_days"),
        ({"language": "xx"}, "language"),
    ],
)
async def test_invalid_guild_settings_change_nothing(
    store: Store, change: dict[str, object], code: str
) -> None:
    """Out-of-range values are refused with a specific code; the stored settings stay."""
    await store.update_guild_settings(3, reminder_hours=5.0)
    with pytest.raises(InvalidValue) as caught:
        await store.update_guild_settings(3, **change)  # type: ignore[arg-type]
    assert caught.value.code == code
    assert await store.guild_settings(3) == GuildSettings(3, reminder_hours=5.0)


async def test_invalid_user_language(store: Store) -> None:
    """Only languages the bot speaks."""
    with pytest.raises(InvalidValue) as caught:
        await store.update_user_settings(7, language="klingon")
    assert "en, de, fr" in caught.value.message
    assert await store.user_settings(7) == UserSettings(7)


async def test_meta_values_persist(target: Path | str, clock: Clock) -> None:
    """The bot's own key-value notes: unset is None, set overwrites, kept across restarts."""
    async with await open_store(target, clock) as store:
        assert await store.meta("commands:global") is None
        await store.set_meta("commands:global", "abc")
        await store.set_meta("commands:global", "def")
        await store.set_meta("other", "x")
    async with await open_store(target, clock) as store:
        assert await store.meta("commands:global") == "def"
        assert await store.meta("other") == "x"
