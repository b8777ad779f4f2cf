"""Undo by consent in the play layer, without Discord, on a real store: asking, approving,
refusing, expiring, a request made void by a move, computer players' replies taken back with
the person's turn (F-7, U-11 … U-23, U-27: what may be cut back is the engine's answer)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.play.games import load_game
from bot.play.lobby import create_game
from bot.play.turns import act, resign
from bot.play.undo import (
    UNDO_LIMIT,
    Answered,
    Asked,
    UndoRefused,
    answer,
    ask,
    expire,
    void_if_moved,
)
from bot.store import GameRecord, NewGame, Store
from tests.store.conftest import CHANNEL, GUILD, USERS, Clock, started


async def play(store: Store, game_id: int, moves: int) -> GameRecord:
    """Play the first legal action ``moves`` times, whoever is to move."""
    record, game = await load_game(store, game_id)
    for _ in range(moves):
        assert game is not None and game.to_move is not None
        await act(store, record, game, game.to_move, game.legal_actions()[0])
        record, game = await load_game(store, game_id)
    return record


async def ask_now(store: Store, clock: Clock, record: GameRecord, asker: int) -> Asked:
    """``asker`` asks to take back the last turn of the game as it is stored now."""
    record, game = await load_game(store, record.id)
    return await ask(store, record, game, asker, channel_id=CHANNEL, now=clock.now, lang="en")


async def answer_now(
    store: Store, clock: Clock, game_id: int, user: int, *, approve: bool = True
) -> Answered:
    """``user`` answers the game's request as it is stored now."""
    record, game = await load_game(store, game_id)
    return await answer(store, record, game, user, approve=approve, now=clock.now, lang="en")


async def test_nothing_played_nothing_to_take_back(store: Store, clock: Clock) -> None:
    record = await started(store, "fish", 2)
    with pytest.raises(UndoRefused) as refused:
        await ask_now(store, clock, record, USERS[0])
    assert refused.value.code == "nothing"
    assert await store.undo_request(record.id) is None


async def test_only_a_seated_person_may_ask(store: Store, clock: Clock) -> None:
    record = await play(store, (await started(store, "fish", 2)).id, 1)
    with pytest.raises(UndoRefused) as refused:
        await ask_now(store, clock, record, 4242)
    assert refused.value.code == "not_seated"
    assert await store.undo_request(record.id) is None


async def test_every_other_person_approves_then_the_turn_is_taken_back(
    store: Store, clock: Clock
) -> None:
    """F-7: three people; the asker's request waits for the two others; the last approval cuts
    the log back to before the last turn, posts it, and clears the request."""
    record = await play(store, (await started(store, "fish", 3)).id, 4)
    asked = await ask_now(store, clock, record, USERS[0])
    assert not asked.done
    assert set(asked.request.waiting) == {USERS[1], USERS[2]}
    assert asked.request.expires_at == clock.now_datetime() + UNDO_LIMIT
    assert asked.point.keep == 3 and not asked.point.replies
    first = await answer_now(store, clock, record.id, USERS[1])
    assert first.outcome == "waiting" and first.request is not None
    assert first.request.waiting == (USERS[2],)
    assert len(await store.action_log(record.id)) == 4, "nothing is cut before everyone agreed"
    last = await answer_now(store, clock, record.id, USERS[2])
    assert last.outcome == "done"
    assert sorted(last.approved_seats) == sorted(
        s for s in (record.seat_of(USERS[1]), record.seat_of(USERS[2])) if s is not None
    )
    assert len(await store.action_log(record.id)) == 3
    assert last.record.version == record.version + 1
    assert await store.undo_request(record.id) is None
    posts = [e for e in await store.pending(clock.now_datetime(), 100) if e.dedupe_key]
    assert any(e.dedupe_key.startswith(f"undo:{record.id}:") for e in posts if e.dedupe_key)


async def test_a_refusal_ends_the_request_and_keeps_the_game(store: Store, clock: Clock) -> None:
    record = await play(store, (await started(store, "fish", 2)).id, 2)
    await ask_now(store, clock, record, USERS[0])
    refused = await answer_now(store, clock, record.id, USERS[1], approve=False)
    assert refused.outcome == "refused"
    assert await store.undo_request(record.id) is None
    assert len(await store.action_log(record.id)) == 2
    assert (await store.get_game(record.id)).version == record.version


async def test_only_those_asked_may_answer(store: Store, clock: Clock) -> None:
    """The asker is not asked, nor is anyone outside the game."""
    record = await play(store, (await started(store, "fish", 2)).id, 1)
    await ask_now(store, clock, record, USERS[0])
    for stranger in (USERS[0], 4242):
        with pytest.raises(UndoRefused) as refused:
            await answer_now(store, clock, record.id, stranger)
        assert refused.value.code == "not_asked"
    assert await store.undo_request(record.id) is not None


async def test_a_second_request_waits_for_the_first(store: Store, clock: Clock) -> None:
    record = await play(store, (await started(store, "fish", 2)).id, 1)
    await ask_now(store, clock, record, USERS[0])
    with pytest.raises(UndoRefused) as refused:
        await ask_now(store, clock, record, USERS[1])
    assert refused.value.code == "pending"


async def test_a_move_since_the_request_makes_it_void(store: Store, clock: Clock) -> None:
    """Approving after the game moved on takes nothing back and drops the request."""
    record = await play(store, (await started(store, "fish", 2)).id, 1)
    await ask_now(store, clock, record, USERS[0])
    await play(store, record.id, 1)
    void = await answer_now(store, clock, record.id, USERS[1])
    assert void.outcome == "void"
    assert await store.undo_request(record.id) is None
    assert len(await store.action_log(record.id)) == 2


async def test_void_if_moved_drops_only_a_request_asked_before_the_change(
    store: Store, clock: Clock
) -> None:
    """A change voids the request asked before it, once (two processes seeing the same change
    cannot both close it); a change older than the request (seen late) voids nothing."""
    record = await play(store, (await started(store, "fish", 2)).id, 1)
    before = await store.get_game(record.id)
    await ask_now(store, clock, record, USERS[0])
    assert await void_if_moved(store, record) is None, "the game has not moved"
    assert await store.undo_request(record.id) is not None
    moved = await play(store, record.id, 1)
    dropped = await void_if_moved(store, moved)
    assert dropped is not None and dropped.version == record.version
    assert await void_if_moved(store, moved) is None, "void once"
    assert await store.undo_request(record.id) is None
    asked = await ask_now(store, clock, moved, USERS[1])
    assert await void_if_moved(store, before) is None, "an older change voids nothing"
    assert await store.undo_request(record.id) == asked.request


async def test_an_expired_request_is_gone_and_told_once(store: Store, clock: Clock) -> None:
    record = await play(store, (await started(store, "fish", 2)).id, 1)
    asked = await ask_now(store, clock, record, USERS[0])
    clock.advance(UNDO_LIMIT.total_seconds() + 1)
    late = await answer_now(store, clock, record.id, USERS[1])
    assert late.outcome == "gone", "a late click finds nothing waiting"
    [request] = await store.expired_undos(clock.now_datetime())
    assert await expire(store, request, "en") is not None
    assert await expire(store, request, "en") is None, "a second expiry finds nothing"
    assert await store.undo_request(record.id) is None
    notes = [
        e
        for e in await store.pending(clock.now_datetime(), 100)
        if e.dedupe_key and e.dedupe_key.startswith(f"undo-expired:{record.id}:")
    ]
    assert len(notes) == 1 and notes[0].channel_id == asked.request.channel_id
    assert len(await store.action_log(record.id)) == 1


async def test_against_a_computer_your_turn_and_its_reply_go_back_at_once(
    store: Store, clock: Clock
) -> None:
    """F-7: nobody has to agree; the person's last move and the computer's reply after it are
    taken back together, so the computer does not just play again."""
    record = await started(store, "fish", 2, bots=1)
    person = record.seat_of(USERS[0])
    assert person is not None
    record = await play(store, record.id, 4)
    log = [entry.text for entry in await store.action_log(record.id)]
    mine = max(
        i for i, entry in enumerate(await store.action_log(record.id)) if entry.seat == person
    )
    asked = await ask_now(store, clock, record, USERS[0])
    assert asked.done and asked.request.waiting == ()
    assert asked.point.keep == mine and asked.point.actions == tuple(log[mine:])
    assert asked.point.replies == (mine < len(log) - 1)
    assert [a.text for a in await store.action_log(record.id)] == log[:mine]
    assert asked.changed is not None and asked.changed.version == record.version + 1


async def test_a_resignation_is_never_taken_back(store: Store, clock: Clock) -> None:
    record = await play(store, (await started(store, "fish", 2)).id, 1)
    seat = record.seat_of(USERS[1])
    assert seat is not None
    await resign(store, record.id, seat, expected_version=record.version)
    with pytest.raises(UndoRefused) as refused:
        await ask_now(store, clock, record, USERS[0])
    assert refused.value.code == "resigned"


async def test_u23_u27_a_drawn_card_stays_drawn(store: Store, clock: Clock) -> None:
    """U-23, U-27: once the turn's penguin card was drawn, nobody can unsee it."""
    record = await started(store, "ultimatum", 2, seed=5)
    record, game = await load_game(store, record.id)
    assert game is not None and game.to_move is not None
    mover = game.to_move
    await act(store, record, game, mover, game.legal_actions()[0])
    record, game = await load_game(store, record.id)
    assert game is not None
    await act(store, record, game, mover, "skip")
    record, game = await load_game(store, record.id)
    assert game is not None and game.phase == "play", "this deal has no show due"
    with pytest.raises(UndoRefused) as refused:
        await ask_now(store, clock, record, USERS[0])
    assert refused.value.code == "drawn"


async def test_no_undo_once_the_rematch_is_open(store: Store, clock: Clock) -> None:
    """A finished game's result stands once its rematch was opened."""
    record = await play(store, (await started(store, "fish", 2)).id, 1)
    seat = record.seat_of(USERS[1])
    assert seat is not None
    finished = (await resign(store, record.id, seat, expected_version=record.version)).record
    assert finished.status == "finished"
    await create_game(
        store,
        NewGame(
            "fish", guild_id=GUILD, channel_id=CHANNEL, creator_id=USERS[0], rematch_of=record.id
        ),
    )
    with pytest.raises(UndoRefused) as refused:
        await ask_now(store, clock, finished, USERS[0])
    assert refused.value.code == "rematch"


async def test_a_request_expires_after_the_limit(store: Store, clock: Clock) -> None:
    record = await play(store, (await started(store, "fish", 2)).id, 1)
    await ask_now(store, clock, record, USERS[0])
    clock.advance((UNDO_LIMIT - timedelta(seconds=1)).total_seconds())
    assert await store.expired_undos(clock.now_datetime()) == []
    still = await answer_now(store, clock, record.id, USERS[1], approve=False)
    assert still.outcome == "refused"
