"""Discord misbehaving under a game: each fault is survived, the player is answered, posts arrive.

Rate limits, server errors, missing permissions and a dropped gateway are switched on in the
stand-in while people play; nothing a player did is lost and nothing is announced twice.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from datetime import UTC, datetime

import pytest

from bot.client import PenguinBot
from bot.games import game_class
from bot.play.games import load_game
from bot.store import OutboxDraft, OutboxEntry
from bot.texts.announce import describe, turn_payload
from bot.texts.names import mention, seat_names
from bot.ui.fit import CONTENT as MAX_CONTENT
from bot.ui.fit import shorten as fit
from tests.cogs.clocked import ClockedRunner
from tests.cogs.conftest import BotRunner
from tests.cogs.players import fish_step, is_done, open_game, settle, who_moves
from tests.cogs.polling import until
from tests.fakediscord import Channel, FakeDiscord, Message, Reply
from tests.turns import whose_turn

POST_MESSAGE = "POST /channels/{channel_id}/messages"
#: "Due by then": reading every unsent outbox entry, due or not.
ALL_UNSENT = datetime(9999, 1, 1, tzinfo=UTC)


async def move(bot: PenguinBot, fake: FakeDiscord, thread: Channel) -> Reply:
    """The player to move in game #1 makes a Fish move chosen from autocomplete (F-6, F-7)."""
    _, game, user = await who_moves(bot, fake, 1)
    reply = await fish_step(fake, user, thread, game.phase)
    assert is_done(user, reply), reply.content
    return reply


def posts_to(fake: FakeDiscord, channel: Channel) -> list[str]:
    """The status of every message POST the bot made in a channel, in order."""
    path = f"/channels/{channel.id}/messages"
    return [str(r.status) for r in fake.requests if r.method == "POST" and r.path == path]


def turn_of(post: Message) -> int:
    """The turn number a turn picture was drawn at (from its file name, game-<id>-<turn>.png)."""
    return int(post.attachments[0].filename.rsplit("-", 1)[1].removesuffix(".png"))


async def failed_once(bot: PenguinBot) -> list[OutboxEntry]:
    """The unsent entries, once one of them has been marked as failed (waiting for a retry)."""
    unsent: list[OutboxEntry] = []

    async def failed() -> bool:
        nonlocal unsent
        unsent = await bot.store.pending(now=ALL_UNSENT)
        return any(entry.attempts for entry in unsent)

    await until(failed, "a post marked as failed", timeout=5)
    return unsent


async def test_a_rate_limited_turn_picture_is_posted_once_after_the_wait(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """429 with retry_after on the turn post: discord.py waits and posts it again; one post."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        before = len(fake.history(thread))
        limit = fake.faults.rate_limit(POST_MESSAGE, retry_after=0.5, times=1)
        mark = fake.mark()
        await move(bot, fake, thread)
        await fake.wait_until(lambda: limit.hits == 1, what="the rate-limited post")
        limited_at = time.monotonic()
        (post,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert time.monotonic() - limited_at >= 0.4, "posted again before retry_after"
        await settle(bot)
        assert limit.hits == 1
        assert posts_to(fake, thread)[-2:] == ["429", "200"]
        assert len(fake.history(thread)) == before + 1
        assert post.attachments[0].image().format == "PNG"


async def test_a_global_rate_limit_delays_but_loses_nothing(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """A global 429 on the next requests, whatever they are (answers, autocomplete, posts):
    the player still gets the choices and the answer, and the picture is posted once."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        before = len(fake.history(thread))
        limit = fake.faults.rate_limit("*", retry_after=0.3, is_global=True, times=2)
        mark = fake.mark()
        await move(bot, fake, thread)
        await fake.wait_for_messages(thread, 1, after=mark)
        await settle(bot)
        assert limit.spent and len(fake.history(thread)) == before + 1
        _, game = await load_game(bot.store, 1)
        assert game is not None and len(game.log) == 1


@pytest.mark.parametrize("status", [500, 502])
async def test_a_turn_picture_refused_by_a_server_error_is_retried_and_posted_once(
    fake_discord: FakeDiscord, bot_runner: BotRunner, status: int
) -> None:
    """500/502 once on the turn post: retried, delivered once, the game goes on."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        before = len(fake.history(thread))
        fault = fake.faults.server_error(POST_MESSAGE, status=status, times=1)
        mark = fake.mark()
        await move(bot, fake, thread)
        await fake.wait_for_messages(thread, 1, after=mark)
        await settle(bot)
        assert fault.hits == 1 and posts_to(fake, thread)[-2:] == [str(status), "200"]
        assert len(fake.history(thread)) == before + 1
        mark = fake.mark()
        await move(bot, fake, thread)
        await fake.wait_for_messages(thread, 1, after=mark)


async def test_a_post_that_keeps_failing_is_retried_by_the_outbox_and_posted_once(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """503 (which discord.py does not retry) three times: the outbox tries again after its
    growing backoff and posts the picture once, and the game's posts go on after it."""
    fake = fake_discord
    async with bot_runner(retry_seconds=0.1) as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        before = len(fake.history(thread))
        fault = fake.faults.server_error(POST_MESSAGE, status=503, times=3)
        mark = fake.mark()
        await move(bot, fake, thread)
        (post,) = await fake.wait_for_messages(thread, 1, after=mark, timeout=10)
        await settle(bot)
        assert fault.spent and posts_to(fake, thread)[-4:] == ["503", "503", "503", "200"]
        assert len(fake.history(thread)) == before + 1 and turn_of(post) == 1
        sent = await bot.store.pending(now=ALL_UNSENT)
        assert sent == []
        mark = fake.mark()
        await move(bot, fake, thread)
        (post,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert turn_of(post) == 2


async def test_the_outbox_backoff_runs_on_the_bot_clock(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """The default first retry comes 5 s (bot clock) after a 503: not before, and moving the
    clock past it posts the picture at once, without waiting real seconds."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        fault = fake.faults.server_error(POST_MESSAGE, status=503, times=1)
        mark = fake.mark()
        await move(bot, fake, thread)
        await fake.wait_until(lambda: fault.spent, what="the failed first attempt")
        (waiting,) = await failed_once(bot)
        wait = waiting.next_attempt_at.timestamp() - fake.clock.now()
        assert 4.0 < wait <= 5.0
        fake.clock.advance(wait - 0.5)
        await asyncio.sleep(0.2)
        assert posts_to(fake, thread)[-1] == "503", "tried again before its backoff"
        fake.clock.advance(1.0)
        (post,) = await fake.wait_for_messages(thread, 1, after=mark, timeout=2)
        assert turn_of(post) == 1


async def test_a_post_waiting_for_its_retry_keeps_its_place_in_the_thread(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """A turn picture waiting for its retry is not overtaken by the next move's picture: the
    thread shows the turns in the order they were played."""
    fake = fake_discord
    async with bot_runner(retry_seconds=1.0) as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        fault = fake.faults.server_error(POST_MESSAGE, status=503, times=1)
        mark = fake.mark()
        await move(bot, fake, thread)
        await fake.wait_until(lambda: fault.spent, what="the failed first attempt")
        await move(bot, fake, thread)
        posts = await fake.wait_for_messages(thread, 2, after=mark, timeout=10)
        assert [turn_of(p) for p in posts] == [1, 2]


async def test_a_server_error_on_the_answer_still_answers_the_player(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """502 on the interaction callback: the answer is sent again in time and the move counts."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        fault = fake.faults.server_error("POST /interactions/*", status=502, times=1)
        mark = fake.mark()
        await move(bot, fake, thread)
        assert fault.hits == 1
        await fake.wait_for_messages(thread, 1, after=mark)
        _, game = await load_game(bot.store, 1)
        assert game is not None and len(game.log) == 1


async def test_no_thread_permission_plays_the_game_in_the_channel(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """403 on thread creation: the lobby says the game is played in the channel, and it is."""
    fake = fake_discord
    games = fake.channel("games")
    alice, bruno = fake.user("alice"), fake.user("bruno")
    async with bot_runner() as bot:
        refused = fake.faults.forbidden("POST /channels/{channel_id}/messages/*/threads")
        lobby = await fake.invoke(alice, "/fish new", players=2)
        note = await lobby.wait_for_followups(1)
        assert refused.hits == 1 and fake.threads(games) == []
        assert note[0].content == (
            "I may not create threads here, so game #1 is played in this channel."
        )
        assert lobby.message is not None
        mark = fake.mark()
        await fake.click(bruno, lobby.message, label="Join")
        (start,) = await fake.wait_for_messages(games, 1, after=mark)
        assert start.attachments[0].image().format == "PNG"
        assert (await bot.store.get_game(1)).thread_id is None
        mark = fake.mark()
        await move(bot, fake, games)
        (turn,) = await fake.wait_for_messages(games, 1, after=mark)
        assert turn.attachments


async def test_a_thread_that_refuses_the_bot_sends_the_turn_to_the_channel(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """403 on posting in the game's thread (someone took away Send Messages in Threads): the
    turn's post, picture and mention go to the channel the game started in, saying why; once
    the thread takes posts again, they go there."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        channel = fake.channel("games")
        before = len(fake.history(thread))
        refused = fake.faults.forbidden(POST_MESSAGE, channel=thread)
        mark = fake.mark()
        await move(bot, fake, thread)
        (post,) = await fake.wait_for_messages(channel, 1, after=mark)
        assert refused.hits == 1 and len(fake.history(thread)) == before
        note = (
            "(I may not post in the thread of game #1, so its posts come here until someone "
            "gives me back Send Messages in Threads.)"
        )
        assert post.content.startswith(note + "\n") and turn_of(post) == 1
        assert post.attachments[0].image().format == "PNG"
        *_, nxt = await who_moves(bot, fake, 1)
        assert nxt.mention in post.content
        fake.faults.clear()
        mark = fake.mark()
        await move(bot, fake, thread)
        (post,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert turn_of(post) == 2 and not post.content.startswith("(")


async def test_no_post_permission_anywhere_keeps_the_move_and_logs_it(
    fake_discord: FakeDiscord, bot_runner: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    """403 in the game's thread and in its channel: the move is applied and confirmed, the
    refusal is logged and the post given up; once posting is allowed again the next turn is
    posted."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        channel = fake.channel("games")
        before = len(fake.history(thread))
        refused = fake.faults.forbidden(POST_MESSAGE, channel=thread)
        also = fake.faults.forbidden(POST_MESSAGE, channel=channel)
        with caplog.at_level(logging.WARNING, logger="bot.cogs.delivery"):
            await move(bot, fake, thread)
            await fake.wait_until(lambda: refused.hits == also.hits == 1, what="refused posts")
            await settle(bot)
        assert (
            f"game #1: no permission to post in its thread {thread.id} nor in its channel "
            f"{channel.id}" in caplog.text
        )
        _, game = await load_game(bot.store, 1)
        assert game is not None and len(game.log) == 1
        assert len(fake.history(thread)) == before
        fake.faults.clear()
        mark = fake.mark()
        await move(bot, fake, thread)
        (post,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert turn_of(post) == 2


async def test_a_dropped_gateway_mid_game_resumes_and_the_game_goes_on(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The connection drops between moves; a move made while the bot is away reaches it on
    RESUME (no new IDENTIFY), is answered and posted, and play continues."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        await move(bot, fake, thread)
        assert await fake.drop_gateway() == 1
        mark = fake.mark()
        await move(bot, fake, thread)
        await fake.wait_for_messages(thread, 1, after=mark)
        assert (fake.gateway.identifies, fake.gateway.resumes) == (1, 1)
        for _ in range(3):
            mark = fake.mark()
            await move(bot, fake, thread)
            await fake.wait_for_messages(thread, 1, after=mark)
        _, game = await load_game(bot.store, 1)
        assert game is not None and len(game.log) == 5


async def test_closed_dms_are_remembered_and_stop_nothing_else(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """A DM to someone who closed them (403, 50007) is given up and remembered; DMs to others
    and posts in channels still go out. (No feature queues DMs yet: they are queued directly.)"""
    fake = fake_discord
    alice, bruno = fake.user("alice"), fake.user("bruno")
    fake.close_dms(alice)
    async with bot_runner() as bot:
        drafts = [
            OutboxDraft(kind="text", payload={"text": "Your turn in game #1."}, user_id=alice.id),
            OutboxDraft(kind="text", payload={"text": "Your turn in game #2."}, user_id=bruno.id),
            OutboxDraft(
                kind="text", payload={"text": "Penguins ahoy."}, channel_id=fake.channel("games").id
            ),
        ]
        closed, open_, channel = await bot.store.enqueue(*drafts)
        bot.store.outbox_ready.set()
        await settle(bot)
        assert [m.content for m in fake.dms(bruno)] == ["Your turn in game #2."]
        assert fake.dms(alice) == []
        assert fake.history(fake.channel("games"))[-1].content == "Penguins ahoy."
        assert (await bot.store.user_settings(alice.id)).dms_closed
        assert not (await bot.store.user_settings(bruno.id)).dms_closed
        gone = await bot.store.get_outbox_entry(closed.id)
        assert gone.gave_up_at is not None and gone.sent_at is None
        for entry in (open_, channel):
            assert (await bot.store.get_outbox_entry(entry.id)).sent_at is not None


def test_fit_shortens_the_events_and_keeps_the_status_lines() -> None:
    """Too long: whole event lines as far as they go, an "…" line, the status lines intact;
    short texts pass unchanged; without room for the status the text is cut from the end."""
    events = [f"event {n}: " + "x" * 40 for n in range(60)]
    status = ["Scores: a 3, b 5", "<@42>, your move: /fish move"]
    text = "\n".join([*events, *status])
    fitted = fit(text, keep_last=2)
    assert len(fitted) <= MAX_CONTENT and fitted.endswith("\n…\n" + "\n".join(status))
    shown = fitted.split("\n")[:-3]
    assert shown == events[: len(shown)] and len(fitted) > MAX_CONTENT - 60
    assert fit("a\nb", keep_last=1) == "a\nb"
    one_long = fit("y" * 3000 + "\n" + "\n".join(status), keep_last=2)
    assert len(one_long) == MAX_CONTENT and one_long.startswith("y" * 100)
    assert one_long.endswith("\n…\n" + "\n".join(status))
    too_long_status = fit("e\n" + "s" * 2500, keep_last=1)
    assert len(too_long_status) <= MAX_CONTENT and too_long_status.endswith("…")
    assert fit(text) == fit(text, keep_last=0) and fit(text).endswith("…")


async def test_an_overlong_turn_post_keeps_the_scores_and_the_mention(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Four players, many shows, German words: a turn's events longer than Discord's 2,000
    characters are shortened; the scores and the mention of who plays next still arrive."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "ultimatum", 4)
        record, game = await load_game(bot.store, 1)
        assert game is not None and record.to_move_user is not None
        names = seat_names(record, "de")
        # Real event texts: a copy of the game played on at random, told in German.
        copy, rng = game_class("ultimatum").from_dict(game.to_dict()), random.Random(4)
        lines: list[str] = []
        while len("\n".join(lines)) < 2 * MAX_CONTENT and not copy.is_over:
            lines += describe(
                "de",
                "ultimatum",
                copy.play(rng.choice(copy.legal_actions()), seat=whose_turn(copy)),
                names,
            )
        payload = turn_payload(record, game, "de", lines)
        status = payload["text"].split("\n")[-payload["status_lines"] :]
        assert len(status) >= 2 and mention(record.to_move_user) in status[-1]
        mark = fake.mark()
        await bot.store.enqueue(
            OutboxDraft(kind="turn", payload=payload, channel_id=thread.id, game_id=record.id)
        )
        (post,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert len(post.content) <= MAX_CONTENT
        assert post.content.startswith(lines[0] + "\n")
        # Its commands are mentions (bot.texts.mentions), which the shortening made room for.
        assert post.content.endswith("\n…\n" + bot.mentions.mention("\n".join(status), "de"))
        assert post.attachments[0].image().format == "PNG"
