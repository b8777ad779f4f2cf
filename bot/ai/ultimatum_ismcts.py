"""Single-observer Information Set Monte Carlo tree search for The Penguin Ultimatum.

One tree over what the deciding seat knows (Cowling, Powley & Whitehouse 2012). Every iteration
deals the cards the seat cannot see — the other hands, the hands set aside by players who
resigned, the penguin deck and the entertainer deck below its face-up top — at random again,
keeping every count the seat sees (U-27); what it has seen laid, won or removed is not among
them (ultimatum_world.hidden_cards). The iteration then follows the tree through that dealt
world: only the moves legal in it are candidates, and a move's exploration term counts how
often it was available (tree.Node.select_among). Each seat maximises its own reward (max^n
vectors, rewards.py).

A leaf is scored after the turn in progress is finished by medium's step choices (the stones,
shows and entertainer that follow a laid penguin belong to its value): by first place once the
game is over, else by each seat's evaluated standing (ultimatum_eval.standing) as a lead over
its strongest rival. The root's priors are medium's values of its choices, so the search starts
from medium's judgement and spends its time where that judgement is least sure.
"""

from __future__ import annotations

import math
import random
from typing import Any

from bot.ai.clock import Deadline
from bot.ai.rewards import first_place, leads
from bot.ai.tree import Node
from bot.ai.ultimatum_choices import Choice, entertainers, invites, performs
from bot.ai.ultimatum_eval import standing
from bot.ai.ultimatum_world import clone, world
from bot.games.ultimatum import UltimatumGame

#: The lead (in points) that counts as a three-in-four chance of first place.
LEAD_SCALE = 6.0
#: How sharply the root prior follows medium's values (per point).
PRIOR_SHARPNESS = 0.8


class UltimatumSearch:
    """One decision's search from a seat's view."""

    def __init__(self, view: dict[str, Any], rng: random.Random, root_values: list[Choice]):
        self.seat: int = view["viewer"]
        self.rng = rng
        self.base = world(view, rng)
        self.others = [s for s in range(self.base.players) if s != self.seat]
        self.root = Node(None, -1)
        self.index: dict[int, dict[str, int]] = {}
        top = max(value for value, _ in root_values)
        weights = [math.exp(PRIOR_SHARPNESS * (value - top)) for value, _ in root_values]
        self._open(self.root, [text for _, text in root_values], weights)
        self._root_moves = list(range(len(root_values)))
        self.iterations = 0

    def run(self, deadline: Deadline, max_iterations: int | None = None) -> str:
        """Iterate until the deadline (or ``max_iterations``); the most visited root move."""
        while not deadline.passed():
            if max_iterations is not None and self.iterations >= max_iterations:
                break
            self.iterate()
        move = self.root.most_visited()
        assert isinstance(move, str)
        return move

    def deal(self) -> UltimatumGame:
        """A world the seat cannot tell from the real one: the unseen cards dealt anew."""
        game = clone(self.base)
        pool = [card for s in self.others for card in game.hands[s]] + game.deck + game.set_aside
        self.rng.shuffle(pool)
        for s in self.others:
            count = len(game.hands[s])
            game.hands[s], pool = pool[:count], pool[count:]
        aside = len(game.set_aside)
        game.set_aside, game.deck = pool[:aside], pool[aside:]
        below = game.entertainer_deck[1:]
        self.rng.shuffle(below)
        game.entertainer_deck[1:] = below
        return game

    def iterate(self) -> None:
        """One dealt world: descend, score the leaf, update the moves each seat made."""
        self.iterations += 1
        game = self.deal()
        node, path = self.root, [self.root]
        while (mover := game.current) is not None:
            if node is self.root:
                # The seat's own choices are the same in every world: medium's list of them.
                available = self._root_moves
            else:
                actions = game.legal_actions()
                if node.moves is None:
                    self._open(node, actions, [1.0] * len(actions))
                available = self._available(node, actions)
                self.rng.shuffle(available)  # equal priors: no order among untried moves
            for i in available:
                node.child(i, mover).avail += 1
            node = node.child(node.select_among(available), mover)
            path.append(node)
            move = node.move
            assert isinstance(move, str)
            game.play(move, mover)
            if node.visits == 0:
                break
        reward = self.score(game)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += reward[visited.mover]

    def score(self, game: UltimatumGame) -> list[float]:
        """Finish the turn in progress with medium's choices; then each seat's reward."""
        turn = game.turn
        while (mover := game.current) is not None and game.turn == turn and game.phase != "play":
            choices = _step_choices(game, mover)
            game.play(max(choices)[1], mover)
        if game.is_over:
            return first_place(game.ranking()[0], game.players)
        after = game.current
        return leads(standing(game, after), LEAD_SCALE)

    def _open(self, node: Node, moves: list[str], weights: list[float]) -> None:
        node.expand(moves, weights)
        self.index[id(node)] = {move: i for i, move in enumerate(moves)}

    def _available(self, node: Node, actions: list[str]) -> list[int]:
        """The indices of ``actions`` at ``node``, adding those first met in this world."""
        index = self.index[id(node)]
        assert node.moves is not None
        found = []
        for action in actions:
            i = index.get(action)
            if i is None:
                i = index[action] = len(node.moves)
                node.moves.append(action)
                node.priors.append(1.0 / len(node.moves))
                node.kids.append(None)
            found.append(i)
        return found


def _step_choices(game: UltimatumGame, seat: int) -> list[Choice]:
    """Medium's valued choices for the steps after a laid penguin (U-14 … U-21)."""
    if game.phase == "invite":
        return invites(game, seat)
    if game.phase == "perform":
        return performs(game, seat)
    return entertainers(game, seat)
