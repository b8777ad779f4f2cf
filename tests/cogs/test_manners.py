"""Table manners: refusals that name the real situation, looks that stay with the
onlooker, fewer messages without losing information — through the stand-in, in English and in
German or French."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime

import pytest

from bot.games.fish.actions import PenguinMove
from bot.games.fish.actions import parse as parse_fish
from bot.i18n import NAME_CONTEXT, language_of, t, tn, translation
from bot.play.confirm import CONFIRM_SECONDS
from bot.store import Seat
from bot.texts.announce import ULTIMATUM_STEPS
from bot.texts.names import picture_name, player_name, seat_names, short_name
from tests.cogs.clocked import DAY, HOUR, ClockedRunner, later
from tests.cogs.conftest import BotRunner
from tests.cogs.players import (
    fish_step,
    open_game,
    play_until_alone_on_ice,
    resign_for_good,
    said,
    settle,
    turn_or_end,
    ultimatum_step,
    who_moves,
)
from tests.fakediscord import FakeDiscord


async def test_a_spectator_sees_the_running_game_of_the_channel(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """A spectator's /fish board in the channel of the one running game shows that game, only
    to them unless they ask to post it; a player's board is posted as before."""
    fake = fake_discord
    mia, chloe = fake.user("mia"), fake.user("chloe")
    async with bot_runner():
        _, thread, people = await open_game(fake, "fish", 2)
        games = fake.channel("games")
        for onlooker in (mia, chloe):
            board = await fake.invoke(onlooker, "/fish board", channel=games)
            await board.wait_for_content()
            assert board.ephemeral and board.attachments, board.content
        mark = fake.mark()
        posted = await fake.invoke(chloe, "/fish board", channel=thread, post=True)
        await posted.wait_for_content()
        assert not posted.ephemeral and posted.attachments
        assert fake.mark() > mark
        mine = await fake.invoke(people[0], "/fish board", channel=thread)
        await mine.wait_for_content()
        assert not mine.ephemeral
        replay = await fake.invoke(chloe, "/game replay", channel=thread)
        await replay.wait_for_content()
        assert replay.ephemeral and replay.attachments


async def test_a_command_of_the_other_game_names_the_game_of_the_thread(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """/fish move in an Ultimatum thread says which game the thread holds (not "you have no
    game here"), in the reader's language."""
    fake = fake_discord
    async with bot_runner():
        _, thread, people = await open_game(fake, "ultimatum", 2)
        for person in (people[0], people[1], fake.user("chloe")):
            reply = await fake.invoke(person, "/fish move", penguin="C4", to="D4", channel=thread)
            assert reply.ephemeral
            assert reply.content == said(
                person,
                "This thread holds game #{id} of {game}: its commands start with /{kind}.",
                id=1,
                game=said(person, "The Penguin Ultimatum"),
                kind=translation(language_of(person.locale), "ultimatum", NAME_CONTEXT)
                or "ultimatum",
            )


async def test_several_running_games_ask_the_spectator_to_pick(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """With two running games in a channel, a spectator is asked to pick one (not told that
    they have no game)."""
    fake = fake_discord
    async with bot_runner() as bot:
        await open_game(fake, "fish", 2)
        await who_moves(bot, fake, 1)
        people = [fake.user("chloe"), fake.user("bruno")]
        second = await fake.invoke(people[0], "/fish new", players=2)
        await fake.click(people[1], second.message, label="Join")
        await fake.wait_until(
            lambda: len(fake.threads(fake.channel("games"))) == 2, what="the second thread"
        )
        mia = fake.user("mia")
        reply = await fake.invoke(mia, "/fish board", channel=fake.channel("games"))
        assert reply.ephemeral and reply.content == said(
            mia,
            "Several games are running here ({ids}): pick one with the game option.",
            ids="#1, #2",
        )


async def test_a_follower_hears_each_change_of_mover_once(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """A follower of a Fish game played to the end is told when the turn passes and the
    result, never the same mover twice in a row (F-13: the last player alone moves on
    without a DM per move)."""
    fake = fake_discord
    mia, chloe = fake.user("mia"), fake.user("chloe")
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        for follower in (mia, chloe):
            await fake.invoke(follower, "/game follow", game=1)
        while (await bot.store.get_game(1)).status != "finished":
            _, game, user = await who_moves(bot, fake, 1)
            mark = fake.mark()
            await fish_step(fake, user, thread, game.phase)
            await fake.wait_for_messages(thread, 1, after=mark)
            await settle(bot)
        await settle(bot)
        for follower in (mia, chloe):
            updates = [m.content for m in fake.dms(follower)]
            assert updates and "#1" in updates[-1]
            turns = [u for u in updates if u != updates[-1]]
            repeats = [a for a, b in itertools.pairwise(turns) if a == b]
            assert not repeats, repeats
            assert (
                said(follower, "the game is over; first place: {names}.", names="").split(
                    "{names}"
                )[0][:12]
                in updates[-1]
            )


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_computer_seat_gets_no_coaching_and_no_hand_button(
    fake_discord: FakeDiscord, bot_runner: BotRunner, lang: str
) -> None:
    """Ultimatum against a computer, on a server of each language: the posts where the computer
    is to move name it plainly, with no step addressed to it and no My hand button (alice's own
    posts keep it)."""
    fake = fake_discord
    alice = fake.user("alice")
    fake.guild.preferred_locale = lang
    rng = random.Random(4)
    async with bot_runner(ai_budget=0.05) as bot:
        await fake.invoke(alice, "/ultimatum new", players=2, bots=1, level=1)
        thread = await fake.wait_for_thread(fake.channel("games"))
        last = None
        for _ in range(8):
            record, game = await turn_or_end(bot, alice, 1)  # the computer is thinking
            if record.status == "finished":
                break
            last = await ultimatum_step(fake, alice, thread, game.phase, rng, last)
        await settle(bot)
        record = await bot.store.get_game(1)
        computer = next(
            seat_names(record, lang)[s.seat]
            for s in record.seats
            if s.is_computer and s.seat is not None
        )
        posts = [m for m in fake.history(thread) if m.attachments]
        # The seat list of the opening post may name the computer first ("Bot (easy), …"):
        # what must never appear is a step addressed to it.
        coaching = [t(lang, step, who=computer) for step in ULTIMATUM_STEPS.values()]
        assert not [m.content for m in posts if any(c in m.content for c in coaching)]
        next_up = t(lang, "{name} plays next.", name=computer)
        plain = [m for m in posts if next_up in m.content]
        assert plain, [m.content for m in posts]
        # A computer's pending show or entertainer is not posted on its own: its turn is one
        # post, so two posts running never both leave the turn to it.
        ends = [m.content.endswith(next_up) for m in posts]
        assert not any(a and b for a, b in itertools.pairwise(ends)), [m.content for m in posts]
        hand = t(lang, "My hand")
        assert not [m for m in plain if hand in m.labels]
        assert any(hand in m.labels for m in posts), "alice's posts keep it"


async def test_resign_asks_for_a_confirming_click_that_expires(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """/game resign says what resigning means and waits for a click; a click after the
    button expired does nothing; a click in time resigns (the question is replaced)."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 3)
        record, _, _ = await who_moves(bot, fake, 1)
        chloe = people[2]
        asked = await fake.invoke(chloe, "/game resign", channel=thread)
        assert asked.ephemeral
        assert said(chloe, "Resign from game #{id} for good?", id=1) in asked.content
        assert (
            said(
                chloe,
                "Your penguins leave the ice (the fish you caught stay yours) and you are ranked "
                "after everyone who stays.",
            )
            in asked.content
        )
        assert (await bot.store.get_game(1)).version == record.version
        fake.clock.advance(CONFIRM_SECONDS + 5)
        late = await fake.click(chloe, asked.message, label=said(chloe, "Resign for good"))
        assert late.kind == "update" and not late.message.buttons
        assert late.content == said(
            chloe,
            "This confirmation has expired; nothing was done. Use /game resign again if you "
            "still want to give up game #{id}.",
            id=1,
        )
        assert (await bot.store.get_game(1)).version == record.version
        again = await fake.invoke(people[1], "/game resign", channel=thread)
        done = await fake.click(people[1], again.message, label=said(people[1], "Resign for good"))
        assert done.kind == "update" and not done.message.buttons
        assert done.content == said(people[1], "You resigned from game #{id}.", id=1)
        assert (await bot.store.get_game(1)).version == record.version + 1


def told_in_german(name: str, move: str) -> str:
    """A Fish action as the German words the undo question tells it in (F-6, F-7)."""
    action = parse_fish(move)
    if isinstance(action, PenguinMove):
        return t(
            "de",
            "{who} moves a penguin from {start} to {end}.",
            who=name,
            start=action.penguin,
            end=action.to,
        )
    return t("de", "{who} places a penguin on {floe}.", who=name, floe=action.floe)


async def test_undo_names_whose_turn_and_its_request_closes_when_void_or_expired(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """The undo question names whose turn it takes back; when play goes on, the request
    message says the undo is void and loses its buttons; a second request that nobody
    answers says it expired, without buttons (posts in the server's language, German)."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        await fake.invoke(fake.user("mia"), "/settings language", language="de")
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        _, game, asker = await who_moves(bot, fake, 1)
        move = game.log[-1]
        asked = await fake.invoke(asker, "/game undo", channel=thread)
        name = mover.global_name or mover.name
        question = t(
            "de",
            "{asker} asks to take back, in game #{id}: {turns}",
            asker=f"<@{asker.id}>",
            id=1,
            turns=told_in_german(name, move),
        )
        assert asked.content.startswith(question)
        assert asked.message.buttons
        await fish_step(fake, asker, thread, game.phase)
        void = t("de", "Game #{id} moved on: the undo is void.", id=1)
        await fake.wait_until(
            lambda: asked.message.content == question + "\n" + void, what="the void request"
        )
        assert not asked.message.buttons
        _, game, _ = await who_moves(bot, fake, 1)
        again = await fake.invoke(mover, "/game undo", channel=thread)
        assert again.message.buttons
        await later(fake, bot, 24 * HOUR + 1)
        expired = t("de", "Expired: nobody answered in time, so nothing was taken back.")
        await fake.wait_until(
            lambda: again.message.content.endswith(expired), what="the expired request"
        )
        assert not again.message.buttons


def test_names_in_pictures_stay_recognisable() -> None:
    """A computer seat has one name, in pictures as in text: "Penguin Bot (hard)" (in the
    reader's language); people keep the start of their display name, cut at a word where one
    is near, with an ellipsis."""
    now = datetime.now(UTC)
    computer = Seat(slot=0, seat=0, user_id=None, bot_level=3, joined_at=now)
    assert picture_name(computer, "en") == "Penguin Bot (hard)"
    for lang in ("en", "de", "fr"):
        assert picture_name(computer, lang) == player_name(computer, lang)
    assert picture_name(computer, "fr") != picture_name(computer, "de")
    person = Seat(
        slot=1, seat=1, user_id=5, bot_level=None, joined_at=now, name="Alexandra von Pinguinhausen"
    )
    assert picture_name(person) == "Alexandra von…"
    assert short_name("Maximiliansupercalifragilistic") == "Maximiliansup…"
    assert short_name("Bruno") == "Bruno"


async def test_the_list_shows_time_left_and_narrows_to_mine_and_my_turn(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """/game list shows the next reminder and the timeout of each running game and narrows
    to `mine` or `my turn`; /game mine (also in a DM) lists your games across servers, your
    turn first, with links — in the reader's language."""
    fake = fake_discord
    async with bot_runner() as bot:
        await open_game(fake, "fish", 2)  # alice and bruno: #1
        chloe = fake.user("chloe")
        await fake.invoke(chloe, "/ultimatum new", players=3)  # chloe's lobby: #2
        record, _, mover = await who_moves(bot, fake, 1)
        waiting = next(u for u in map(fake.user, ("alice", "bruno")) if u.id != mover.id)
        assert record.next_reminder_at is not None and record.deadline_at is not None
        everything = await fake.invoke(mover, "/game list")
        fields = everything.embeds[0]["fields"]
        assert [f["name"].split()[0] for f in fields] == ["#1", "#2"]
        running = fields[0]["value"]
        assert f"<t:{int(record.next_reminder_at.timestamp())}:R>" in running
        assert f"<t:{int(record.deadline_at.timestamp())}:R>" in running
        assert said(mover, "timeout <t:{ts}:R>", ts=int(record.deadline_at.timestamp())) in running
        for person, show, expected in (
            (mover, "my-turn", ["#1"]),
            (waiting, "my-turn", []),
            (waiting, "mine", ["#1"]),
            (chloe, "mine", ["#2"]),
        ):
            narrowed = await fake.invoke(person, "/game list", show=show)
            names = [f["name"].split()[0] for f in narrowed.embeds[0].get("fields") or []]
            assert names == expected, (person.name, show, names)
        await fake.invoke(waiting, "/ultimatum new", players=2)  # #3, a lobby
        mine = await fake.invoke(waiting, "/game mine", channel=fake.world.dm_channel(waiting))
        assert mine.ephemeral
        embed = mine.embeds[0]
        assert embed["title"] == said(waiting, "Your games")
        assert [f["name"].split()[0] for f in embed["fields"]] == ["#1", "#3"]
        assert "https://discord.com/channels/" in embed["fields"][0]["value"]
        theirs = await fake.invoke(mover, "/game mine", channel=fake.world.dm_channel(mover))
        first = theirs.embeds[0]["fields"][0]
        assert first["name"].startswith("#1") and said(mover, "your turn") in first["value"]


async def test_a_timeout_hand_over_is_told_by_direct_message(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """A seat handed to a computer after the turn limit is told in the thread and, in the
    person's own language, by direct message."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        record, _, late = await who_moves(bot, fake, 1)
        assert record.to_move_seat is not None
        await later(fake, bot, 7 * DAY + 1)
        await fake.wait_until(lambda: bool(fake.dms(late)), what="the hand-over DM")
        changed = await bot.store.get_game(1)
        computer = seat_names(changed, language_of(late.locale))[record.to_move_seat]
        (dm,) = [m for m in fake.dms(late) if "#1" in m.content]
        before_link, after_link = said(
            late,
            "You did not move in game #{id} ({game}) for {days} days, so {computer} has "
            "taken over your seat: {url} Take it back with /game return {id} while the game "
            "runs.",
            id=1,
            game=said(late, "Hey, That's My Fish!"),
            days="7",
            computer=computer,
            url="\x00",
        ).split("\x00")
        # Both halves in the person's language (the late player's seat is random); the command
        # is a mention, which every client draws with its own name: "/game return", also in a
        # German message whose words name it "/spiel zurückkehren".
        lang = language_of(late.locale)
        named = "/" + " ".join(translation(lang, w, NAME_CONTEXT) or w for w in ("game", "return"))
        before_link, after_link = (
            part.replace(named, "/game return") for part in (before_link, after_link)
        )
        shown = fake.shown(dm)
        assert shown.startswith(before_link) and shown.endswith(after_link)
        assert fake.clickable_commands(dm) == ["game return"]
        assert any("takes over their seat" in m.content for m in fake.history(thread))


async def test_the_final_post_offers_replay_and_rematch(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The final post carries Replay and Rematch; a Replay is only for whoever clicked, a
    spectator or a player."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, _, mover = await who_moves(bot, fake, 1)
        mark = fake.mark()
        await resign_for_good(fake, mover, channel=thread)
        (final,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert final.labels == ["Replay", "Rematch"]
        onlooker = await fake.click(fake.user("chloe"), final, label="Replay")
        await onlooker.wait_for_content()
        assert onlooker.ephemeral and onlooker.attachments
        player = await fake.click(people[0], final, label="Replay")
        await player.wait_for_content()
        assert player.ephemeral and player.attachments[0].filename.endswith(".gif")


async def test_the_last_player_on_the_ice_may_finish_at_once(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """F-13: once only one player is left, their turn post offers Finish for me; a click has
    the strongest computer play their remaining moves (logged as theirs), and the game ends
    with the final post; the other player may not click it."""
    fake = fake_discord
    async with bot_runner(ai_budget=0.05) as bot:
        game_id, thread, people, user = await play_until_alone_on_ice(bot, fake)
        await settle(bot)
        post = fake.history(thread)[-1]
        label = "Finish for me"
        assert label in post.labels
        other = next(p for p in people if p.id != user.id)
        refused = await fake.click(other, post, label=label)
        assert refused.ephemeral
        before = len(await bot.store.action_log(game_id))
        done = await fake.click(user, post, label=label)
        answer = await done.wait_for_content(timeout=30)
        record = await bot.store.get_game(game_id)
        played = len(await bot.store.action_log(game_id)) - before
        assert answer.ephemeral and answer.content == tn(
            language_of(user.locale),
            "Done: {n} move was played for you in game #{id}.",
            "Done: {n} moves were played for you in game #{id}.",
            played,
            id=game_id,
        )
        assert record.status == "finished"
        log = await bot.store.action_log(game_id)
        assert len(log) > before and all(a.seat == record.seat_of(user.id) for a in log[before:])
        await settle(bot)
        assert "Final ranking" in fake.history(thread)[-1].content
