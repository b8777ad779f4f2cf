"""A table keeps the level chosen for its computer players when it was opened."""

from __future__ import annotations

from tests.cogs.conftest import BotRunner
from tests.fakediscord import FakeDiscord


async def test_add_computer_seats_the_level_the_table_was_opened_with(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """`/fish new players:3 level:hard` with no computer seated yet: the lobby's Add computer
    seats a hard computer player, not a medium one."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_runner() as bot:
        reply = await fake.invoke(alice, "/fish new", players=3, level=3)
        assert reply.message is not None, reply.content
        clicked = await fake.click(alice, reply.message, label="Add computer")
        assert clicked.message is not None
        seats = str(clicked.message.embeds)
        assert "Penguin Bot (hard)" in seats and "medium" not in seats, seats
        record = await bot.store.get_game(1)
        assert [s.bot_level for s in record.seats if s.is_computer] == [3]


async def test_a_level_given_to_add_computer_overrides_the_tables(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """`/game add-computer level:easy` seats an easy player at a table opened as hard; without
    a level the command takes the table's."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_runner() as bot:
        await fake.invoke(alice, "/ultimatum new", players=4, level=3, width=6, height=6)
        easy = await fake.invoke(alice, "/game add-computer", game=1, level=1)
        assert "Penguin Bot (easy)" in easy.content, easy.content
        table = await fake.invoke(alice, "/game add-computer", game=1)
        assert "Penguin Bot (hard)" in table.content, table.content
        record = await bot.store.get_game(1)
        assert sorted(s.bot_level or 0 for s in record.seats if s.is_computer) == [1, 3]
