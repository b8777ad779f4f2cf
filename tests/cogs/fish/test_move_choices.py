"""A Fish move by clicks through the stand-in: the destination step says what the move gains
now and what the penguin will stand on, and its picture rings the penguin just chosen."""

from __future__ import annotations

from bot.games.fish import FishGame
from bot.i18n import language_of, picture_labels, tn
from bot.play.fish_choices import fish_step as fish_choices
from bot.play.games import load_game
from bot.texts.names import picture_names
from render import fish
from tests.cogs.clicker import act, answered, labels, move_button, offered, step_of, turn_post
from tests.cogs.conftest import BotRunner
from tests.cogs.players import fish_step, open_game, settle, who_moves
from tests.fakediscord import FakeDiscord


async def test_the_destination_step_labels_the_gain_and_rings_the_chosen_penguin(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """F-7 … F-9: once a penguin is chosen, each destination reads "C3 · +1 now, stands on 3
    fish" (the floe it leaves is caught now, F-9; the one it reaches later), in the mover's
    language, and the picture is the board with the yellow tags and the chosen penguin's
    floe ringed."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        while True:
            record, game, mover = await who_moves(bot, fake, 1)
            if game.phase == "move":
                break
            await fish_step(fake, mover, thread, game.phase)
        await settle(bot)
        assert isinstance(game, FishGame)
        lang = language_of(mover.locale)
        post = turn_post(fake, thread)
        reply = await fake.click(mover, post, custom_id=move_button(post))
        message = await reply.wait_for_content(timeout=15)
        if step_of(message) == "penguin":
            choice = offered(message)[0]
            message = answered(await act(fake, mover, message, choice))
            await fake.wait_until(lambda: step_of(answered(reply)) != "penguin", what="the step")
        assert step_of(message) == "to"
        record, game = await load_game(bot.store, 1)
        assert isinstance(game, FishGame)
        # A step's components carry what earlier clicks chose: here the penguin's floe.
        start = str(message.selects[0]["custom_id"]).split(":")[4]
        assert game.penguins[start] == game.to_move
        shown, _ = labels(message)
        for label in shown:
            floe = label.split(" · ")[0]
            if floe in game.floes:
                assert label == tn(
                    lang,
                    "{floe} · +{now} now, stands on {n} fish",
                    "{floe} · +{now} now, stands on {n} fish",
                    game.floes[floe],
                    floe=floe,
                    now=game.floes[start],
                )
        step = fish_choices(game, lang, "to", start)
        assert step.chosen == start
        expected = fish.board(
            game.view(None),
            names=picture_names(record, lang),
            labels=picture_labels(lang),
            marks=step.marks,
            chosen=start,
        )
        assert message.attachments[0].data == expected
