"""Running tournaments through the stand-in: people sign up by button, the clock moves on,
games end by resignation; what the bot posted is read back."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Any

from bot.client import PenguinBot
from bot.play.games import load_game
from bot.texts.tournament_views import sign_up_view
from render.tournament_signup import draw_sign_up
from render.tournament_views import SignUpView
from tests.cogs.clocked import HOUR, settle
from tests.cogs.players import resign_for_good
from tests.cogs.polling import until
from tests.fakediscord import Attachment, Channel, FakeDiscord, Message, User

STANDING = re.compile(r"^(\d+)\. (.+?): ([\d.]+) pts \(opponents ([\d.]+), ")


def field(fake: FakeDiscord, count: int) -> list[User]:
    """``count`` people on the server, a moderator (Manage Server) first."""
    people = [fake.add_user(f"player{n}") for n in range(count)]
    fake.add_role("mods", ["manage_guild"], members=people[:1])
    return people


def pin_seeds(bot: PenguinBot) -> None:
    """Every table's game dealt from the next small seed (the same deals on every run)."""
    runner: Any = bot.get_cog("TournamentRunner")
    runner.seeder = itertools.count(1).__next__


async def sign_up(fake: FakeDiscord, people: list[User], **options: Any) -> tuple[int, Message]:
    """The first person opens a tournament, everyone joins by the sign-up's button."""
    reply = await fake.invoke(people[0], "/tournament new", signup_hours=1.0, **options)
    assert not reply.ephemeral, reply.content
    assert reply.message is not None
    opened = re.search(r"Tournament #(\d+)", reply.content)
    assert opened is not None, reply.content
    tournament_id = int(opened[1])
    for person in people:
        joined = await fake.click(person, reply.message, label="Join")
        assert "You are entered" in joined.content, joined.content
    return tournament_id, reply.message


async def round_opened(bot: PenguinBot, tournament_id: int, number: int) -> list[int]:
    """Wait until round ``number`` is open with every table placed in its thread; its games."""
    found: list[int] = []

    async def opened() -> bool:
        nonlocal found
        tables = await bot.store.tournament_tables(tournament_id)
        now = [t for t in tables if t.round == number]
        found = [t.game_id for t in now]
        return bool(now) and all(t.placed and t.thread_id for t in now)

    await until(opened, f"round {number} of tournament #{tournament_id}")
    await settle(bot)
    return found


async def close_signup(fake: FakeDiscord, bot: PenguinBot) -> None:
    """Move the clock past the sign-up's close."""
    fake.clock.advance(HOUR + 1)
    await settle(bot)


def user_of(fake: FakeDiscord, people: list[User], user_id: int) -> User:
    """The person with this id."""
    return next(p for p in people if p.id == user_id)


async def resign(
    fake: FakeDiscord, bot: PenguinBot, people: list[User], game_id: int, loser: int
) -> None:
    """The person ``loser`` resigns their game in its thread."""
    record, _game = await load_game(bot.store, game_id)
    assert record.thread_id is not None
    thread = fake.world.channels[record.thread_id]
    answer = await resign_for_good(fake, user_of(fake, people, loser), channel=thread)
    assert "You resigned" in answer.content, answer.content


def standings_posts(fake: FakeDiscord, channel: Channel) -> list[Message]:
    """The standings the bot posted in a channel, oldest first."""
    return [m for m in fake.history(channel) if "standings" in m.content.split("\n")[0]]


async def sign_up_shown(
    bot: PenguinBot, post: Message, tournament_id: int
) -> tuple[Attachment, SignUpView]:
    """Wait until the sign-up post's one picture is the tournament's field as stored now."""
    found: list[tuple[Attachment, SignUpView]] = []

    async def shown() -> bool:
        view = sign_up_view("en", await bot.store.get_tournament(tournament_id))
        pictures = post.attachments
        found[:] = [(pictures[0], view)] if len(pictures) == 1 else []
        return bool(found) and pictures[0].data == draw_sign_up(view)

    await until(shown, f"the sign-up picture of tournament #{tournament_id}")
    return found[0]


def points_of(post: Message) -> dict[str, tuple[int, str, str]]:
    """Name → (place, points, opponents' points) of a standings post."""
    lines = {}
    for line in post.content.split("\n")[1:]:
        found = STANDING.match(line)
        assert found, line
        lines[found[2]] = (int(found[1]), found[3], found[4])
    return lines


def shown(value: Fraction) -> str:
    """Points as the standings show them."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")
