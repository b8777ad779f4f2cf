"""Table manners (issue 17): refusals that name the real situation, looks that stay with the
onlooker, fewer messages without losing information — through the stand-in, in English and in
German or French."""

from __future__ import annotations

from tests.bot.conftest import BotRunner
from tests.bot.players import open_game, said, who_moves
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
                kind="ultimatum",
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
