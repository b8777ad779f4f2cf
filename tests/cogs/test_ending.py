"""The ending and quieter messages through the stand-in: the mover's own turn DMs, the
history a spectator may post, the results picture of a finished Fish game, the final
Ultimatum breakdown and the computer seat's turn post in German or French."""

from __future__ import annotations

import io
import itertools

from PIL import Image

from bot.games.base import is_resignation
from bot.games.fish import FishGame
from bot.games.fish.ending import results_view
from bot.i18n import language_of, picture_labels
from bot.play.games import load_game
from bot.texts.names import picture_names, title
from render import fish as fish_board
from render import fish_results
from tests.cogs.conftest import BotRunner
from tests.cogs.players import (
    fish_step,
    open_game,
    said,
    settle,
    who_moves,
)
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


async def test_a_spectators_history_is_for_them_unless_they_ask_to_post_it(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """/game history by someone not seated answers only them (in their language, French here)
    unless they ask to post it; a player's is posted, as with /fish board and /game replay."""
    fake = fake_discord
    chloe, mia = fake.user("chloe"), fake.user("mia")
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, game, user = await who_moves(bot, fake, 1)
        await fish_step(fake, user, thread, game.phase)
        await settle(bot)  # the turn's post is in before anything is counted
        for onlooker in (chloe, mia):
            mark = fake.mark()
            own = await fake.invoke(onlooker, "/game history", channel=thread)
            assert own.ephemeral and "1. " in own.content
            assert not [m for m in fake.history(thread) if m.id > mark]
        french = await fake.invoke(chloe, "/game history", channel=thread)
        assert french.content.startswith(
            said(
                chloe,
                "**Game #{id} ({game})**, turns — page {page} of {pages}",
                id=1,
                game=title("fish", language_of(chloe.locale)),
                page=1,
                pages=1,
            )
        )
        mark = fake.mark()
        posted = await fake.invoke(mia, "/game history", channel=thread, post=True)
        assert not posted.ephemeral
        assert [m.content for m in fake.history(thread) if m.id > mark] == [posted.content]
        player = await fake.invoke(people[1], "/game history", channel=thread)
        (first,) = await bot.store.action_log(1)
        assert not player.ephemeral and "1. " in player.content and first.text in player.content


async def test_the_final_fish_post_shows_who_took_each_floe(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """F-14: the final post of a Fish game played to the end (German server) carries the results
    picture: each floe in the colour of the player who took it, the melted ones as slush, the
    breakdown in German; the turn posts before it carry the board."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        await fake.invoke(fake.user("mia"), "/settings language", language="de")
        while (await bot.store.get_game(1)).status != "finished":
            _, game, user = await who_moves(bot, fake, 1)
            mark = fake.mark()
            await fish_step(fake, user, thread, game.phase)
            await fake.wait_for_messages(thread, 1, after=mark)
        await settle(bot)
        record, game = await load_game(bot.store, 1)
        assert isinstance(game, FishGame) and game.is_over
        final = fake.history(thread)[-1]
        assert "**Endstand**" in final.content, final.content
        picture = final.attachments[0].image().convert("RGB")
        view = results_view(game)
        for name, seat in view["results"]["caught"].items():
            expected = fish_results.SLUSH if seat is None else fish_results.TINTS[seat]
            assert picture.getpixel(fish_results.probe(name)) == expected, (name, seat)
        drawn = fish_results.results(
            view, names=picture_names(record, "de"), labels=picture_labels("de")
        )
        assert picture.tobytes() == Image.open(io.BytesIO(drawn)).convert("RGB").tobytes()
        earlier = fake.history(thread)[-2].attachments[0].image()
        assert earlier.size == fish_board.size(2), "a turn post before the end shows the board"
