"""A look at the board speaks to the one who looks."""

from __future__ import annotations

from tests.cogs.conftest import BotRunner
from tests.cogs.players import open_game, said, who_moves
from tests.fakediscord import FakeDiscord


async def test_a_spectators_board_names_the_player_to_move(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Mia, watching, asks for the board: it says whose turn it is without calling on that
    player ("@Alice, your move"); the player to move asking sees their own prompt."""
    fake = fake_discord
    mia = fake.user("mia")
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        record, _, mover = await who_moves(bot, fake, 1)
        seen = await fake.invoke(mia, "/fish board", game=1, channel=thread)
        assert seen.ephemeral
        assert f"<@{mover.id}>" not in seen.content, seen.content
        name = record.player(record.to_move_seat or 0).name or ""
        assert said(mia, "It is {name}'s turn.", name=name) in seen.content
        own = await fake.invoke(mover, "/fish board", game=1, channel=thread)
        assert f"<@{mover.id}>" in own.content, own.content
