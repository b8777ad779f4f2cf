"""Alpha-beta search for Fish with iterative deepening, a transposition table and move ordering.

With more than two players the search is "paranoid": the rivals are assumed to play together
against the seat searching, which keeps alpha-beta sound. The score of a leaf is that seat's
expected fish minus its strongest rival's (fish_eval.margin), so two players is plain minimax.
Medium searches this way to a small depth.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from mypy_extensions import mypyc_attr

from bot.ai.clock import Deadline, OutOfTime
from bot.ai.fish_eval import Evaluator, margin
from bot.ai.fish_position import Move, Position

EXACT, LOWER, UPPER = 0, 1, 2
CHECK_EVERY = 128  # nodes between two looks at the clock


# Compiled (bot/native.py), and still a base for the former hard player's search in the benchmark.
@mypyc_attr(allow_interpreted_subclasses=True)
class Search:
    """One decision's search: a root seat, an evaluator, a table and a deadline."""

    def __init__(self, root: Position, deadline: Deadline, rng: random.Random) -> None:
        assert root.seat is not None
        self.root = root
        self.seat = root.seat
        self.deadline = deadline
        self.rng = rng
        self.evaluator = Evaluator(root.fish)
        self.table: dict[tuple[object, ...], tuple[int, int, float, Move | None, bool]] = {}
        self.nodes = 0
        self.guesses = 0  # leaves valued by the evaluator rather than by a finished game

    def score(self, pos: Position) -> float:
        """The leaf value from the root seat's side."""
        return margin(self.evaluator.values(pos), self.seat)

    def ordered(self, pos: Position, first: Move | None) -> list[Move]:
        """Moves best-first by a cheap guess: the table's move, then onto the richest floes."""
        fish = pos.fish
        moves = pos.moves()
        moves.sort(key=lambda m: -fish[m[1]])
        return first_first(moves, first)

    def key(self, pos: Position) -> tuple[object, ...]:
        """The transposition table's key of a position."""
        return (pos.board, pos.seat, *map(tuple, pos.penguins), *pos.catch)

    def children(self, pos: Position, first: Move | None) -> Iterator[tuple[Move, Position]]:
        """The moves searched at ``pos``, best guess first, each with the position it leads to."""
        return ((move, pos.child(move)) for move in self.ordered(pos, first))

    def root_moves(self) -> list[Move]:
        """The root's moves in the order the first iteration tries them: richest floes first,
        equal ones in a seeded random order."""
        moves = self.root.moves()
        self.rng.shuffle(moves)  # seeded variety among equal moves
        fish = self.root.fish
        moves.sort(key=lambda m: -fish[m[1]])
        return moves

    def run(self, max_depth: int = 64) -> tuple[Move, int]:
        """The best root move found before the deadline, and the depth fully searched."""
        moves = self.root_moves()
        best, done = moves[0], 0
        if len(moves) == 1:
            return best, 0
        for depth in range(1, max_depth + 1):
            guesses = self.guesses
            try:
                found = self._root(moves, depth)
            except OutOfTime:
                best = self.cut_short(best)
                break
            best, done = found, depth
            moves.remove(found)
            moves.insert(0, found)
            if self.guesses == guesses:
                break  # the whole game was searched: deeper cannot change the answer
            if self.deadline.passed():
                break
        return best, done

    def cut_short(self, best: Move) -> Move:
        """The answer when the deadline falls inside an iteration: here the last full one's."""
        return best

    def _root(self, moves: list[Move], depth: int) -> Move:
        alpha, best = -float("inf"), moves[0]
        for move in moves:
            value = self._value(self.root.child(move), depth - 1, alpha, float("inf"))
            if value > alpha:
                alpha, best = value, move
        return best

    def settled(self, pos: Position, depth: int) -> float | None:
        """The value of a finished game or of a leaf (counting the node and watching the clock
        on the way); None when ``pos`` is to be searched further."""
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            self.deadline.check()
        if pos.seat is None:
            return margin([float(c) for c in pos.catch], self.seat)
        if depth <= 0:
            self.guesses += 1
            return self.score(pos)
        return None

    def _value(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        known = self.settled(pos, depth)
        if known is not None:
            return known
        key = self.key(pos)
        stored, first = self.probe(key, depth, alpha, beta)
        if stored is not None:
            return stored
        maximising = pos.seat == self.seat
        guesses = self.guesses
        start_alpha, start_beta = alpha, beta
        best_move: Move | None = None
        best = -float("inf") if maximising else float("inf")
        for index, (move, child) in enumerate(self.children(pos, first)):
            value = self.child_value(index, child, depth, (alpha, beta), maximising)
            if maximising:
                if value > best:
                    best, best_move = value, move
                alpha = max(alpha, value)
            else:
                if value < best:
                    best, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                self.refuted(move, depth)
                break
        self.record(key, depth, (start_alpha, start_beta), best, best_move, guesses)
        return best

    def child_value(
        self, index: int, child: Position, depth: int, window: tuple[float, float], maximising: bool
    ) -> float:
        """The value of the ``index``-th move searched at a node ``depth`` plies above the
        leaves, within the (alpha, beta) ``window``: plain alpha-beta searches each in full."""
        return self._value(child, depth - 1, *window)

    def refuted(self, move: Move, depth: int) -> None:
        """Told that ``move`` cut the search off at a node ``depth`` plies above the leaves."""

    def probe(
        self, key: tuple[object, ...], depth: int, alpha: float, beta: float
    ) -> tuple[float | None, Move | None]:
        """The table's value of a position when it settles the search there (else None), and
        the best move found there before (tried first)."""
        entry = self.table.get(key)
        if entry is None:
            return None, None
        entry_depth, flag, stored, first, complete = entry
        usable = (
            flag == EXACT
            or (flag == LOWER and stored >= beta)
            or (flag == UPPER and stored <= alpha)
        )
        if usable and (entry_depth >= depth or complete):
            if not complete:
                self.guesses += 1
            return stored, first
        return None, first

    def record(
        self,
        key: tuple[object, ...],
        depth: int,
        window: tuple[float, float],
        best: float,
        best_move: Move | None,
        guesses: int,
    ) -> None:
        """Remember a searched position: its value, what kind of bound it is within the
        ``window`` searched, and whether it was found without guessing (no leaf valued since
        ``guesses``)."""
        if best <= window[0]:
            flag = UPPER
        elif best >= window[1]:
            flag = LOWER
        else:
            flag = EXACT
        self.table[key] = (depth, flag, best, best_move, self.guesses == guesses)


def first_first(moves: list[Move], first: Move | None) -> list[Move]:
    """``moves`` with ``first`` (the table's best move there, when legal) moved to the front."""
    if first is not None and first in moves:
        moves.remove(first)
        moves.insert(0, first)
    return moves
