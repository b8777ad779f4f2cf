"""A 5-person round robin at tables of two, end to end: everyone meets everyone once with a
bye each round (Berger tables), a player withdraws in round 2 and is not paired again (their
later opponents sit out with a bye), and the final points are those counted here."""

from __future__ import annotations

from collections import Counter

from tests.cogs.conftest import BotRunner
from tests.cogs.players import settle
from tests.cogs.tournament.helpers import (
    field,
    points_of,
    resign,
    round_opened,
    sign_up,
    standings_posts,
    user_of,
)
from tests.fakediscord import FakeDiscord


async def test_five_players_everyone_meets_once_and_a_withdrawal(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The organiser starts the round robin by command (the sign-up post then loses its
    buttons, a late join is told when the sign-up closed, /game mine names the tournament and
    round of a game; an undo of a game whose round was scored is refused); each game is won by
    the earlier to sign up (the other resigns), except that the last to sign up withdraws in
    round 2, which forfeits their game there. Every pair but the withdrawn player's later ones
    meets exactly once; the final standings give a win or a bye 1 point each."""
    fake = fake_discord
    people = field(fake, 5)
    order = {p.id: n for n, p in enumerate(people)}
    leaver = people[-1]
    wins: Counter[int] = Counter()
    byes: Counter[int] = Counter()
    pairs: Counter[frozenset[int]] = Counter()
    async with bot_runner() as bot:
        tournament_id, post = await sign_up(fake, people, kind="fish", format="round-robin")
        started = await fake.invoke(people[0], "/tournament start", tournament=tournament_id)
        assert started.content == f"Tournament #{tournament_id} has started."
        record = await bot.store.get_tournament(tournament_id)
        assert record.rounds == 5
        for number in range(1, 6):
            await round_opened(bot, tournament_id, number)
            tables = [t for t in await bot.store.tournament_tables(tournament_id)
                      if t.round == number]  # fmt: skip
            rounds = await bot.store.tournament_rounds(tournament_id)
            if number == 1:
                late = await fake.invoke(fake.user("alice"), "/tournament join")
                assert late.content == (
                    f"The sign-up for tournament #{tournament_id} closed on "
                    f"<t:{int(record.closes_at.timestamp())}:f>; it is in round 1."
                )
                # The sign-up post shows the field, without buttons, once start has refreshed it
                # (after it opened the round).
                await fake.wait_until(lambda: post.buttons == [], what="the sign-up's refresh")
                seated = next(p for p in people if p.id == tables[0].players[0])
                mine = await fake.invoke(seated, "/game mine")
                heading = mine.embeds[0]["fields"][0]["name"]
                assert heading.endswith(f" · tournament #{tournament_id}, round 1"), heading
                first_games = [(t.game_id, t.players[0]) for t in tables]
            if number == 2:
                game_id, player = first_games[0]
                undo = await fake.invoke(user_of(fake, people, player), "/game undo", game=game_id)
                assert undo.content == (
                    f"Game #{game_id} counted in its tournament's standings when its round "
                    "ended, so its result stands: nothing can be taken back any more."
                )
            for bye in rounds[-1].byes:
                byes[bye] += 1
            if number > 2:
                assert all(leaver.id not in t.players for t in tables)
            for table in tables:
                pairs[frozenset(table.players)] += 1
                winner, loser = sorted(table.players, key=order.__getitem__)
                wins[winner] += 1
                if number == 2 and leaver.id in table.players:
                    out = await fake.invoke(leaver, "/tournament withdraw")
                    assert out.content == (
                        f"You withdrew from tournament #{tournament_id}; you will not be "
                        "paired again."
                    )
                    continue
                await resign(fake, bot, people, table.game_id, loser)
        await settle(bot)
        posts = standings_posts(fake, fake.channel("games"))
        record = await bot.store.get_tournament(tournament_id)
    assert record.status == "finished"
    assert set(pairs.values()) == {1}
    stayed = [p.id for p in people[:-1]]
    assert {frozenset((a, b)) for a in stayed for b in stayed if a < b} <= set(pairs)
    final = points_of(posts[-1])
    for person in people:
        _place, got, _opponents = final[person.name.capitalize()]
        assert got == str(wins[person.id] + byes[person.id]), person.name
    lines = posts[-1].content.split("\n")
    assert [line for line in lines if line.endswith("(withdrawn)")] == [
        line for line in lines if f" {leaver.name.capitalize()}:" in line
    ]
