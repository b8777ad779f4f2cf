"""Refusals, spectators, simultaneous clicks, restarts and rematches through the stand-in."""

from __future__ import annotations

import asyncio
import random

from bot.games.fish import FishGame
from bot.play.games import load_game
from tests.cogs.conftest import BotRunner
from tests.cogs.players import (
    engine_game,
    fish_step,
    is_done,
    open_game,
    said,
    ultimatum_step,
    who_moves,
)
from tests.fakediscord import FakeDiscord


async def test_refusals_say_why_and_change_nothing(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Not your turn, not in the game, an illegal floe (F-6), a game that is over: each is an
    ephemeral reason, and the game's version does not move."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        record, game, mover = await who_moves(bot, fake, 1)
        assert isinstance(game, FishGame)
        waiting = next(u for u in map(fake.user, ("alice", "bruno")) if u.id != mover.id)
        mover_name = mover.global_name or mover.name
        floe = game.legal_actions()[0]
        not_yours = await fake.invoke(waiting, "/fish place", floe=floe, channel=thread)
        assert not_yours.ephemeral and not_yours.content == said(
            waiting, "It is {name}'s turn in game #{id}.", name=mover_name, id=1
        )
        stranger = await fake.invoke(fake.user("mia"), "/fish place", floe=floe, game=1)
        assert stranger.ephemeral and stranger.content == "You are not in game #1."
        two_fish = next(f for f, n in game.floes.items() if n == 2)
        illegal = await fake.invoke(mover, "/fish place", floe=two_fish, channel=thread)
        assert illegal.content == said(
            mover, "{floe} has {fish} fish; penguins start on 1-fish floes.", floe=two_fish, fish=2
        )
        nonsense = await fake.invoke(mover, "/fish move", penguin="Z9", to="A1", channel=thread)
        assert nonsense.ephemeral and nonsense.content == said(
            mover,
            "'{typed}' is not a floe: name one like C4.",
            typed="Z9",
        )
        assert (await bot.store.get_game(1)).version == record.version
        mia_choices = await fake.autocomplete(
            fake.user("mia"), "/fish place", "floe", typed="", game=1
        )
        waiting_choices = await fake.autocomplete(
            waiting, "/fish place", "floe", typed="", channel=thread
        )
        # Nothing of the game is offered, only why (a single choice that is not a floe).
        assert [c.value for c in mia_choices + waiting_choices] == ["-", "-"]
        assert waiting_choices[0].name == said(
            waiting, "It is {name}'s turn in game #{id}.", name=mover_name, id=1
        )
        await fake.invoke(fake.user("alice"), "/game cancel", channel=thread)
        over = await fake.invoke(mover, "/fish place", floe=floe, game=1)
        assert over.content == said(mover, "Game #{id} was cancelled.", id=1)


async def test_spectators_see_the_table_but_never_a_hand(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """U-27: /ultimatum hand and the My hand button answer only the players, ephemerally; a
    spectator may look at the board and the list of games."""
    fake = fake_discord
    mia = fake.user("mia")
    async with bot_runner():
        _, thread, people = await open_game(fake, "ultimatum", 2)
        start_post = fake.history(thread)[-1]
        assert "My hand" in start_post.labels
        refused = await fake.invoke(mia, "/ultimatum hand", game=1)
        assert refused.ephemeral and not refused.attachments
        assert refused.content == "You have no hand in game #1: only its players do."
        clicked = await fake.click(mia, start_post, label="My hand")
        assert clicked.ephemeral and not clicked.attachments
        assert clicked.content == "You have no hand in game #1: only its players do."
        mine = await fake.click(people[1], start_post, label="My hand")
        await mine.wait_for_content()  # deferred: the picture follows
        assert mine.ephemeral and mine.attachments[0].image().format == "PNG"
        board = await fake.invoke(mia, "/ultimatum board", game=1)
        await board.wait_for_content()
        assert board.ephemeral and board.attachments[0].image().format == "PNG"
        listing = await fake.invoke(mia, "/game list")
        assert "#1 The Penguin Ultimatum" in listing.embeds[0]["fields"][0]["name"]
        rules = await fake.invoke(mia, "/ultimatum rules")
        assert rules.ephemeral and "/ultimatum play" in rules.content
        fish_rules = await fake.invoke(mia, "/fish rules")
        assert fish_rules.ephemeral and "/fish move" in fish_rules.content


async def test_two_actions_at_the_same_moment_apply_once(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Two submissions for the same turn: exactly one applies, the other is refused."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        first, second = game.legal_actions()[:2]
        replies = await asyncio.gather(
            fake.invoke(mover, "/fish place", floe=first, channel=thread),
            fake.invoke(mover, "/fish place", floe=second, channel=thread),
        )
        done = [r for r in replies if is_done(mover, r)]
        assert len(done) == 1, [r.content for r in replies]
        _, after = await load_game(bot.store, 1)
        assert after is not None and len(after.log) == 1


async def test_a_restart_mid_game_keeps_the_game_and_its_buttons(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The bot stops mid-game and starts again: the game goes on from the same state, and
    buttons posted before the restart still work."""
    fake = fake_discord
    rng = random.Random(3)
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "ultimatum", 2)
        last = None
        for _ in range(5):
            _, game, user = await who_moves(bot, fake, 1)
            last = await ultimatum_step(fake, user, thread, game.phase, rng, last)
        before = await engine_game(bot, 1)
        other_lobby = await fake.invoke(fake.user("chloe"), "/fish new", players=2)
        games = fake.channel("games")
        await fake.wait_until(lambda: len(fake.threads(games)) == 2, what="the second thread")
        await fake.wait_until(
            lambda: not bot.settling, what="the lobby to be set up before the restart"
        )
    async with bot_runner() as bot:
        _, again = await load_game(bot.store, 1)
        assert again == before
        hand_post = next(m for m in reversed(fake.history(thread)) if "My hand" in m.labels)
        mine = await fake.click(people[0], hand_post, label="My hand")
        assert (await mine.wait_for_content()).attachments, mine.content
        joined = await fake.click(fake.user("mia"), other_lobby.message, label="Join")
        assert joined.kind == "update"
        assert (await bot.store.get_game(2)).status == "active"
        _, game, user = await who_moves(bot, fake, 1)
        mark = fake.mark()
        await ultimatum_step(fake, user, thread, game.phase, rng, None)
        assert len((await engine_game(bot, 1)).log) == len(before.log) + 1
        assert fake.history(thread)[-1] is not None and fake.mark() > mark


async def test_rematch_opens_a_lobby_the_others_join_with_one_click(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """At the end, Rematch opens a new table for the same kind with the clicker seated; the
    other player is mentioned and seated only by their own click on Join (then it starts);
    only once."""
    fake = fake_discord
    games = fake.channel("games")
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        while (await bot.store.get_game(1)).status != "finished":
            _, game, user = await who_moves(bot, fake, 1)
            mark = fake.mark()
            await fish_step(fake, user, thread, game.phase)
            await fake.wait_for_messages(thread, 1, after=mark)
        final = fake.history(thread)[-1]
        stranger = await fake.click(fake.user("mia"), final, label="Rematch")
        assert stranger.content == "Only the players of game #1 can ask for a rematch."
        mark = fake.mark()
        reply = await fake.click(people[1], final, label="Rematch")
        answer = (await reply.wait_for_content()).content
        assert answer == said(
            people[1],
            "Rematch: game #{id} is open and you are seated; the other players are asked to join.",
            id=2,
        )
        record = await bot.store.get_game(2)
        assert record.status == "lobby" and record.user_ids == (people[1].id,)
        assert record.seed != (await bot.store.get_game(1)).seed
        (lobby,) = [m for m in fake.history(games) if m.id > mark and "Rematch of" in m.content]
        assert f"<@{people[0].id}>" in lobby.content and f"<@{people[1].id}>" not in lobby.content
        again = await fake.click(people[0], final, label="Rematch")
        pointed = await fake.wait_for_thread(games, after=mark)
        assert again.ephemeral and again.content == said(
            people[0],
            "The rematch of game #{old} is game #{id}: {link}",
            old=1,
            id=2,
            link=f"https://discord.com/channels/{fake.guild.id}/{pointed.id}",
        )
        assert again.message is not None and again.message.labels == ["Join"]
        await fake.click(people[0], again.message, label="Join")
        record = await bot.store.get_game(2)
        assert record.status == "active" and set(record.user_ids) == {p.id for p in people}
