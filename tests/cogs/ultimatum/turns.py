"""Taking Ultimatum steps through the stand-in for the tests of a turn's words: by command
(the engine's first legal step of each kind) and by clicks (the mover's ephemeral reply)."""

from __future__ import annotations

from bot.client import PenguinBot
from bot.games.ultimatum import SUPPLY, Invite, LayEntertainer, Perform, Play, UltimatumGame
from bot.play.games import load_game
from tests.cogs.clicker import move_button, turn_post
from tests.cogs.players import is_done, settle, who_moves
from tests.fakediscord import Channel, FakeDiscord, Message, Reply, User


async def by_command(
    bot: PenguinBot, fake: FakeDiscord, game_id: int, thread: Channel, *, stones: bool = True
) -> Reply:
    """The player to move takes the first legal step of its kind by slash command; a stone
    comes from the supply while it has one (else the step is skipped)."""
    _, game, user = await who_moves(bot, fake, game_id)
    assert isinstance(game, UltimatumGame)
    legal = game.legal_moves()
    if game.phase == "play":
        laid = next(m for m in legal if isinstance(m, Play) and not m.waive)
        reply = await fake.invoke(
            user, "/ultimatum play", card=laid.card, cell=laid.cell, channel=thread
        )
    elif game.phase == "invite":
        supplied = [m for m in legal if isinstance(m, Invite) and m.source == SUPPLY]
        if stones and supplied:
            options = {"to": supplied[0].target, "from": SUPPLY}
            reply = await fake.invoke(user, "/ultimatum invite", options=options, channel=thread)
        else:
            reply = await fake.invoke(user, "/ultimatum skip", channel=thread)
    elif game.phase == "perform":
        first = next(m for m in legal if isinstance(m, Perform))
        reply = await fake.invoke(user, "/ultimatum perform", cell=first.cell, channel=thread)
    else:
        lay = next(m for m in legal if isinstance(m, LayEntertainer))
        reply = await fake.invoke(
            user, "/ultimatum entertainer", cell=lay.cell, turned=lay.turned, channel=thread
        )
    await reply.wait_for_content()
    assert is_done(user, reply), reply.content
    await settle(bot)
    return reply


async def open_turn(fake: FakeDiscord, user: User, thread: Channel) -> Message:
    """The mover's ephemeral reply from the turn post's Your move button."""
    post = turn_post(fake, thread)
    reply = await fake.click(user, post, custom_id=move_button(post))
    return await reply.wait_for_content(timeout=15)


async def game_now(bot: PenguinBot, game_id: int) -> UltimatumGame:
    """The engine game as the store holds it now."""
    _, game = await load_game(bot.store, game_id)
    assert isinstance(game, UltimatumGame)
    return game
