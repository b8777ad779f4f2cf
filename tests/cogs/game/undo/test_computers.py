"""Undo against computer players, through the stand-in: a person takes back their own turn with
the computers' replies, computers are never asked, and the computer does not play it again."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

from bot.client import PenguinBot
from bot.i18n import t
from bot.play.games import load_game
from bot.texts.names import mention, seat_names
from bot.texts.over_days import taken_back
from tests.cogs.conftest import BotRunner
from tests.cogs.players import fish_step, said, ultimatum_step
from tests.cogs.polling import until
from tests.fakediscord import Channel, FakeDiscord, Message, Reply, User

#: Public posts are in the server's language: the stand-in's guild prefers English.
PUBLIC = "en"


def turn_of(bot: PenguinBot, user: User) -> Callable[[], Awaitable[bool]]:
    """A condition: it is this person's turn in game #1."""

    async def condition() -> bool:
        return (await bot.store.get_game(1)).to_move_user == user.id

    return condition


async def texts(bot: PenguinBot) -> list[str]:
    """Game #1's action log as written."""
    return [a.text for a in await bot.store.action_log(1)]


async def play_fish_until_answered(bot: PenguinBot, fake: FakeDiscord, thread: Channel) -> None:
    """Alice plays until a computer has answered one of her turns and she is to move again."""
    alice = fake.user("alice")
    while True:
        await until(turn_of(bot, alice), "alice's turn")
        record, game = await load_game(bot.store, 1)
        log = await bot.store.action_log(1)
        mine = record.seat_of(alice.id)
        if log and log[-1].seat != mine and any(a.seat == mine for a in log):
            return
        assert game is not None
        await fish_step(fake, alice, thread, game.phase)


async def test_fish_undo_against_a_computer_takes_back_your_own_turn_at_once(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """F-7: one person against a computer: /game undo takes back her own last move and the
    computer's reply after it, at once (nobody is asked); it is her turn again, and the
    computer does not move until she does."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_runner(ai_budget=0.05) as bot:
        await fake.invoke(alice, "/fish new", players=2, bots=1, level=1)
        thread = await fake.wait_for_thread(fake.channel("games"))
        await play_fish_until_answered(bot, fake, thread)
        record = await bot.store.get_game(1)
        log = await bot.store.action_log(1)
        mine = record.seat_of(alice.id)
        last = max(i for i, a in enumerate(log) if a.seat == mine)
        taken = [a.text for a in log[last:]]
        assert len(taken) >= 2 and all(a.seat != mine for a in log[last + 1 :])

        mark = fake.mark()
        reply = await fake.invoke(alice, "/game undo", channel=thread)
        computer = next(
            seat_names(record, PUBLIC)[s.seat]
            for s in record.seats
            if s.is_computer and s.seat is not None
        )
        turns = [("Alice", taken[:1])] + [(computer, [a]) for a in taken[1:]]
        question = t(
            PUBLIC,
            "{asker} asks to take back, in game #{id}: {turns}",
            asker=mention(alice.id),
            id=1,
            turns=taken_back(PUBLIC, "fish", turns),
        )
        assert not reply.ephemeral and not reply.message.buttons
        assert reply.content == question + "\n" + t(PUBLIC, "Nobody else has to agree: done.")
        assert await texts(bot) == [a.text for a in log[:last]]
        told = t(
            PUBLIC,
            "Taken back in game #{id}: {turns}",
            id=1,
            turns=taken_back(PUBLIC, "fish", turns),
        )
        # Told in words, one sentence an action (F-6, F-7), not in the notation typed to /fish.
        assert told.count(" a penguin ") == len(taken)

        # The post of the computer's reply may still be on its way too: wait for this one.
        def posts() -> list[Message]:
            return [m for m in fake.history(thread) if m.id > mark and told in m.content]

        await fake.wait_until(lambda: bool(posts()), timeout=15, what="the undo's post")
        (post,) = posts()
        assert post.attachments, "with a fresh picture"

        await asyncio.sleep(1.0)  # time in which a computer to move would have moved
        after = await bot.store.get_game(1)
        assert after.to_move_user == alice.id
        assert await texts(bot) == [a.text for a in log[:last]], "the computer waits for her"

        _, game = await load_game(bot.store, 1)
        assert game is not None
        await fish_step(fake, alice, thread, game.phase)
        played = len(log[:last]) + 1
        await until(lambda: _longer(bot, played), "the computer to answer the move played anew")


async def _longer(bot: PenguinBot, length: int) -> bool:
    return len(await bot.store.action_log(1)) > length


async def test_only_the_other_person_is_asked_not_the_computer(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Two people and a computer: the person whose turn the computer answered takes back both
    turns; only the other person is asked, and their approval carries it out."""
    fake = fake_discord
    alice, bruno = fake.user("alice"), fake.user("bruno")
    async with bot_runner(ai_budget=0.05) as bot:
        lobby = await fake.invoke(alice, "/fish new", players=3, bots=1, level=1)
        thread = await fake.wait_for_thread(fake.channel("games"))
        await fake.click(bruno, lobby.message, label="Join")
        record = await bot.store.get_game(1)
        computer = next(s.seat for s in record.seats if s.is_computer)
        assert computer is not None
        # The person seated just before the computer: the computer answers their turns.
        asker = next(u for u in (alice, bruno) if record.seat_of(u.id) == (computer - 1) % 3)
        other = bruno if asker is alice else alice

        async def after_the_computer() -> bool:
            log = await bot.store.action_log(1)
            return bool(log) and log[-1].seat == computer and len(log) >= 2

        async def a_person_to_move() -> bool:
            return (await bot.store.get_game(1)).to_move_user is not None

        while True:
            await until(a_person_to_move, "a person's turn")  # the computer is thinking
            current = await bot.store.get_game(1)
            if current.to_move_user == other.id and await after_the_computer():
                break
            _, game = await load_game(bot.store, 1)
            assert game is not None
            mover = alice if current.to_move_user == alice.id else bruno
            await fish_step(fake, mover, thread, game.phase)
        log = await bot.store.action_log(1)
        keep = len(log) - 2
        assert log[keep].seat == record.seat_of(asker.id)

        ask = await fake.invoke(asker, "/game undo", channel=thread)
        assert not ask.ephemeral and ask.message.labels == ["Approve undo", "Refuse undo"]
        assert mention(other.id) in ask.content.splitlines()[1]
        assert "<@" not in ask.content.splitlines()[1].replace(mention(other.id), "")
        refused = await fake.click(asker, ask.message, label="Approve undo")
        assert refused.ephemeral and refused.content == said(
            asker, "This undo does not wait for your answer."
        )
        await fake.click(other, ask.message, label="Approve undo")
        assert not ask.message.buttons
        assert await texts(bot) == [a.text for a in log[:keep]]
        await asyncio.sleep(0.5)
        assert (await bot.store.get_game(1)).to_move_user == asker.id


async def test_ultimatum_undo_within_your_turn_but_not_past_the_draw(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """U-11/U-23 against a computer: the steps of one's own turn in progress go back at once;
    once the turn ended with a draw and the computer played, nothing goes back, and the
    refusal says why."""
    fake = fake_discord
    alice = fake.user("alice")
    rng = random.Random(3)
    async with bot_runner(ai_budget=0.05) as bot:
        await fake.invoke(alice, "/ultimatum new", players=2, bots=1, level=1)
        thread = await fake.wait_for_thread(fake.channel("games"))
        await until(turn_of(bot, alice), "alice's turn")
        before = await texts(bot)
        await ultimatum_step(fake, alice, thread, "play", rng, None)
        assert len(await texts(bot)) == len(before) + 1
        reply = await fake.invoke(alice, "/game undo", channel=thread)
        assert not reply.ephemeral and reply.content.endswith(
            t(PUBLIC, "Nobody else has to agree: done.")
        )
        assert await texts(bot) == before
        _, game = await load_game(bot.store, 1)
        assert game is not None and game.phase == "play"

        last: Reply | None = None
        while await turn_of(bot, alice)():
            _, game = await load_game(bot.store, 1)
            assert game is not None
            last = await ultimatum_step(fake, alice, thread, game.phase, rng, last)
        await until(turn_of(bot, alice), "the computer's turn to end")
        log = await texts(bot)
        refused = await fake.invoke(alice, "/game undo", channel=thread)
        assert refused.ephemeral
        assert refused.content in {
            said(
                alice,
                "The last turn in game #{id} can't be taken back: a penguin card was drawn, "
                "and nobody can unsee it.",
                id=1,
            ),
            said(
                alice,
                "The last turn in game #{id} can't be taken back: a new entertainer was "
                "turned face up, and nobody can unsee it.",
                id=1,
            ),
        }
        assert await texts(bot) == log
