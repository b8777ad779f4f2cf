"""A replay is a large picture: it is posted for everyone only when asked."""

from __future__ import annotations

from tests.cogs.conftest import BotRunner
from tests.cogs.players import fish_step, open_game, settle, who_moves
from tests.fakediscord import FakeDiscord


async def test_a_players_replay_is_private_unless_posted(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Alice, seated, asks for the replay: only she sees it, as a spectator would; with post
    it goes to the thread for everyone."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, game, user = await who_moves(bot, fake, 1)
        await fish_step(fake, user, thread, game.phase)
        await settle(bot)
        own = await fake.invoke(people[0], "/game replay", channel=thread)
        await own.wait_for_content()
        assert own.ephemeral and own.attachments, own.content
        posted = await fake.invoke(people[0], "/game replay", channel=thread, post=True)
        await posted.wait_for_content()
        assert not posted.ephemeral and posted.attachments
