"""``/game return``: a seat a computer player took over after a timeout keeps who sat
there; that person takes it back while the game runs, the thread is told, and whoever else asks
is refused with the reason. Followers choose to hear every turn or only the result."""

from __future__ import annotations

from bot.play.rater import stored_result
from bot.play.ratings import player_of
from bot.ratings import Player
from tests.cogs.clocked import DAY, ClockedRunner, later, settle
from tests.cogs.players import fish_step, open_game, resign_for_good, said, who_moves
from tests.fakediscord import FakeDiscord


async def test_a_timed_out_person_takes_their_seat_back_with_game_return(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """The hand-over post names /game return; the person who timed out takes the seat back (in
    their language), the computer player leaves it, the thread is told; the others are refused
    with the reason."""
    fake = fake_discord
    chloe = fake.user("chloe")
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        record, _, late = await who_moves(bot, fake, 1)
        seat = record.to_move_seat
        assert seat is not None
        other = next(p for p in people if p.id != late.id)
        await later(fake, bot, 7 * DAY + 1)
        handed = await bot.store.get_game(1)
        assert handed.player(seat).user_id is None and handed.player(seat).handed_from == late.id
        assert any("/game return 1" in fake.shown(m) for m in fake.history(thread))
        refused = await fake.invoke(chloe, "/game return", game=1, channel=thread)
        assert refused.ephemeral and refused.content == said(
            chloe,
            "No computer player took over a seat of yours in game #{id}, so there is none to "
            "take back.",
            id=1,
        )
        still = await fake.invoke(other, "/game return", channel=thread)
        assert still.content == said(
            other, "You are still playing in game #{id}: your seat is yours.", id=1
        )
        back = await fake.invoke(late, "/game return", channel=thread)
        assert back.ephemeral and back.content == said(
            late, "You are back in your seat in game #{id}.", id=1
        )
        await settle(bot)
        record = await bot.store.get_game(1)
        assert record.player(seat).user_id == late.id
        assert record.player(seat).bot_level is None and record.player(seat).handed_from is None
        assert any("takes their seat back" in m.content for m in fake.history(thread))
        again = await fake.invoke(late, "/game return", channel=thread)
        assert again.content == said(
            late, "You are still playing in game #{id}: your seat is yours.", id=1
        )


async def test_a_seat_cannot_be_taken_back_once_the_game_is_over_and_counts_for_its_person(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """After the game ended the seat stays the computer's; the result of that seat counts for
    the person it was handed over from, as forfeited (ranked last)."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        record, _, late = await who_moves(bot, fake, 1)
        seat = record.to_move_seat
        assert seat is not None
        other = next(p for p in people if p.id != late.id)
        await later(fake, bot, 7 * DAY + 1)
        await resign_for_good(fake, other, channel=thread)
        await settle(bot)
        finished = await bot.store.get_game(1)
        assert finished.status == "finished"
        refused = await fake.invoke(late, "/game return", game=1, channel=thread)
        assert refused.ephemeral and refused.content == said(
            late, "Game #{id} is over: a seat can only be taken back while it runs.", id=1
        )
        assert player_of(finished, seat) == Player(user_id=late.id)
        kept = await bot.store.result_of(1)
        assert kept is not None
        stored = stored_result(kept)
        (theirs,) = [s for s in stored.seats if s.player == Player(user_id=late.id)]
        assert theirs.forfeited, "the seat handed over counts for its person, ranked last"
        assert all(s.player.computer is None for s in stored.seats), "no computer level rated"


async def test_followers_hear_every_turn_or_only_the_result(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """Chloe (French) follows the turns and hears the changes of mover; Mia follows only the
    results and hears nothing until the game ends, then once."""
    fake = fake_discord
    chloe, mia = fake.user("chloe"), fake.user("mia")
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        turns = await fake.invoke(chloe, "/game follow", game=1, what="turns", channel=thread)
        assert turns.content == said(
            chloe, "You follow game #{id}: I will tell you by DM whose turn it is.", id=1
        )
        results = await fake.invoke(mia, "/game follow", game=1, what="results", channel=thread)
        assert results.content == said(
            mia, "You follow game #{id}: I will tell you its result by DM.", id=1
        )
        for _ in range(3):
            _, game, mover = await who_moves(bot, fake, 1)
            await fish_step(fake, mover, thread, game.phase)
            await settle(bot)
        assert len(fake.dms(chloe)) >= 2, "every change of mover"
        assert fake.dms(mia) == [], "nothing before the result"
        _, _, mover = await who_moves(bot, fake, 1)
        await resign_for_good(fake, mover, channel=thread)
        await settle(bot)
        await fake.wait_until(lambda: bool(fake.dms(mia)), what="the result DM")
        (only,) = fake.dms(mia)
        assert "the game is over" in only.content


async def test_game_return_offers_only_the_seats_a_computer_holds_and_works_from_a_dm(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """The hand-over DM says to type /game return there: from the DM, with no game given, the
    person's only seat a computer holds is taken back; its autocomplete offers exactly the games
    where a computer holds their seat (none to anyone else)."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        record, _, late = await who_moves(bot, fake, 1)
        seat = record.to_move_seat
        assert seat is not None
        other = next(p for p in people if p.id != late.id)
        dm = fake.world.dm_channel(late)
        assert await fake.autocomplete(late, "/game return", "game", channel=dm) == []
        await later(fake, bot, 7 * DAY + 1)
        offered = await fake.autocomplete(late, "/game return", "game", channel=dm)
        assert [c.value for c in offered] == [1]
        in_server = await fake.autocomplete(late, "/game return", "game")
        assert [c.value for c in in_server] == [1]
        assert await fake.autocomplete(other, "/game return", "game") == []
        assert await fake.autocomplete(fake.user("mia"), "/game return", "game") == []
        back = await fake.invoke(late, "/game return", channel=dm)
        assert back.ephemeral and back.content == said(
            late, "You are back in your seat in game #{id}.", id=1
        )
        await settle(bot)
        assert (await bot.store.get_game(1)).player(seat).user_id == late.id
        assert await fake.autocomplete(late, "/game return", "game", channel=dm) == []
        assert any("takes their seat back" in m.content for m in fake.history(thread))
