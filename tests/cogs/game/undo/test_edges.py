"""Undo by consent at its edges: a race with a move, a second expiry, a rematch already open."""

from __future__ import annotations

from typing import Any

import pytest

from bot.play.games import load_game
from bot.play.turns import apply_action
from bot.texts.announce import move_drafts
from tests.cogs.clocked import HOUR, ClockedRunner, later, settle
from tests.cogs.players import fish_step, open_game, said, who_moves
from tests.cogs.polling import until
from tests.fakediscord import FakeDiscord

REMATCH_OPEN = (
    "A rematch of game #{id} has been opened, so its result stands: nothing can be taken back "
    "any more."
)


async def test_an_undo_that_loses_a_race_is_dropped_not_left_waiting(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Against a computer player nobody has to agree, so the undo is carried out at once; when
    the game moves between the request and carrying it out, the request is dropped and the
    person told why — a new /game undo is not blocked for 24 hours by the void one."""
    fake = fake_discord
    alice = fake.user("alice")
    async with clocked_bot() as bot:
        await fake.invoke(alice, "/fish new", players=2, bots=1)
        thread = await fake.wait_for_thread(fake.channel("games"))
        store = bot.store

        async def alices_turn() -> bool:
            return (await store.get_game(1)).to_move_user == alice.id

        while True:  # until something was played and alice is to move (the computer waits)
            await until(alices_turn, "alice's turn", timeout=10)
            _, game = await load_game(store, 1)
            assert game is not None
            if game.log:
                break
            await fish_step(fake, alice, thread, game.phase)
        asked = store.request_undo

        async def and_at_that_moment_a_move(game_id: int, **options: Any) -> Any:
            request = await asked(game_id, **options)
            record, game = await load_game(store, game_id)  # alice, on her other device
            assert game is not None and record.to_move_seat is not None
            await apply_action(
                store,
                game_id,
                record.to_move_seat,
                game.legal_actions()[0],
                expected_version=record.version,
                announce=lambda m: move_drafts(m, "en"),
            )
            return request

        monkeypatch.setattr(store, "request_undo", and_at_that_moment_a_move)
        void = await fake.invoke(alice, "/game undo", channel=thread)
        assert void.ephemeral and void.content == said(
            alice, "Game #{id} moved on: the undo is void.", id=1
        )
        assert await store.undo_request(1) is None
        monkeypatch.setattr(store, "request_undo", asked)
        again = await fake.invoke(alice, "/game undo", channel=thread)
        assert not again.ephemeral and "Nobody else has to agree: done." in again.content


async def test_each_expired_undo_request_gets_its_note(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Asked, expired, asked again at the same point of the game, expired again: the thread is
    told both times."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        for expected in (1, 2):
            await fake.invoke(mover, "/game undo", channel=thread)
            await later(fake, bot, 24 * HOUR + 1)
            notes = [m for m in fake.history(thread) if "undo request expired" in m.content]
            assert len(notes) == expected
        assert len(await bot.store.action_log(1)) == 1


async def test_no_undo_once_a_rematch_was_opened(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """A finished game may be asked about until its rematch is opened; approving after that,
    or asking again, takes nothing back and says why."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        while (await bot.store.get_game(1)).status != "finished":
            _, game, user = await who_moves(bot, fake, 1)
            await fish_step(fake, user, thread, game.phase)
        await settle(bot)
        log = await bot.store.action_log(1)
        asker, other = people
        ask = await fake.invoke(asker, "/game undo", channel=thread)
        assert not ask.ephemeral and ask.message.labels == ["Approve undo", "Refuse undo"]
        final = next(m for m in reversed(fake.history(thread)) if "Rematch" in m.labels)
        await (await fake.click(asker, final, label="Rematch")).wait_for_content()
        await fake.click(other, ask.message, label="Approve undo")
        assert ask.message.content == REMATCH_OPEN.format(id=1) and not ask.message.buttons
        refused = await fake.invoke(asker, "/game undo", game=1, channel=thread)
        assert refused.ephemeral and refused.content == said(asker, REMATCH_OPEN, id=1)
        assert await bot.store.action_log(1) == log
        assert (await bot.store.get_game(1)).status == "finished"
