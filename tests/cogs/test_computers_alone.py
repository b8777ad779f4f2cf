"""Computer players left alone post one summary, not every move (the moves stay)."""

from __future__ import annotations

import re
from typing import Any

from bot.client import PenguinBot
from bot.play.games import load_game
from bot.store import GameRecord, LoggedAction
from tests.cogs.conftest import BotRunner
from tests.cogs.players import resign_for_good, settle
from tests.fakediscord import FakeDiscord


async def _resign_against_two_computers(
    fake: FakeDiscord, bot: PenguinBot, kind: str
) -> tuple[str, GameRecord, Any, list[LoggedAction], list[int]]:
    """Alice opens a three-seat game of ``kind`` with two computers and resigns at once; once
    the computers have finished: the one post after her leaving, the finished game, its log,
    and the computers' seats."""
    alice = fake.user("alice")
    reply = await fake.invoke(alice, f"/{kind} new", players=3, bots=2, level=1)
    assert not reply.ephemeral, reply.content
    thread = await fake.wait_for_thread(fake.channel("games"))
    await settle(bot)
    resigned = await resign_for_good(fake, alice, game=1)
    assert resigned.ephemeral, resigned.content

    def finished() -> bool:
        posts = fake.history(thread)
        return bool(posts) and "Final ranking" in posts[-1].content

    await fake.wait_until(finished, timeout=180, what="the computers to finish")
    await settle(bot)
    posts = fake.history(thread)
    left = next(i for i, m in enumerate(posts) if "Alice left the game" in m.content)
    after = posts[left + 1 :]
    assert len(after) == 1, [m.content for m in after]
    record, game = await load_game(bot.store, 1)
    assert record.status == "finished" and game is not None
    computers = sorted(s.seat for s in record.seats if s.is_computer and s.seat is not None)
    return after[0].content, record, game, await bot.store.action_log(1), computers


async def test_computers_left_alone_post_one_summary_then_the_results(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Alice resigns a Fish game against two computers (F-13 does not end it: two stay); the
    thread then gets one post summing up each computer's moves and catch, with the final
    ranking, and every move is still in the log and in /game history."""
    async with bot_runner(ai_budget=0.02) as bot:
        summary, _, game, log, computers = await _resign_against_two_computers(
            fake_discord, bot, "fish"
        )
    assert "Only computer players are left on the ice" in summary
    resign_at = next(i for i, e in enumerate(log) if e.text.startswith("resign"))
    told = re.findall(r": (\d+) moves, \+(\d+) fish", summary)
    assert len(told) == len(computers), summary
    catch = game.view(None)["catch"]
    for seat, (moves, fish) in zip(computers, told, strict=True):
        # Every move of theirs is logged: the summary counts them, it does not replace them.
        assert int(moves) == sum(1 for e in log[resign_at + 1 :] if e.seat == seat)
        assert 0 < int(fish) <= catch[seat]["fish"]


async def test_computers_left_alone_at_an_ultimatum_table_post_one_summary(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Alice resigns an Ultimatum game against two computers (U-10: turns skip her; two players
    stay, so it goes on); the thread then gets one post summing up each computer's turns and
    points with the final ranking, and every turn is still in the log."""
    async with bot_runner(ai_budget=0.02) as bot:
        summary, _, game, log, computers = await _resign_against_two_computers(
            fake_discord, bot, "ultimatum"
        )
    assert "Only computer players are left at the table" in summary
    resign_at = next(i for i, e in enumerate(log) if e.text.startswith("resign"))
    told = re.findall(r": (\d+) turns?, \+(-?\d+) points", summary)
    assert len(told) == len(computers), summary
    # A turn of several actions counts once, where it begins.
    turns = [turn for turn in game.turns() if turn.start > resign_at]
    scores = game.view(None)["scores"]
    for seat, (count, points) in zip(computers, told, strict=True):
        assert int(count) == sum(1 for turn in turns if turn.seat == seat) > 0
        assert int(points) <= scores[seat]
