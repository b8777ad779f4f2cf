"""Lobbies: create, join, leave, computer seats, start (random seat order F-5/U-10), cancel."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import new_game
from bot.games.base import seat_order
from bot.play.games import load_game
from bot.play.lobby import Announce, add_computer, create_game
from bot.play.lobby import join as join_game
from bot.play.lobby import start as start_game
from bot.store import GameRecord, InvalidValue, LobbyError, NewGame, OutboxDraft, Store, StoreError
from tests.store.conftest import CHANNEL, GUILD, START, USERS, Clock, started


async def lobby(
    store: Store, players: int = 3, announce: Announce | None = None, **kwargs: Any
) -> GameRecord:
    """A lobby of ``players`` seats opened by USERS[0]."""
    new = NewGame(
        "fish",
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator_id=USERS[0],
        players=players,
        seed=5,
        **kwargs,
    )
    return await create_game(store, new, announce=announce)


async def test_create_seats_the_creator(store: Store) -> None:
    """A new lobby: status lobby, version 0 bumped once, creator in slot 0, no engine game."""
    record = await lobby(store)
    assert record.status == "lobby"
    assert record.kind == "fish" and record.guild_id == GUILD and record.channel_id == CHANNEL
    assert record.max_players == 3 and record.seed == 5
    assert [(s.slot, s.user_id, s.seat) for s in record.seats] == [(0, USERS[0], None)]
    assert record.created_at.timestamp() == START
    loaded, game = await load_game(store, record.id)
    assert loaded == record and game is None


async def test_game_ids_are_short_and_increasing(store: Store) -> None:
    """Public game ids are small integers, one more per game."""
    first = await lobby(store)
    second = await lobby(store)
    assert (first.id, second.id) == (1, 2)


async def test_join_fills_the_lobby_and_starts_it(store: Store, clock: Clock) -> None:
    """Joining the last free seat starts the game in the same step (DESIGN: starts once full)."""
    record = await lobby(store, players=3)
    record = await join_game(store, record.id, USERS[1])
    assert record.status == "lobby" and record.user_ids == USERS[:2]
    clock.advance(60)
    record = await join_game(store, record.id, USERS[2])
    assert record.status == "active"
    assert sorted(s.seat for s in record.seats if s.seat is not None) == [0, 1, 2]
    assert record.to_move_seat == 0
    assert record.turn_started_at is not None and record.turn_started_at.timestamp() == clock.now
    loaded, game = await load_game(store, record.id)
    assert loaded == record
    assert game is not None and game.players == 3 and game.seed == 5 and game.log == []


async def test_join_errors_change_nothing(store: Store) -> None:
    """Joining twice, a full, started, missing or cancelled game: specific errors, no change."""
    record = await lobby(store, players=2)
    with pytest.raises(LobbyError) as twice:
        await join_game(store, record.id, USERS[0])
    assert twice.value.code == "already_seated"
    assert await store.get_game(record.id) == record
    started_record = await join_game(store, record.id, USERS[1])
    with pytest.raises(LobbyError) as late:
        await join_game(store, record.id, USERS[2])
    assert late.value.code == "started"
    assert await store.get_game(record.id) == started_record
    with pytest.raises(StoreError) as missing:
        await join_game(store, 999, USERS[2])
    assert missing.value.code == "no_game" and "#999" in missing.value.message


async def test_computer_players_take_seats(store: Store) -> None:
    """Computer seats have no user and a level; creator plus computers filling up start at once."""
    record = await lobby(store, players=3, bots=1, bot_level=2)
    computers = [s for s in record.seats if s.is_computer]
    assert [(s.user_id, s.bot_level) for s in computers] == [(None, 2)]
    record = await add_computer(store, record.id, level=3)
    assert record.status == "active"
    assert sorted(s.bot_level or 0 for s in record.seats) == [0, 2, 3]
    full = await lobby(store, players=2, bots=1)
    assert full.status == "active"


async def test_invalid_table_sizes_are_refused(store: Store) -> None:
    """Players outside 2–4, no room for the creator, a bad level or kind: clear errors."""
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": 1}, "players"),
        ({"players": 5}, "players"),
        ({"players": 3, "bots": 3}, "bots"),
        ({"players": 3, "bots": -1}, "bots"),
        ({"players": 3, "bots": 1, "bot_level": 0}, "bot_level"),
        ({"reminder_hours": 0.0}, "reminder_hours"),
        ({"timeout_days": -1.0}, "timeout_days"),
    ]
    for kwargs, code in cases:
        with pytest.raises(InvalidValue) as caught:
            await lobby(store, **kwargs)
        assert caught.value.code == code, kwargs
    with pytest.raises(InvalidValue) as seed:
        await create_game(
            store, NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=1, seed=-1)
        )
    assert seed.value.code == "seed"
    with pytest.raises(InvalidValue) as dm:
        no_guild: Any = None  # what Discord reports for a DM
        await create_game(
            store, NewGame("fish", guild_id=no_guild, channel_id=CHANNEL, creator_id=1)
        )
    assert dm.value.code == "guild"
    with pytest.raises(InvalidValue) as kind:
        await create_game(store, NewGame("chess", guild_id=GUILD, channel_id=CHANNEL, creator_id=1))
    assert kind.value.code == "kind"
    assert await store.games_in_channel(CHANNEL) == []


async def test_engine_options_are_checked_by_the_engine(store: Store) -> None:
    """Unknown or invalid options are refused at creation (U-4: sides 5 to 15)."""
    with pytest.raises(InvalidValue) as unknown:
        await create_game(
            store,
            NewGame(
                "fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=1, options={"colour": "red"}
            ),
        )
    assert unknown.value.code == "options" and "colour" in unknown.value.message
    with pytest.raises(InvalidValue):
        await create_game(
            store,
            NewGame(
                "ultimatum", guild_id=GUILD, channel_id=CHANNEL, creator_id=1, options={"width": 40}
            ),
        )
    record = await create_game(
        store,
        NewGame(
            "ultimatum",
            guild_id=GUILD,
            channel_id=CHANNEL,
            creator_id=USERS[0],
            options={"width": 7, "height": 11},
        ),
    )
    record = await join_game(store, record.id, USERS[1])
    _, game = await load_game(store, record.id)
    assert game is not None
    assert game.to_dict()["options"] == {"width": 7, "height": 11, "fixed_setup": False}


async def test_leave_and_creator_handover(store: Store) -> None:
    """A leaving creator hands the lobby to the next person; the last person leaving cancels."""
    record = await lobby(store, players=4, bots=1)
    record = await join_game(store, record.id, USERS[1])
    record = await store.leave(record.id, USERS[0])
    assert record.status == "lobby" and record.creator_id == USERS[1]
    assert record.user_ids == (USERS[1],)
    with pytest.raises(LobbyError) as not_seated:
        await store.leave(record.id, USERS[0])
    assert not_seated.value.code == "not_seated"
    record = await store.leave(record.id, USERS[1])
    assert record.status == "cancelled" and record.user_ids == ()


async def test_leaving_a_started_game_is_refused(store: Store) -> None:
    """Seats are fixed once the game runs."""
    record = await started(store)
    with pytest.raises(LobbyError) as caught:
        await store.leave(record.id, USERS[0])
    assert caught.value.code == "started"


async def test_start_needs_the_creator_and_two_players(store: Store) -> None:
    """Only the creator starts early, and only with at least two seated."""
    record = await lobby(store, players=4)
    with pytest.raises(LobbyError) as alone:
        await start_game(store, record.id, by=USERS[0])
    assert alone.value.code == "too_few"
    record = await join_game(store, record.id, USERS[1])
    with pytest.raises(LobbyError) as other:
        await start_game(store, record.id, by=USERS[1])
    assert other.value.code == "not_creator"
    assert (await store.get_game(record.id)).status == "lobby"
    record = await start_game(store, record.id, by=USERS[0])
    assert record.status == "active" and len(record.seats) == 2
    with pytest.raises(LobbyError) as again:
        await start_game(store, record.id)
    assert again.value.code == "started"


async def test_seat_order_comes_from_the_seed(store: Store) -> None:
    """F-5, U-10: the seating is a random permutation, fixed by the game's seed."""
    orders = set()
    for seed in range(40):
        record = await started(store, players=4, seed=seed)
        by_slot = tuple(s.seat for s in sorted(record.seats, key=lambda s: s.slot))
        assert by_slot == tuple(seat_order(seed, 4))
        orders.add(by_slot)
    assert len(orders) > 10  # not always the joining order
    assert seat_order(3, 4) == seat_order(3, 4)


async def test_the_started_game_is_the_engine_game_of_the_seed(store: Store) -> None:
    """The stored game is exactly new_game(kind, players, seed, options)."""
    record = await started(store, "ultimatum", players=3, seed=42)
    _, game = await load_game(store, record.id)
    assert game is not None
    assert game.to_dict() == new_game("ultimatum", 3, 42, {}).to_dict()


async def test_cancel(store: Store) -> None:
    """Lobbies and running games can be cancelled; nobody is to move any more."""
    record = await started(store)
    assert record.next_reminder_at is not None
    record = await store.cancel(record.id)
    assert record.status == "cancelled"
    assert record.to_move_seat is None and record.next_reminder_at is None
    with pytest.raises(LobbyError) as again:
        await store.cancel(record.id)
    assert again.value.code == "cancelled"


async def test_threads(store: Store) -> None:
    """A thread belongs to one game; setting it does not bump the game's version."""
    first = await lobby(store)
    second = await lobby(store)
    updated = await store.set_thread(first.id, 555)
    assert updated.thread_id == 555 and updated.version == first.version
    assert await store.game_of_thread(555) == updated
    with pytest.raises(StoreError) as taken:
        await store.set_thread(second.id, 555)
    assert taken.value.code == "thread_taken"
    assert (await store.get_game(second.id)).thread_id is None


async def test_posts_queued_before_the_thread_go_to_the_thread_in_order(store: Store) -> None:
    """A post queued while the game had no thread joins the thread's queue when the thread is
    set, so it cannot be overtaken by a post queued afterwards (one destination, one order);
    another game's posts to the channel stay where they are."""

    def announce(record: GameRecord) -> list[OutboxDraft]:
        return [OutboxDraft("lobby", {"seats": 1}, channel_id=CHANNEL, game_id=record.id)]

    first = await lobby(store, announce=announce)
    other = await lobby(store, announce=announce)
    await store.set_thread(first.id, 777)
    entries = await store.pending()
    assert [(e.game_id, e.channel_id) for e in entries] == [(first.id, 777), (other.id, CHANNEL)]


async def test_lobby_announcements_are_queued_with_the_change(store: Store) -> None:
    """``announce`` sees the changed record and its messages commit with the change."""
    seen: list[GameRecord] = []

    def announce(record: GameRecord) -> list[OutboxDraft]:
        seen.append(record)
        return [OutboxDraft("lobby", {"seats": len(record.seats)}, channel_id=record.channel_id)]

    record = await lobby(store, announce=announce)
    await join_game(store, record.id, USERS[1], announce=announce)
    assert [len(r.seats) for r in seen] == [1, 2]
    assert [dict(e.payload) for e in await store.pending()] == [{"seats": 1}, {"seats": 2}]
    assert store.outbox_ready.is_set()


async def test_a_failing_announcement_undoes_the_change(store: Store) -> None:
    """If building the messages fails, the join is not stored either."""
    record = await lobby(store)

    def broken(record: GameRecord) -> list[OutboxDraft]:
        raise RuntimeError("renderer crashed")

    with pytest.raises(RuntimeError):
        await join_game(store, record.id, USERS[1], announce=broken)
    assert await store.get_game(record.id) == record
    assert await store.pending() == []


async def test_guild_settings_give_new_games_their_timing(store: Store) -> None:
    """Game argument beats the server's setting, which beats the bot's default."""
    default = await lobby(store)
    assert (default.reminder_hours, default.timeout_days) == (24.0, 7.0)
    await store.update_guild_settings(GUILD, reminder_hours=6.0, timeout_days=3.0)
    from_guild = await lobby(store)
    assert (from_guild.reminder_hours, from_guild.timeout_days) == (6.0, 3.0)
    own = await lobby(store, reminder_hours=1.5)
    assert (own.reminder_hours, own.timeout_days) == (1.5, 3.0)


async def test_display_names_ride_on_the_seats(store: Store) -> None:
    """Names given at creation and join are kept on the seats; computers have none."""
    record = await create_game(
        store,
        NewGame(
            "fish",
            guild_id=GUILD,
            channel_id=CHANNEL,
            creator_id=USERS[0],
            creator_name="Pingu",
            players=3,
            bots=1,
        ),
    )
    record = await join_game(store, record.id, USERS[1], name="Pinga")
    assert [(s.user_id, s.name) for s in record.seats] == [
        (USERS[0], "Pingu"),
        (None, None),
        (USERS[1], "Pinga"),
    ]


async def test_lobby_message(store: Store) -> None:
    """The lobby message id is kept (without a version bump) and can be cleared."""
    record = await lobby(store)
    assert record.lobby_message_id is None
    updated = await store.set_lobby_message(record.id, 987654321987654321)
    assert updated.lobby_message_id == 987654321987654321 and updated.version == record.version
    assert (await store.get_game(record.id)).lobby_message_id == 987654321987654321
    assert (await store.set_lobby_message(record.id, None)).lobby_message_id is None
    with pytest.raises(StoreError) as missing:
        await store.set_lobby_message(404, 1)
    assert missing.value.code == "no_game"
