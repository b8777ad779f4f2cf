"""How the bot answers when drawing is slow or the answer itself fails, through the stand-in."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from bot.client import PenguinBot
from tests.cogs.conftest import BotRunner
from tests.cogs.players import open_game, said, who_moves
from tests.fakediscord import FakeDiscord, Reply

FAILED_AFTER_APPLYING = (
    "Your action in game #{id} was carried out, but answering you failed. The game's thread "
    "shows where it stands."
)
NOTHING_CHANGED = "Something went wrong on my side; nothing was changed. Please try again."


class BusyPool:
    """Drawing that waits until the test lets it go (the worker processes are all busy)."""

    def __init__(self, bot: PenguinBot, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started = asyncio.Event()
        self.free = asyncio.Event()
        real = bot._off_loop

        async def busy(function: Any, *args: Any, **kwargs: Any) -> bytes:
            self.started.set()
            await self.free.wait()
            return await real(function, *args, **kwargs)

        monkeypatch.setattr(bot, "_off_loop", busy)

    async def answer_late(
        self, fake: FakeDiscord, ask: Callable[[], Coroutine[Any, Any, Reply]]
    ) -> Reply:
        """Ask; once the picture is being drawn, let 5 s pass on Discord's clock, then draw."""
        self.started.clear()
        self.free.clear()
        asked = asyncio.create_task(ask())
        await asyncio.wait_for(self.started.wait(), timeout=5)
        fake.clock.advance(5.0)  # longer than Discord's 3 s for the first response
        self.free.set()
        reply = await asked
        await reply.wait_for_content()
        return reply


async def test_pictures_are_answered_in_time_however_busy_the_drawing_is(
    fake_discord: FakeDiscord, bot_runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/fish board, /ultimatum board, /ultimatum hand and My hand answer within Discord's 3 s
    while every drawing worker is busy (deferred first, the picture follows); the hand stays
    ephemeral, the board public."""
    fake = fake_discord
    mia = fake.user("mia")
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "ultimatum", 2)
        _, fish_thread, _ = await open_game(fake, "fish", 2)
        start_post = next(m for m in fake.history(thread) if "My hand" in m.labels)
        pool = BusyPool(bot, monkeypatch)
        board = await pool.answer_late(
            fake, lambda: fake.invoke(mia, "/ultimatum board", game=1, post=True)
        )
        assert not board.ephemeral and board.attachments[0].image().format == "PNG"
        fish = await pool.answer_late(
            fake, lambda: fake.invoke(mia, "/fish board", channel=fish_thread, game=2, post=True)
        )
        assert not fish.ephemeral and fish.attachments[0].image().format == "PNG"
        hand = await pool.answer_late(
            fake, lambda: fake.invoke(people[0], "/ultimatum hand", game=1)
        )
        assert hand.ephemeral and hand.attachments[0].image().format == "PNG"
        assert hand.content.startswith("Your hand in game #1: ")
        clicked = await pool.answer_late(
            fake, lambda: fake.click(people[1], start_post, label="My hand")
        )
        assert clicked.ephemeral and clicked.attachments[0].image().format == "PNG"
        assert fake.violations == []


async def test_an_answer_that_fails_after_the_move_says_the_move_was_made(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Discord refuses the answer to a move (403 once): the move stands, and the person is
    told so — not that nothing was changed."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, _, mover = await who_moves(bot, fake, 1)
        floes = await fake.autocomplete(mover, "/fish place", "floe", typed="", channel=thread)
        refused = fake.faults.forbidden("POST /interactions/*", times=1)
        reply = await fake.invoke(mover, "/fish place", floe=floes[0].value, channel=thread)
        assert refused.hits == 1
        assert reply.ephemeral and reply.content == said(mover, FAILED_AFTER_APPLYING, id=1)
        assert len(await bot.store.action_log(1)) == 1


async def test_an_error_after_a_public_deferral_is_told_to_the_person_alone(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """/game replay answers publicly ('thinking…'); when posting the replay fails, the error
    goes to the person who asked, ephemerally, and the public placeholder goes away."""
    fake = fake_discord
    mia = fake.user("mia")
    async with bot_runner():
        _, thread, _ = await open_game(fake, "fish", 2)
        refused = fake.faults.forbidden("POST /webhooks/*", times=1)
        reply = await fake.invoke(mia, "/game replay", game=1, channel=thread, post=True)
        (error,) = await reply.wait_for_followups(1)
        assert refused.hits == 1
        assert error.ephemeral and error.content == said(mia, NOTHING_CHANGED)
        assert reply.message is not None and reply.message.deleted
        assert not [m for m in fake.history(thread) if NOTHING_CHANGED in m.content]
