"""Single-observer Information Set Monte Carlo tree search for The Penguin Ultimatum.

One tree over what the deciding seat knows (Cowling, Powley & Whitehouse 2012). Every world the
search plays in deals the cards the seat cannot see — the other hands, the hands set aside by
players who resigned, the penguin deck and the entertainer deck below its face-up top — at
random again, keeping every count the seat sees (U-27); what it has seen laid, won or removed
is not among them (ultimatum_world.hidden_cards). Below the root an iteration follows the tree
through its dealt world: only the moves legal there are candidates, and a move's exploration
term counts how often it was available (tree.Node.select_among). Each seat maximises its own
reward (max^n vectors, rewards.py).

The root compares the evaluation's best few choices (head to head, at the stone step, drawn
from every stone move that gains worth: root_choices), each of them once in every dealt world,
so that the luck of the deal cancels out of their differences, and keeps the better half of them
at equal shares of its time (sequential halving); the answer is the best on average of the last
two. A leaf is played on — at four players through the next rival's turn, at three to the
seat's next turn, head to head through the seat's own next turn to the rival's reply; the rival
right after the seat and the seat itself by the table evaluation, later rivals laying the card
worth most at once (greedy), everyone taking the evaluation's choice for the stones, shows and
entertainer after a card — and scored by first place once the game is over, else by each seat's
evaluated standing (ultimatum_eval.standing) as a lead over its strongest rival. The evaluation
is medium's with the search's own ``WEIGHTS``; its values come from ultimatum_fast.py, which
works them out from what each card changes.
"""

from __future__ import annotations

import math
import random
from typing import Any

from bot.ai.clock import Deadline
from bot.ai.rewards import first_place, leads
from bot.ai.tree import Node
from bot.ai.ultimatum_choices import INVITES_CHECKED, Choice
from bot.ai.ultimatum_eval import Weights, standing
from bot.ai.ultimatum_fast import choices as quick_values
from bot.ai.ultimatum_fast import immediate_play_values, invite_values, play_values
from bot.ai.ultimatum_world import clone, world
from bot.games.ultimatum import UltimatumGame

#: The search's own judgement of a table, tuned by matches of medium against itself (four
#: players, first places against medium as it is). A stone kept in the supply counts for nothing,
#: so stones go out where they can score (56.8 % of 2,000 games); a lead is measured three parts
#: over the strongest rival and one over the rivals' average, so that passing the others counts
#: too (58.4 % with both, on the same deals). Head to head only the stones change anything.
WEIGHTS = Weights(supply_stone=0.0, rival_mix=0.75)
#: The lead (in points) that counts as a three-in-four chance of first place.
LEAD_SCALE = 6.0
#: Visits a move's node needs before the moves after it get nodes of their own: until then the
#: playout's judgement of them (the evaluation, for the next rival) is better than a tree's
#: first tries.
EXPAND_AFTER = 8
#: The seat's turns a playout reaches before it is scored, by players still in the game: head to
#: head the seat's own next turn is played too, and the table scored after the rival's reply.
TURNS_AHEAD = {2: 2}
#: The rivals' turns a playout plays after the tree's moves, by players still in the game. With
#: four it ends after one: the rivals after it, playing dealt hands, add more noise to the
#: comparison of the root choices than judgement (against medium: 84.8 % and 79.5 % of 200
#: games so, 65.2 % when every rival played, 45.5 % playing two rounds). With three the one
#: after it still counts (three seats against medium: 78.0 % of 100 with it, 67.0 % without).
RIVAL_TURNS = {4: 1}
#: Medium's best choices the search compares at the root.
CANDIDATES = 8
#: The stone moves the root draws its choices from at the stone step, by players still in the
#: game (None: every one that gains worth). Head to head the evaluation's order of them by worth
#: gained often misses the best (a long search's best was outside its three in 13 of 50
#: positions; the shows' card awards decide such moves): at 0.1 s a decision drawing from all of
#: them took 62.5 % of 400 games against the former hard player, its three 59.0 % on the same
#: deals (69.0 % against 61.5 – 66.0 % on the first 200). At four seats it took 73.2 % of 200
#: against medium, its three 79.0 – 84.8 %: with more than two players the evaluation's three
#: stand.
ROOT_STONE_MOVES: dict[int, int | None] = {2: None}
#: Whole dealt worlds needed before the search's averages overrule the evaluation's judgement: until
#: every choice was tried in the same world, the averages compare different deals.
MIN_WORLDS = 1
#: How sharply the root prior follows the evaluation's values (per point).
PRIOR_SHARPNESS = 0.8


def root_choices(game: UltimatumGame, seat: int) -> list[Choice]:
    """The valued choices the search starts from: the evaluation's, and at the stone step as
    many stone moves as ``ROOT_STONE_MOVES`` says (the evaluation weighs its best three)."""
    if game.phase == "invite":
        checked = ROOT_STONE_MOVES.get(game.resigned.count(False), INVITES_CHECKED)
        return invite_values(game, seat, WEIGHTS, checked)
    return quick_values(game, seat, WEIGHTS)


class UltimatumSearch:
    """One decision's search from a seat's view."""

    def __init__(self, view: dict[str, Any], rng: random.Random, root_values: list[Choice]):
        self.seat: int = view["viewer"]
        self.rng = rng
        self.base = world(view, rng)
        self.others = [s for s in range(self.base.players) if s != self.seat]
        playing = self.base.resigned.count(False)
        self.turns_ahead = TURNS_AHEAD.get(playing, 1)
        #: Otherwise the seat's turns bound a playout: the rivals play once between them.
        self.rival_turns = RIVAL_TURNS.get(playing, playing)
        self.root = Node(None, -1)
        self.index: dict[int, dict[str, int]] = {}
        root_values = sorted(root_values, reverse=True)[:CANDIDATES]
        top = root_values[0][0]
        weights = [math.exp(PRIOR_SHARPNESS * (value - top)) for value, _ in root_values]
        self._open(self.root, [text for _, text in root_values], weights)
        self._root_moves = list(range(len(root_values)))
        self.iterations = 0
        self.worlds = 0
        #: How often the root choices were halved so far.
        self.halved = 0

    def run(self, deadline: Deadline, max_iterations: int | None = None) -> str:
        """Search until the deadline (or ``max_iterations``); the best root choice on average.

        Every dealt world is used once for each root choice still in the running, so that the
        choices are compared in the same worlds (common random numbers): the luck of the deal,
        which moves every choice's result alike, then cancels out of their differences. The
        choices are halved at equal shares of the search (sequential halving, Karnin, Koren &
        Somekh 2013): eight, then the better four, then the better two, so that the last two
        are compared over several times as many worlds as eight could be.
        """
        assert self.root.moves is not None
        halvings = max(0, math.ceil(math.log2(len(self._root_moves))) - 1)
        total = deadline.left()
        while True:
            dealt = self.deal()
            for index in self._root_moves:
                if deadline.passed() or self.iterations == max_iterations:
                    return self.answer()
                self.iterate(clone(dealt), index)
            self.worlds += 1
            if self.halved < halvings and self._due(halvings + 1, deadline, total, max_iterations):
                self.halve()

    def _due(
        self, rounds: int, deadline: Deadline, total: float, max_iterations: int | None
    ) -> bool:
        """Whether the search has spent the share of its time (of its iterations, when they
        are counted) after which the choices are halved next: one of ``rounds`` equal shares
        for every halving so far, and one more."""
        if max_iterations is not None:
            return self.iterations * rounds >= (self.halved + 1) * max_iterations
        return (total - deadline.left()) * rounds >= (self.halved + 1) * total

    def halve(self) -> None:
        """Keep the better half of the root choices still in the running (two at least)."""
        keep = max(2, len(self._root_moves) // 2)
        self._root_moves = sorted(self._root_moves, key=self._mean, reverse=True)[:keep]
        self.halved += 1

    def _mean(self, index: int) -> tuple[float, float]:
        """A root choice's mean reward, the evaluation's prior breaking ties."""
        kid = self.root.kids[index]
        mean = kid.total / kid.visits if kid is not None and kid.visits else -1.0
        return mean, self.root.priors[index]

    def answer(self) -> str:
        """The root choice still in the running with the best mean reward (the evaluation's
        value breaks ties); the evaluation's own best choice until ``MIN_WORLDS`` whole worlds
        were played."""
        assert self.root.moves is not None
        best = max(self._root_moves, key=self._mean) if self.worlds >= MIN_WORLDS else 0
        move = self.root.moves[best]
        assert isinstance(move, str)
        return move

    def deal(self) -> UltimatumGame:
        """A world the seat cannot tell from the real one: the unseen cards dealt anew."""
        return self.redeal(clone(self.base), self.others)

    def redeal(self, game: UltimatumGame, seats: list[int]) -> UltimatumGame:
        """``game`` with the hands of ``seats``, the hands set aside, the penguin deck and the
        entertainer deck below its face-up top shuffled together anew, every count kept."""
        pool = [card for s in seats for card in game.hands[s]] + game.deck + game.set_aside
        self.rng.shuffle(pool)
        for s in seats:
            count = len(game.hands[s])
            game.hands[s], pool = pool[:count], pool[count:]
        aside = len(game.set_aside)
        game.set_aside, game.deck = pool[:aside], pool[aside:]
        below = game.entertainer_deck[1:]
        self.rng.shuffle(below)
        game.entertainer_deck[1:] = below
        return game

    def iterate(self, game: UltimatumGame, first: int) -> None:
        """Root choice ``first`` in a dealt world, then down the tree; score; update."""
        self.iterations += 1
        node = self.root.child(first, self.seat)
        node.avail += 1
        path = [self.root, node]
        _play(game, node, self.seat)
        while node.visits >= EXPAND_AFTER and (mover := game.current) is not None:
            choices = immediate_play_values(game, mover)
            if not choices:
                break
            if node.moves is None:
                self._open(node, [], [])
            available = self._available(node, choices)
            for i in available:
                node.child(i, mover).avail += 1
            node = node.child(node.select_among(available), mover)
            path.append(node)
            _play(game, node, mover)
        reward = self.score(game)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += reward[visited.mover]

    def score(self, game: UltimatumGame) -> list[float]:
        """Play on until the seat's turn has come ``TURNS_AHEAD`` times or the rivals have
        played ``RIVAL_TURNS`` turns — the next rival and the seat by the evaluation, later
        rivals laying the card worth most at once — then each seat's reward."""
        seat = self.seat
        first, turns, rivals = True, self.turns_ahead, self.rival_turns
        while (mover := game.current) is not None:
            if mover == seat:
                turns -= 1
                if not turns:
                    break
            elif rivals:
                rivals -= 1
            else:
                break
            # The next rival can take what the seat leaves ripe: it gets the full judgement.
            quick = first or mover == seat
            choices = (
                play_values(game, mover, WEIGHTS) if quick else immediate_play_values(game, mover)
            )
            if not choices:
                break
            game.play(max(choices)[1], mover)
            _finish_turn(game)
            first = mover == seat
        if game.is_over:
            return first_place(game.ranking()[0], game.players)
        return leads(standing(game, game.current, WEIGHTS), LEAD_SCALE)

    def _open(self, node: Node, moves: list[str], weights: list[float]) -> None:
        node.expand(moves, weights)
        self.index[id(node)] = {move: i for i, move in enumerate(moves)}

    def _available(self, node: Node, choices: list[Choice]) -> list[int]:
        """The indices of the cards one can lay at ``node`` in this world (new ones added, their
        prior following what they score at once)."""
        index = self.index[id(node)]
        assert node.moves is not None
        top = max(value for value, _ in choices)
        found = []
        for value, action in choices:
            i = index.get(action)
            if i is None:
                i = index[action] = len(node.moves)
                node.moves.append(action)
                node.priors.append(math.exp(PRIOR_SHARPNESS * (value - top)))
                node.kids.append(None)
            found.append(i)
        return found


def _play(game: UltimatumGame, node: Node, seat: int) -> None:
    """Make ``node``'s move for ``seat``, then the rest of that turn by the evaluation's choices."""
    move = node.move
    assert isinstance(move, str)
    game.play(move, seat)
    _finish_turn(game)


def _finish_turn(game: UltimatumGame) -> None:
    """The steps after a laid card (stones, shows, entertainer) by the evaluation's choices."""
    while (mover := game.current) is not None and game.phase != "play":
        game.play(max(quick_values(game, mover, WEIGHTS))[1], mover)
