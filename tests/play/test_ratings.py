"""Results and ratings in the play layer, on a real store: a finished game's result and its
rating changes are stored with the change that ends it, taken back exactly by the undo that
reopens it (refused once a player has finished another rated game of its kind), never kept for
a cancelled game; the stored ratings always equal those rebuilt from the stored results, also
when several processes share one database and end games at once."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path

import pytest

from bot.play import ratings as play
from bot.play.away import take_back
from bot.play.games import load_game
from bot.play.lobby import create_game, join
from bot.play.rater import standings, stored_result
from bot.play.rebuild import rebuild
from bot.play.turns import apply_action, hand_to_computer, resign, truncate_log
from bot.ratings import GLOBAL, PER_PAGE, Player, Scope, leaderboard
from bot.ratings import rebuild as rebuild_events
from bot.store import NewGame, Store, StoreError
from tests.ratings.games import GivenRatings, random_results
from tests.store.conftest import CHANNEL, GUILD, USERS, Clock, open_store, started


async def _ended(store: Store, players: int = 2, users: tuple[int, ...] = USERS) -> int:
    """A game of ``players`` people that ends with all but the last seat resigning."""
    record = await started(store, "fish", players, users=users)
    for seat in range(players - 1):
        record = await store.get_game(record.id)
        move = await resign(store, record.id, seat, expected_version=record.version)
    assert move.record.status == "finished"
    return record.id


async def _reopen(store: Store, game_id: int) -> None:
    """Take a finished game's end back (its log cut to nothing)."""
    record = await store.get_game(game_id)
    await truncate_log(store, game_id, 0, expected_version=record.version)


async def _all(store: Store) -> dict[tuple[int, int, str, str], tuple[float, float, int, int, int]]:
    return dict(standings(await store.all_rating_rows((-1, -1, "", ""), 10_000)))


async def _exact(store: Store) -> None:
    """The stored ratings are exactly those a rebuild from the stored results gives, and each
    board's count row holds how many people it ranks."""
    found = await rebuild(store)
    assert found.differing == [], found.differing[:5]
    everyone = await _all(store)
    assert found.stored == len(everyone)
    boards = Counter(key[:3] for key in everyone if key[3].startswith("u"))
    for board, people in boards.items():
        assert await store.board_size(*board) == people, board


async def test_the_result_is_stored_with_the_end_of_the_game(store: Store) -> None:
    """Places from the ranking, resigned seats forfeited, the kind's numbers, the time."""
    game_id = await _ended(store, players=3)
    stored = await store.result_of(game_id)
    record = await store.get_game(game_id)
    assert stored is not None and record.finished_at is not None
    assert (
        stored.finished_at == record.finished_at.timestamp()
        or abs(stored.finished_at - record.finished_at.timestamp()) < 1e-6
    )
    result = stored_result(stored)
    assert [s.forfeited for s in result.seats] == [True, True, False]
    assert result.seats[2].place == 1 and result.game_id == str(game_id)
    assert set(result.seats[0].stats) == {"fish", "floes"}
    assert {s.player for s in result.seats} == {Player(user_id=u) for u in USERS[:3]}


async def test_undo_takes_the_ratings_back_exactly_and_the_new_end_counts_again(
    store: Store,
) -> None:
    before = await _all(store)
    game_id = await _ended(store)
    first = await store.result_of(game_id)
    assert first is not None and first.rated and await _all(store) != before
    await _reopen(store, game_id)
    assert await store.result_of(game_id) is None
    assert await _all(store) == before, "the ratings from before the game, exactly"
    reopened = await store.get_game(game_id)
    again = await resign(store, game_id, 1, expected_version=reopened.version)
    assert again.record.status == "finished" and again.changes
    second = await store.result_of(game_id)
    assert second is not None and second.seq > first.seq
    assert [s.forfeited for s in stored_result(second).seats] == [False, True]
    await _exact(store)


async def test_an_undo_is_refused_once_a_player_finished_another_rated_game_since(
    store: Store, clock: Clock
) -> None:
    """Game A (USERS 0, 1), then game B (USERS 1, 2): A's end stands (B's ratings build on it),
    B's end can be taken back, exactly; once B is gone, A's can too."""
    a = await _ended(store, users=USERS[:2])
    after_a = await _all(store)
    clock.advance(60)
    b = await _ended(store, users=USERS[1:3])
    assert await store.rated_since(a) == b and await store.rated_since(b) is None
    stored = await _all(store)
    with pytest.raises(StoreError) as refused:
        await _reopen(store, a)
    assert refused.value.code == "rated_since" and refused.value.params["later"] == b
    assert await _all(store) == stored and (await store.get_game(a)).status == "finished"
    await _reopen(store, b)
    assert await _all(store) == after_a
    await _reopen(store, a)
    assert await _all(store) == {}
    await _exact(store)


async def test_cancelled_games_and_lobbies_leave_no_result(store: Store) -> None:
    running = await started(store, "fish", 2)
    await store.cancel(running.id)
    lobby = await create_game(
        store, NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=USERS[0], players=3)
    )
    await store.cancel(lobby.id)
    assert await store.result_of(running.id) is None and await store.result_of(lobby.id) is None
    assert await _all(store) == {}


async def test_an_unrated_game_is_stored_but_changes_no_rating(store: Store) -> None:
    record = await create_game(
        store, NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=USERS[0], rated=False)
    )
    record = await join(store, record.id, USERS[1])
    move = await resign(store, record.id, 0, expected_version=record.version)
    assert move.changes == () and not move.record.rated
    stored = await store.result_of(record.id)
    assert stored is not None and not stored.rated
    assert await _all(store) == {}


async def test_the_final_post_tells_the_changes_that_are_stored(store: Store) -> None:
    await _ended(store)
    record = await started(store, "fish", 2)
    move = await resign(store, record.id, 0, expected_version=record.version)
    rows = await store.all_rating_rows((-1, -1, "", ""), 100)
    told = {(c.scope, c.player): (c.after, c.provisional) for c in move.changes}
    kept = {
        (GLOBAL if r.guild_id == 0 else Scope(r.guild_id, r.season), Player.from_key(r.player)): (
            r.rating,
            r.sigma > 7,
        )
        for r in rows
    }
    assert told == kept and len(told) == 4
    assert all(r.games == 2 and r.last_game == record.id for r in rows)


async def test_ratings_applied_game_by_game_equal_those_rebuilt_with_seasons(
    store: Store, clock: Clock
) -> None:
    rater = play.Rater(store)
    for _ in range(6):
        await _ended(store, players=2)
        clock.advance(60)
    ended = await rater.start_season(GUILD)
    assert ended.season == 1 and ended.ended == clock.now and ended.podium["fish"]
    assert next(p.position for p in ended.podium["fish"]) == 1
    for _ in range(3):
        clock.advance(60)
        await _ended(store, players=3)
    assert await store.season_number(GUILD) == 2
    rows = await _all(store)
    assert {(k[0], k[1]) for k in rows} == {(0, 0), (GUILD, 1), (GUILD, 2)}
    assert all(v[2] == 3 for k, v in rows.items() if k[1] == 2), "the new season starts afresh"
    await _exact(store)
    seasons, _names = await play.past_seasons(rater, store, GUILD)
    assert [s.season for s in seasons] == [1] and seasons[0].podium == ended.podium


async def test_board_pages_are_the_model_s_pages(store: Store) -> None:
    """The board read page by page from the database is the one the ratings model orders, with
    the same positions (ties share one), pages and names (private people anonymous on the
    global board); no page number opens at the asker's row."""
    ratings = rebuild_events(random_results(400, seed=5, people=60, guilds=(GUILD,)))
    scope = ratings.scope(GUILD)
    await store.replace_ratings(GivenRatings(ratings))
    public = frozenset(u for u in range(1, 61) if u % 3 == 0)
    for user in public:
        await store.update_user_settings(user, global_board=True)
    rater = play.Rater(store)
    for where, name in ((scope, "server"), (GLOBAL, "global")):
        expected = leaderboard(ratings, where, "fish", 1, public if where.is_global else ())
        assert expected.pages > 2
        for number in range(1, expected.pages + 1):
            page = leaderboard(ratings, where, "fish", number, public if where.is_global else ())
            shown = await play.board(
                rater, store, guild_id=GUILD, user_id=1, kind="fish", scope=name, page=number
            )
            assert shown.page == page, (name, number)
    last = [r.player for r in leaderboard(ratings, scope, "fish", 10**6).rows][-1]
    assert last is not None and last.user_id is not None
    mine = await play.board(
        rater, store, guild_id=GUILD, user_id=last.user_id, kind="fish", scope="server"
    )
    assert mine.page.number == mine.page.pages and mine.page.rows[-1].player == last
    beyond = await play.board(
        rater, store, guild_id=GUILD, user_id=1, kind="fish", scope="server", page=10_000
    )
    assert beyond.page.number == beyond.page.pages
    assert len((await play.board(rater, store, guild_id=GUILD, user_id=1, kind="fish",
                                 scope="server", page=1)).page.rows) == PER_PAGE  # fmt: skip


async def test_a_profile_reads_its_person_and_draws_the_course(store: Store, clock: Clock) -> None:
    rater = play.Rater(store)
    for users in (USERS[:2], USERS[1:3], USERS[:2]):
        await _ended(store, users=users)
        clock.advance(60)
    shown = await play.player_profile(rater, store, guild_id=GUILD, user_id=USERS[1])
    assert shown.profile.total.games == 3 and shown.scope == Scope(GUILD, 1)
    course = shown.profile.ratings["fish"].history
    assert len(course) == 3 and course[-1].rating == shown.profile.ratings["fish"].rating
    assert [p.game_id for p in course] == ["1", "2", "3"]
    mine = await play.player_profile(rater, store, guild_id=None, user_id=USERS[2])
    assert mine.profile.total.games == 1 and mine.scope == GLOBAL


async def test_two_processes_ending_games_at_once_keep_the_rebuilt_ratings(
    store: Store, target: Path | str, clock: Clock
) -> None:
    """Two stores on one database (two connections, as two processes) end games of the same
    players at the same moment, start seasons and take ends back: the stored ratings are always
    those a rebuild gives."""
    other = await open_store(target, clock)
    try:
        stores = (store, other)
        rng = random.Random(23)
        for round_ in range(12):
            made = [await started(s, "fish", 2, users=tuple(rng.sample(USERS, 2))) for s in stores]
            await asyncio.gather(
                *(
                    resign(s, r.id, 0, expected_version=r.version)
                    for s, r in zip(stores, made, strict=False)
                )
            )
            if round_ % 5 == 4:
                await play.Rater(stores[round_ % 2]).start_season(GUILD)
            clock.advance(30)
        await _exact(store)
        await _exact(other)
    finally:
        await other.close()


async def test_random_games_undos_and_seasons_keep_the_rebuilt_ratings(
    store: Store, clock: Clock
) -> None:
    """A thousand random games of 2 to 4 of eight people (and computer levels), ends taken back
    where allowed (and refused where not), season starts: the stored ratings equal a rebuild."""
    rng = random.Random(29)
    people = tuple(range(1000, 1008))
    finished: list[int] = []
    games = 1000
    for step in range(games):
        roll = rng.random()
        if roll < 0.02:
            await play.Rater(store).start_season(GUILD)
        elif roll < 0.12 and finished:
            game_id = rng.choice(finished)
            later = await store.rated_since(game_id)
            try:
                await _reopen(store, game_id)
            except StoreError as error:
                assert error.code == "rated_since" and later is not None
            else:
                assert later is None
                finished.remove(game_id)
                record = await store.get_game(game_id)
                for seat in range(1, len(record.seats)):  # ended again, another way
                    record = await store.get_game(game_id)
                    if record.status != "active":
                        break
                    await resign(store, game_id, seat, expected_version=record.version)
                finished.append(game_id)
        else:
            players = rng.choice((2, 2, 3, 4))
            bots = rng.choice((0, 0, 1)) if players > 2 else 0
            record = await started(
                store, "fish", players, users=tuple(rng.sample(people, players)), bots=bots
            )
            for seat in rng.sample(range(players), players - 1):
                record = await store.get_game(record.id)
                if record.status != "active":
                    break
                await resign(store, record.id, seat, expected_version=record.version)
            finished.append(record.id)
        clock.advance(rng.uniform(1, 600))
        if step % 300 == 0:
            await _exact(store)
    await _exact(store)
    assert len(await _all(store)) > 20


async def test_a_handed_over_seat_counts_for_its_person_ranked_last_unless_taken_back(
    store: Store,
) -> None:
    """A seat a computer player took over (a timeout) is the result of
    the person it was taken from, forfeited (ranked last), never the computer level's; a person
    who took their seat back (/game return) and played on counts as usual."""
    record = await started(store, "fish", 3)
    seat_of = {s.user_id: s.seat for s in record.seats}
    for user in USERS[1:3]:
        record = await store.get_game(record.id)
        seat = seat_of[user]
        assert seat is not None
        await hand_to_computer(store, record.id, seat, 2, expected_version=record.version)
    await take_back(store, record.id, USERS[2], "Chloe")
    record = await store.get_game(record.id)
    resigner = seat_of[USERS[0]]
    assert resigner is not None
    record = (await resign(store, record.id, resigner, expected_version=record.version)).record
    while record.status == "active":  # the computer and the person who came back play it out
        loaded, game = await load_game(store, record.id)
        assert game is not None and game.to_move is not None
        action = game.legal_actions()[0]
        move = await apply_action(
            store, record.id, game.to_move, action, expected_version=loaded.version
        )
        record = move.record
    stored = await store.result_of(record.id)
    assert stored is not None
    result = stored_result(stored)
    by_player = {s.player: s for s in result.seats}
    assert set(by_player) == {Player(user_id=u) for u in USERS[:3]}, "no computer level rated"
    assert by_player[Player(user_id=USERS[1])].forfeited, "handed over: ranked last"
    assert by_player[Player(user_id=USERS[0])].forfeited, "resigned: ranked last"
    assert not by_player[Player(user_id=USERS[2])].forfeited, "came back: counts as played"
    ranks = dict(zip([s.player for s in result.seats], result.ranks(), strict=True))
    assert ranks[Player(user_id=USERS[2])] < ranks[Player(user_id=USERS[1])]
    assert ranks[Player(user_id=USERS[1])] == ranks[Player(user_id=USERS[0])] == 4
