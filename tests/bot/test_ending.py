"""The ending and quieter messages (issue 17) through the stand-in: the mover's own turn DMs, the
history a spectator may post, the results picture of a finished Fish game, the final
Ultimatum breakdown and the computer seat's turn post in German or French."""

from __future__ import annotations

import itertools

from bot.games.base import is_resignation
from bot.i18n import language_of
from bot.play.games import load_game
from bot.texts.names import title
from tests.bot.conftest import BotRunner
from tests.bot.players import fish_step, open_game, said, settle, who_moves
from tests.fakediscord import FakeDiscord, User


def turn_starts(seats: list[int], seat: int) -> int:
    """How often the turn came to ``seat`` from another seat (or at the start) over the actions
    played by ``seats`` in order: each is one "your turn" message."""
    return sum(1 for i, s in enumerate(seats) if s == seat and (i == 0 or seats[i - 1] != s))


def your_turn_dms(fake: FakeDiscord, user: User, game_id: int) -> int:
    """The "your turn" messages the bot sent ``user`` for a game."""
    lang = language_of(user.locale)
    head = said(
        user,
        "Your turn in game #{id} ({game}) in <#{channel}>: {url}",
        id=game_id,
        game=title("fish", lang),
        channel="",
        url="",
    ).split("<#")[0]
    return sum(1 for m in fake.dms(user) if m.content.startswith(head))


async def test_the_last_player_on_the_ice_gets_no_turn_dm_after_each_solo_move(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """F-13: a player who opted in to turn DMs hears when the turn comes to them, never again
    after each of their own moves while they move alone (English and German players)."""
    fake = fake_discord
    alice, bruno = fake.user("alice"), fake.user("bruno")
    async with bot_runner() as bot:
        for person in (alice, bruno):
            await fake.invoke(person, "/game notify", setting="on", channel=fake.channel("games"))
        for game_id in range(1, 4):
            _, thread, people = await open_game(fake, "fish", 2)
            while (await bot.store.get_game(game_id)).status != "finished":
                _, game, user = await who_moves(bot, fake, game_id)
                mark = fake.mark()
                await fish_step(fake, user, thread, game.phase)
                await fake.wait_for_messages(thread, 1, after=mark)
                await settle(bot)
            await settle(bot)
            log = await bot.store.action_log(game_id)
            seats = [a.seat for a in log if not is_resignation(a.text)]
            runs = [len(list(group)) for _, group in itertools.groupby(seats)]
            if max(runs) >= 2:  # someone moved again right after their own move
                break
        else:
            raise AssertionError("three games without a player left alone on the ice")
        record, _ = await load_game(bot.store, game_id)
        for person in people:
            seat = record.seat_of(person.id)
            assert seat is not None
            assert your_turn_dms(fake, person, game_id) == turn_starts(seats, seat), person.name
