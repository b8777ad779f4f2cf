"""The tree of a Monte Carlo search: nodes with per-seat statistics and PUCT selection.

Every node keeps the reward of the seat that made its move (max^n: each seat picks what is best
for itself). A child's move is scored by its mean reward plus an exploration term weighted by a
prior (PUCT); a move never tried counts as a draw (0.5) unless the search says otherwise. Under
a hidden hand not every move is possible in every dealt world, so the exploration term counts
how often the move was available rather than how often its parent was visited (Cowling, Powley
& Whitehouse 2012).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

#: How strongly the prior and the uncertainty of a little-tried move pull the search to it.
EXPLORATION = 1.4
#: The value of a move never tried: a draw.
UNTRIED = 0.5


class Node:
    """One decision point reached by ``move`` of seat ``mover``; children are made when visited."""

    __slots__ = ("avail", "kids", "move", "mover", "moves", "priors", "total", "value", "visits")

    def __init__(self, move: Hashable, mover: int) -> None:
        self.move = move
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.moves: list[Hashable] | None = None
        self.priors: list[float] = []
        self.kids: list[Node | None] = []
        #: The evaluation of this node backed up max^n style (each seat to move picking the
        #: child best for itself), when the search keeps one.
        self.value: list[float] | None = None

    def expand(self, moves: Sequence[Hashable], weights: Sequence[float]) -> None:
        """Open this node with its moves, the priors taken from ``weights`` (normalised)."""
        total = sum(weights) or 1.0
        self.moves = list(moves)
        self.priors = [w / total for w in weights]
        self.kids = [None] * len(self.moves)

    def child(self, index: int, mover: int) -> Node:
        """The child for move ``index``, made on its first visit."""
        kid = self.kids[index]
        if kid is None:
            assert self.moves is not None
            kid = self.kids[index] = Node(self.moves[index], mover)
        return kid

    def select(
        self, backed_up: float = 0.0, untried: float = UNTRIED, exploration: float = EXPLORATION
    ) -> int:
        """The index of the move to follow: mean reward plus PUCT exploration.

        With ``backed_up`` > 0 the mean is blended with that share of the child's backed-up
        evaluation (implicit minimax backups, Lanctot et al. 2014, in max^n form); ``untried``
        is what a move not yet tried is taken to be worth; ``exploration`` weighs the priors.
        """
        scale = exploration * math.sqrt(self.visits + 1)
        best, best_score = 0, -1.0
        for index, (prior, kid) in enumerate(zip(self.priors, self.kids, strict=True)):
            if kid is None or not (visits := kid.visits):
                score = untried + scale * prior
            else:
                mean = kid.total / visits
                if (value := kid.value) is not None:
                    mean += backed_up * (value[kid.mover] - mean)
                score = mean + scale * prior / (1 + visits)
            if score > best_score:
                best, best_score = index, score
        return best

    def select_among(self, available: Sequence[int]) -> int:
        """Like ``select`` among the ``available`` indices (their children made), exploring by
        how often each was available; the priors are renormalised over what is available."""
        share = 1.0 / (sum(self.priors[i] for i in available) or 1.0)
        best, best_score = available[0], -1.0
        for index in available:
            kid = self.kids[index]
            assert kid is not None
            explore = EXPLORATION * self.priors[index] * share * math.sqrt(kid.avail)
            mean = kid.total / kid.visits if kid.visits else UNTRIED
            score = mean + explore / (1 + kid.visits)
            if score > best_score:
                best, best_score = index, score
        return best

    def most_visited(self) -> Hashable:
        """The move tried most often (the search's answer); the prior breaks ties."""
        assert self.moves is not None
        visits = [kid.visits if kid is not None else 0 for kid in self.kids]
        best = max(range(len(self.moves)), key=lambda i: (visits[i], self.priors[i]))
        return self.moves[best]

    def back_up(self) -> None:
        """Take the value of the child best for the seat to move here (max^n)."""
        best: list[float] | None = None
        for kid in self.kids:
            if (
                kid is not None
                and kid.value is not None
                and (best is None or kid.value[kid.mover] > best[kid.mover])
            ):
                best = kid.value
        if best is not None:
            self.value = best
