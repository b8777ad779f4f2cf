"""Whole games played with clicks only: the turn post's Your move button, then the buttons and
menus of the mover's ephemeral reply. Fish: at most 3 interactions a turn;
Ultimatum: at most 5 in the common case (card, cell, stone); every turn playable by clicks."""

from __future__ import annotations

import random

import pytest

from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import PENGUINS
from bot.i18n import LANGUAGES
from bot.play.games import load_game
from bot.texts.ultimatum import card_name
from tests.cogs.clicker import Turn, play_turn, summary
from tests.cogs.conftest import BotRunner
from tests.cogs.players import engine_game, hidden_cards, open_game, settle, thread_game, who_moves
from tests.fakediscord import FakeDiscord


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_fish_by_clicks_only(
    fake_discord: FakeDiscord, bot_runner: BotRunner, players: int
) -> None:
    """F-6, F-7: every placement and move in at most 3 interactions, to the end of the game."""
    fake = fake_discord
    rng = random.Random(players)
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", players)
        game_id = await thread_game(bot, thread)
        turns: list[Turn] = []
        while True:
            record, game, user = await who_moves(bot, fake, game_id)
            mark = fake.mark()
            before = len(game.log)

            async def moved(before: int = before) -> bool:
                return len((await engine_game(bot, game_id)).log) > before

            turn = await play_turn(fake, user, thread, game.phase, rng, moved)
            turns.append(turn)
            assert turn.clicks <= 3, (turn.phase, turn.steps)
            await fake.wait_for_messages(thread, 1, after=mark)
            record, game = await load_game(bot.store, game_id)
            if record.status == "finished":
                break
        print(f"fish {players} players by clicks:", summary(turns))


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_ultimatum_by_clicks_only(
    fake_discord: FakeDiscord, bot_runner: BotRunner, players: int
) -> None:
    """U-11 … U-23 by clicks: card, cell, stone (and the shows' choices) from the turn post to
    the end of the game; no hand in a public message or any custom_id."""
    fake = fake_discord
    rng = random.Random(players)
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "ultimatum", players, width=7, height=7)
        game_id = await thread_game(bot, thread)
        # No card id ever in a custom_id or a public message (the posts name cards in words),
        # nor the name of a card nobody else may know: in another player's hand or the deck.
        hidden: set[str] = set()
        fake.secrets = lambda: hidden
        turns: list[Turn] = []
        for _ in range(200):
            record, game, user = await who_moves(bot, fake, game_id)
            assert isinstance(game, UltimatumGame)
            mover, before = game.to_move, len(game.log)
            hidden.clear()
            hidden.update(_unknown_to_the_mover(game))

            async def ended(mover: int | None = mover, before: int = before) -> bool:
                now = await engine_game(bot, game_id)
                assert isinstance(now, UltimatumGame)
                return now.to_move != mover or (now.phase == "play" and len(now.log) > before)

            turn = await play_turn(fake, user, thread, "turn", rng, ended)
            if set(turn.steps) - {"card", "cell", "stone"}:
                turn.phase = "turn with shows"
            turns.append(turn)
            if turn.phase == "turn":
                assert turn.clicks <= 5, turn.steps
            await settle(bot)
            record, game = await load_game(bot.store, game_id)
            if record.status == "finished":
                break
        assert record.status == "finished"
        assert isinstance(game, UltimatumGame)
        never_shown = hidden_cards(game) | {c for c in game.deck}
        for post in fake.history(thread):
            assert not any(card in post.content for card in never_shown), post.content
        print(f"ultimatum {players} players by clicks:", summary(turns))


def _unknown_to_the_mover(game: UltimatumGame) -> set[str]:
    """Every card id, and the names in every language of the cards in the other hands and in
    the deck (the mover's own may become public as they lay one)."""
    others = [c for seat in range(game.players) if seat != game.to_move for c in game.hand(seat)]
    names = {card_name(lang, c) for c in [*others, *game.deck] for lang in LANGUAGES}
    return set(PENGUINS) | names


@pytest.mark.parametrize("size", [9, 15])
async def test_ultimatum_by_clicks_on_larger_icebergs(
    fake_discord: FakeDiscord, bot_runner: BotRunner, size: int
) -> None:
    """U-4 allows icebergs up to 15 × 15: more than 25 cells to choose from are split over
    several menus (and pages), none hidden, and every turn is still played by clicks alone, in
    at most 5 interactions in the common case."""
    fake = fake_discord
    rng = random.Random(size)
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "ultimatum", 2, width=size, height=size)
        game_id = await thread_game(bot, thread)
        turns: list[Turn] = []
        for _ in range(400):
            record, game, user = await who_moves(bot, fake, game_id)
            assert isinstance(game, UltimatumGame)
            mover, before = game.to_move, len(game.log)

            async def ended(mover: int | None = mover, before: int = before) -> bool:
                now = await engine_game(bot, game_id)
                assert isinstance(now, UltimatumGame)
                return now.to_move != mover or (now.phase == "play" and len(now.log) > before)

            turn = await play_turn(fake, user, thread, "turn", rng, ended)
            assert turn.finished, ("a turn not playable by clicks", turn.steps)
            if set(turn.steps) - {"card", "cell", "stone"}:
                turn.phase = "turn with shows"
            else:
                assert turn.clicks <= 5, turn.steps
            turns.append(turn)
            await settle(bot)
            record, game = await load_game(bot.store, game_id)
            if record.status == "finished":
                break
        assert record.status == "finished"
        split = [len(menus) for turn in turns for _, _, menus in turn.shown if len(menus) > 1]
        assert split, "no step needed more than one menu"
        print(f"ultimatum {size}x{size} by clicks:", summary(turns))
