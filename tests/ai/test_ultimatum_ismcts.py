"""The Ultimatum information set search: worlds dealt consistently with the seat's view, one
tree whose moves count how often they were available, and a search that stops at its deadline."""

from __future__ import annotations

import random

import pytest

from bot.ai import ultimatum_players
from bot.ai.clock import Deadline
from bot.ai.tree import Node
from bot.ai.ultimatum_eval import open_dots, stone_worth
from bot.ai.ultimatum_fast import invite_values
from bot.ai.ultimatum_ismcts import (
    CANDIDATES,
    MIN_WORLDS,
    WEIGHTS,
    UltimatumSearch,
    root_choices,
)
from bot.ai.ultimatum_players import medium_choices
from bot.ai.ultimatum_world import clone
from tests.ai.clocks import StepClock, stepped_deadlines
from tests.ai.positions import ultimatum_decisions, ultimatum_phase


def search_for(phase: str, players: int) -> tuple[UltimatumSearch, int]:
    """A search from the seat to move at the first position of ``phase``."""
    game = ultimatum_phase(phase, players, start_seed=3)
    seat = game.to_move
    assert seat is not None
    return UltimatumSearch(game.view(seat), random.Random(7), medium_choices(game, seat)), seat


@pytest.mark.parametrize("players", [2, 3, 4])
def test_u27_every_dealt_world_looks_the_same_to_the_seat(players: int) -> None:
    """Each iteration's world keeps the seat's view exactly; the unseen cards move around."""
    search, seat = search_for("play", players)
    view = search.base.view(seat)
    hands, decks = set(), set()
    for _ in range(20):
        world = search.deal()
        assert world.view(seat) == view
        hands.add(tuple(tuple(h) for s, h in enumerate(world.hands) if s != seat))
        decks.add(tuple(world.deck))
    assert len(hands) > 1 and len(decks) > 1


def test_the_root_compares_medium_s_best_choices_in_the_same_worlds() -> None:
    """Medium's best few choices are the root's; every dealt world tries each choice still in
    the running once, and the choices are halved at each third of the search: eight for 4
    worlds, the better four for 8 more, the better two for the last 16."""
    search, seat = search_for("play", 3)
    search.run(Deadline(60.0), max_iterations=12 * CANDIDATES)
    ranked = sorted(medium_choices(search.base, seat), reverse=True)[:CANDIDATES]
    assert search.root.moves == [text for _, text in ranked]
    visits = []
    for kid in search.root.kids:
        assert kid is not None and kid.visits == kid.avail
        visits.append(kid.visits)
    assert sorted(visits) == [4, 4, 4, 4, 12, 12, 28, 28]
    assert search.worlds == 28 and search.halved == 2


def test_halving_keeps_the_choices_with_the_best_mean_rewards() -> None:
    """The better half by mean reward goes on (the evaluation's order breaks ties), and the
    answer is the best of the last two."""
    search, _ = search_for("play", 4)
    for _ in range(3):
        dealt = search.deal()
        for index in range(CANDIDATES):
            search.iterate(clone(dealt), index)
        search.worlds += 1
    means: list[tuple[float, float]] = []
    for index, kid in enumerate(search.root.kids):
        assert kid is not None
        means.append((kid.total / kid.visits, search.root.priors[index]))
    search.halve()
    ranked = sorted(range(CANDIDATES), key=lambda i: means[i], reverse=True)
    assert sorted(search._root_moves) == sorted(ranked[: CANDIDATES // 2])
    search.halve()
    first, second = search._root_moves
    best = first if means[first] > means[second] else second
    assert search.root.moves is not None and search.answer() == search.root.moves[best]


def rival_nodes(node: Node, seat: int) -> list[Node]:
    """Every node below ``node`` where a rival of ``seat`` chose (its moves opened)."""
    found = []
    for kid in node.kids:
        if kid is None:
            continue
        if kid.moves is not None and any(k is not None and k.mover != seat for k in kid.kids):
            found.append(kid)
        found += rival_nodes(kid, seat)
    return found


def test_a_rival_s_moves_count_how_often_each_was_available() -> None:
    """A rival's hand differs between worlds, so its moves are available some of the time only;
    no move is chosen more often than it was available, nor available more often than its node
    was passed through."""
    search, seat = search_for("play", 2)
    search.run(Deadline(60.0), max_iterations=400)
    nodes = rival_nodes(search.root, seat)
    assert nodes
    sometimes = False
    for node in nodes:
        kids = [k for k in node.kids if k is not None]
        for kid in kids:
            assert kid.visits <= kid.avail <= node.visits
            sometimes |= kid.avail < node.visits
    assert sometimes


def test_a_finished_game_is_scored_by_first_place() -> None:
    """Max^n reward at the end: 1 for the winner, 0 for the others (U-25, U-26)."""
    search, _ = search_for("play", 2)
    world = search.deal()
    world.finish("penguin_deck_empty")
    top = world.ranking()[0]
    assert search.score(world) == [1.0 / len(top) if s in top else 0.0 for s in range(2)]


@pytest.mark.parametrize(("players", "turns"), [(2, 3), (3, 2), (4, 1)])
def test_a_playout_is_scored_after_the_rivals_turns(players: int, turns: int) -> None:
    """U-23: after the seat's turn a playout plays whole turns — with four players the next
    rival's alone, with three both rivals', head to head the rival's, the seat's next turn and
    the rival's reply — then scores the table."""
    search, seat = search_for("play", players)
    world = search.deal()
    world.play(max(medium_choices(world, seat))[1], seat)
    while world.current == seat:
        world.play(max(medium_choices(world, seat))[1], seat)
    start = world.turn
    rewards = search.score(world)
    assert world.turn == start + turns
    assert world.current == (seat + 1 + turns) % players and world.phase == "play"
    assert len(rewards) == players and all(0.0 < r < 1.0 for r in rewards)


def test_a_playout_below_a_rival_s_node_plays_one_more_rival() -> None:
    """With the next rival's turn already played (by the tree), the playout plays the rival
    after it, then scores the table at the turn after that (four players)."""
    search, seat = search_for("play", 4)
    world = search.deal()
    for mover in (seat, (seat + 1) % 4):
        while world.current == mover:
            world.play(max(medium_choices(world, mover))[1], mover)
    start = world.turn
    search.score(world)
    assert world.turn == start + 1
    assert world.current == (seat + 3) % 4 and world.phase == "play"


@pytest.mark.parametrize("phase", ["play", "invite", "entertainer"])
def test_the_search_stops_at_its_deadline(phase: str) -> None:
    """The clock is read every iteration: none starts after the deadline has passed."""
    search, _ = search_for(phase, 3)
    clock = StepClock(0.001)
    search.run(Deadline(0.05, clock=clock))
    # The deadline, set at the first reading, ends at 0.051: the search stopped at the first
    # reading past it, and most readings were iterations (the others are the halvings' looks
    # at the time spent, once a whole world).
    assert clock.now == pytest.approx(0.051)
    assert 40 <= search.iterations <= 48


def test_hard_keeps_part_of_its_budget_in_reserve(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's own deadline is 90 % of the budget: budget + 10 % holds with room to answer."""
    clocks = stepped_deadlines(monkeypatch, ultimatum_players)
    game = ultimatum_phase("play", 2, start_seed=3)
    seat = game.to_move
    assert seat is not None
    ultimatum_players.play_hard(game, seat, random.Random(0), 0.2)
    reserve = 0.2 * ultimatum_players.HARD_SHARE
    assert reserve <= clocks[0].now <= reserve + 0.002 < 0.2 * 1.1


def test_too_few_worlds_leave_the_choice_to_medium() -> None:
    """Cut short before every choice was tried in one dealt world, the search answers medium's
    best choice."""
    search, seat = search_for("play", 4)
    answer = search.run(Deadline(0.005, clock=StepClock(0.001)))
    assert search.worlds < MIN_WORLDS
    assert answer == max(medium_choices(search.base, seat))[1]


def test_u14_the_search_puts_out_a_stone_medium_would_keep() -> None:
    """U-14: the search counts a stone kept in the supply as nothing, so where medium skips the
    stone move because the best penguin for a stone is worth less to it than a kept stone, the
    search's values put the stone from the supply on that penguin."""
    found = 0
    for game, seat in ultimatum_decisions(4, range(40)):
        if game.phase == "invite" and game.supply[seat]:
            medium = max(invite_values(game, seat))[1]
            search = max(invite_values(game, seat, WEIGHTS))[1]
            if medium == "skip" and search != "skip":
                assert search.startswith("invite supply ")
                found += 1
    assert found >= 3


def test_u14_the_stone_step_starts_from_every_stone_move_that_gains() -> None:
    """U-14: head to head, at the stone step the search's root choices are skip and every move
    of one of the seat's stones (or one from its supply) to a penguin without a stone worth
    more, each valued as the evaluation values its best three, so that a move the shows' card
    awards make best is among them even when its gain in worth is not among the three largest."""
    wider = 0
    for game, seat in ultimatum_decisions(2, range(12)):
        if game.phase != "invite":
            continue
        ice = game.ice
        worth = {c: stone_worth(ice, c, open_dots(ice), WEIGHTS) for c in ice.penguins}
        sources = [worth[c] for c, s in ice.stones.items() if s == seat]
        sources += [WEIGHTS.supply_stone] * (game.supply[seat] > 0)
        gaining = sum(
            1
            for target in ice.penguins
            if target not in ice.stones
            for w in sources
            if worth[target] > max(w, 0)
        )
        found = {text: value for value, text in root_choices(game, seat)}
        assert len(found) == 1 + gaining
        for value, text in invite_values(game, seat, WEIGHTS):
            assert found[text] == pytest.approx(value)
        wider += gaining > 3
    assert wider >= 20


def test_u14_at_four_seats_the_stone_step_starts_from_the_evaluation_s_three() -> None:
    """U-14: with more than two players the root's stone moves are the evaluation's own."""
    checked = 0
    for game, seat in ultimatum_decisions(4, range(3)):
        if game.phase == "invite":
            assert root_choices(game, seat) == invite_values(game, seat, WEIGHTS)
            checked += 1
    assert checked > 50
