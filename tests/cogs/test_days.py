"""Games that keep moving over days, through the stand-in with a clock the test moves:
reminders, restarts, DM notifications, timeouts, leaving the server, resigning, archived threads.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.games import new_game
from bot.i18n import language_of
from bot.play.games import dump_snapshot, load_game
from bot.texts.names import title
from tests.cogs.clocked import DAY, HOUR, ClockedRunner, later, reminders, settle
from tests.cogs.players import fish_step, open_game, resign_for_good, said, who_moves
from tests.fakediscord import FakeDiscord


async def test_reminders_come_once_per_interval_and_never_for_a_played_turn(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """The player to move is mentioned after 24 h, then every 24 h, never more often; a turn
    played just before its reminder gets none (no stale ping), the next player gets theirs."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, game, first = await who_moves(bot, fake, 1)
        await later(fake, bot, 23 * HOUR)
        assert reminders(fake, thread, first) == []
        await later(fake, bot, 1 * HOUR + 1)
        assert len(reminders(fake, thread, first)) == 1
        assert "fish place" in fake.clickable_commands(reminders(fake, thread, first)[0])
        await later(fake, bot, 12 * HOUR)
        assert len(reminders(fake, thread, first)) == 1, "not more often than the interval"
        await later(fake, bot, 12 * HOUR)
        assert len(reminders(fake, thread, first)) == 2
        # The turn is played 1 minute before the third reminder: that one never comes.
        await later(fake, bot, 24 * HOUR - 60)
        await fish_step(fake, first, thread, game.phase)
        _, game, second = await who_moves(bot, fake, 1)
        await later(fake, bot, 2 * HOUR)
        assert len(reminders(fake, thread, first)) == 2, "no stale ping for a played turn"
        assert reminders(fake, thread, second) == []
        await later(fake, bot, 22 * HOUR + 1)
        assert len(reminders(fake, thread, second)) == 1
        assert len(reminders(fake, thread, first)) == 2


async def test_a_restart_mid_interval_sends_exactly_one_reminder(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """The reminder state is in the store: after a restart half-way through the interval the
    reminder comes at its time, exactly once, also across a second restart right after it."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, _, first = await who_moves(bot, fake, 1)
        await later(fake, bot, 12 * HOUR)
    fake.clock.advance(6 * HOUR)  # the bot is down for six hours
    async with clocked_bot() as bot:
        await settle(bot)
        assert reminders(fake, thread, first) == []
        await later(fake, bot, 6 * HOUR + 1)
        assert len(reminders(fake, thread, first)) == 1
    async with clocked_bot() as bot:
        await later(fake, bot, 1 * HOUR)
        assert len(reminders(fake, thread, first)) == 1
        record = await bot.store.get_game(1)
        assert record.reminders_sent == 1


async def test_turn_dms_are_opt_in_and_closed_dms_are_remembered(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """/game notify on: 'your turn in game #1' by DM with a jump link; people who did not opt
    in get none; DMs refused (403) are remembered, not retried, and break nothing else."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        record, game, first = await who_moves(bot, fake, 1)
        second = next(p for p in people if p.id != first.id)
        reply = await fake.invoke(second, "/game notify", setting="on", channel=thread)
        assert reply.ephemeral and reply.content == said(
            second,
            "I will send you a direct message when it is your turn (and reminders). Make sure "
            "your privacy settings allow direct messages from this server.",
        )
        await fish_step(fake, first, thread, game.phase)
        await settle(bot)
        dms = fake.dms(second)
        link = f"https://discord.com/channels/{record.guild_id}/{thread.id}"
        game_title = title("fish", language_of(second.locale))
        assert len(dms) == 1 and dms[0].content == said(
            second,
            "Your turn in game #{id} ({game}) in <#{channel}>: {url}",
            id=1,
            game=game_title,
            channel=record.channel_id,
            url=link,
        ), "the DM is in the language of the person's client"
        _, game, _ = await who_moves(bot, fake, 1)
        await fish_step(fake, second, thread, game.phase)
        await settle(bot)
        assert fake.dms(first) == [], "no DM without opting in"
        fake.close_dms(second)
        _, game, _ = await who_moves(bot, fake, 1)
        posts = len(fake.history(thread))
        await fish_step(fake, first, thread, game.phase)
        await settle(bot)
        assert len(fake.history(thread)) == posts + 1, "the turn is still posted"
        remembered = await bot.store.user_settings(second.id)
        assert remembered.notify_dm and remembered.dms_closed
        tries = sum(1 for r in fake.requests if r.path.startswith("/users/@me/channels"))
        _, game, _ = await who_moves(bot, fake, 1)
        await fish_step(fake, second, thread, game.phase)
        _, game, _ = await who_moves(bot, fake, 1)
        await fish_step(fake, first, thread, game.phase)
        await settle(bot)
        again = sum(1 for r in fake.requests if r.path.startswith("/users/@me/channels"))
        assert again == tries, "no more DM attempts once DMs were refused"
        assert len(fake.dms(second)) == 1


async def test_f11_a_timed_out_fish_player_forfeits_and_the_others_play_on(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """F-11: 7 days without a move: the player's penguins leave the ice, their catch stays, the
    thread is told why, and the next player is to move."""
    fake = fake_discord
    async with clocked_bot() as bot:
        bot.computers_available = False  # the forfeit, as before computer players existed
        _, thread, _ = await open_game(fake, "fish", 3)
        for _ in range(4):
            _, game, user = await who_moves(bot, fake, 1)
            await fish_step(fake, user, thread, game.phase)
        record, game, late = await who_moves(bot, fake, 1)
        seat = record.to_move_seat
        for _ in range(6):
            await later(fake, bot, DAY)
        assert (await bot.store.get_game(1)).to_move_seat == seat
        await later(fake, bot, DAY + 1)
        record, game = await load_game(bot.store, 1)
        assert game is not None and game.view(None)["resigned"][seat] is True
        assert seat not in game.view(None)["penguins"].values()
        assert record.status == "active" and record.to_move_seat != seat
        post = next(m for m in reversed(fake.history(thread)) if "did not move" in m.content)
        assert "for 7 days" in post.content and post.attachments
        assert (await bot.store.action_log(1))[-1].text == f"resign {seat}"
        assert len(reminders(fake, thread, late)) == 6, "one reminder a day until the timeout"


async def test_u26_a_timed_out_ultimatum_player_drops_out_and_is_ranked_last(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """U-26: with two players, a timeout ends the game; the one who timed out is ranked last."""
    fake = fake_discord
    async with clocked_bot() as bot:
        bot.computers_available = False  # the forfeit, as before computer players existed
        _, thread, _ = await open_game(fake, "ultimatum", 2)
        record, _, _ = await who_moves(bot, fake, 1)
        seat = record.to_move_seat
        await later(fake, bot, 7 * DAY + 1)
        record = await bot.store.get_game(1)
        assert record.status == "finished"
        assert record.ranking is not None and record.ranking[-1] == (seat,)
        final = fake.history(thread)[-1]
        assert "Final ranking" in final.content and "did not move" in final.content


async def test_a_timed_out_seat_goes_to_a_computer_player_once_they_exist(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """With computer players available, a timeout hands the seat over instead of a forfeit."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        record, _, late = await who_moves(bot, fake, 1)
        seat = record.to_move_seat
        assert seat is not None
        assert bot.computers_available, "the computer players' cog is loaded"
        await later(fake, bot, 7 * DAY + 1)
        record = await bot.store.get_game(1)
        assert record.player(seat).user_id is None and record.player(seat).bot_level
        assert late.id not in record.user_ids
        assert not any(a.text.startswith("resign") for a in await bot.store.action_log(1))
        assert any("takes over their seat" in m.content for m in fake.history(thread))


async def test_a_player_who_left_the_server_is_timed_out_at_their_turn(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Someone who left the server forfeits when their turn comes (checked over REST)."""
    fake = fake_discord
    async with clocked_bot() as bot:
        bot.computers_available = False  # the forfeit, as before computer players existed
        _, thread, people = await open_game(fake, "fish", 3)
        record, game, first = await who_moves(bot, fake, 1)
        nxt = (record.to_move_seat or 0) + 1
        gone = next(p for p in people if p.id == record.player(nxt % 3).user_id)
        del fake.guild.members[gone.id]
        await fish_step(fake, first, thread, game.phase)
        await settle(bot)
        _, game = await load_game(bot.store, 1)
        assert game is not None and game.view(None)["resigned"][nxt % 3]
        assert any("no longer on this server" in m.content for m in fake.history(thread))
        assert any(
            r.method == "GET" and r.path.endswith(f"/members/{gone.id}") for r in fake.requests
        )


async def test_resign_at_any_time_with_the_same_effect(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """/game resign out of turn: logged, announced, the turn stays with the player to move;
    a second resign, or one by a spectator, is refused and changes nothing."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 3)
        record, _, mover = await who_moves(bot, fake, 1)
        quitter = next(p for p in people if p.id != mover.id)
        reply = await resign_for_good(fake, quitter, channel=thread)
        assert reply.ephemeral and reply.content == said(
            quitter, "You resigned from game #{id}.", id=1
        )
        await settle(bot)
        after = await bot.store.get_game(1)
        assert after.to_move_seat == record.to_move_seat
        assert after.deadline_at == record.deadline_at, "the mover's clock is not reset"
        assert any("resigned from game #1" in m.content for m in fake.history(thread))
        again = await resign_for_good(fake, quitter, channel=thread)
        assert again.ephemeral and again.content == said(
            quitter, "That player has already left the game."
        )
        spectator = await resign_for_good(fake, fake.user("mia"), game=1, channel=thread)
        assert spectator.ephemeral and "not in game #1" in spectator.content
        assert (await bot.store.get_game(1)).version == after.version


async def test_an_archived_game_thread_is_reopened_for_the_reminder(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """A thread Discord archived (auto-archive after days of quiet) gets the reminder anyway."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, _, first = await who_moves(bot, fake, 1)
        fake.archive(thread)
        await later(fake, bot, 24 * HOUR + 1)
        assert len(reminders(fake, thread, first)) == 1
        assert not thread.archived


async def test_the_creator_chooses_the_turn_limit_and_reminder_interval_on_new(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """/fish new timeout_days reminder_hours: this game reminds every 6 h and times out after
    2 days; a value outside the allowed range is refused by Discord's own option check."""
    fake = fake_discord
    alice, bruno = fake.user("alice"), fake.user("bruno")
    async with clocked_bot() as bot:
        bot.computers_available = False  # the forfeit, as before computer players existed
        reply = await fake.invoke(
            alice, "/fish new", players=2, timeout_days=2.0, reminder_hours=6.0
        )
        thread = await fake.wait_for_thread(fake.channel("games"))
        await fake.click(bruno, reply.message, label="Join")
        record, _, first = await who_moves(bot, fake, 1)
        assert (record.timeout_days, record.reminder_hours) == (2.0, 6.0)
        await later(fake, bot, 6 * HOUR + 1)
        assert len(reminders(fake, thread, first)) == 1
        for _ in range(7):
            await later(fake, bot, 6 * HOUR)
        assert (await bot.store.get_game(1)).status == "finished"
        assert len(reminders(fake, thread, first)) == 7


async def test_a_game_that_breaks_a_pass_holds_back_no_other_game(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner, tmp_path: Path
) -> None:
    """One game the scheduler cannot handle (its snapshot unreadable) is logged and skipped:
    the reminders of the other games still come, each once."""
    fake = fake_discord
    async with clocked_bot() as bot:
        await open_game(fake, "fish", 2)
        _, second_thread, _ = await open_game(fake, "fish", 2)
        _, _, second = await who_moves(bot, fake, 2)
        with sqlite3.connect(tmp_path / "games.sqlite3") as db:
            db.execute("UPDATE games SET snapshot = '{' WHERE id = 1")
        await later(fake, bot, DAY + 1)
        assert len(reminders(fake, second_thread, second)) == 1
        await later(fake, bot, 10)
        assert len(reminders(fake, second_thread, second)) == 1


async def test_who_is_still_on_the_server_is_asked_at_most_every_few_minutes(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """The 'still on the server?' lookup after each step is remembered for a few minutes per
    person (Discord rate-limits it); someone who leaves is still noticed once that has passed."""
    fake = fake_discord
    async with clocked_bot() as bot:
        bot.computers_available = False  # the forfeit, as before computer players existed
        _, thread, people = await open_game(fake, "fish", 2)

        def lookups(user_id: int) -> int:
            path = f"/members/{user_id}"
            return sum(1 for r in fake.requests if r.method == "GET" and r.path.endswith(path))

        for _ in range(6):
            _, game, user = await who_moves(bot, fake, 1)
            await fish_step(fake, user, thread, game.phase)
            await settle(bot)
        assert [lookups(p.id) for p in people] == [1, 1]
        _, game, mover = await who_moves(bot, fake, 1)
        leaving = next(p for p in people if p.id != mover.id)
        del fake.guild.members[leaving.id]
        fake.clock.advance(6 * 60)
        await fish_step(fake, mover, thread, game.phase)
        await settle(bot)
        assert lookups(leaving.id) == 2
        assert any("no longer on this server" in m.content for m in fake.history(thread))
        assert (await bot.store.get_game(1)).status == "finished"


async def test_only_running_games_are_checked_against_their_log_at_start(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner, tmp_path: Path
) -> None:
    """The check at start replays the running games, not history: with the snapshots of a
    finished, a cancelled and a running game changed behind the bot's back, the running one is
    rebuilt from its log at the next start and the ended ones are not read (the copy to
    PostgreSQL replays them all)."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "ultimatum", 2)
        _, _, quitter = await who_moves(bot, fake, 1)
        await resign_for_good(fake, quitter, channel=thread)  # two players: it ends
        _, fish_thread, _ = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 2)
        await fish_step(fake, mover, fish_thread, game.phase)
        await fake.invoke(fake.user("alice"), "/game cancel", channel=fish_thread)
        _, running_thread, _ = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 3)
        await fish_step(fake, mover, running_thread, game.phase)
        await settle(bot)
        games = {game_id: await load_game(bot.store, game_id) for game_id in (1, 2, 3)}
        assert [record.status for record, _ in games.values()] == [
            "finished",
            "cancelled",
            "active",
        ]
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        for game_id, (record, _) in games.items():
            stale = dump_snapshot(new_game(record.kind, 2, record.seed))
            db.execute("UPDATE games SET snapshot = ? WHERE id = ?", (stale, game_id))
    async with clocked_bot() as bot:
        assert bot.snapshot_check is not None
        report = await bot.snapshot_check
        assert report is not None and report.checked == 1 and report.repaired == (3,)
        again, rebuilt = await load_game(bot.store, 3)
        record, game = games[3]
        assert again.status == record.status and rebuilt is not None and game is not None
        assert rebuilt.to_dict() == game.to_dict()
        for game_id in (1, 2):
            kept, snapshot = await bot.store.load(game_id)
            assert snapshot == dump_snapshot(new_game(kept.kind, 2, kept.seed))


async def test_a_reminder_held_up_until_the_turn_is_played_is_never_sent(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """The reminder's post fails (503) and waits for its retry; the player moves meanwhile:
    at the retry the reminder is dropped (no ping for a played turn) and the turn's post, which
    waited behind it, goes out."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, game, first = await who_moves(bot, fake, 1)
        fault = fake.faults.server_error(f"POST /channels/{thread.id}/messages", status=503)
        await later(fake, bot, 24 * HOUR + 1)
        assert fault.spent and reminders(fake, thread, first) == []
        posts = len(fake.history(thread))
        await fish_step(fake, first, thread, game.phase)
        await later(fake, bot, 60)  # past the retry
        assert reminders(fake, thread, first) == [], "no stale ping"
        assert len(fake.history(thread)) == posts + 1 and fake.history(thread)[-1].attachments
        assert await bot.store.next_attempt_at() is None


async def test_a_your_turn_dm_held_up_until_the_move_is_never_sent(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Opening the DM fails (503) and the 'your turn' DM waits for its retry; its player moves
    meanwhile (from the thread): at the retry the DM is dropped, not sent after the move."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, game, first = await who_moves(bot, fake, 1)
        second = next(p for p in people if p.id != first.id)
        await fake.invoke(second, "/game notify", setting="on", channel=thread)
        fault = fake.faults.server_error("POST /users/@me/channels", status=503)
        await fish_step(fake, first, thread, game.phase)
        await settle(bot)
        assert fault.spent and fake.dms(second) == []
        _, game, _ = await who_moves(bot, fake, 1)
        await fish_step(fake, second, thread, game.phase)
        await later(fake, bot, 60)  # past the retry
        assert fake.dms(second) == [], "no 'your turn' after the move"
        assert await bot.store.next_attempt_at() is None


async def test_an_archived_game_thread_is_unarchived_before_the_bot_posts(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Discord archived the game's thread after days of quiet (and discord.py forgot it): the
    bot unarchives it first, then posts the turn in it."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, game, first = await who_moves(bot, fake, 1)
        fake.archive(thread)
        await fake.wait_until(lambda: bot.get_channel(thread.id) is None, what="THREAD_UPDATE")
        mark = fake.mark()
        since = len(fake.requests)
        await fish_step(fake, first, thread, game.phase)
        (post,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert post.attachments and not thread.archived
        here = f"/channels/{thread.id}"
        asked = [
            f"{r.method} {r.path}"
            for r in fake.requests[since:]
            if r.path in (here, f"{here}/messages")
        ]
        assert asked[-2:] == [f"PATCH {here}", f"POST {here}/messages"]
