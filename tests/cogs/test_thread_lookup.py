"""In a thread, the thread's game is meant only while it runs; once it is over or
cancelled, a command there means the person's only running game in the channel, and with
several the person is asked to pick one."""

from __future__ import annotations

import re

import pytest

from tests.cogs.conftest import BotRunner
from tests.cogs.hostile import all_games, changes
from tests.cogs.players import is_done, open_game, resign_for_good, said, who_moves
from tests.fakediscord import FakeDiscord


@pytest.mark.parametrize("ended", ["cancelled", "finished"])
async def test_a_command_in_an_ended_games_thread_means_the_running_game(
    fake_discord: FakeDiscord, bot_runner: BotRunner, ended: str
) -> None:
    """Game #1 ends (cancelled or resigned); game #2 runs in the same channel. /fish place
    without a game, typed in game #1's thread, places in game #2 (not "Game #1 was
    cancelled"). With a third game running too, the person is asked to pick."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, old_thread, people = await open_game(fake, "fish", 2)
        if ended == "cancelled":
            await fake.invoke(people[0], "/game cancel", channel=old_thread)
        else:
            await resign_for_good(fake, people[1], channel=old_thread)
        assert (await bot.store.get_game(1)).status == ended
        await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 2)
        floe = game.legal_actions()[0]
        reply = await fake.invoke(mover, "/fish place", floe=floe, channel=old_thread)
        assert is_done(mover, reply), reply.content
        placed = said(
            mover,
            "{who} placed a penguin on {floe}.",
            who=mover.global_name or mover.name,
            floe=floe,
        )
        assert reply.content == "\n".join([said(mover, "Done in game #{id}:", id=2), placed])
        assert [a.text for a in await bot.store.action_log(2)] == [floe]

        await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 2)
        before = await all_games(bot)
        floe = game.legal_actions()[0]
        asked = await fake.invoke(mover, "/fish place", floe=floe, channel=old_thread)
        after = await all_games(bot)
        assert after == before, changes(before, after)
        assert asked.ephemeral and "#2" in asked.content and "#3" in asked.content, asked.content
        assert not re.search(r"#1\b", asked.content), "the ended game is not offered"
