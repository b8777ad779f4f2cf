"""A rematch opens a table on the old game's server, so asking for one from a direct
message needs membership of that server (bot.play.access, Purpose.JOIN), as joining does."""

from __future__ import annotations

import discord

from bot.host import MEMBER_SEEN_FOR
from bot.ui.buttons import buttons
from tests.cogs.clocked import ClockedRunner
from tests.cogs.hostile import all_games, dm, same_answer
from tests.cogs.players import open_game, resign_for_good, said, settle, who_moves
from tests.fakediscord import FakeDiscord, Message, User

MISSING = 99


async def rematch_button_in_dm(
    bot: discord.Client, fake: FakeDiscord, user: User, game: int
) -> Message:
    """The bot's own DM to ``user`` carrying the Rematch button of ``game`` (a persistent
    button works wherever it is posted; Discord delivers its click from the DM)."""
    person = await bot.fetch_user(user.id)
    sent = await person.send(view=buttons(["rematch"], game, "en"))
    (message,) = [m for m in fake.history(dm(fake, user)) if m.id == sent.id]
    return message


async def test_a_player_who_left_the_server_opens_no_rematch_there_from_a_dm(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Both players of a finished game have Rematch in a DM. The one who left the server is
    answered as for a game that does not exist, and no table is opened; the one still on it
    opens the rematch from the DM as from the thread."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, _, mover = await who_moves(bot, fake, 1)
        await resign_for_good(fake, mover, channel=thread)
        await settle(bot)
        gone, stays = people
        gone_button = await rematch_button_in_dm(bot, fake, gone, 1)
        stays_button = await rematch_button_in_dm(bot, fake, stays, 1)
        missing_button = await rematch_button_in_dm(bot, fake, gone, MISSING)
        del fake.guild.members[gone.id]
        fake.clock.advance(MEMBER_SEEN_FOR + 60)  # what the bot remembers of them is stale

        before = await all_games(bot)
        refused = await (await fake.click(gone, gone_button, label="Rematch")).wait_for_content()
        missing = await (await fake.click(gone, missing_button, label="Rematch")).wait_for_content()
        await settle(bot)
        assert await all_games(bot) == before
        assert refused.ephemeral and same_answer(refused, missing, 1, MISSING), refused.content
        assert refused.content == said(gone, "There is no game #{id}.", id=1)

        opened = await (await fake.click(stays, stays_button, label="Rematch")).wait_for_content()
        await settle(bot)
        record = await bot.store.get_game(2)
        assert opened.ephemeral and "#2" in opened.content, opened.content
        assert record.rematch_of == 1 and record.user_ids == (stays.id,)
        assert record.guild_id == fake.guild.id
