"""A complete game of Hey, That's My Fish! through the stand-in, as people play it."""

from __future__ import annotations

from bot.play.games import load_game
from tests.cogs.conftest import BotRunner
from tests.cogs.players import is_done
from tests.fakediscord import FakeDiscord


async def test_help_answers(fake_discord: FakeDiscord, bot_runner: BotRunner) -> None:
    """The wiring works end to end: a slash command gets an ephemeral answer."""
    async with bot_runner():
        reply = await fake_discord.invoke(fake_discord.user("alice"), "/help")
        assert reply.ephemeral
        assert "/fish new" in reply.content


async def test_two_players_play_fish_to_the_end(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """F-5 … F-15 through Discord: lobby, thread, every move from autocomplete, final ranking."""
    fake = fake_discord
    alice, bruno = fake.user("alice"), fake.user("bruno")
    async with bot_runner() as bot:
        reply = await fake.invoke(alice, "/fish new", players=2)
        assert not reply.ephemeral
        lobby = reply.message
        thread = await fake.wait_for_thread(fake.channel("games"))
        mark = fake.mark()
        await fake.click(bruno, lobby, label="Join")
        posts = await fake.wait_for_messages(thread, 1, after=mark)
        assert posts[0].attachments[0].image().format == "PNG"
        game_id = (await bot.store.games_in_channel(fake.channel("games").id))[0].id
        for _ in range(200):
            record, game = await load_game(bot.store, game_id)
            if record.status == "finished":
                break
            assert game is not None and game.to_move is not None
            user = alice if record.to_move_user == alice.id else bruno
            mark = fake.mark()
            if game.phase == "place":
                options = await fake.autocomplete(
                    user, "/fish place", "floe", typed="", channel=thread
                )
                assert options, "the player to move is offered floes"
                done = await fake.invoke(user, "/fish place", floe=options[0].value, channel=thread)
            else:
                penguins = await fake.autocomplete(
                    user, "/fish move", "penguin", typed="", channel=thread
                )
                start = penguins[0].value
                targets = await fake.autocomplete(
                    user, "/fish move", "to", typed="", channel=thread, penguin=start
                )
                done = await fake.invoke(
                    user, "/fish move", penguin=start, to=targets[-1].value, channel=thread
                )
            assert is_done(user, done), done.content
            post = (await fake.wait_for_messages(thread, 1, after=mark))[0]
            assert post.attachments and post.attachments[0].image().format == "PNG"
        assert record.status == "finished"
        assert "Final ranking" in post.content
        assert "Rematch" in post.labels
