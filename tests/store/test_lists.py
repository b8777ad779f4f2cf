"""``/game list`` and ``/game mine`` as the store pages them: a server's open games oldest
first, a page at a time (narrowed to a person's games or their turns), and a person's open games
on every server with their turns first, each with how many the whole list holds, on both
backends; finished and cancelled games and other servers' games are left out."""

from __future__ import annotations

import random

from bot.play.lobby import create_game
from bot.play.turns import truncate_log
from bot.store import GameRecord, NewGame, Store
from tests.store.conftest import CHANNEL, GUILD, USERS, Clock, play_random, started

PEOPLE = (*USERS, 15, 16)


async def _games(store: Store, clock: Clock) -> None:
    """Lobbies and running games of random pairs of people, some moved on, started at
    different times; a finished, a cancelled game and a lobby on another server beside them."""
    rng = random.Random(3)
    for number in range(17):
        clock.advance(rng.uniform(60, 3600))
        if number % 5 == 0:
            await create_game(
                store,
                NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=rng.choice(PEOPLE)),
            )
            continue
        record = await started(store, users=rng.sample(PEOPLE, 2), seed=number)
        if rng.random() < 0.5:
            await play_random(store, record.id, rng, moves=rng.randint(1, 3))
    finished = await started(store, seed=40)
    await play_random(store, finished.id, rng)
    await store.cancel((await started(store, seed=41)).id)
    await create_game(
        store, NewGame("fish", guild_id=GUILD + 1, channel_id=CHANNEL + 1, creator_id=USERS[0])
    )


def _my_turn(record: GameRecord, user: int) -> bool:
    return record.status == "active" and record.to_move_user == user


async def test_a_server_s_list_pages_in_order_narrowed_each_way(store: Store, clock: Clock) -> None:
    """Each page holds the next games of the server's open games in id order; together the
    pages hold each once; the count is the whole list's; a page past the last shows the last;
    narrowed to a person's games or to their turns, the same holds for those games only."""
    await _games(store, clock)
    everything = await store.games_in_guild(GUILD)
    assert len(everything) == 17
    for user in PEOPLE:
        for narrow, expected in (
            ({}, everything),
            ({"seated": user}, [r for r in everything if user in r.user_ids]),
            ({"to_move": user}, [r for r in everything if _my_turn(r, user)]),
        ):
            pages = max(1, -(-len(expected) // 3))
            seen: list[GameRecord] = []
            for page in range(1, pages + 1):
                listed = await store.server_list(GUILD, page=page, per_page=3, **narrow)
                assert (listed.total, listed.page) == (len(expected), page)
                assert listed.records == expected[(page - 1) * 3 : page * 3]
                seen += listed.records
            assert seen == expected
            beyond = await store.server_list(GUILD, page=pages + 4, per_page=3, **narrow)
            assert beyond.page == pages and beyond.records == expected[(pages - 1) * 3 :]
            before = await store.server_list(GUILD, page=0, per_page=3, **narrow)
            assert before.page == 1 and before.records == expected[:3]
    empty = await store.server_list(GUILD + 2, page=2, per_page=3)
    assert (empty.records, empty.total, empty.page) == ([], 0, 1)


async def test_a_person_s_list_puts_their_turns_first(store: Store, clock: Clock) -> None:
    """A person's open games on every server: those where it is their turn first (the longest
    waiting first), then the others running, then the tables waiting for players; at most the
    number asked for, with how many there are."""
    await _games(store, clock)

    def order(record: GameRecord, user: int) -> tuple[int, float, int]:
        started_at = record.turn_started_at.timestamp() if record.turn_started_at else 0.0
        rank = 0 if _my_turn(record, user) else (1 if record.status == "active" else 2)
        return rank, started_at, record.id

    for user in PEOPLE:
        theirs = sorted(await store.games_of_user(user), key=lambda r: order(r, user))
        assert theirs, user
        listed = await store.person_list(user, 20)
        assert (listed.records, listed.total) == (theirs, len(theirs))
        first = await store.person_list(user, 2)
        assert (first.records, first.total) == (theirs[:2], len(theirs))
    assert any(r.guild_id == GUILD + 1 for r in (await store.person_list(USERS[0], 20)).records)
    nobody = await store.person_list(999, 20)
    assert (nobody.records, nobody.total) == ([], 0)


async def _ended_flags_agree(store: Store) -> None:
    """Every seat is marked ended exactly when its game has finished or was cancelled."""
    rows = await store._db.fetchall(
        "SELECT seats.ended, games.status FROM seats JOIN games ON games.id = seats.game_id"
    )
    assert rows and all(r["ended"] == (r["status"] in ("finished", "cancelled")) for r in rows)


async def test_a_person_s_list_reads_their_open_seats_only(store: Store, clock: Clock) -> None:
    """A person's seats follow their games: marked ended when a game finishes or is cancelled,
    open again when an undo reopens a finished game; their list holds their open games only,
    whatever they played before."""
    rng = random.Random(7)
    past = []
    for seed in range(4):
        record = await started(store, seed=seed)
        past.append((await play_random(store, record.id, rng))[0])
    await store.cancel((await started(store, seed=9)).id)
    running = await started(store, seed=10)
    await _ended_flags_agree(store)
    assert [r.id for r in (await store.person_list(USERS[0], 20)).records] == [running.id]
    last = past[-1]  # the latest rated game of its players: its end can be taken back
    reopened, _game = await truncate_log(store, last.id, 1, expected_version=last.version)
    assert reopened.status == "active"
    await _ended_flags_agree(store)
    listed = await store.person_list(USERS[0], 20)
    assert {r.id for r in listed.records} == {running.id, last.id} and listed.total == 2
    await play_random(store, last.id, rng)
    await _ended_flags_agree(store)
    assert [r.id for r in (await store.person_list(USERS[0], 20)).records] == [running.id]


async def test_a_person_s_list_is_read_along_their_open_seats(sqlite_store: Store) -> None:
    """SQLite finds a person's open games through the partial index of open seats."""
    plan = await sqlite_store.query_plan("person_list")
    assert any("seats_open_by_user" in line for line in plan), plan
