"""Time away (``/game away days``) through the stand-in on a clock the test moves: no
reminders and no timeout for the person's turns while away, the clock continues with what was
left, a server's allowance per month, ending early, a direct message covering every server."""

from __future__ import annotations

import re

from bot.i18n import language_of, tn
from bot.texts import away as words
from tests.cogs.clocked import DAY, ClockedRunner, later, reminders, settle
from tests.cogs.players import fish_step, open_game, said, who_moves
from tests.fakediscord import FakeDiscord


def _stamp(text: str) -> int:
    """The first Discord timestamp of a text."""
    found = re.search(r"<t:(\d+):f>", text)
    assert found is not None, text
    return int(found.group(1))


async def test_away_holds_back_reminders_and_the_timeout_then_the_clock_goes_on(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Away for 3 days one day into a 7-day turn: no reminder and no timeout while away; the
    turn then has the 6 days it had left (timed out 10 days after it began), and the thread
    was told in the server's language."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        record, _, mover = await who_moves(bot, fake, 1)
        assert record.turn_started_at is not None and record.deadline_at is not None
        began = record.turn_started_at.timestamp()
        seat = record.to_move_seat
        assert seat is not None
        await later(fake, bot, DAY)
        assert len(reminders(fake, thread, mover)) == 1
        asked = fake.clock.now()
        reply = await fake.invoke(mover, "/game away", days=3, channel=thread)
        assert reply.ephemeral
        ends = _stamp(reply.content)
        assert abs(ends - (asked + 3 * DAY)) < 3
        assert reply.content.startswith(
            said(
                mover,
                "You are away until <t:{ts}:f>: no reminders and no timeout for your turns until "
                "then; /game away 0 ends it early and gives back the days not begun.",
                ts=ends,
            )
        )
        await settle(bot)
        assert any(f"is away until <t:{ends}:f>" in m.content for m in fake.history(thread))
        moved = await bot.store.get_game(1)
        assert moved.deadline_at is not None
        assert abs(moved.deadline_at.timestamp() - (began + 10 * DAY)) < 5
        await later(fake, bot, 3 * DAY + 60)  # the time away is over: 4 days into the turn
        assert len(reminders(fake, thread, mover)) == 1, "no reminder while away"
        await later(fake, bot, 5 * DAY)  # 9 days into the turn: 6 days of clock used
        record = await bot.store.get_game(1)
        assert record.player(seat).user_id == mover.id, "no timeout: 6 days were left"
        assert len(reminders(fake, thread, mover)) > 1, "reminders came back after the return"
        await later(fake, bot, DAY)  # 10 days: the 7 days of clock are used up
        record = await bot.store.get_game(1)
        assert record.player(seat).user_id is None, "the seat timed out at last"


async def test_a_turn_that_comes_while_away_starts_its_clock_when_they_are_back(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Someone away while it is not their turn: the others' clocks are untouched, and the turn
    that comes to them meanwhile gets its full time from the end of the time away."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 3)
        record, game, mover = await who_moves(bot, fake, 1)
        assert record.to_move_seat is not None and record.deadline_at is not None
        nxt = record.player((record.to_move_seat + 1) % 3).user_id
        away = next(p for p in people if p.id == nxt)
        ends = fake.clock.now() + 2 * DAY
        await fake.invoke(away, "/game away", days=2, channel=thread)
        unchanged = await bot.store.get_game(1)
        assert unchanged.deadline_at == record.deadline_at, "the mover's clock is not touched"
        await fish_step(fake, mover, thread, game.phase)
        await settle(bot)
        theirs = await bot.store.get_game(1)
        assert theirs.to_move_user == away.id and theirs.deadline_at is not None
        assert abs(theirs.deadline_at.timestamp() - (ends + 7 * DAY)) < 5
        assert theirs.next_reminder_at is not None
        assert abs(theirs.next_reminder_at.timestamp() - (ends + DAY)) < 5


async def test_a_server_allowance_refuses_too_much_and_an_early_return_gives_days_back(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Manage Server sets 5 days a month; 6 are refused saying how many are left (in French);
    3 days ended after a day and a half give one day back; the month then has 3 left."""
    fake = fake_discord
    chloe, mia = fake.user("chloe"), fake.user("mia")
    lang = language_of(chloe.locale)
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 3)
        saved = await fake.invoke(mia, "/settings defaults", away_days=5)
        assert saved.ephemeral and "5 days of time away" in saved.content
        refused = await fake.invoke(chloe, "/game away", days=6, channel=thread)
        assert refused.ephemeral
        assert refused.content == words.no_days_left(lang, 6, 5, 5, None)
        assert "il t’en reste 5" in refused.content
        assert await bot.store.away_ends(chloe.id, fake.guild.id) is None
        await fake.invoke(chloe, "/game away", days=3, channel=thread)
        await later(fake, bot, 1.5 * DAY)
        back = await fake.invoke(chloe, "/game away", days=0, channel=thread)
        assert back.ephemeral and back.content == words.back_answer(lang, 1, 3)
        assert back.content.startswith(
            tn(
                lang,
                "Welcome back: your time away has ended and {n} day was given back.",
                "Welcome back: your time away has ended and {n} days were given back.",
                1,
            )
        )
        assert await bot.store.away_days_used(chloe.id, fake.guild.id) == 2
        assert await bot.store.away_ends(chloe.id, fake.guild.id) is None
        await settle(bot)
        assert any("is back" in m.content for m in fake.history(thread))
        again = await fake.invoke(chloe, "/game away", days=4, channel=thread)
        assert again.content == words.no_days_left(lang, 4, 3, 5, None)


async def test_away_from_a_direct_message_covers_the_servers_of_your_games(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """In a DM, the time away counts on every server where the person plays (here the one),
    told in that game's thread; with no running game there is nothing to cover (in German)."""
    fake = fake_discord
    bruno = fake.user("bruno")
    async with clocked_bot() as bot:
        dm = fake.world.dm_channel(bruno)
        nothing = await fake.invoke(bruno, "/game away", days=2, channel=dm)
        assert nothing.ephemeral and nothing.content == said(
            bruno,
            "You have no running game. In a server, /game away covers that server's games, "
            "also the ones still to come.",
        )
        assert "/spiel abwesend" in nothing.content
        _, thread, _ = await open_game(fake, "fish", 2)
        asked = fake.clock.now()
        reply = await fake.invoke(bruno, "/game away", days=2, channel=dm)
        assert reply.ephemeral
        ends = _stamp(reply.content)
        assert abs(ends - (asked + 2 * DAY)) < 3
        away_ends = await bot.store.away_ends(bruno.id, fake.guild.id)
        assert away_ends is not None and int(away_ends.timestamp()) == ends
        await settle(bot)
        assert any(f"is away until <t:{ends}:f>" in m.content for m in fake.history(thread))
