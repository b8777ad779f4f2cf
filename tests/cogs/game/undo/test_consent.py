"""Undo by consent through the stand-in: approved by the others, refused or expired, void once
the game moved on, and not past an Ultimatum draw (U-23)."""

from __future__ import annotations

import random

from bot.games.ultimatum import UltimatumGame
from bot.play.games import load_game
from tests.cogs.clocked import HOUR, ClockedRunner, later
from tests.cogs.players import (
    fish_step,
    open_game,
    play_ultimatum_until,
    said,
    ultimatum_step,
    who_moves,
)
from tests.fakediscord import FakeDiscord, User


def other(people: list[User], user: User) -> User:
    """The other one of two players."""
    return next(p for p in people if p.id != user.id)


async def test_undo_approved_by_the_others_takes_the_last_turn_back(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """F-6: the mover asks, the other approves: the log shrinks, the snapshot is rebuilt, the
    same player is to move again, and the thread gets the new picture."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        before = await bot.store.get_game(1)
        ask = await fake.invoke(mover, "/game undo", channel=thread)
        assert not ask.ephemeral and "asks to take back" in ask.content
        assert f"<@{other(people, mover).id}>" in ask.content
        assert ask.message.labels == ["Approve undo", "Refuse undo"]
        stranger = await fake.click(fake.user("mia"), ask.message, label="Approve undo")
        assert stranger.ephemeral and "does not wait for your answer" in stranger.content
        done = await fake.click(other(people, mover), ask.message, label="Approve undo")
        assert done.kind == "update"
        assert "taken back" in ask.message.content and not ask.message.buttons
        record, game = await load_game(bot.store, 1)
        assert game is not None and game.log == [] and len(await bot.store.action_log(1)) == 0
        assert record.to_move_user == mover.id and record.version == before.version + 1
        await fake.wait_until(
            lambda: any(m.content.startswith("Taken back in game") for m in fake.history(thread)),
            what="the picture after the undo",
        )
        post = next(m for m in fake.history(thread) if m.content.startswith("Taken back in game"))
        assert post.attachments and "place a penguin" in post.content
        # The turn played again after the undo is announced like any other.
        mark = fake.mark()
        await fish_step(fake, mover, thread, "place")
        (again,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert again.attachments and f"<@{other(people, mover).id}>" in again.content


async def test_undo_refused_or_expired_takes_nothing_back(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """A refusal ends the request at once; an unanswered one expires after its time limit."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        ask = await fake.invoke(mover, "/game undo", channel=thread)
        await fake.click(other(people, mover), ask.message, label="Refuse undo")
        assert "refused" in ask.message.content and not ask.message.buttons
        assert len(await bot.store.action_log(1)) == 1
        assert await bot.store.undo_request(1) is None
        again = await fake.invoke(mover, "/game undo", channel=thread)
        twice = await fake.invoke(mover, "/game undo", channel=thread)
        assert twice.ephemeral and twice.content == said(
            mover, "An undo in game #{id} is already waiting for answers.", id=1
        )
        await later(fake, bot, 24 * HOUR + 1)
        assert any("undo request expired" in m.content for m in fake.history(thread))
        # The request itself says that it expired, and has no buttons left to click.
        await fake.wait_until(
            lambda: again.message.content.endswith(
                "Expired: nobody answered in time, so nothing was taken back."
            ),
            what="the expired request",
        )
        assert not again.message.buttons
        assert len(await bot.store.action_log(1)) == 1


async def test_undo_is_void_when_the_game_moved_on(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """A move after the request voids it: approving then takes nothing back."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        ask = await fake.invoke(mover, "/game undo", channel=thread)
        _, game, nxt = await who_moves(bot, fake, 1)
        await fish_step(fake, nxt, thread, game.phase)
        # The request says at once that it is void, and loses its buttons.
        await fake.wait_until(lambda: "void" in ask.message.content, what="the void request")
        assert not ask.message.buttons
        assert len(await bot.store.action_log(1)) == 2


async def test_u23_undo_refused_after_a_draw_allowed_within_a_turn(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """U-23/U-8: a finished Ultimatum turn ended with a draw: no undo, and the reply says why;
    the steps of a turn in progress (nothing revealed yet) may be taken back."""
    fake = fake_discord
    rng = random.Random(5)
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "ultimatum", 2)
        game, user = await play_ultimatum_until(bot, fake, thread, rng, 1, "play")
        refused = await fake.invoke(people[0], "/game undo", channel=thread)
        # The first thing the turn revealed is the reason: a show's new face-up entertainer
        # (U-21) comes before the turn's closing draw (U-23). The deal is random, so either.
        turn = [a.text for a in await bot.store.action_log(1)]
        reason = (
            "a new entertainer was turned face up"
            if any(text.startswith("entertainer ") for text in turn)
            else "a penguin card was drawn"
        )
        assert refused.ephemeral and reason in refused.content, (turn, refused.content)
        await ultimatum_step(fake, user, thread, "play", rng, None)  # lays a penguin
        _, game, _ = await who_moves(bot, fake, 1)
        assert game.phase == "invite"
        ask = await fake.invoke(user, "/game undo", channel=thread)
        assert not ask.ephemeral, ask.content
        await fake.click(other(people, user), ask.message, label="Approve undo")
        _, after = await load_game(bot.store, 1)
        assert isinstance(after, UltimatumGame)
        seat = game.to_move
        assert seat is not None and game.last is not None
        assert after.phase == "play" and after.turn == 1 and after.to_move == seat
        assert sorted(after.hand(seat)) == sorted([*game.hand(seat), game.last["card"]])
