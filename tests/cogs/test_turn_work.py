"""A turn does its work once, through the stand-in: one snapshot load, at most one replay and one
write transaction (the commit, which queues the posts and the direct messages too) — whether the
turn comes by command, by click or from a computer player (F-6, F-7)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import bot.play.games as games_module
import bot.texts.announce as announce_module
from bot.client import PenguinBot
from bot.store import Store
from tests.cogs.clicker import play_turn
from tests.cogs.conftest import BotRunner
from tests.cogs.players import engine_game, fish_step, open_game, settle, turn_or_end, who_moves
from tests.fakediscord import FakeDiscord

#: Store calls that keep the processes' bookkeeping (leases, the outbox's delivery), not a turn.
BOOKKEEPING = {
    "claim_game",
    "claim_due_games",
    "claim_outbox",
    "release_game",
    "release_outbox",
    "renew_claims",
    "still_holds_post",
    "mark_sent",
    "mark_failed",
    "drop_if_stale",
}

#: The tasks discord.py answers an interaction in (a command, an autocomplete, a click).
INTERACTIONS = ("CommandTree-invoker", "discord-ui")
#: The computer players' tasks the scheduler's pass starts carry this in their name.
PERIODIC_LOOK = ", a periodic look"


@dataclass
class Work:
    """What one task did: its store calls, snapshot loads, write transactions and replays."""

    calls: list[str] = field(default_factory=list)
    loads: int = 0
    writes: list[str] = field(default_factory=list)  # the store call that opened each
    replays: int = 0


class Tally:
    """Every store call, snapshot load, write transaction and replay, by the task that made it."""

    def __init__(self) -> None:
        self.by_task: dict[str, Work] = {}
        self.current: dict[int, str] = {}  # task id -> the store call it is in
        self.test = asyncio.current_task()  # the test's own reads are not the bot's work

    def work(self) -> Work:
        task = asyncio.current_task()
        if task is self.test:
            return Work()
        name = "?" if task is None else f"{task.get_name()}#{id(task)}"
        return self.by_task.setdefault(name, Work())

    def clear(self) -> None:
        self.by_task.clear()

    def committing(self) -> list[Work]:
        """The work of the tasks that committed a turn."""
        return [work for work in self.by_task.values() if "commit_turn" in work.calls]

    def named(self, prefix: str) -> list[tuple[str, Work]]:
        """The tasks whose name starts with ``prefix``, with their work."""
        return [(name, work) for name, work in self.by_task.items() if name.startswith(prefix)]

    def of(self, prefix: str) -> list[Work]:
        """The work of the tasks whose name starts with ``prefix``."""
        return [work for _, work in self.named(prefix)]


def watch(store: Store, monkeypatch: pytest.MonkeyPatch) -> Tally:
    """Count, by task, the store's calls, its snapshot loads, its write transactions and the
    engine replays (the play layer's and the turn posts')."""
    tally = Tally()
    for name in dir(type(store)):
        method = getattr(store, name)
        if name.startswith("_") or not asyncio.iscoroutinefunction(method):
            continue

        def counted(method: Any = method, name: str = name) -> Callable[..., Any]:
            @functools.wraps(method)
            async def call(*args: Any, **kwargs: Any) -> Any:
                work = tally.work()
                work.calls.append(name)
                work.loads += name == "load"
                task = id(asyncio.current_task())
                outer = tally.current.get(task)
                tally.current[task] = outer or name
                try:
                    return await method(*args, **kwargs)
                finally:
                    if outer is None:
                        tally.current.pop(task, None)

            return call

        monkeypatch.setattr(store, name, counted())
    transaction = store._db.transaction

    @contextlib.asynccontextmanager
    async def counted_transaction() -> AsyncIterator[Any]:
        opened_by = tally.current.get(id(asyncio.current_task()), "?")
        tally.work().writes.append(opened_by)
        async with transaction() as conn:
            yield conn

    monkeypatch.setattr(store._db, "transaction", counted_transaction)
    for module in (games_module, announce_module):
        real = module.replay

        def replayed(*args: Any, real: Any = real, **kwargs: Any) -> Any:
            tally.work().replays += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, "replay", replayed)
    return tally


async def quiet(bot: PenguinBot) -> None:
    """Let the posts go out and the scheduler's pass over the change run."""
    await settle(bot)
    for _ in range(5):
        await asyncio.sleep(0.05)


def assert_once(work: Work, what: str, turns: int = 1) -> None:
    """One snapshot load, at most one replay, one write transaction per turn played: the turn's
    commit (a computer left alone on the ice plays its remaining turns in one go, F-13)."""
    turn_writes = [w for w in work.writes if w not in BOOKKEEPING]
    assert work.loads == 1, (what, work.calls)
    assert work.replays <= 1, (what, work.replays)
    assert turn_writes == ["commit_turn"] * turns, (what, work.writes, work.calls)


def assert_only_looked(work: Work) -> None:
    """The scheduler's pass over a game whose computer player was to move may start its look
    just after the computer moved (on a busy machine): it reads the game once, finds a person to
    move and writes nothing."""
    turn_writes = [w for w in work.writes if w not in BOOKKEEPING]
    assert work.loads <= 1 and not turn_writes, (work.calls, work.writes)


def assert_nothing_after(tally: Tally, what: str) -> None:
    """Nothing else writes for the turn, and nothing in the background (the scheduler's pass
    after it, delivery) loads the game again; the person's own looks before acting (the
    options offered, the first clicks' steps) each read it, as they must."""
    for name, work in tally.by_task.items():
        if "commit_turn" in work.calls:
            continue
        turn_writes = [w for w in work.writes if w not in BOOKKEEPING]
        assert not turn_writes, (what, name, work.calls, work.writes)
        if not name.startswith(INTERACTIONS):
            assert work.loads == 0, (what, name, work.calls)


async def test_a_turn_by_command_or_click_does_its_work_once(
    fake_discord: FakeDiscord, bot_runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F-6, F-7: each placement and move of two people, by command and by clicks, while both
    asked for "your turn" messages and a third person follows the game: the turn's own task
    loads the game once and writes once (the commit, with the posts and the direct messages),
    and nothing loads or writes for it afterwards."""
    fake = fake_discord
    rng = random.Random(7)
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        for person in people:
            await fake.invoke(person, "/game notify", setting="on", channel=thread)
        chloe = fake.user("chloe")
        await fake.invoke(chloe, "/game follow", game=1, channel=thread)
        await quiet(bot)
        tally = watch(bot.store, monkeypatch)
        dms_before = sum(len(fake.dms(p)) for p in [*people, chloe])
        for step in range(6):
            _, game, user = await who_moves(bot, fake, 1)
            before = len(game.log)
            await quiet(bot)
            tally.clear()
            if step % 2 == 0:
                await fish_step(fake, user, thread, game.phase)
                what = f"command {step}"
            else:

                async def moved(before: int = before) -> bool:
                    return len((await engine_game(bot, 1)).log) > before

                await play_turn(fake, user, thread, game.phase, rng, moved)
                what = f"click {step}"
            await quiet(bot)
            (turn,) = tally.committing()
            assert_once(turn, what)
            assert_nothing_after(tally, what)
        # The direct messages were sent: they went with the commits.
        assert sum(len(fake.dms(p)) for p in [*people, chloe]) > dms_before


async def test_a_computers_turn_does_its_work_once(
    fake_discord: FakeDiscord, bot_runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F-6, F-7 against a computer player, with "your turn" messages on: the computer's task
    loads the game once and writes once for each of its turns (its commit queues the person's
    "your turn" message), and does not read the game again after its own move."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_runner(ai_budget=0.05) as bot:
        await fake.invoke(alice, "/fish new", players=2, bots=1, level=2)
        thread = await fake.wait_for_thread(fake.channel("games"))
        await fake.invoke(alice, "/game notify", setting="on", channel=thread)
        await quiet(bot)
        tally = watch(bot.store, monkeypatch)
        computer_turns = 0
        for _ in range(6):
            record, game = await turn_or_end(bot, alice, 1)  # the computer is thinking
            if record.status == "finished":
                break
            await quiet(bot)
            tally.clear()
            logged = len(game.log)
            await fish_step(fake, alice, thread, game.phase)
            await fake.wait_until(
                lambda: (
                    bool(tally.of("computer players"))
                    and not any(
                        t.get_name().startswith("computer players") for t in asyncio.all_tasks()
                    )
                ),
                what="the computer's answer",
            )
            await quiet(bot)
            committed = tally.committing()
            assert len(committed) == 2, [w.calls for w in committed]  # alice's, the computer's
            played = len((await engine_game(bot, 1)).log) - logged - 1  # alice's is one
            for name, work in tally.named("computer players"):
                if PERIODIC_LOOK in name and "commit_turn" not in work.calls:
                    assert_only_looked(work)
                    continue
                assert_once(work, "computer", turns=played)
                computer_turns += 1
            if played > 1:
                break  # alice is out of moves: the computer played the game to its end (F-13)
            assert_nothing_after(tally, "computer")
        assert computer_turns >= 2
        assert any("#1" in m.content for m in fake.dms(alice))
