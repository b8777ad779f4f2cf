"""The play layer's turn, without Discord: one load, the engine outside the transaction, one
commit checked against the version that was loaded."""

from __future__ import annotations

import json

import pytest

from bot.games.base import IllegalAction
from bot.play.games import load_game, opening, position_of
from bot.play.notices import turn_notices
from bot.play.turns import act, resign
from bot.store import LobbyError, NewGame, Store, VersionConflict
from tests.store.conftest import started


async def test_a_turn_commits_the_engines_log_and_position(store: Store) -> None:
    """F-6: a placement is logged for its seat and the stored position is the engine's."""
    record = await started(store, "fish", 2)
    _, game = await load_game(store, record.id)
    assert game is not None and game.to_move is not None
    seat, action = game.to_move, game.legal_actions()[0]
    move = await act(store, record, game, seat, action)
    assert move.record.version == record.version + 1 and move.text == action
    _, stored = await load_game(store, record.id)
    assert stored is not None and stored.to_dict() == game.to_dict()
    log = await store.action_log(record.id)
    assert [(entry.seat, entry.text) for entry in log] == [(seat, action)]


async def test_a_stale_record_applies_nothing(store: Store) -> None:
    """Two clicks on the same turn: the second, loaded before the first applied, is refused."""
    record = await started(store, "fish", 2)
    _, first = await load_game(store, record.id)
    _, second = await load_game(store, record.id)
    assert first is not None and second is not None and first.to_move is not None
    await act(store, record, first, first.to_move, first.legal_actions()[0])
    with pytest.raises(VersionConflict):
        await act(store, record, second, second.to_move or 0, second.legal_actions()[-1])
    assert len(await store.action_log(record.id)) == 1


async def test_a_refused_action_writes_nothing(store: Store) -> None:
    """The engine refuses another seat's resignation before the store is asked (F-5)."""
    record = await started(store, "fish", 2)
    _, game = await load_game(store, record.id)
    assert game is not None and game.to_move is not None
    other = 1 - game.to_move
    with pytest.raises(IllegalAction):
        await act(store, record, game, game.to_move, f"resign {other}")
    assert (await store.get_game(record.id)).version == record.version
    assert await store.action_log(record.id) == []


async def test_a_resignation_out_of_turn_keeps_the_movers_clock(store: Store) -> None:
    """U-24/F-11: resigning is any seat's at any time; the player to move keeps their clock."""
    record = await started(store, "ultimatum", 3)
    _, game = await load_game(store, record.id)
    assert game is not None and game.to_move is not None
    other = (game.to_move + 1) % 3
    move = await resign(store, record.id, other, expected_version=record.version)
    assert move.record.to_move_seat == record.to_move_seat
    assert move.record.turn_started_at == record.turn_started_at


async def test_a_position_is_what_the_store_keeps_of_a_game(store: Store) -> None:
    record = await started(store, "ultimatum", 2)
    _, game = await load_game(store, record.id)
    assert game is not None
    position = position_of(game)
    assert json.loads(position.snapshot) == json.loads(json.dumps(game.to_dict()))
    assert position.to_move == game.to_move and not position.over and position.ranking is None


async def test_an_opening_needs_enough_players(store: Store) -> None:
    """A table of one cannot start: the rules' smallest table is two (F-4, U-9)."""
    lobby = await store.create_game(
        NewGame("fish", guild_id=1, channel_id=2, creator_id=3, players=2), opening=opening
    )
    with pytest.raises(LobbyError) as caught:
        opening(lobby)
    assert caught.value.code == "too_few"


class Counting:
    """A real store that counts the calls a turn makes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> object:
        self.calls.append(name)
        return getattr(self.store, name)


async def test_a_turn_does_its_work_once(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """U-11 … U-23: a whole Ultimatum turn, each step from the game the cog loaded: no snapshot
    load, one commit per step (its posts and direct messages in it), at most one replay (to
    tell a turn's private steps). Through the stand-in: tests/cogs/test_turn_work.py."""
    import bot.texts.announce as announce_module
    from bot.games import replay as real_replay
    from bot.texts.announce import move_drafts

    replays: list[int] = []

    def counted(*args: object, **kwargs: object) -> object:
        replays.append(1)
        return real_replay(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(announce_module, "replay", counted)
    record = await started(store, "ultimatum", 2)
    counting = Counting(store)

    async def here(guild_id: int, user_id: int) -> bool:
        return True

    seat = None
    steps = 0
    while True:
        record, game = await load_game(store, record.id)
        assert game is not None and game.to_move is not None
        if seat is not None and game.to_move != seat:
            break  # the turn is over: the next player is to move
        seat = game.to_move
        counting.calls.clear()
        replays.clear()
        move = await act(
            counting,  # type: ignore[arg-type]
            record,
            game,
            seat,
            game.legal_actions()[0],
            announce=lambda m: move_drafts(m, "en"),
            notify=lambda m: turn_notices(counting, m, here),  # type: ignore[arg-type]
        )
        steps += 1
        # The direct messages are drafted from reads (who follows, who opted in) and queued
        # by the one commit: no snapshot load, no second write.
        reads = {"followers", "user_settings"}
        assert [c for c in counting.calls if c not in reads] == ["commit_turn"], counting.calls
        assert len(replays) <= 1
        record = move.record
    assert steps >= 2  # at least a penguin laid and a stone step
