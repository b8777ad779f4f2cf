"""Undo by consent, replays, history and following a game, through the stand-in."""

from __future__ import annotations

import json
import random

from bot.client import PenguinBot
from bot.cogs.history import replay_views
from bot.games.ultimatum import UltimatumGame
from bot.play.games import load_game
from bot.texts.names import picture_names
from render import replay
from tests.cogs.clocked import HOUR, ClockedRunner, later, settle
from tests.cogs.clocked import clocked_bot as clocked_bot  # the fixture
from tests.cogs.players import (
    fish_step,
    hidden_cards,
    open_game,
    resign_for_good,
    said,
    ultimatum_step,
    who_moves,
)
from tests.fakediscord import Channel, FakeDiscord, User


def other(people: list[User], user: User) -> User:
    """The other one of two players."""
    return next(p for p in people if p.id != user.id)


async def play_ultimatum_until(
    bot: PenguinBot, fake: FakeDiscord, thread: Channel, rng: random.Random, turn: int, phase: str
) -> tuple[UltimatumGame, User]:
    """Play random steps of game #1 through the stand-in until ``turn`` reaches ``phase``."""
    last = None
    while True:
        _, game, user = await who_moves(bot, fake, 1)
        assert isinstance(game, UltimatumGame)
        if game.turn == turn and game.phase == phase:
            return game, user
        last = await ultimatum_step(fake, user, thread, game.phase, rng, last)


async def test_undo_approved_by_the_others_takes_the_last_turn_back(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """F-6: the mover asks, the other approves: the log shrinks, the snapshot is rebuilt, the
    same player is to move again, and the thread gets the new picture."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        before = await bot.store.get_game(1)
        ask = await fake.invoke(mover, "/game undo", channel=thread)
        assert not ask.ephemeral and "asks to take back" in ask.content
        assert f"<@{other(people, mover).id}>" in ask.content
        assert ask.message.labels == ["Approve undo", "Refuse undo"]
        stranger = await fake.click(fake.user("mia"), ask.message, label="Approve undo")
        assert stranger.ephemeral and "does not wait for your answer" in stranger.content
        done = await fake.click(other(people, mover), ask.message, label="Approve undo")
        assert done.kind == "update"
        assert "taken back" in ask.message.content and not ask.message.buttons
        record, game = await load_game(bot.store, 1)
        assert game is not None and game.log == [] and len(await bot.store.action_log(1)) == 0
        assert record.to_move_user == mover.id and record.version == before.version + 1
        await fake.wait_until(
            lambda: any(m.content.startswith("Taken back in game") for m in fake.history(thread)),
            what="the picture after the undo",
        )
        post = next(m for m in fake.history(thread) if m.content.startswith("Taken back in game"))
        assert post.attachments and "place a penguin" in post.content
        # The turn played again after the undo is announced like any other.
        mark = fake.mark()
        await fish_step(fake, mover, thread, "place")
        (again,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert again.attachments and f"<@{other(people, mover).id}>" in again.content


async def test_undo_refused_or_expired_takes_nothing_back(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """A refusal ends the request at once; an unanswered one expires after its time limit."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        ask = await fake.invoke(mover, "/game undo", channel=thread)
        await fake.click(other(people, mover), ask.message, label="Refuse undo")
        assert "refused" in ask.message.content and not ask.message.buttons
        assert len(await bot.store.action_log(1)) == 1
        assert await bot.store.undo_request(1) is None
        again = await fake.invoke(mover, "/game undo", channel=thread)
        twice = await fake.invoke(mover, "/game undo", channel=thread)
        assert twice.ephemeral and twice.content == said(
            mover, "An undo in game #{id} is already waiting for answers.", id=1
        )
        await later(fake, bot, 24 * HOUR + 1)
        assert any("undo request expired" in m.content for m in fake.history(thread))
        # The request itself says that it expired, and has no buttons left to click.
        await fake.wait_until(
            lambda: again.message.content.endswith(
                "Expired: nobody answered in time, so nothing was taken back."
            ),
            what="the expired request",
        )
        assert not again.message.buttons
        assert len(await bot.store.action_log(1)) == 1


async def test_undo_is_void_when_the_game_moved_on(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """A move after the request voids it: approving then takes nothing back."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        ask = await fake.invoke(mover, "/game undo", channel=thread)
        _, game, nxt = await who_moves(bot, fake, 1)
        await fish_step(fake, nxt, thread, game.phase)
        # The request says at once that it is void, and loses its buttons.
        await fake.wait_until(lambda: "void" in ask.message.content, what="the void request")
        assert not ask.message.buttons
        assert len(await bot.store.action_log(1)) == 2


async def test_u23_undo_refused_after_a_draw_allowed_within_a_turn(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """U-23/U-8: a finished Ultimatum turn ended with a draw: no undo, and the reply says why;
    the steps of a turn in progress (nothing revealed yet) may be taken back."""
    fake = fake_discord
    rng = random.Random(5)
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "ultimatum", 2)
        game, user = await play_ultimatum_until(bot, fake, thread, rng, 1, "play")
        refused = await fake.invoke(people[0], "/game undo", channel=thread)
        # The first thing the turn revealed is the reason: a show's new face-up entertainer
        # (U-21) comes before the turn's closing draw (U-23). The deal is random, so either.
        turn = [a.text for a in await bot.store.action_log(1)]
        reason = (
            "a new entertainer was turned face up"
            if any(text.startswith("entertainer ") for text in turn)
            else "a penguin card was drawn"
        )
        assert refused.ephemeral and reason in refused.content, (turn, refused.content)
        await ultimatum_step(fake, user, thread, "play", rng, None)  # lays a penguin
        _, game, _ = await who_moves(bot, fake, 1)
        assert game.phase == "invite"
        ask = await fake.invoke(user, "/game undo", channel=thread)
        assert not ask.ephemeral, ask.content
        await fake.click(other(people, user), ask.message, label="Approve undo")
        _, after = await load_game(bot.store, 1)
        assert isinstance(after, UltimatumGame)
        seat = game.to_move
        assert seat is not None and game.last is not None
        assert after.phase == "play" and after.turn == 1 and after.to_move == seat
        assert sorted(after.hand(seat)) == sorted([*game.hand(seat), game.last["card"]])


async def test_replay_gif_has_one_frame_per_turn(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """/game replay: an animated GIF that decodes, the opening then one frame per turn."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        for _ in range(6):
            _, game, user = await who_moves(bot, fake, 1)
            await fish_step(fake, user, thread, game.phase)
        reply = await fake.invoke(
            fake.user("mia"), "/game replay", game=1, channel=thread, post=True
        )
        assert not reply.ephemeral
        gif = reply.message.attachments[0]
        assert gif.filename.endswith(".gif")
        picture = gif.image()
        assert picture.format == "GIF" and picture.n_frames == 6 + 1
        assert "6 turns" in reply.message.content


async def test_u27_a_replay_of_a_running_ultimatum_game_shows_only_public_information(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """U-27: the replay is drawn from spectator views only: none holds a hand or names a card
    in a hand or the deck, and the GIF posted is exactly those views drawn."""
    fake = fake_discord
    rng = random.Random(9)
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "ultimatum", 2)
        game, _ = await play_ultimatum_until(bot, fake, thread, rng, 3, "play")
        record = await bot.store.get_game(1)
        log = [a.text for a in await bot.store.action_log(1)]
        views = replay_views(record, 2, log)
        assert len(views) == game.turn + 1
        secret = hidden_cards(game) | set(game.deck)
        text = json.dumps(views)
        assert all(v["hand"] is None and v["viewer"] is None for v in views)
        assert not [card for card in secret if card in text]
        reply = await fake.invoke(
            fake.user("mia"), "/game replay", game=1, channel=thread, post=True
        )
        data = reply.message.attachments[0].data
        assert data == replay.animation("ultimatum", views, names=picture_names(record))
        assert reply.message.attachments[0].image().n_frames == len(views)


async def test_history_lists_the_moves_in_notation_page_by_page(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """/game history: every action in notation with who played it; a page too far is refused."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        for _ in range(3):
            _, game, user = await who_moves(bot, fake, 1)
            await fish_step(fake, user, thread, game.phase)
        log = await bot.store.action_log(1)
        reply = await fake.invoke(fake.user("mia"), "/game history", game=1, channel=thread)
        assert reply.ephemeral and "page 1 of 1" in reply.content
        for action in log:
            assert f"{action.seq}. " in reply.content and action.text in reply.content
        far = await fake.invoke(fake.user("mia"), "/game history", game=1, page=2, channel=thread)
        assert far.ephemeral and "pick 1 to 1" in far.content


async def test_follow_sends_a_spectator_each_turn_by_dm(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """/game follow what:turns: a spectator gets a DM per turn with a link; unfollowing stops
    them."""
    fake = fake_discord
    mia = fake.user("mia")
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        reply = await fake.invoke(mia, "/game follow", game=1, what="turns", channel=thread)
        assert reply.ephemeral and "You follow game #1" in reply.content
        _, game, user = await who_moves(bot, fake, 1)
        await fish_step(fake, user, thread, game.phase)
        await settle(bot)
        dms = fake.dms(mia)
        assert len(dms) == 1 and "plays next" in dms[0].content and "discord.com" in dms[0].content
        await fake.invoke(mia, "/game follow", game=1, stop=True, channel=thread)
        _, game, user = await who_moves(bot, fake, 1)
        await fish_step(fake, user, thread, game.phase)
        await settle(bot)
        assert len(fake.dms(mia)) == 1


async def test_replay_and_history_offer_finished_games_your_recent_first(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """/game replay and /game history offer finished games too (the commands for running
    games do not): your own, most recent first, then the others'; left out, the game is your
    only finished one here."""
    fake = fake_discord
    alice, bruno, chloe, mia = map(fake.user, ("alice", "bruno", "chloe", "mia"))
    async with clocked_bot() as bot:
        _, first, _ = await open_game(fake, "fish", 2)  # alice and bruno: #1
        await resign_for_good(fake, alice, channel=first)  # over at once
        fake.clock.advance(60)
        lobby = await fake.invoke(chloe, "/fish new", players=2)  # chloe and mia: #2
        await fake.click(mia, lobby.message, label="Join")
        await resign_for_good(fake, mia, game=2)
        fake.clock.advance(60)
        await fake.invoke(alice, "/ultimatum new", players=3)  # alice alone: #3, a lobby
        assert [(await bot.store.get_game(n)).status for n in (1, 2, 3)] == [
            "finished",
            "finished",
            "lobby",
        ]
        for command in ("/game replay", "/game history"):
            offered = await fake.autocomplete(alice, command, "game", typed="")
            assert [c.value for c in offered] == [3, 1, 2], command
            assert offered[1].name == "#1 Fish · finished"
        running = await fake.autocomplete(alice, "/game resign", "game", typed="")
        assert [c.value for c in running] == [3]
        history = await fake.invoke(bruno, "/game history")  # in #games, no game named
        # A player's history is posted (a spectator's only when they ask, test_ending.py).
        assert not history.ephemeral and "#1 " in history.content and "resign" in history.content
        replay = await fake.invoke(bruno, "/game replay")
        assert replay.message.attachments[0].image().format == "GIF"


async def test_an_ultimatum_replay_has_one_frame_per_complete_turn(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """An Ultimatum turn is several steps but one frame: the opening, then one per completed
    turn; a turn in progress adds none."""
    fake = fake_discord
    rng = random.Random(11)
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "ultimatum", 2)
        game, _ = await play_ultimatum_until(bot, fake, thread, rng, 3, "invite")
        assert len(game.log) > 3, "several steps per turn"
        reply = await fake.invoke(
            fake.user("mia"), "/game replay", game=1, channel=thread, post=True
        )
        assert reply.message.attachments[0].image().n_frames == 3 + 1
        assert "3 turns" in reply.message.content
