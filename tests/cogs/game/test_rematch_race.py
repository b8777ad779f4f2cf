"""A rematch is opened once, however many clicks on Rematch arrive at the same moment."""

from __future__ import annotations

import asyncio

from tests.cogs.conftest import BotRunner
from tests.cogs.hostile import all_games
from tests.cogs.players import open_game, resign_for_good, settle, who_moves
from tests.fakediscord import FakeDiscord

CLICKS = 20


async def test_twenty_simultaneous_rematch_clicks_open_one_game(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Both players click Rematch on the final post, 20 clicks at once: every click is
    answered, exactly one new game is opened (and posted once); the others are told."""
    fake = fake_discord
    games = fake.channel("games")
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, _, mover = await who_moves(bot, fake, 1)
        mark = fake.mark()
        await resign_for_good(fake, mover, channel=thread)
        (final,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert "Rematch" in final.labels
        mark = fake.mark()
        clicks = [fake.click(people[n % 2], final, label="Rematch") for n in range(CLICKS)]
        replies = await asyncio.gather(*clicks)
        answers = [await reply.wait_for_content() for reply in replies]
        assert all(a.ephemeral for a in answers), [a.content for a in answers]
        await settle(bot)
        opened = {n: g for n, g in (await all_games(bot)).items() if n != 1}
        live = [n for n, g in opened.items() if g.record.status != "cancelled"]
        assert len(live) == 1, (
            f"{CLICKS} clicks opened the games {sorted(opened)} "
            f"({[g.record.status for g in opened.values()]})"
        )
        (game_id,) = live
        record = opened[game_id].record
        assert record.status == "lobby" and len(record.user_ids) == 1
        assert set(record.user_ids) <= {p.id for p in people}
        posted = [
            m
            for m in fake.history(games)
            if m.id > mark and m.content.startswith("Rematch of game #1")
        ]
        assert len(posted) == 1, [m.content for m in posted]
        started = [a for a in answers if f"#{game_id}" in a.content]
        assert len(started) == 1, [a.content for a in answers]
