"""One rematch per finished game, kept by the database, not by a process's memory."""

from __future__ import annotations

import asyncio

import pytest

from bot.play.lobby import create_game
from bot.store import LobbyError, NewGame, Store
from tests.store.conftest import CHANNEL, GUILD, USERS, play_random, started


async def _rematch(store: Store, old: int) -> int:
    record = await create_game(
        store,
        NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=USERS[1], rematch_of=old),
    )
    return record.id


async def test_a_second_rematch_is_refused(store: Store) -> None:
    old = await started(store)
    new = await _rematch(store, old.id)
    with pytest.raises(LobbyError) as caught:
        await _rematch(store, old.id)
    assert caught.value.code == "rematch_taken" and caught.value.params["game_id"] == old.id
    found = await store.rematch_of(old.id)
    assert found is not None and found.id == new and found.rematch_of == old.id


async def test_twenty_at_once_open_exactly_one(store: Store) -> None:
    old = await started(store)
    results = await asyncio.gather(
        *(_rematch(store, old.id) for _ in range(20)), return_exceptions=True
    )
    opened = [r for r in results if isinstance(r, int)]
    refused = [r for r in results if isinstance(r, LobbyError) and r.code == "rematch_taken"]
    assert len(opened) == 1 and len(refused) == 19
    assert len(await store.games_in_channel(CHANNEL, ("lobby",))) == 1


async def test_a_cancelled_rematch_frees_the_place(store: Store) -> None:
    import random

    old = await started(store)
    await play_random(store, old.id, random.Random(3))
    first = await _rematch(store, old.id)
    await store.cancel(first)
    assert await store.rematch_of(old.id) is None
    second = await _rematch(store, old.id)
    found = await store.rematch_of(old.id)
    assert found is not None and found.id == second != first
