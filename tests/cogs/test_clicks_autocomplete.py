"""Typing stays as informative as clicking: the autocomplete of /fish place, /fish
move and /ultimatum play names each choice with its consequence in the reader's language while
the values stay notation ids, and offers one choice saying why when it can offer nothing."""

from __future__ import annotations

import random
import re

from bot.client import PenguinBot
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import PENGUINS
from bot.i18n import language_of, tn
from bot.play.games import load_game
from bot.texts.ultimatum import card_name
from tests.cogs.conftest import BotRunner
from tests.cogs.players import (
    PEOPLE,
    open_game,
    resign_for_good,
    said,
    settle,
    ultimatum_step,
    who_moves,
)
from tests.fakediscord import Channel, Choice, FakeDiscord, Reply, User

FLOE = re.compile(r"[A-H][1-8]")
CELL = re.compile(r"[A-O][0-9]{1,2}")
NOTHING = "-"


def _why(choices: list[Choice], text: str) -> None:
    """Exactly one choice, saying ``text``, whose value plays nothing."""
    assert [(c.name, c.value) for c in choices] == [(text, NOTHING)], choices


async def _waiting(fake: FakeDiscord, bot: PenguinBot, game_id: int) -> tuple[User, User]:
    """The person to move and one who waits."""
    _, _, mover = await who_moves(bot, fake, game_id)
    people = [fake.user(name) for name in PEOPLE[:2]]
    return mover, next(p for p in people if p.id != mover.id)


async def test_fish_autocomplete_names_floes_with_their_fish(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """F-6: free 1-fish floes ("C4 · 1 fish", "C4 · 1 Fisch"); F-7: penguins with their number
    of moves and destinations with what the move gains now and what it will stand on ("F2 · +1
    now, stands on 3 fish", F-9); the player who waits gets
    the one choice saying whose turn it is, in English and in German."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        langs: set[str] = set()
        while True:
            _, game, _ = await who_moves(bot, fake, 1)
            assert isinstance(game, FishGame)
            if game.phase != "place":
                break
            mover, waiting = await _waiting(fake, bot, 1)
            floes = await fake.autocomplete(mover, "/fish place", "floe", channel=thread)
            assert floes and all(FLOE.fullmatch(c.text) for c in floes), floes
            assert {c.value for c in floes} <= set(game.legal_actions())
            for choice in floes:
                assert choice.name == said(mover, "{floe} · 1 fish", floe=choice.value)
            name = mover.global_name or mover.name
            refused = await fake.autocomplete(waiting, "/fish place", "floe", channel=thread)
            _why(refused, said(waiting, "It is {name}'s turn in game #{id}.", name=name, id=1))
            langs |= {mover.locale, waiting.locale}
            await fake.invoke(mover, "/fish place", floe=floes[0].value, channel=thread)
        assert langs == {"en-US", "de"}
        for _ in range(2):
            await _fish_move_choices(fake, bot, thread)


async def _fish_move_choices(fake: FakeDiscord, bot: PenguinBot, thread: Channel) -> None:
    """One move's autocomplete checked against the engine, then the move played."""
    _, game, mover = await who_moves(bot, fake, 1)
    assert isinstance(game, FishGame)
    lang = language_of(mover.locale)
    legal = game.legal_actions()
    penguins = await fake.autocomplete(mover, "/fish move", "penguin", channel=thread)
    assert penguins and all(FLOE.fullmatch(c.text) for c in penguins)
    for choice in penguins:
        n = sum(a.startswith(f"{choice.value}-") for a in legal)
        assert choice.name == tn(
            lang, "{floe} · {n} move", "{floe} · {n} moves", n, floe=choice.value
        )
    start = penguins[0].text
    targets = await fake.autocomplete(mover, "/fish move", "to", channel=thread, penguin=start)
    assert {c.value for c in targets} == {a.split("-")[1] for a in legal if a.startswith(start)}
    for choice in targets:
        fish = game.floes[choice.text]
        assert choice.name == tn(
            lang,
            "{floe} · +{now} now, stands on {n} fish",
            "{floe} · +{now} now, stands on {n} fish",
            fish,
            floe=choice.value,
            now=game.floes[start],
        )
    await fake.invoke(mover, "/fish move", penguin=start, to=targets[0].value, channel=thread)
    await settle(bot)


def _fee(game: UltimatumGame, card: str, cell: str) -> int:
    """U-12 worked out from the table: the values of same-colour neighbours."""
    geo = game.ice.geo
    n = geo.names.index(cell)
    colour = PENGUINS[card].colour
    kin = [game.ice.penguins[k] for k in geo.adjacent[n] if k in game.ice.penguins]
    return sum(PENGUINS[c].value for c in kin if PENGUINS[c].colour == colour)


async def _ultimatum_card_choices(
    fake: FakeDiscord, user: User, thread: Channel, game: UltimatumGame
) -> bool:
    """The card and cell autocomplete of the player to move, checked against the engine;
    whether some cell showed a kinship fee."""
    lang = language_of(user.locale)
    seat = game.to_move
    assert seat is not None
    hand = game.hand(seat)
    cards = await fake.autocomplete(user, "/ultimatum play", "card", channel=thread)
    assert sorted((c.value, c.name) for c in cards) == sorted((c, card_name(lang, c)) for c in hand)
    shows = re.compile(
        ".+".join(map(re.escape, said(user, "starts the {card} show").split("{card}")))
    )
    fee_seen = False
    for card in hand:
        cells = await fake.autocomplete(user, "/ultimatum play", "cell", channel=thread, card=card)
        legal = {a.split()[2] for a in game.legal_actions() if a.split()[1] == card}
        assert {c.value for c in cells} == legal or len(cells) == 25, cells
        for choice in cells:
            assert CELL.fullmatch(choice.text), choice
            cell, *notes = choice.name.split(" · ")
            assert cell == choice.value
            fee = _fee(game, card, cell)
            if fee:
                assert notes[0] == said(user, "fee {n}", n=fee), choice.name
                fee_seen = True
                notes = notes[1:]
            assert all(shows.fullmatch(note) for note in notes), choice.name
    return fee_seen


async def test_ultimatum_autocomplete_names_cards_fees_and_shows(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """U-11 … U-13: cards by their name in the reader's language ("blue 3 (acrobatics)",
    "blaue 3 (Akrobatik)"), cells with their kinship fee and the show they would start, values
    card and cell ids; the one reason when it is not your turn or the game is over."""
    fake = fake_discord
    rng = random.Random(3)
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "ultimatum", 2, width=7, height=7)
        fees: set[str] = set()
        last: Reply | None = None
        for _ in range(80):
            _, game, mover = await who_moves(bot, fake, 1)
            assert isinstance(game, UltimatumGame)
            if game.phase == "play":
                if await _ultimatum_card_choices(fake, mover, thread, game):
                    fees.add(mover.locale)
                if fees == {"en-US", "de"}:
                    break
            last = await ultimatum_step(fake, mover, thread, game.phase, rng, last)
            await settle(bot)
        assert fees == {"en-US", "de"}, "a fee was shown to each reader"
        mover, waiting = await _waiting(fake, bot, 1)
        name = mover.global_name or mover.name
        refused = await fake.autocomplete(waiting, "/ultimatum play", "card", channel=thread)
        _why(refused, said(waiting, "It is {name}'s turn in game #{id}.", name=name, id=1))
        await resign_for_good(fake, mover, game=1)
        await settle(bot)
        record, _ = await load_game(bot.store, 1)
        assert record.status == "finished"
        for person in (mover, waiting):
            over = await fake.autocomplete(
                person, "/ultimatum play", "card", channel=thread, game=1
            )
            _why(over, said(person, "Game #{id} is over.", id=1))
