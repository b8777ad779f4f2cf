"""Rematch when Discord refuses its post: nothing half-open is left, and it can be asked again."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import BotRunner
from tests.cogs.players import open_game, resign_for_good, said, who_moves
from tests.fakediscord import FakeDiscord

NOT_POSTED = (
    "I could not post the rematch of game #{id} in its channel, so none was opened. Please try "
    "again in a moment."
)

REMATCH_OPEN = (
    "Rematch: game #{id} is open and you are seated; the other players are asked to join."
)


@pytest.mark.parametrize("status", [403, 503])
async def test_a_rematch_whose_post_fails_can_be_asked_for_again(
    fake_discord: FakeDiscord, bot_runner: BotRunner, status: int
) -> None:
    """The new lobby's post is refused (403, or a 503 discord.py does not retry): the player
    is told, the table that nobody could see is cancelled, and the next click opens the
    rematch."""
    fake = fake_discord
    games = fake.channel("games")
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, _, mover = await who_moves(bot, fake, 1)
        mark = fake.mark()
        await resign_for_good(fake, mover, channel=thread)
        (final,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert "Rematch" in final.labels
        post = f"POST /channels/{games.id}/messages"
        if status == 403:
            fault = fake.faults.forbidden(post, times=1)
        else:
            fault = fake.faults.server_error(post, status=status, times=1)
        asker = people[1]
        failed = await (await fake.click(asker, final, label="Rematch")).wait_for_content()
        assert fault.hits == 1
        assert failed.ephemeral and failed.content == said(asker, NOT_POSTED, id=1)
        assert (await bot.store.get_game(2)).status == "cancelled"
        again = await (await fake.click(asker, final, label="Rematch")).wait_for_content()
        assert again.content == said(asker, REMATCH_OPEN, id=3)
        record = await bot.store.get_game(3)
        assert record.status == "lobby" and record.user_ids == (asker.id,)
        posted = [m for m in fake.history(games) if m.content.startswith("Rematch of game #1")]
        assert len(posted) == 1
