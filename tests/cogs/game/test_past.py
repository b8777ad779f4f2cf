"""Replays, history and following a game, through the stand-in."""

from __future__ import annotations

import json
import random

import pytest
from PIL import Image, ImageChops, ImageSequence

from bot.cogs.history import replay_views
from bot.play.games import load_game
from bot.texts.announce import table_view
from bot.texts.names import picture_names, seat_names
from render import fish, fish_results, replay
from tests.cogs.clocked import ClockedRunner, settle
from tests.cogs.players import (
    fish_step,
    hidden_cards,
    open_game,
    play_ultimatum_until,
    resign_for_good,
    who_moves,
)
from tests.fakediscord import FakeDiscord

#: A deal on which the first-offered moves play well past a page of history.
HISTORY_SEED = 1


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


async def test_a_players_replay_is_private_and_ends_on_the_results(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """A player's Replay on the final post is for them alone, and its last frame is the
    results picture of the final post (F-14 empties the board: an empty sea says nothing),
    after a frame per turn."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        for _ in range(10):
            _, game, user = await who_moves(bot, fake, 1)
            await fish_step(fake, user, thread, game.phase)
        await settle(bot)
        mark = fake.mark()
        await resign_for_good(fake, people[1], channel=thread)
        (final,) = await fake.wait_for_messages(thread, 1, after=mark)
        answer = await fake.click(people[0], final, label="Replay")
        await answer.wait_for_content()
        assert answer.ephemeral
        gif = answer.attachments[0].image()
        record, game = await load_game(bot.store, 1)
        assert game is not None and game.is_over
        frames = [frame.convert("RGB") for frame in ImageSequence.Iterator(gif)]
        assert len(frames) == 10 + 2  # the opening, each turn, the resignation
        results = fish_results.render_image(table_view(game), picture_names(record))
        board = fish.render_image(game.view(None), picture_names(record))

        def unlike(picture: Image.Image, frame: Image.Image) -> float:
            """The share of the picture's pixels the frame shows clearly otherwise."""
            diff = ImageChops.difference(picture, frame.crop((0, 0, *picture.size)))
            changed = diff.convert("L").point(lambda v: 255 if v > 24 else 0)
            return changed.histogram()[255] / (picture.width * picture.height)

        assert unlike(results, frames[-1]) < 0.01
        assert unlike(board, frames[-1]) > 0.1


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


async def test_history_tells_the_turns_in_words_page_by_page(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """/game history: every turn in words, one line each, with who played it (F-6: the floes
    named, not the notation alone); a page too far is refused."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        for _ in range(3):
            _, game, user = await who_moves(bot, fake, 1)
            await fish_step(fake, user, thread, game.phase)
        log = await bot.store.action_log(1)
        record = await bot.store.get_game(1)
        names = seat_names(record, "en")
        reply = await fake.invoke(fake.user("mia"), "/game history", game=1, channel=thread)
        assert reply.ephemeral and "page 1 of 1" in reply.content
        lines = reply.content.splitlines()[1:]
        assert len(lines) == len(log) == 3
        for line, action in zip(lines, log, strict=True):
            placed = f"{action.seq}. {names[action.seat]} places a penguin on {action.text}."
            assert line.startswith(placed), line
        far = await fake.invoke(fake.user("mia"), "/game history", game=1, page=2, channel=thread)
        assert far.ephemeral and "pick 1 to 1" in far.content


async def test_history_pages_turn_with_previous_and_next(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/game history with more moves than a page carries Previous and Next (custom_id
    ``penguins-page:history:<game>:<page>``, the one past either end disabled): the asker's own
    page turns in place; a player's public history stays as posted and whoever clicks on it gets
    the page for themselves."""
    fake = fake_discord
    mia = fake.user("mia")
    # The same floes on every run (the store deals from a random seed): the first-offered moves
    # on some deals strand every penguin before a second page of history.
    monkeypatch.setattr("bot.store.lobby.secrets.randbits", lambda bits: HISTORY_SEED)
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        for _ in range(24):  # 8 placements and 16 moves: two pages of 20
            _, game, user = await who_moves(bot, fake, 1)
            await fish_step(fake, user, thread, game.phase)
        assert len(await bot.store.action_log(1)) > 20
        mine = await fake.invoke(mia, "/game history", game=1, channel=thread)
        assert mine.ephemeral and "page 1 of 2" in mine.content
        assert mine.message is not None
        previous, following = mine.message.buttons
        assert previous["custom_id"] == "penguins-page:history:1:0" and previous.get("disabled")
        assert following["custom_id"] == "penguins-page:history:1:2"
        assert not following.get("disabled")
        turned = await fake.click(mia, mine.message, label="Next ▶")
        assert turned.kind == "update" and turned.message is mine.message
        assert "page 2 of 2" in mine.message.content and "21. " in mine.message.content
        assert [b.get("disabled", False) for b in mine.message.buttons] == [False, True]
        await fake.click(mia, mine.message, label="◀ Previous")
        assert "page 1 of 2" in mine.message.content
        public = await fake.invoke(people[0], "/game history", game=1, channel=thread)
        assert not public.ephemeral and public.message is not None
        mia.locale = "de"
        own = await fake.click(mia, public.message, label="Next ▶")
        assert own.ephemeral and own.message is not public.message
        assert "page 1 of 2" in public.message.content  # the post stays as it was
        assert own.content.startswith("**Partie #1") and own.message is not None
        assert own.message.labels == ["◀ Zurück", "Weiter ▶"]


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
