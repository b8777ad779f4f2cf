"""Ultimatum computer players: legal in every step of the turn, worlds consistent with the view,
show points foreseen exactly, and play that beats chance."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import LEVELS, choose_action, decide
from bot.ai.ultimatum_choices import invites, waiver
from bot.ai.ultimatum_eval import ENJOYS, open_dots, show_outcome
from bot.ai.ultimatum_world import hidden_cards, world
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS
from tests.ai.positions import ultimatum_phase, ultimatum_position
from tests.turns import whose_turn

BUDGET = 0.05
PHASES = ("play", "invite", "perform", "entertainer")

cases = st.tuples(st.integers(2, 4), st.integers(0, 2**31), st.integers(0, 160), st.integers(5, 11))


@settings(max_examples=25, deadline=None)
@given(cases)
def test_every_level_returns_a_legal_action(case: tuple[int, int, int, int]) -> None:
    """U-11 … U-21: every level picks a listed action in random positions and iceberg sizes."""
    players, seed, steps, side = case
    game = ultimatum_position(players, seed, steps, width=side, height=side)
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions()
    for level in LEVELS:
        action = choose_action("ultimatum", game.view(seat), level, seed=seed, budget=BUDGET)
        assert action in legal, (level, game.phase, action)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("phase", PHASES)
def test_every_step_of_the_turn(phase: str, players: int) -> None:
    """U-11, U-14, U-16, U-21: each step (the rare U-16 order choice too) gets a legal answer."""
    game = ultimatum_phase(phase, players)
    seat = game.to_move
    assert seat is not None and game.phase == phase
    for policy in ("random", "greedy", "easy", "medium", "hard"):
        action = decide("ultimatum", game.view(seat), policy, seed=3, budget=BUDGET)
        assert action in game.legal_actions(), (policy, action)


@settings(max_examples=40, deadline=None)
@given(cases, st.integers(0, 2**31))
def test_worlds_agree_with_the_view(case: tuple[int, int, int, int], deal: int) -> None:
    """U-27: a dealt world shows the seat exactly what the real game shows it."""
    players, seed, steps, side = case
    game = ultimatum_position(players, seed, steps, width=side, height=side)
    seat = random.Random(deal).randrange(players)
    view = game.view(seat)
    dealt = world(view, random.Random(deal))
    seen = dealt.view(seat)
    assert {k: v for k, v in seen.items() if k != "last"} == {
        k: v for k, v in view.items() if k != "last"
    }
    assert sorted(dealt.legal_actions()) == sorted(game.legal_actions()) or seat != game.to_move
    # The unseen cards are exactly the other hands and the decks below the face-up top card.
    penguins, entertainers = hidden_cards(view)
    others = [c for s, hand in enumerate(game.hands) if s != seat for c in hand]
    assert sorted(penguins) == sorted(others + game.deck)
    assert sorted(entertainers) == sorted(game.entertainer_deck[1:])
    assert set(penguins) <= set(PENGUINS) and set(entertainers) <= set(ENTERTAINERS)


def test_worlds_deal_the_unseen_cards_differently() -> None:
    """U-27: different seeds give different hidden deals (so hard samples, it doesn't guess one)."""
    game = ultimatum_position(3, 8, 20)
    view = game.view(0)
    deals = {tuple(world(view, random.Random(n)).deck) for n in range(5)}
    assert len(deals) == 5


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**31), st.integers(0, 2**31))
def test_show_points_are_foreseen_exactly(players: int, seed: int, choices: int) -> None:
    """U-15, U-18, U-19: the points and the card award the players expect are what play() gives."""
    game = UltimatumGame.new(players, seed=seed)
    rng = random.Random(choices)
    checked = 0
    while not game.is_over and checked < 3:
        if game.phase == "invite":
            due = [c for c, n in open_dots(game.ice).items() if n == 0]
            if len(due) == 1:
                expected, winner = show_outcome(game, due[0])
                events = game.play("skip", seat=whose_turn(game))
                show = next(e for e in events if e["type"] == "show")
                assert show["points"] == expected
                awarded = [e for e in events if e["type"] == "card_awarded"]
                assert (awarded[0]["seat"] if awarded else None) == winner
                checked += 1
                continue
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))


def test_invite_mostly_puts_a_stone_where_a_show_is_due() -> None:
    """U-14, U-18, U-19: a stone goes onto a free enjoying penguin in the audience of a due show.

    Not always: sometimes scoring would hand the rival the card (U-19), and the player declines.
    """
    taken = declined = 0
    for seed in range(100):
        game = UltimatumGame.new(2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            ice = game.ice
            due = [c for c, n in open_dots(ice).items() if n == 0]
            if game.phase == "invite" and len(due) == 1 and game.supply[seat]:
                entertainer = ice.entertainers[due[0]][0]
                free = [
                    ice.geo.names[n]
                    for n in ice.geo.adjacent[due[0]]
                    if n in ice.penguins
                    and n not in ice.stones
                    and ENJOYS[(ice.penguins[n], entertainer)]
                ]
                if free:
                    best = max(invites(game, seat))[1]
                    if best != "skip" and best.split()[2] in free:
                        taken += 1
                    else:
                        declined += 1
            game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    assert taken + declined >= 50
    assert taken >= 0.8 * (taken + declined)


def test_waiver_only_when_cheaper_than_the_fee() -> None:
    """U-13: a won entertainer is discarded only if it is worth less than the kinship fee."""
    game = UltimatumGame.new(2, seed=1, deal={"activities": ["dance", "music"]})
    game.won[0] = ["seal-dance"]  # worth +2 (dance) and the seal majority (+5) to seat 0
    assert waiver(game, 0, 0) == (0.0, None)
    assert waiver(game, 0, 4)[1] is None
    cost, card = waiver(game, 0, 10)
    assert card == "seal-dance" and cost < 10


def test_medium_beats_random_players() -> None:
    """A sanity check of the evaluation: medium wins both seats of a 2-player deal (U-26)."""
    for first in (0, 1):
        game = UltimatumGame.new(2, seed=21)
        turn = 0
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            policy = "medium" if seat == first else "random"
            game.play(
                decide("ultimatum", game.view(seat), policy, seed=turn, budget=BUDGET),
                seat=whose_turn(game),
            )
            turn += 1
        assert game.ranking()[0] == [first]
