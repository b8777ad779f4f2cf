"""Two bot processes, two shards, one PostgreSQL, through the stand-in.

Process 0 runs shard 0, process 1 shard 1 (``SHARD_COUNT=2``, ``SHARD_IDS``); the stand-in
refuses an IDENTIFY that breaks the bucket's 5-second interval (``max_concurrency=1``), so the
processes must take turns across processes.

While both live, a game in a server on each shard is left by alice after her first move: both
processes look for due work every third of a lease, so they compete for each game's computer
moves, its reminder and its timeout (a computer takes alice's seat) — each must happen exactly
once: one reminder and one hand-over post per game, every action of the log posted once, in
order. Then process 1 is SIGKILLed right after alice's move in a new game on its shard, when
the computer is to move; process 0 does that game's due work once the dead process's leases
lapse (the computer's moves, the reminder, the timeout, the posts), again each exactly once,
while alice plays a game on shard 0 to the end. An undo question process 1 posted in a game of
two people is closed by process 0, whose timeout of the person asked voids it. No post appears
twice.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.games import replay
from bot.play.games import load_game
from bot.store import Store
from bot.texts.alone import computers_alone
from tests.cogs.players import fish_step
from tests.cogs.test_process import process_env
from tests.fakediscord import FakeDiscord
from tests.fakediscord.state import Channel

LEASE = 4.0  # room for a loaded machine: a lease must outlast a renewal's delay
#: One reminder (after 5.4 s) before the timeout (after 8.64 s), none after it.
REMINDER_HOURS = "0.0015"
TIMEOUT_DAYS = "0.0001"


@contextlib.asynccontextmanager
async def bot_group(env: dict[str, str], log_file: Path) -> AsyncIterator[Any]:
    """``python -m bot`` in a process group of its own (with its drawing and computer player
    workers), so that killing the group is what a machine dying does; killed on the way out."""
    with log_file.open("wb") as log:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            env=env,
            cwd=log_file.parent,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        try:
            yield process
        except BaseException:
            print(f"--- {log_file.name} ---\n{log_file.read_text(errors='replace')[-8000:]}")
            raise
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            await process.wait()


@pytest.fixture
async def sharded() -> AsyncIterator[FakeDiscord]:
    """A stand-in with two shards enforcing the identify interval, and a server on each."""
    fake = FakeDiscord(shards=2, max_concurrency=1, identify_interval=5.0)
    world = fake.world
    for name in ("alice", "bruno"):
        fake.add_user(name, locale="en-US")
    for shard in (0, 1):
        guild = world.add_guild(
            f"Shard {shard} club", owner=world.application.owner, shard=(shard, 2)
        )
        world.add_text_channel(guild, "games")
        for name in ("alice", "bruno"):
            world.add_member(guild, fake.user(name))
    async with fake:
        yield fake


async def open_against_computer(
    fake: FakeDiscord, store: Store, channel: Channel
) -> tuple[int, Channel]:
    """Alice opens a Fish game against a computer player in ``channel``; its id and thread."""
    mark = fake.mark()
    reply = await fake.invoke(fake.user("alice"), "/fish new", players=2, bots=1, channel=channel)
    assert not reply.ephemeral, reply.content
    thread = await fake.wait_for_thread(channel, after=mark, timeout=15)
    return await game_in(store, thread), thread


async def game_in(store: Store, thread: Channel) -> int:
    """The id of the game a new thread is for, once the game has named it and started."""
    for _ in range(300):
        record = await store.game_of_thread(thread.id)
        if record is not None and record.status == "active":
            return record.id
        await asyncio.sleep(0.05)
    raise AssertionError(f"no game started in thread {thread.id}")


async def alices_turn(store: Store, game_id: int, timeout: float = 60.0) -> Any:
    """Wait until it is alice's turn (or the game ended); the engine game."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        record, game = await load_game(store, game_id)
        if record.status != "active" or (
            record.to_move_seat is not None and not record.player(record.to_move_seat).is_computer
        ):
            return game
        await asyncio.sleep(0.05)
    raise AssertionError(f"game #{game_id}: alice's turn did not come")


def doubled(fake: FakeDiscord, thread: Channel) -> list[str]:
    """Posts in the thread whose content appeared before."""
    counts = collections.Counter(m.content for m in fake.history(thread))
    return [content for content, n in counts.items() if n > 1]


async def finished(store: Store, game_id: int, timeout: float) -> None:
    """Wait until the game is over."""
    deadline = time.monotonic() + timeout
    while (await store.get_game(game_id)).status == "active":
        assert time.monotonic() < deadline, f"game #{game_id} did not end"
        await asyncio.sleep(0.2)


async def each_once(
    fake: FakeDiscord, store: Store, game_id: int, thread: Channel, *, handed: int
) -> None:
    """Every job of the game was done exactly once: the log numbers one action per turn and
    replays; each action's picture (``game-<id>-<actions so far>.png``, a Fish action is a
    whole turn, F-6/F-7) was posted once, in order, until only computer players were left (the
    final post sums up their moves); ``handed`` hand-overs of a timed-out seat
    and as many reminders were posted, once each."""
    log = await store.action_log(game_id)
    assert [a.seq for a in log] == list(range(1, len(log) + 1))
    record, game = await load_game(store, game_id)
    assert game is not None and game.is_over and len(game.log) == len(log)
    posted = [
        int(a.filename.removeprefix(f"game-{game_id}-").removesuffix(".png"))
        for m in fake.history(thread)
        for a in m.attachments
        if a.filename.startswith(f"game-{game_id}-")
    ]
    assert posted == sorted(set(posted)), "a turn's post came twice or out of order"
    # Once only computer players are left (the person's seat was handed over), their moves
    # are told together in the final post: every action before that was posted on its own.
    texts = [a.text for a in log]
    players = len(record.seats)
    alone = next(
        (
            i
            for i in range(len(texts) + 1)
            if computers_alone(
                record, replay(record.kind, players, record.seed, dict(record.options), texts[:i])
            )
        ),
        len(texts),
    )
    assert set(range(1, alone + 1)) <= set(posted), "every action was posted"
    assert posted[-1] == len(log), "the final post tells the end"
    history = fake.history(thread)
    assert len([m for m in history if "takes over their seat" in m.content]) == handed
    assert len([m for m in history if "⏰ Reminder" in m.content]) == handed
    people = {fake.user("alice").id, fake.user("bruno").id}
    from_people = [s.handed_from for s in record.seats if s.handed_from in people]
    assert len(from_people) == len(set(from_people)) == handed
    assert doubled(fake, thread) == []


async def undo_asked(fake: FakeDiscord, store: Store, channel: Channel) -> tuple[int, Channel, Any]:
    """Alice and bruno start a Fish game in ``channel``; whoever moves first asks to take the
    move back. The game's id and thread, and the posted question (Approve/Refuse)."""
    alice, bruno = fake.user("alice"), fake.user("bruno")
    mark = fake.mark()
    lobby = await fake.invoke(alice, "/fish new", players=2, channel=channel)
    await fake.click(bruno, lobby.message, label="Join")
    thread = await fake.wait_for_thread(channel, after=mark, timeout=15)
    record, game = await load_game(store, await game_in(store, thread))
    assert game is not None
    mover = alice if record.to_move_user == alice.id else bruno
    reply = await fish_step(fake, mover, thread, game.phase)
    assert reply.ephemeral, reply.content
    asked = await fake.invoke(mover, "/game undo", channel=thread)
    assert [b["label"] for b in asked.message.buttons] == ["Approve undo", "Refuse undo"]
    return record.id, thread, asked


async def test_two_processes_share_the_work_and_one_takes_over_when_the_other_dies(
    sharded: FakeDiscord, postgres_url: str, tmp_path: Path
) -> None:
    fake = sharded
    settings = {
        "DATABASE_URL": postgres_url,
        "SHARD_COUNT": "2",
        "LEASE_SECONDS": str(LEASE),
        "AI_BUDGET_SECONDS": "0.05",
        "AI_WORKERS": "1",
        "DRAWING_WORKERS": "1",
        "REMINDER_HOURS": REMINDER_HOURS,
        "TIMEOUT_DAYS": TIMEOUT_DAYS,
    }
    heartbeat = tmp_path / "heartbeat0"
    env0 = process_env(fake, tmp_path, SHARD_IDS="0", HEARTBEAT_FILE=str(heartbeat), **settings)
    env1 = process_env(fake, tmp_path, SHARD_IDS="1", **settings)
    alice = fake.user("alice")
    async with (
        bot_group(env0, tmp_path / "shard0.log"),
        bot_group(env1, tmp_path / "shard1.log") as second,
        await Store.open(postgres_url, pool_size=2) as store,
    ):
        await fake.wait_until(
            lambda: sorted(tuple(s.shard) for s in fake.gateway.connected()) == [(0, 2), (1, 2)],
            timeout=60,
            what="both shards to connect",
        )
        assert fake.gateway.identify_refusals == 0  # the processes took turns to identify
        guilds = list(fake.world.guilds.values())
        channels = [fake.channel("games", guild=g) for g in guilds]
        shard_of = {c.id: (g.id >> 22) % 2 for g, c in zip(guilds, channels, strict=True)}
        first = next(c for c in channels if shard_of[c.id] == 0)
        other = next(c for c in channels if shard_of[c.id] == 1)

        # Both alive: alice leaves a game on each shard after one move. The computer's moves,
        # the reminder and the timeout of each are due work both processes look for.
        left = []
        for channel in (first, other):
            game_id, thread = await open_against_computer(fake, store, channel)
            game = await alices_turn(store, game_id)
            reply = await fish_step(fake, alice, thread, game.phase)
            assert reply.ephemeral, reply.content
            left.append((game_id, thread))
        for game_id, _ in left:
            await finished(store, game_id, timeout=90)
        await asyncio.sleep(1.0)  # the last posts
        for game_id, thread in left:
            await each_once(fake, store, game_id, thread, handed=1)
        assert second.returncode is None, "both processes lived through it"

        # Shard 1's games: in one, a person asks to take a move back (process 1 posts the
        # question); in the other alice makes one move; then process 1 dies, with the computer
        # to move in one game and the other person's answer awaited in the other.
        asked_game, asked_thread, asked = await undo_asked(fake, store, other)
        doomed, doomed_thread = await open_against_computer(fake, store, other)
        game = await alices_turn(store, doomed)
        reply = await fish_step(fake, alice, doomed_thread, game.phase)
        assert reply.ephemeral, reply.content
        os.killpg(second.pid, signal.SIGKILL)  # the process and its workers, at once
        await second.wait()
        killed_at = time.monotonic()

        # Shard 0's game: played to the end by alice and the computer, through process 0.
        kept, kept_thread = await open_against_computer(fake, store, first)
        while True:
            game = await alices_turn(store, kept)
            if game.is_over:
                break
            reply = await fish_step(fake, alice, kept_thread, game.phase)
            assert reply.ephemeral, reply.content

        # Shard 1's game goes on in process 0: computer moves, one reminder, the timeout, the end.
        await finished(store, doomed, timeout=90)
        assert time.monotonic() - killed_at > LEASE
        await asyncio.sleep(1.0)  # the last posts
        await each_once(fake, store, doomed, doomed_thread, handed=1)
        await each_once(fake, store, kept, kept_thread, handed=0)

        # The person asked timed out in process 0: that change voided the request, and process
        # 0 closed the question process 1 had posted (the post is kept with the request).
        void = f"Game #{asked_game} moved on: the undo is void."
        await fake.wait_until(
            lambda: asked.message.content.endswith(void), timeout=30, what="the void question"
        )
        assert not asked.message.buttons and await store.undo_request(asked_game) is None
        await finished(store, asked_game, timeout=90)  # both people timed out: computers play
        await asyncio.sleep(1.0)  # the last posts
        await each_once(fake, store, asked_game, asked_thread, handed=2)
        assert await store.pending() == []  # every post was sent, by a process still alive
        assert time.time() - heartbeat.stat().st_mtime < LEASE  # renewing: healthy
    assert "Traceback" not in (tmp_path / "shard0.log").read_text()
