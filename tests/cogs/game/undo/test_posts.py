"""The posted undo question is kept true across a restart: where it was posted is
kept with the request in the store, so the process that settles the request edits the post
even when another process — or this one before a restart — posted it."""

from __future__ import annotations

from bot.i18n import t
from tests.cogs.clocked import HOUR, ClockedRunner, later, settle
from tests.cogs.players import fish_step, open_game, who_moves
from tests.fakediscord import FakeDiscord

EXPIRED = "Expired: nobody answered in time, so nothing was taken back."
VOID = "Game #{id} moved on: the undo is void."


async def test_a_restart_between_asking_and_expiry_still_closes_the_request(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Asked, the bot restarts, the request expires: the question says so and loses its
    Approve/Refuse buttons; the thread hears of it once."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        asked = await fake.invoke(mover, "/game undo", channel=thread)
        assert [b["label"] for b in asked.message.buttons] == ["Approve undo", "Refuse undo"]
        question = asked.message.content.split("\n")[0]
        await settle(bot)
    async with clocked_bot() as bot:
        await later(fake, bot, 24 * HOUR + 1)
        await fake.wait_until(
            lambda: asked.message.content == question + "\n" + t("en", EXPIRED),
            what="the expired request",
        )
        assert not asked.message.buttons
        assert await bot.store.undo_request(1) is None
        notes = [m for m in fake.history(thread) if "undo request expired" in m.content]
        assert len(notes) == 1
        assert len(await bot.store.action_log(1)) == 1, "nothing was taken back"


async def test_a_move_after_a_restart_voids_the_request_and_closes_its_post(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Asked, the bot restarts, the person asked plays on: the request is void, and its post
    says so without buttons (a click on it would have nothing to answer)."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        asked = await fake.invoke(mover, "/game undo", channel=thread)
        assert asked.message.buttons
        question = asked.message.content.split("\n")[0]
        await settle(bot)
    async with clocked_bot() as bot:
        _, game, next_mover = await who_moves(bot, fake, 1)
        assert next_mover != mover
        await fish_step(fake, next_mover, thread, game.phase)
        void = t("en", VOID, id=1)
        await fake.wait_until(
            lambda: asked.message.content == question + "\n" + void, what="the void request"
        )
        assert not asked.message.buttons
        assert await bot.store.undo_request(1) is None
        assert len(await bot.store.action_log(1)) == 2
