"""Computer players through the stand-in: they take their turns by themselves, to the end."""

from __future__ import annotations

import pytest

from bot.play.turns import hand_to_computer
from tests.cogs.conftest import BotRunner
from tests.cogs.players import fish_step, play_against_computers, turn_or_end
from tests.fakediscord import FakeDiscord


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
async def test_four_computer_players_finish_a_game(
    fake_discord: FakeDiscord, bot_runner: BotRunner, kind: str
) -> None:
    """A table of four computer players plays to the end, every turn posted with a picture."""
    fake = fake_discord
    async with bot_runner(ai_budget=0.05) as bot:
        board = {"width": 6, "height": 6} if kind == "ultimatum" else {}
        reply = await fake.invoke(
            fake.user("alice"), f"/{kind} new", options=board, players=4, bots=3, level=1
        )
        assert not reply.ephemeral, reply.content
        record = await bot.store.get_game(1)
        assert record.status == "active"
        alice_seat = record.seat_of(fake.user("alice").id)
        assert alice_seat is not None
        await hand_to_computer(bot.store, 1, alice_seat, level=3, expected_version=record.version)
        bot.after_change(await bot.store.get_game(1))
        thread = await fake.wait_for_thread(fake.channel("games"))

        def finished() -> bool:
            posts = fake.history(thread)
            return bool(posts) and "Final ranking" in posts[-1].content

        await fake.wait_until(finished, timeout=120, what="the computer players to finish")
        final = await bot.store.get_game(1)
        assert final.status == "finished"
        names = [s.name for s in final.seats]
        assert all(s.is_computer for s in final.seats), names


async def test_a_person_plays_against_computers(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """One person and a computer: the computer answers each human move by itself."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_runner(ai_budget=0.05) as bot:
        await fake.invoke(alice, "/fish new", players=2, bots=1, level=2)
        thread = await fake.wait_for_thread(fake.channel("games"))
        await play_against_computers(bot, fake, alice, thread)
        # The posts follow the commits (drawn in worker processes, which a loaded machine slows).
        await fake.wait_until(
            lambda: any("Penguin Bot (medium)" in m.content for m in fake.history(thread)),
            timeout=30,
            what="a post naming the computer player",
        )


async def test_a_computer_whose_search_fails_still_plays(
    fake_discord: FakeDiscord, bot_runner: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    """With its worker processes gone, the computer plays a legal move at random (logged)
    instead of stalling the game, and the next decision has workers again."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_runner(ai_budget=0.05) as bot:
        computers = bot.get_cog("Computers")
        assert computers is not None
        # An extension's module is loaded anew (not the one a test imports): isinstance cannot
        # tell mypy this is the Computers cog.
        computers.pool.shutdown()  # type: ignore[attr-defined]
        await fake.invoke(alice, "/fish new", players=2, bots=1, level=3)
        thread = await fake.wait_for_thread(fake.channel("games"))
        mine = (await bot.store.get_game(1)).seat_of(alice.id)

        async def computer_moves() -> int:
            return sum(a.seat != mine for a in await bot.store.action_log(1))

        while await computer_moves() < 2:
            record, game = await turn_or_end(bot, alice, 1)
            if await computer_moves() >= 2:
                break
            assert record.status != "finished", "the computer went on playing"
            await fish_step(fake, alice, thread, game.phase)
        assert caplog.text.count("could not decide") == 1, "the pool was started again"
        # The posts follow the commits (drawn in a worker process that may still be starting).
        await fake.wait_until(
            lambda: any("Penguin Bot (hard)" in m.content for m in fake.history(thread)),
            timeout=10,
            what="a post naming the computer player",
        )
