"""Leaving, cancelling and withdrawing tables, following games and turn DMs, reminders
(bot.play.lobby, bot.play.follow, bot.play.notices): the use cases the cogs call once, on a
real store. A refusal changes nothing."""

from __future__ import annotations

import pytest

from bot.play.follow import follow, set_notify
from bot.play.lobby import TableRefused, cancel, create_game, join, leave, withdraw
from bot.play.notices import remind
from bot.store import LobbyError, NewGame, OutboxDraft, Store
from bot.texts.announce import cancel_draft
from tests.store.conftest import CHANNEL, GUILD, USERS, started

CREATOR, OTHER, STRANGER = USERS[0], USERS[1], USERS[3]


async def _lobby(store: Store, players: int = 3) -> int:
    record = await create_game(
        store,
        NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=CREATOR, players=players),
    )
    return record.id


async def test_leaving_a_lobby_frees_the_seat(store: Store) -> None:
    game_id = await _lobby(store)
    record = await join(store, game_id, OTHER)
    assert OTHER in record.user_ids
    record = await leave(store, game_id, OTHER)
    assert list(record.user_ids) == [CREATOR]
    assert record.status == "lobby"


async def test_the_last_person_leaving_cancels_the_lobby(store: Store) -> None:
    game_id = await _lobby(store)
    assert (await leave(store, game_id, CREATOR)).status == "cancelled"


async def test_a_started_game_cannot_be_left_and_stays_as_it_was(store: Store) -> None:
    record = await started(store)
    with pytest.raises(LobbyError) as refused:
        await leave(store, record.id, OTHER)
    assert refused.value.code == "started"
    after = await store.get_game(record.id)
    assert (after.status, after.version, after.user_ids) == (
        "active",
        record.version,
        record.user_ids,
    )


async def test_only_the_creator_or_a_manager_cancels(store: Store) -> None:
    game_id = await _lobby(store)
    with pytest.raises(TableRefused) as refused:
        await cancel(store, game_id, STRANGER)
    assert (refused.value.code, refused.value.game_id) == ("not_allowed", game_id)
    assert (await store.get_game(game_id)).status == "lobby"
    assert (await cancel(store, game_id, STRANGER, manager=True)).status == "cancelled"
    other = await _lobby(store)
    assert (await cancel(store, other, CREATOR)).status == "cancelled"


async def test_a_cancel_queues_its_post_with_the_change(store: Store) -> None:
    record = await started(store)

    def told(changed: object) -> list[OutboxDraft]:
        return [cancel_draft(record, "en")]

    await cancel(store, record.id, CREATOR, announce=told)
    texts = [e.payload.get("text") for e in await store.pending()]
    assert f"Game #{record.id} was cancelled." in texts


async def test_a_finished_or_cancelled_game_cannot_be_cancelled_again(store: Store) -> None:
    game_id = await _lobby(store)
    await cancel(store, game_id, CREATOR)
    with pytest.raises(LobbyError) as refused:
        await cancel(store, game_id, CREATOR)
    assert refused.value.code == "cancelled"


async def test_an_unposted_table_is_withdrawn(store: Store) -> None:
    game_id = await _lobby(store)
    assert (await withdraw(store, game_id)).status == "cancelled"


async def test_following_is_kept_once_and_reopens_direct_messages(store: Store) -> None:
    record = await started(store)
    await store.update_user_settings(STRANGER, dms_closed=True)
    assert await follow(store, record.id, STRANGER, "de", True) is True
    assert await follow(store, record.id, STRANGER, "de", True) is False
    assert await store.followers(record.id, "turns") == [STRANGER]
    settings = await store.user_settings(STRANGER)
    assert (settings.dms_closed, settings.locale) == (False, "de")
    assert await follow(store, record.id, STRANGER, "de", True, "results") is True
    assert await store.followers(record.id, "turns") == []
    assert await follow(store, record.id, STRANGER, "de", False) is True
    assert await follow(store, record.id, STRANGER, "de", False) is False
    assert await store.followers(record.id) == []


async def test_stopping_to_follow_leaves_closed_direct_messages_closed(store: Store) -> None:
    record = await started(store)
    await store.update_user_settings(STRANGER, dms_closed=True)
    await follow(store, record.id, STRANGER, "fr", False)
    assert (await store.user_settings(STRANGER)).dms_closed is True


async def test_a_game_that_is_over_cannot_be_followed(store: Store) -> None:
    game_id = await _lobby(store)
    await cancel(store, game_id, CREATOR)
    with pytest.raises(LobbyError) as refused:
        await follow(store, game_id, STRANGER, "en", True)
    assert refused.value.code == "not_running"
    assert await store.followers(game_id) == []


async def test_turn_direct_messages_are_opt_in_and_opt_out(store: Store) -> None:
    await store.update_user_settings(OTHER, dms_closed=True)
    settings = await set_notify(store, OTHER, "fr", True)
    assert (settings.notify_dm, settings.dms_closed, settings.locale) == (True, False, "fr")
    settings = await set_notify(store, OTHER, "fr", False)
    assert settings.notify_dm is False
    assert (await store.user_settings(OTHER)).notify_dm is False


async def test_a_reminder_goes_out_while_the_turn_waits(store: Store) -> None:
    record = await started(store)
    draft = OutboxDraft(kind="text", payload={"text": "ping"}, channel_id=CHANNEL)
    assert await remind(store, record, [draft]) is None
    assert [e.payload for e in await store.pending()] == [{"text": "ping"}]


async def test_a_reminder_read_before_a_change_is_not_sent(store: Store) -> None:
    record = await started(store)
    draft = OutboxDraft(kind="text", payload={"text": "ping"}, channel_id=CHANNEL)
    await cancel(store, record.id, CREATOR)
    assert await remind(store, record, [draft]) is not None
    assert [e.payload for e in await store.pending()] == []
