"""A 9-person Swiss of 4 rounds at tables of two, end to end: a bye every round, a timeout
forfeited, a restart in the middle of a round change, and the final standings checked against
a count made here from the results the players made."""

from __future__ import annotations

import io
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from PIL import Image

from bot.client import PenguinBot
from tests.cogs.clocked import DAY, ClockedRunner, settle
from tests.cogs.tournament.helpers import (
    close_signup,
    field,
    pin_seeds,
    points_of,
    resign,
    round_opened,
    shown,
    sign_up,
    standings_posts,
)
from tests.fakediscord import FakeDiscord, User

#: How the profile names this test's tournament.
FISH = "Hey, That's My Fish! (Swiss, 4 rounds, tables of 2)"


class Tally:
    """The results as the test makes them: the earlier to sign up wins each game."""

    def __init__(self, people: list[User]) -> None:
        self.people = people
        self.order = {p.id: n for n, p in enumerate(people)}
        self.wins: Counter[int] = Counter()
        self.byes: Counter[int] = Counter()
        self.met: dict[int, list[int]] = {p.id: [] for p in people}

    async def play(
        self, fake: FakeDiscord, bot: PenguinBot, tournament_id: int, number: int, *, left: int = 0
    ) -> list[tuple[int, ...]]:
        """Round ``number``: four tables and a bye; all but the first ``left`` tables are
        ended by the later one to sign up resigning. The tables left, in seat order."""
        games = await round_opened(bot, tournament_id, number)
        assert len(games) == 4
        tables = [t for t in await bot.store.tournament_tables(tournament_id) if t.round == number]
        rounds = await bot.store.tournament_rounds(tournament_id)
        assert [r.number for r in rounds] == list(range(1, number + 1))
        (bye,) = rounds[-1].byes
        self.byes[bye] += 1
        for table in tables:
            one, two = table.players
            self.met[one].append(two)
            self.met[two].append(one)
        for table in tables[left:]:
            winner, loser = sorted(table.players, key=self.order.__getitem__)
            self.wins[winner] += 1
            await resign(fake, bot, self.people, table.game_id, loser)
        return [table.players for table in tables[:left]]

    def points(self) -> dict[int, Fraction]:
        """Everyone's points: a win or a bye is 1."""
        return {p.id: Fraction(self.wins[p.id] + self.byes[p.id]) for p in self.people}

    def opponents(self, person: User) -> Fraction:
        """The opponents' final points, a bye counted as an opponent with one's own."""
        points = self.points()
        met = sum((points[o] for o in self.met[person.id]), Fraction(0))
        return met + self.byes[person.id] * points[person.id]


async def test_nine_players_four_rounds(
    clocked_bot: ClockedRunner, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each round pairs four tables and gives one bye (never twice to anyone); the later one
    to sign up resigns each game, except one game in round 2 whose first player times out
    (seat 0 moves first, F-5) and forfeits: no computer takes a tournament seat; round 3 is
    committed by a process that stops before posting its tables, and the restarted bot posts
    them once. The points and opponents' points of the final standings are those counted
    here; each standings post carries its picture, the final one with the podium. Each
    player's profile lists the tournament: running in round 2, then their final place."""
    fake = fake_discord
    people = field(fake, 9)
    tally = Tally(people)
    async with clocked_bot() as bot:
        pin_seeds(bot)
        tournament_id, _post = await sign_up(
            fake, people, kind="fish", format="swiss", rounds=4, round_days=3.0, turn_days=1.0
        )
        await close_signup(fake, bot)
        await tally.play(fake, bot, tournament_id, 1)
        ((_first, second),) = await tally.play(fake, bot, tournament_id, 2, left=1)
        running = await fake.invoke(people[0], "/ratings profile")
        assert running.content.endswith(
            f"#{tournament_id} {FISH}: running, round 2, {shown(tally.points()[people[0].id])} pts"
        ), running.content
        tally.wins[second] += 1
        runner: Any = bot.get_cog("TournamentRunner")

        async def crash(*args: object) -> None:
            raise RuntimeError("the process stops here")

        monkeypatch.setattr(runner, "place", crash)
        fake.clock.advance(DAY + 1)
        await settle(bot)
        assert len(await bot.store.tournament_rounds(tournament_id)) == 3
    async with clocked_bot() as bot:
        pin_seeds(bot)
        await tally.play(fake, bot, tournament_id, 3)
        await tally.play(fake, bot, tournament_id, 4)
        await settle(bot)
        channel = fake.channel("games")
        posts = standings_posts(fake, channel)
        assert [p.content.split("\n")[0] for p in posts[:-1]] == [
            f"**Tournament #{tournament_id}: standings after round {n}**" for n in (1, 2, 3)
        ]
        assert "final standings" in posts[-1].content
        assert len(fake.threads(channel)) == 16  # each table once: the restart posted none twice
        asker = people[0]
        profiles = {p.id: await fake.invoke(asker, "/ratings profile", member=p) for p in people}
        # Asked for afterwards, the standings are the final post again, picture and all.
        asked = await fake.invoke(asker, "/tournament standings", tournament=tournament_id)
        await asked.wait_for_content(timeout=15)
    pictures = []
    for n, post in enumerate(posts, start=1):
        stem = f"tournament-{tournament_id}-" + ("final" if n == 4 else f"round-{n}")
        # Nine players fit on one page; the final page also holds the podium.
        assert [a.filename for a in post.attachments] == [f"{stem}-1.png"]
        picture = Image.open(io.BytesIO(post.attachments[0].data))
        assert picture.format == "PNG"
        pictures.append(picture)
    assert pictures[3].height > pictures[2].height  # the podium above the table
    assert asked.message.content == posts[-1].content
    assert [a.data for a in asked.message.attachments] == [posts[-1].attachments[0].data]
    assert len({p.tobytes() for p in pictures}) == 4  # each round's standings drawn anew
    assert set(tally.byes.values()) == {1}
    final = points_of(posts[-1])
    points = tally.points()
    for person in people:
        place, got, got_opponents = final[person.name.capitalize()]
        assert (got, got_opponents) == (shown(points[person.id]), shown(tally.opponents(person)))
        listed = profiles[person.id].content.split("\n")
        assert listed[-2:] == [
            "**Tournaments**",
            f"#{tournament_id} {FISH}: place {place} of 9, {got} pts",
        ], listed
