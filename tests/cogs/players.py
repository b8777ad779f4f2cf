"""Playing through the stand-in as people do: every choice taken from the bot's autocomplete."""

from __future__ import annotations

import random
import time
from typing import Any

from bot.client import PenguinBot
from bot.games.base import Game
from bot.games.fish.ending import alone_on_ice
from bot.games.ultimatum import UltimatumGame
from bot.i18n import language_of, t
from bot.play.games import load_game
from bot.texts.ultimatum import card_name
from tests.cogs.polling import until
from tests.fakediscord import Channel, FakeDiscord, Message, Reply, User

PEOPLE = ("alice", "bruno", "chloe", "mia")


def said(user: User, msgid: str, **params: Any) -> str:
    """A text as the bot says it to this person: in their Discord client's language."""
    return t(language_of(user.locale), msgid, **params)


def is_done(user: User, reply: Reply) -> bool:
    """Whether an ephemeral reply tells this person their action was applied."""
    prefix = said(user, "Done in game #{id}:").split("{id}")[0]
    return reply.ephemeral and reply.content.startswith(prefix)


async def open_game(
    fake: FakeDiscord, kind: str, players: int, **options: Any
) -> tuple[Message, Channel, list[User]]:
    """Alice opens a lobby, the others join by button; returns lobby, thread and the people."""
    people = [fake.user(name) for name in PEOPLE[:players]]
    before = fake.mark()
    reply = await fake.invoke(people[0], f"/{kind} new", players=players, **options)
    assert not reply.ephemeral, reply.content
    thread = await fake.wait_for_thread(fake.channel("games"), after=before)
    for person in people[1:]:
        mark = fake.mark()
        await fake.click(person, reply.message, label="Join")
    await fake.wait_for_messages(thread, 1, after=mark)
    return reply.message, thread, people


async def who_moves(bot: PenguinBot, fake: FakeDiscord, game_id: int) -> tuple[Any, Any, User]:
    """The record, the engine game and the person whose turn it is."""
    record, game = await load_game(bot.store, game_id)
    user = next(u for u in map(fake.user, PEOPLE) if u.id == record.to_move_user)
    return record, game, user


async def thread_game(bot: PenguinBot, thread: Channel) -> int:
    """The id of the game played in ``thread``."""
    record = await bot.store.game_of_thread(thread.id)
    assert record is not None, f"no game in thread {thread.name}"
    return record.id


async def engine_game(bot: PenguinBot, game_id: int) -> Game:
    """The engine game of a started game (a lobby has none)."""
    _, game = await load_game(bot.store, game_id)
    assert game is not None, f"game #{game_id} has not started"
    return game


def _started(clock: list[float] | None) -> None:
    """Note when the deciding interaction is sent (for latency measurements)."""
    if clock is not None:
        clock.append(time.perf_counter())


async def fish_step(
    fake: FakeDiscord, user: User, thread: Channel, phase: str, clock: list[float] | None = None
) -> Reply:
    """One Fish action chosen from autocomplete."""
    if phase == "place":
        floes = await fake.autocomplete(user, "/fish place", "floe", typed="", channel=thread)
        assert floes, "the player to move is offered floes"
        _started(clock)
        return await fake.invoke(user, "/fish place", floe=floes[0].value, channel=thread)
    starts = await fake.autocomplete(user, "/fish move", "penguin", typed="", channel=thread)
    start = starts[-1].value
    targets = await fake.autocomplete(
        user, "/fish move", "to", typed="", channel=thread, penguin=start
    )
    assert targets, f"{start} is offered, so it can move"
    _started(clock)
    return await fake.invoke(user, "/fish move", penguin=start, to=targets[0].value, channel=thread)


async def ultimatum_step(
    fake: FakeDiscord,
    user: User,
    thread: Channel,
    phase: str,
    rng: random.Random,
    last: Reply | None,
    clock: list[float] | None = None,
) -> Reply:
    """One Ultimatum decision chosen from autocomplete, buttons or the select."""
    if phase == "play":
        cards = await fake.autocomplete(user, "/ultimatum play", "card", typed="", channel=thread)
        card = rng.choice(cards).value
        cells = await fake.autocomplete(
            user, "/ultimatum play", "cell", typed="", channel=thread, card=card
        )
        _started(clock)
        return await fake.invoke(
            user, "/ultimatum play", card=card, cell=rng.choice(cells).value, channel=thread
        )
    if phase == "invite":
        skip = said(user, "Skip invitation")
        if last is not None and skip in last.message.labels and rng.random() < 0.3:
            _started(clock)
            return await fake.click(user, last.message, label=skip)
        targets = await fake.autocomplete(user, "/ultimatum invite", "to", typed="", channel=thread)
        if not targets:
            _started(clock)
            return await fake.invoke(user, "/ultimatum skip", channel=thread)
        target = rng.choice(targets).value
        sources = await fake.autocomplete(
            user, "/ultimatum invite", "from", typed="", channel=thread, to=target
        )
        _started(clock)
        return await fake.invoke(
            user,
            "/ultimatum invite",
            to=target,
            options={"from": sources[0].value},
            channel=thread,
        )
    if phase == "perform":
        if last is not None and last.message.selects:
            values = [o["value"] for o in last.message.selects[0]["options"]]
            _started(clock)
            return await fake.select(user, last.message, [values[0]])
        cells = await fake.autocomplete(
            user, "/ultimatum perform", "cell", typed="", channel=thread
        )
        _started(clock)
        return await fake.invoke(user, "/ultimatum perform", cell=cells[0].value, channel=thread)
    cells = await fake.autocomplete(
        user, "/ultimatum entertainer", "cell", typed="", channel=thread
    )
    assert cells, "a new entertainer always has a cell offered (else the game would be over)"
    choice = rng.choice(cells)
    turned = said(user, "turned only") in choice.name
    _started(clock)
    return await fake.invoke(
        user, "/ultimatum entertainer", cell=choice.value, turned=turned, channel=thread
    )


def hidden_cards(game: UltimatumGame) -> set[str]:
    """Every card in a hand, by id and in words (what must never be shown publicly)."""
    cards = {c for seat in range(game.players) for c in game.hand(seat)}
    return cards | {card_name("en", c) for c in cards}


async def settle(bot: PenguinBot) -> None:
    """Wait until the bot's outbox has nothing left to send or retry.

    Posts go out after the change that queued them; once nothing is left, every post a step
    produced is visible, so "no new message" then means the step posted nothing.
    """

    async def sent() -> bool:
        return await bot.store.next_attempt_at() is None

    await until(sent, "the outbox to send every post", timeout=10)


async def turn_or_end(bot: PenguinBot, user: User, game_id: int) -> tuple[Any, Any]:
    """The record and engine game once it is ``user``'s turn or the game is over (computer
    players think meanwhile)."""
    found: tuple[Any, Any] = (None, None)

    async def ready() -> bool:
        nonlocal found
        found = await load_game(bot.store, game_id)
        return bool(found[0].status == "finished" or found[0].to_move_user == user.id)

    await until(ready, f"{user.name}'s turn in game #{game_id}")
    return found


async def resign_for_good(fake: FakeDiscord, user: User, **options: Any) -> Reply:
    """``/game resign`` and its confirming click (the answer to the click); a refusal of the
    command itself (no button offered) is returned as it is."""
    asked = await fake.invoke(user, "/game resign", **options)
    message = asked.message
    confirm = [
        b
        for b in (message.buttons if message is not None else [])
        if str(b.get("custom_id", "")).startswith("penguins:resign:")
    ]
    if message is None or not confirm:
        return asked
    return await fake.click(user, message, custom_id=confirm[0]["custom_id"])


async def play_until_alone_on_ice(
    bot: PenguinBot, fake: FakeDiscord, games: int = 3
) -> tuple[int, Channel, list[User], User]:
    """Fish games of two people played by autocomplete until one player is left alone on the
    ice (F-13) with the game still running: that game's id, thread, people and the player to
    move. A game that ends first is left and the next one opened, ``games`` at most."""
    for game_id in range(1, games + 1):
        _, thread, people = await open_game(fake, "fish", 2)
        while True:
            record, game = await load_game(bot.store, game_id)
            if record.status == "finished":
                break
            record, game, user = await who_moves(bot, fake, game_id)
            if alone_on_ice("fish", game.view(None)):
                return game_id, thread, people, user
            mark = fake.mark()
            await fish_step(fake, user, thread, game.phase)
            await fake.wait_for_messages(thread, 1, after=mark)
    raise AssertionError(f"{games} random games without a player left alone")


async def play_against_computers(
    bot: PenguinBot, fake: FakeDiscord, person: User, thread: Channel, game_id: int = 1
) -> int:
    """A Fish game of one person and computer players, played by autocomplete to its end (the
    computers answer by themselves): how many turns the person took."""
    for turns in range(400):
        record, game = await turn_or_end(bot, person, game_id)
        if record.status == "finished":
            return turns
        await fish_step(fake, person, thread, game.phase)
    raise AssertionError(f"game #{game_id} did not finish")


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
