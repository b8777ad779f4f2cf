"""Results and ratings in the play layer, on a real store: a finished game's result is stored
with the change that ends it, taken back by the undo that reopens it, never kept for a
cancelled game; the bot's ratings always equal those rebuilt from the store, also when several
processes share one database."""

from __future__ import annotations

import random
from pathlib import Path

from bot.play import ratings as play
from bot.play.away import take_back
from bot.play.games import load_game
from bot.play.lobby import create_game, join
from bot.play.turns import apply_action, hand_to_computer, resign, truncate_log
from bot.ratings import GLOBAL, PER_PAGE, Player, Result, rebuild
from bot.store import NewGame, Store
from tests.ratings.games import random_results
from tests.store.conftest import CHANNEL, GUILD, USERS, Clock, open_store, started


async def _ended(store: Store, rater: play.Rater | None = None, players: int = 2) -> int:
    """A game of ``players`` people that ends with all but the last seat resigning."""
    record = await started(store, "fish", players)
    for seat in range(players - 1):
        record = await store.get_game(record.id)
        move = await resign(store, record.id, seat, expected_version=record.version, rater=rater)
    assert move.record.status == "finished"
    return record.id


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
    result = play.stored_result(stored)
    assert [s.forfeited for s in result.seats] == [True, True, False]
    assert result.seats[2].place == 1 and result.game_id == str(game_id)
    assert set(result.seats[0].stats) == {"fish", "floes"}
    assert {s.player for s in result.seats} == {Player(user_id=u) for u in USERS[:3]}


async def test_undo_takes_the_result_back_and_the_new_end_replaces_it(store: Store) -> None:
    rater = play.Rater(store)
    game_id = await _ended(store, rater)
    first = await store.result_of(game_id)
    assert first is not None and rater.ratings.standings(GLOBAL, "fish")
    record = await store.get_game(game_id)
    reopened, _ = await truncate_log(
        store, game_id, 0, expected_version=record.version, rater=rater
    )
    assert reopened.status == "active" and await store.result_of(game_id) is None
    assert (
        rater.ratings == play.replay(await play.stored_events(store)) == play.Rater(store).ratings
    )
    seat = 1  # this time the other seat gives up
    again = await resign(store, game_id, seat, expected_version=reopened.version, rater=rater)
    assert again.record.status == "finished"
    second = await store.result_of(game_id)
    assert second is not None and second.seq > first.seq
    assert [s.forfeited for s in play.stored_result(second).seats] == [False, True]
    assert rater.ratings == play.replay(await play.stored_events(store))


async def test_cancelled_games_and_lobbies_leave_no_result(store: Store) -> None:
    running = await started(store, "fish", 2)
    await store.cancel(running.id)
    lobby = await create_game(
        store, NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=USERS[0], players=3)
    )
    await store.cancel(lobby.id)
    assert await store.results() == []


async def test_an_unrated_game_is_stored_but_changes_no_rating(store: Store) -> None:
    rater = play.Rater(store)
    record = await create_game(
        store, NewGame("fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=USERS[0], rated=False)
    )
    record = await join(store, record.id, USERS[1])
    move = await resign(store, record.id, 0, expected_version=record.version, rater=rater)
    assert move.changes == () and not move.record.rated
    stored = await store.result_of(record.id)
    assert stored is not None and not stored.rated
    assert list(rater.ratings.entries()) == []


async def test_ratings_applied_game_by_game_equal_those_rebuilt_from_the_store(
    store: Store, clock: Clock
) -> None:
    rater = play.Rater(store)
    for _ in range(6):
        await _ended(store, rater, players=2)
        clock.advance(60)
    await rater.start_season(GUILD)
    for _ in range(3):
        clock.advance(60)
        await _ended(store, rater, players=3)
    events = await play.stored_events(store)
    assert len(events) == 10
    assert rater.ratings == play.replay(events) == rebuild(events)
    assert rater.ratings.season(GUILD) == 2 and rater.ratings.past_seasons(GUILD)
    fresh = play.Rater(store)
    assert await fresh.load() == rater.ratings


async def test_board_pages_open_at_your_row(store: Store) -> None:
    rater = play.Rater(store)
    rater.ratings = rebuild(random_results(400, seed=5, people=60, guilds=(GUILD,)))
    scope = rater.ratings.scope(GUILD)
    players = len(rater.ratings.standings(scope, "fish"))
    assert players > 2 * PER_PAGE
    last = next(
        p for p, _ in reversed(list(play.board_order(rater.ratings, scope, "fish"))) if p.user_id
    )
    assert last.user_id is not None
    shown = await play.board(
        rater, store, guild_id=GUILD, user_id=last.user_id, kind="fish", scope="server"
    )
    assert shown.page.number == shown.page.pages > 1
    assert any(row.player == last for row in shown.page.rows)
    first = await play.board(
        rater, store, guild_id=GUILD, user_id=last.user_id, kind="fish", scope="server", page=1
    )
    assert first.page.number == 1 and len(first.page.rows) == PER_PAGE
    assert [r.position for r in first.page.rows] == sorted(r.position for r in first.page.rows)
    beyond = await play.board(
        rater, store, guild_id=GUILD, user_id=1, kind="fish", scope="server", page=10_000
    )
    assert beyond.page.number == beyond.page.pages


async def test_a_result_stored_by_another_process_reaches_this_one(
    store: Store, target: Path | str, clock: Clock
) -> None:
    """Two processes on one database: a game ended by one is on the other's board, and the
    other's next final post counts from it (its ``before`` is the rating after that game)."""
    other = await open_store(target, clock)
    try:
        here, there = play.Rater(store), play.Rater(other)
        await here.load()
        await there.load()
        await _ended(store, here)
        shown = await play.board(
            there, other, guild_id=GUILD, user_id=USERS[0], kind="fish", scope="server"
        )
        assert {row.player for row in shown.page.rows} == {Player(user_id=u) for u in USERS[:2]}
        assert there.ratings == here.ratings == play.replay(await play.stored_events(store))
        clock.advance(60)
        await _ended(other, there)
        scope = there.ratings.scope(GUILD)
        after_theirs = {
            p.user_id: s.rating for p, s in there.ratings.standings(scope, "fish").items()
        }
        clock.advance(60)
        record = await started(store, "fish", 2)
        move = await resign(store, record.id, 0, expected_version=record.version, rater=here)
        told = {c.player.user_id: c.before for c in move.changes if c.scope == scope}
        assert told == after_theirs
        assert here.ratings == play.replay(await play.stored_events(store))
        assert all(s.games == 3 for s in here.ratings.standings(scope, "fish").values())
    finally:
        await other.close()


async def test_a_season_started_by_another_process_reaches_this_one(
    store: Store, target: Path | str, clock: Clock
) -> None:
    other = await open_store(target, clock)
    try:
        here, there = play.Rater(store), play.Rater(other)
        await here.load()
        await there.load()
        await _ended(store, here)
        clock.advance(60)
        ended = await there.start_season(GUILD)
        assert ended.season == 1 and ended.podium["fish"]
        seasons, _ = await play.past_seasons(here, store, GUILD)
        assert [s.season for s in seasons] == [1]
        assert here.ratings.season(GUILD) == 2
        shown = await play.board(
            here, store, guild_id=GUILD, user_id=USERS[0], kind="fish", scope="server"
        )
        assert not shown.page.rows
        profile = await play.player_profile(here, store, guild_id=GUILD, user_id=USERS[0])
        assert profile.scope == here.ratings.scope(GUILD) and profile.scope.season == 2
        assert here.ratings == there.ratings == play.replay(await play.stored_events(store))
    finally:
        await other.close()


async def test_an_undo_and_an_earlier_result_from_another_process_rebuild_in_order(
    store: Store, target: Path | str, clock: Clock
) -> None:
    """The other process's clock is behind: its result belongs before one applied already, so
    the ratings are rebuilt in the stored order; its undo takes a known result back."""
    behind = Clock(clock.now - 30)
    other = await open_store(target, behind)
    try:
        here, there = play.Rater(store), play.Rater(other)
        await here.load()
        await there.load()
        await _ended(store, here)
        late = await _ended(other, there, players=3)
        ratings = await here.current()
        events = await play.stored_events(store)
        assert [e.game_id for e in events if isinstance(e, Result)] == [str(late), "1"]
        assert ratings == play.replay(events) == rebuild(events)
        record = await other.get_game(late)
        await truncate_log(other, late, 0, expected_version=record.version, rater=there)
        assert await here.current() == play.replay(await play.stored_events(store))
        assert all(s.games == 1 for s in here.ratings.standings(GLOBAL, "fish").values())
    finally:
        await other.close()


async def test_a_result_that_commits_late_with_a_lower_number_is_not_missed(
    store: Store, target: Path | str, clock: Clock
) -> None:
    """PostgreSQL numbers a result when it is written, not when it commits: a result may
    become visible after one numbered above it was applied. The number is moved down behind
    the store's back here, as a late commit would leave it."""
    other = await open_store(target, clock)
    try:
        here, there = play.Rater(store), play.Rater(other)
        for _ in range(3):
            await _ended(store, here)
            clock.advance(60)
        await store._db.write_one("DELETE FROM results WHERE game_id = ?", (2,))
        assert (await here.current()).standing(GLOBAL, "fish", Player(user_id=USERS[0]))
        late = await _ended(other, there)
        stored = await store.result_of(late)
        assert stored is not None and stored.seq == 4
        await store._db.write_one("UPDATE results SET seq = 2 WHERE seq = 4", ())
        ratings = await here.current()
        assert str(late) in {e.game_id for e in await play.stored_events(store)}
        assert ratings == play.replay(await play.stored_events(store))
        assert all(s.games == 3 for s in ratings.standings(GLOBAL, "fish").values())
    finally:
        await other.close()


async def test_two_processes_in_any_interleaving_hold_the_rebuilt_ratings(
    store: Store, target: Path | str, clock: Clock
) -> None:
    """Games ended, undone and seasons started by either process, with clocks that disagree:
    after each step both processes' ratings equal those rebuilt from the database."""
    rng = random.Random(19)
    clocks = (clock, Clock(clock.now + 5))
    other = await open_store(target, clocks[1])
    try:
        stores = (store, other)
        raters = (play.Rater(store), play.Rater(other))
        finished: list[int] = []
        for step in range(24):
            side = rng.randrange(2)
            roll = rng.random()
            if roll < 0.15:
                await raters[side].start_season(GUILD)
            elif roll < 0.3 and finished:
                game_id = finished.pop(rng.randrange(len(finished)))
                record = await stores[side].get_game(game_id)
                await truncate_log(
                    stores[side], game_id, 0, expected_version=record.version, rater=raters[side]
                )
            else:
                players = rng.choice((2, 3, 4))
                finished.append(await _ended(stores[side], raters[side], players=players))
            for moved in clocks:
                moved.advance(rng.uniform(1, 20))
            rebuilt = play.replay(await play.stored_events(store))
            for rater in raters:
                assert await rater.current() == rebuilt, f"step {step}"
    finally:
        await other.close()


async def test_a_handed_over_seat_counts_for_its_person_ranked_last_unless_taken_back(
    store: Store,
) -> None:
    """Issue 19 via issue 17: a seat a computer player took over (a timeout) is the result of
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
    result = play.stored_result(stored)
    by_player = {s.player: s for s in result.seats}
    assert set(by_player) == {Player(user_id=u) for u in USERS[:3]}, "no computer level rated"
    assert by_player[Player(user_id=USERS[1])].forfeited, "handed over: ranked last"
    assert by_player[Player(user_id=USERS[0])].forfeited, "resigned: ranked last"
    assert not by_player[Player(user_id=USERS[2])].forfeited, "came back: counts as played"
    ranks = dict(zip([s.player for s in result.seats], result.ranks(), strict=True))
    assert ranks[Player(user_id=USERS[2])] < ranks[Player(user_id=USERS[1])]
    assert ranks[Player(user_id=USERS[1])] == ranks[Player(user_id=USERS[0])] == 4
