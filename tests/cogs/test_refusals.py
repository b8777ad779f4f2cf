"""More refusals, simultaneous clicks, the final ranking and the started lobby, through the
stand-in (see also test_table_manners)."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace

import pytest

from bot.games.ultimatum import UltimatumGame
from bot.store import lobby as lobby_store
from bot.texts.names import seat_names
from tests.cogs.conftest import BotRunner
from tests.cogs.players import open_game, resign_for_good, said, ultimatum_step, who_moves
from tests.fakediscord import FakeDiscord, Reply, User

#: A seed whose seat order is not the order of joining: lobby slots 0, 1, 2 get seats 1, 2, 0.
SHUFFLED_SEED = 7


def display(user: User) -> str:
    """How the bot names a person (their display name when they sat down)."""
    return user.global_name or user.name


async def test_a_finished_game_refuses_and_its_ranking_explains_the_resignation(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """F-15 and resignations: with equal catches (none yet), the player who resigned is last
    *because* they resigned — not because the other is 'ahead on floes'; a move in the
    finished game is refused as such (not as cancelled)."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        quitter = next(p for p in people if p.id != mover.id)
        mark = fake.mark()
        await resign_for_good(fake, quitter, channel=thread)
        (final,) = await fake.wait_for_messages(thread, 1, after=mark)
        # The ranking, up to the rating changes that follow it.
        ranking = final.content.split("**Final ranking**\n")[1].split("\n**Ratings**")[0]
        assert ranking.splitlines() == [
            f"1. {display(mover)} — 0 fish, 0 floes",
            f"2. {display(quitter)} — 0 fish, 0 floes (resigned: ranked after everyone who stayed)",
        ]
        over = await fake.invoke(mover, "/fish place", floe=game.legal_actions()[0], game=1)
        assert over.ephemeral and over.content == said(mover, "Game #{id} is over.", id=1)


async def test_a_started_lobby_lists_the_seats_in_the_order_of_play(
    fake_discord: FakeDiscord, bot_runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F-5: seats are drawn at random when the game starts; the lobby message then numbers
    them in that order, as the first post does, not in the order people joined."""
    fake = fake_discord
    monkeypatch.setattr(lobby_store, "secrets", SimpleNamespace(randbits=lambda _: SHUFFLED_SEED))
    async with bot_runner() as bot:
        lobby, _, people = await open_game(fake, "fish", 3)
        record = await bot.store.get_game(1)
        order = seat_names(record)
        assert order != [display(p) for p in people], "the seed shuffles the seats"
        (seats,) = [f for f in lobby.embeds[0]["fields"] if f["name"] == "Seats"]
        assert seats["value"].splitlines() == [f"{n + 1}. {name}" for n, name in enumerate(order)]


async def test_ultimatum_refusals_say_why_and_offer_nothing_of_a_hand(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The engine's reason for an illegal play (a card not held); card autocomplete for the
    player not to move and for a spectator offers only the reason (never a hand); an old Skip
    invitation button clicked when it is someone else's turn says whose turn it is."""
    fake = fake_discord
    rng = random.Random(2)
    mia = fake.user("mia")
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "ultimatum", 2)
        record, game, mover = await who_moves(bot, fake, 1)
        assert isinstance(game, UltimatumGame) and game.to_move is not None
        waiting = next(p for p in people if p.id != mover.id)
        name = mover.global_name or mover.name
        turn = said(waiting, "It is {name}'s turn in game #{id}.", name=name, id=1)
        offered = await fake.autocomplete(waiting, "/ultimatum play", "card", channel=thread)
        assert [(c.name, c.value) for c in offered] == [(turn, "-")]
        offered = await fake.autocomplete(mia, "/ultimatum play", "card", game=1)
        assert [c.value for c in offered] == ["-"] and "not in game #1" in offered[0].name
        held = game.hand(game.to_move)
        offered = await fake.autocomplete(
            waiting, "/ultimatum play", "cell", channel=thread, card=held[0]
        )
        assert [(c.name, c.value) for c in offered] == [(turn, "-")]
        foreign = next(card for card in game.deck if card not in held)
        cell = game.legal_actions()[0].split()[2]
        refused = await fake.invoke(mover, "/ultimatum play", card=foreign, cell=cell, game=1)
        assert refused.ephemeral and refused.content == said(
            mover, "You don't hold {card}.", card=foreign
        )
        assert (await bot.store.get_game(1)).version == record.version
        laid = await ultimatum_step(fake, mover, thread, "play", rng, None)
        skip = said(mover, "Skip invitation")
        assert skip in laid.message.labels
        await fake.invoke(mover, "/ultimatum skip", channel=thread)
        last: Reply | None = None
        while (await bot.store.get_game(1)).to_move_user == mover.id:
            _, game, _ = await who_moves(bot, fake, 1)
            last = await ultimatum_step(fake, mover, thread, game.phase, rng, last)
        late = await fake.click(mover, laid.message, label=skip)
        assert late.ephemeral and late.content == said(
            mover, "It is {name}'s turn in game #{id}.", name=display(waiting), id=1
        )


async def test_two_people_at_the_same_moment_apply_exactly_once(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Join on the last seat by two people at once: one sits, the other is told no. Skip
    invitation clicked at once by the player to move (twice) and by the other player (an old
    button): exactly one skip is applied."""
    fake = fake_discord
    rng = random.Random(4)
    chloe, mia = fake.user("chloe"), fake.user("mia")
    async with bot_runner() as bot:
        lobby = await fake.invoke(fake.user("alice"), "/fish new", players=3)
        await fake.click(fake.user("bruno"), lobby.message, label="Join")
        both = await asyncio.gather(
            fake.click(chloe, lobby.message, label="Join"),
            fake.click(mia, lobby.message, label="Join"),
        )
        record = await bot.store.get_game(1)
        assert record.status == "active" and len(record.user_ids) == 3
        seated = [p for p in (chloe, mia) if p.id in record.user_ids]
        assert len(seated) == 1
        assert sorted(r.ephemeral for r in both) == [False, True], [r.content for r in both]

        _, thread, people = await open_game(fake, "ultimatum", 2)
        _, _, first = await who_moves(bot, fake, 2)
        second = next(p for p in people if p.id != first.id)
        old = await ultimatum_step(fake, first, thread, "play", rng, None)
        await fake.invoke(first, "/ultimatum skip", channel=thread)
        last: Reply | None = None
        while (await bot.store.get_game(2)).to_move_user == first.id:
            _, game, _ = await who_moves(bot, fake, 2)
            last = await ultimatum_step(fake, first, thread, game.phase, rng, last)
        fresh = await ultimatum_step(fake, second, thread, "play", rng, None)
        before = len(await bot.store.action_log(2))
        await asyncio.gather(
            fake.click(second, fresh.message, label=said(second, "Skip invitation")),
            fake.click(second, fresh.message, label=said(second, "Skip invitation")),
            fake.click(first, old.message, label=said(first, "Skip invitation")),
        )
        log = [a.text for a in await bot.store.action_log(2)]
        assert log[before:].count("skip") == 1, log[before:]
