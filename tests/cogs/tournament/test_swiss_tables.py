"""An 11-person Swiss of 3 rounds at tables of four, end to end: tables of 4, 4 and 3 each
round and no byes; every game is decided by the clock (the turn limit, then the round's time
is up), and the points are those the stated rule gives, counted here by hand."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from tests.cogs.clocked import DAY, ClockedRunner, settle
from tests.cogs.tournament.helpers import (
    close_signup,
    field,
    pin_seeds,
    points_of,
    round_opened,
    shown,
    sign_up,
    standings_posts,
)
from tests.fakediscord import FakeDiscord

#: Points by seat when the first two seats forfeit and the rest are level (every score 0 at
#: the start of Fish): at a table of 4, seats 2 and 3 share first and second place
#: ((1 + 2/3) / 2), seats 0 and 1 third and last ((1/3 + 0) / 2); at a table of 3, seat 2 is
#: first and seats 0 and 1 share second and last ((1/2 + 0) / 2).
BY_SEAT = {
    4: (Fraction(1, 6), Fraction(1, 6), Fraction(5, 6), Fraction(5, 6)),
    3: (Fraction(1, 4), Fraction(1, 4), Fraction(1)),
}


async def test_eleven_players_three_rounds_at_tables_of_four(
    clocked_bot: ClockedRunner, fake_discord: FakeDiscord
) -> None:
    """Each round: the first seat times out at the turn limit (half a day: no computer takes
    a tournament seat, it forfeits), then the round's time is up with the second seat to
    move, which forfeits by the tournament's rule; the rest are ranked by their score, all
    level. Tables of 4, 4 and 3 every round; nobody sits out."""
    fake = fake_discord
    people = field(fake, 11)
    points: defaultdict[int, Fraction] = defaultdict(Fraction)
    async with clocked_bot() as bot:
        pin_seeds(bot)
        tournament_id, _post = await sign_up(
            fake, people, kind="fish", format="swiss", table_size=4, rounds=3, round_days=1.0,
            turn_days=0.5,
        )  # fmt: skip
        await close_signup(fake, bot)
        for number in (1, 2, 3):
            await round_opened(bot, tournament_id, number)
            tables = [t for t in await bot.store.tournament_tables(tournament_id)
                      if t.round == number]  # fmt: skip
            rounds = await bot.store.tournament_rounds(tournament_id)
            assert sorted(len(t.players) for t in tables) == [3, 4, 4]
            assert rounds[-1].byes == ()
            for table in tables:
                for seat, player in enumerate(table.players):
                    points[player] += BY_SEAT[len(table.players)][seat]
            fake.clock.advance(DAY / 2 + 1)  # the first seats time out
            await settle(bot)
            ends = rounds[-1].deadline_at.timestamp()
            fake.clock.advance(ends - fake.clock.now() + 0.5)  # before the second seats would
            await settle(bot)
        await settle(bot)
        posts = standings_posts(fake, fake.channel("games"))
        record = await bot.store.get_tournament(tournament_id)
        tables = await bot.store.tournament_tables(tournament_id)
        thread = fake.world.channels[tables[0].thread_id or 0]
        told = [m.content for m in fake.history(thread) if "time is up" in m.content]
    assert told == [
        f"The round's time is up: game #{tables[0].game_id} is decided by the tournament's rule."
    ]
    assert {t.result.forfeited for t in tables if t.result} == {(0, 1)}
    assert all(t.result for t in tables)
    assert record.status == "finished"
    assert len(posts) == 3
    final = points_of(posts[-1])
    for person in people:
        _place, got, _opponents = final[person.name.capitalize()]
        assert got == shown(points[person.id]), person.name
