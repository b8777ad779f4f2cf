"""Computer players left alone on the ice post one summary, not every move (the moves stay)."""

from __future__ import annotations

import re

from bot.play.games import load_game
from tests.cogs.conftest import BotRunner
from tests.cogs.players import resign_for_good, settle
from tests.fakediscord import FakeDiscord


async def test_computers_left_alone_post_one_summary_then_the_results(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Alice resigns a Fish game against two computers (F-13 does not end it: two stay); the
    thread then gets one post summing up each computer's moves and catch, with the final
    ranking, and every move is still in the log and in /game history."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_runner(ai_budget=0.02) as bot:
        reply = await fake.invoke(alice, "/fish new", players=3, bots=2, level=1)
        assert not reply.ephemeral, reply.content
        thread = await fake.wait_for_thread(fake.channel("games"))
        await settle(bot)
        resigned = await resign_for_good(fake, alice, game=1)
        assert resigned.ephemeral, resigned.content

        def finished() -> bool:
            posts = fake.history(thread)
            return bool(posts) and "Final ranking" in posts[-1].content

        await fake.wait_until(finished, timeout=120, what="the computers to finish")
        await settle(bot)
        posts = fake.history(thread)
        left = next(i for i, m in enumerate(posts) if "Alice left the game" in m.content)
        after = posts[left + 1 :]
        assert len(after) == 1, [m.content for m in after]
        summary = after[0].content
        assert "Only computer players are left on the ice" in summary
        record, game = await load_game(bot.store, 1)
        assert record.status == "finished"
        log = await bot.store.action_log(1)
        resign_at = next(i for i, e in enumerate(log) if e.text.startswith("resign"))
        computers = sorted(s.seat for s in record.seats if s.is_computer and s.seat is not None)
        told = re.findall(r": (\d+) moves, \+(\d+) fish", summary)
        assert len(told) == len(computers), summary
        catch = game.view(None)["catch"]
        for seat, (moves, fish) in zip(computers, told, strict=True):
            # Every move of theirs is logged: the summary counts them, it does not replace them.
            assert int(moves) == sum(1 for e in log[resign_at + 1 :] if e.seat == seat)
            assert 0 < int(fish) <= catch[seat]["fish"]
