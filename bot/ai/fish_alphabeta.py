"""Hard's head-to-head search: fish_search.py's alpha-beta, sharper and selective.

What it adds to the plain search (which medium keeps):

* the leaner evaluation (fish_territory.py, the same values), each leaf valued once even when
  one seat's moves reach it in another order;
* history ordering: a move that cut a line off anywhere is tried early wherever it is legal
  again (Schaeffer 1989), after the table's move and before the richest floes;
* principal variation search: after a node's first move the others are only tested with a
  null window, and searched in full when the test says they are better;
* late move reductions: at a node with at least ``REDUCE_FROM`` plies left, the moves after the
  first ``FULL_MOVES`` are tested one ply shallower, and again at full depth only when that
  shallow test says they might be better (as chess programs do);
* an iteration cut short by the deadline still counts when it got through the previous answer.

With some fifty moves a turn a Fish search in Python reaches three or four plies in a fraction
of a second; at a fixed depth these make it about four times faster, the reductions included.
"""

from __future__ import annotations

import random

from bot.ai.clock import Deadline
from bot.ai.fish_position import Move, Position
from bot.ai.fish_search import Search, first_first
from bot.ai.fish_territory import Territory

#: Moves searched at full depth at every node before the reductions begin.
FULL_MOVES = 4
#: Plies left from which a node reduces its late moves.
REDUCE_FROM = 3
#: The width of a null window (values are fish, far coarser than this).
NULL_WINDOW = 1e-3


class HardSearch(Search):
    """Iterative-deepening alpha-beta with history ordering and late move reductions."""

    history: dict[Move, int]
    scores: dict[tuple[object, ...], float]
    found: Move | None  # the best root move of the current iteration so far
    #: Moves searched at full depth at a node before its reductions begin.
    full_moves = FULL_MOVES

    def __init__(self, root: Position, deadline: Deadline, rng: random.Random) -> None:
        super().__init__(root, deadline, rng)
        self.evaluator = Territory(root.fish, remember=False)

    def score(self, pos: Position) -> float:
        """The leaf value from the root seat's side, remembered: the same leaf is often reached
        by one seat's moves in another order."""
        key = self.key(pos)
        known = self.scores.get(key)
        if known is None:
            known = self.scores[key] = super().score(pos)
        return known

    def ordered(self, pos: Position, first: Move | None) -> list[Move]:
        """The table's move first, then moves that refuted lines before, then rich floes."""
        fish = pos.fish
        history = self.history
        moves = pos.moves()
        moves.sort(key=lambda m: (-history.get(m, 0), -fish[m[1]]))
        return first_first(moves, first)

    def run(self, max_depth: int = 64) -> tuple[Move, int]:
        """The best root move found before the deadline, and the depth fully searched."""
        self.history, self.scores, self.found = {}, {}, None
        return super().run(max_depth)

    def cut_short(self, best: Move) -> Move:
        """A move the cut iteration proved better than the last answer (searched first), if
        any: it is better at the deeper look too."""
        return self.found or best

    def _root(self, moves: list[Move], depth: int) -> Move:
        alpha, beta = -float("inf"), float("inf")
        self.found = None
        for index, move in enumerate(moves):
            child = self.root.child(move)
            if index == 0 or self._scout(child, depth - 1, alpha, beta, True) > alpha:
                value = self._value(child, depth - 1, alpha, beta)
            else:
                continue
            if value > alpha:
                alpha, self.found = value, move
        assert self.found is not None
        return self.found

    def child_value(
        self, index: int, child: Position, depth: int, window: tuple[float, float], maximising: bool
    ) -> float:
        """The first move in full; the others by a null window, late ones one ply shallower,
        and again in full only when that says they are better than the best so far."""
        alpha, beta = window
        if index == 0:
            return self._value(child, depth - 1, alpha, beta)
        late = depth >= REDUCE_FROM and index >= self.full_moves
        value = self._scout(child, depth - 2 if late else depth - 1, alpha, beta, maximising)
        if late and _beats(value, alpha, beta, maximising):
            value = self._scout(child, depth - 1, alpha, beta, maximising)
        if alpha < value < beta:  # better, by how much only a full window tells
            value = self._value(child, depth - 1, alpha, beta)
        return value

    def refuted(self, move: Move, depth: int) -> None:
        """Remember a move that cut the search off, the more the deeper (history ordering)."""
        self.history[move] = self.history.get(move, 0) + depth * depth

    def _scout(
        self, child: Position, depth: int, alpha: float, beta: float, maximising: bool
    ) -> float:
        """A null-window look at ``child``: only whether it beats the best move so far."""
        if maximising:
            return self._value(child, depth, alpha, alpha + NULL_WINDOW)
        return self._value(child, depth, beta - NULL_WINDOW, beta)


def _beats(value: float, alpha: float, beta: float, maximising: bool) -> bool:
    """Whether a reduced null-window value says the move may be better than the best so far."""
    return value > alpha if maximising else value < beta
