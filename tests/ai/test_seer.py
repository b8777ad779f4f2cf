"""The strength benchmark's yardsticks that see hidden cards: the seer's every world is the real
game (hands and deck order, what U-27 hides from a seat), the reader's holds the real hands with
the decks dealt anew; both decide legally."""

from __future__ import annotations

import random

import pytest

from bot.ai.ultimatum_fast import choices
from bot.ai.ultimatum_ismcts import WEIGHTS
from bot.games.fish import FishGame
from tests.ai.positions import ultimatum_phase
from tests.bench.seer import ReadingSearch, SeeingSearch, seer_decide


@pytest.mark.parametrize("players", [2, 4])
def test_u27_the_seer_searches_the_real_hands_and_decks(players: int) -> None:
    """Unlike the hard search's dealt worlds, the seer's are all the real game."""
    game = ultimatum_phase("play", players, start_seed=3)
    seat = game.to_move
    assert seat is not None
    search = SeeingSearch(game, seat, random.Random(1), choices(game, seat, WEIGHTS))
    for _ in range(5):
        world = search.deal()
        assert world.hands == game.hands
        assert world.deck == game.deck
        assert world.entertainer_deck == game.entertainer_deck
        assert world is not game


@pytest.mark.parametrize("players", [2, 4])
def test_u27_the_reader_knows_the_hands_and_deals_the_decks_anew(players: int) -> None:
    """The reader's worlds hold the real hands; the decks below the face-up top are dealt again
    (their counts and the seat's view kept), as in the hard search's worlds."""
    game = ultimatum_phase("play", players, start_seed=3)
    seat = game.to_move
    assert seat is not None
    search = ReadingSearch(game, seat, random.Random(1), choices(game, seat, WEIGHTS))
    decks = set()
    for _ in range(10):
        world = search.deal()
        assert world.hands == game.hands
        assert world.view(seat) == game.view(seat)
        assert sorted(world.deck) == sorted(game.deck)
        assert world.entertainer_deck[0] == game.entertainer_deck[0]
        decks.add((tuple(world.deck), tuple(world.entertainer_deck)))
    assert len(decks) > 1


@pytest.mark.parametrize("player", ["seer", "reader"])
@pytest.mark.parametrize("phase", ["play", "invite", "entertainer"])
def test_the_yardsticks_decide_a_legal_action_at_every_step(player: str, phase: str) -> None:
    """At each step of a turn their answer is one of the seat's legal actions."""
    game = ultimatum_phase(phase, 2, start_seed=5)
    action = seer_decide(game, seed=3, budget=0.05, player=player)
    assert action in game.legal_actions()


def test_in_fish_the_seer_is_the_hard_player() -> None:
    """Fish hides nothing, so the seer hands its decisions to the hard player: a legal move."""
    game = FishGame.new(2, seed=4)
    action = seer_decide(game, seed=1, budget=0.05)
    assert action in game.legal_actions()
