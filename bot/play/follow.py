"""Direct messages a person asks for: following a game (``/game follow``) and being told of
their own turns (``/game notify``). Asking for either also asks to be tried again where direct
messages were refused once."""

from __future__ import annotations

from bot.store import Store, UserSettings
from bot.store.follows import Hears


async def follow(
    store: Store, game_id: int, user_id: int, locale: str, on: bool, what: Hears = "turns"
) -> bool:
    """Start (or with ``on`` False stop) following a game, hearing ``what``; True if that
    changed anything. LobbyError ``not_running`` for a game that is over."""
    # The locale is kept first: the messages to come are written in the follower's language.
    await store.note_locale(user_id, locale)
    changed = await store.follow(game_id, user_id, on, what)
    if on:
        await store.update_user_settings(user_id, dms_closed=False)
    return changed


async def set_notify(store: Store, user_id: int, locale: str, on: bool) -> UserSettings:
    """Turn a person's 'your turn' direct messages on or off; their settings as now stored."""
    await store.note_locale(user_id, locale)
    return await store.update_user_settings(user_id, notify_dm=on, dms_closed=False)
