"""Complete games of both kinds for 2, 3 and 4 people through the stand-in (F-5 … F-15,
U-10 … U-27), every decision taken from what the bot offers."""

from __future__ import annotations

import random

import pytest

from bot.games.ultimatum import UltimatumGame
from bot.play.games import load_game
from tests.cogs.conftest import BotRunner
from tests.cogs.players import (
    fish_step,
    hidden_cards,
    is_done,
    open_game,
    settle,
    thread_game,
    ultimatum_step,
    who_moves,
)
from tests.fakediscord import FakeDiscord, Reply


@pytest.mark.parametrize("players", [3, 4])
async def test_fish_to_the_end(
    fake_discord: FakeDiscord, bot_runner: BotRunner, players: int
) -> None:
    """F-4 … F-15: a whole game; each move is posted with a picture and mentions the next player."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", players)
        game_id = await thread_game(bot, thread)
        posts = 1
        while True:
            record, game, user = await who_moves(bot, fake, game_id)
            mark = fake.mark()
            done = await fish_step(fake, user, thread, game.phase)
            assert is_done(user, done), done.content
            post = (await fake.wait_for_messages(thread, 1, after=mark))[0]
            posts += 1
            assert post.attachments[0].image().size[0] >= 400
            record, game = await load_game(bot.store, game_id)
            assert game is not None
            if record.status == "finished":
                break
            assert f"<@{record.to_move_user}>" in post.content
        assert "Final ranking" in post.content and "Rematch" in post.labels
        assert posts == len(game.log) + 1  # the start, then one post per action
        names = [p.global_name or p.name for p in people]
        assert all(name in post.content for name in names)


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_ultimatum_to_the_end(
    fake_discord: FakeDiscord, bot_runner: BotRunner, players: int
) -> None:
    """U-10 … U-27: a whole game; private steps answer only the actor and post nothing, turns
    (and pending public choices) are posted with a picture, without a hidden card and mentioning
    who is next, and the final post ranks everyone by name and offers a rematch."""
    fake = fake_discord
    rng = random.Random(players)
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "ultimatum", players, width=7, height=7)
        game_id = await thread_game(bot, thread)
        last: Reply | None = None
        private_steps = 0
        for _ in range(600):
            record, game, user = await who_moves(bot, fake, game_id)
            assert isinstance(game, UltimatumGame)
            mark = fake.mark()
            last = await ultimatum_step(fake, user, thread, game.phase, rng, last)
            assert last.ephemeral, "a player's own step is answered to them alone"
            record, game = await load_game(bot.store, game_id)
            assert isinstance(game, UltimatumGame)
            await settle(bot)  # whatever the step posts is in the thread now
            posted = [m for m in fake.history(thread) if m.id > mark]
            if game.phase == "invite":  # U-11 done, U-14 to come: the turn is not complete
                private_steps += 1
                assert posted == [], "a private step posts nothing to the thread"
                continue
            assert len(posted) == 1, "a completed turn or a pending public choice: one post"
            post = posted[0]
            assert post.attachments[0].image().format == "PNG"
            secret = hidden_cards(game)
            assert not any(card in post.content for card in secret), post.content
            if record.status == "finished":
                break
            assert f"<@{record.to_move_user}>" in post.content
        assert record.status == "finished"
        assert private_steps > 0
        assert "Final ranking" in post.content and "final scoring" in post.content
        assert "Rematch" in post.labels
        names = [p.global_name or p.name for p in people]
        assert all(name in post.content for name in names)
