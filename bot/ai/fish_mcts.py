"""Monte Carlo tree search for Fish: max^n reward vectors, PUCT, reaping playouts, a kept tree.

Each iteration copies the root position once, follows the tree by PUCT (tree.py) applying the
moves in place, opens the leaf and scores it (fish_rollout.py: reap, lone icebergs solved, then
``PLAYOUT_PLIES`` random moves, then the evaluation), and adds each seat's reward to the nodes
of the moves that seat made; the evaluations are also backed up max^n style (tree.Node.back_up)
and blended into the choice of moves. The answer is the root's most visited move.

The playout is cut off at once (no random moves): scoring the leaf itself gives about twice the
iterations of eight random plies before the evaluation, and the quick matches that set the
constants below were played that way; random plies were not seen to play better.

The tree is kept between the computer's turns. The bot decides in a pool of worker processes,
so the trees live in the worker (``KEPT``, the last few): the next decision
looks for its position below each kept root by following the moves the other seats made, and
continues that subtree. When another worker gets the turn it holds no such tree (or an older
one that no longer leads to the position) and simply starts a new one: the search is then as
good as a fresh one, never wrong.
"""

from __future__ import annotations

import math
import random

from bot.ai.clock import Deadline
from bot.ai.fish_position import PLACE, Move, Position
from bot.ai.fish_rollout import rewards, rollout, settle
from bot.ai.fish_territory import Territory
from bot.ai.tree import UNTRIED, Node
from bot.games.fish import NEIGHBOURS, bits_of, connected

#: Random moves of a playout before the evaluation scores it (see above).
PLAYOUT_PLIES = 0
#: The share of a move's score taken from its backed-up evaluation rather than its mean reward:
#: a little of the max^n value steers the search, more of it is no better (first places against
#: medium at four seats, 0.2 s a decision, 400-game runs: 75.1 % at 0.2, 74.9 % at 0.5; on the
#: goal's first 200 deals 81.2 % and 76.5 % at 0.2, 71.0 % and 75.8 % at 0.5, 67.0 % at 0.8 and
#: 68.5 % at 0).
BACKED_UP = 0.2
#: A move not yet tried is taken to be worth this much less than the position it leaves.
UNTRIED_BELOW = 0.05
#: How sharply the root's prior follows each move's evaluated reward (0 … 1).
ROOT_SHARPNESS = 10.0
#: How sharply the prior prefers moves onto rich floes (per fish).
PRIOR_SHARPNESS = 0.7
#: PUCT's exploration constant: Fish's priors already point at the rich floes, so the search
#: follows them more closely than the shared default (100-game matches at four seats against
#: medium, placing by territory: 71 % first places at 0.7, 66.5 % at 1.4, 69.5 % at 0.4).
EXPLORATION = 0.7
#: Trees a worker keeps between turns (each holds one node per iteration of its searches).
KEEP = 4

Kept = tuple[Position, Node, Territory]
KEPT: list[Kept] = []


class FishSearch:
    """One decision's search from ``root`` (a position of the seat to move)."""

    def __init__(self, root: Position, rng: random.Random, plies: int | None = None) -> None:
        assert root.seat is not None
        self.rng = rng
        self.plies = PLAYOUT_PLIES if plies is None else plies
        self.root_pos, self.root, self.evaluator = _kept_tree(root)
        self.iterations = 0

    def run(self, deadline: Deadline, max_iterations: int | None = None) -> Move:
        """Iterate until the deadline (or ``max_iterations``); the most visited root move."""
        moves = self.root_pos.moves()
        if len(moves) == 1:
            return moves[0]
        if self.root.moves is None:
            self.open_root(moves, deadline)
        while not deadline.passed():
            if max_iterations is not None and self.iterations >= max_iterations:
                break
            self.iterate()
        _keep((self.root_pos, self.root, self.evaluator))
        move = self.root.most_visited()
        assert isinstance(move, tuple)
        return move

    def open_root(self, moves: list[Move], deadline: Deadline) -> None:
        """Visit the root moves once each, most promising first, their evaluation their prior.

        The moves deeper down get the cheap prior; at the root, where the answer is chosen, a
        search cut short by its budget still knows the one-ply value of the moves it could
        evaluate (those left when the deadline passes keep the weakest evaluated prior).
        """
        seat = self.root_pos.seat
        assert seat is not None
        cheap = [prior(self.root_pos, m) for m in moves]
        values: dict[int, list[float]] = {}
        for index in sorted(range(len(moves)), key=lambda i: -cheap[i]):
            if values and deadline.passed():
                break
            pos = self.root_pos.child(moves[index])
            values[index] = self.score_leaf(pos)
        weights = {i: math.exp(ROOT_SHARPNESS * v[seat]) for i, v in values.items()}
        weakest = min(weights.values())
        self.root.expand(moves, [weights.get(i, weakest) for i in range(len(moves))])
        for index, value in values.items():
            kid = self.root.child(index, seat)
            kid.visits, kid.total, kid.value = 1, value[seat], value
        self.root.visits = len(values)

    def iterate(self) -> None:
        """One descent, one playout, one update."""
        self.iterations += 1
        pos = self.root_pos.copy()
        node = self.root
        path = [node]
        while node.moves is not None and pos.seat is not None:
            mover = pos.seat
            untried = UNTRIED if node.value is None else node.value[mover] - UNTRIED_BELOW
            node = node.child(node.select(BACKED_UP, untried, EXPLORATION), mover)
            move = node.move
            assert isinstance(move, tuple)
            pos.apply(move)
            path.append(node)
        if pos.seat is not None:
            moves = pos.moves()
            node.expand(moves, [prior(pos, m) for m in moves])
        if self.plies and pos.seat is not None:
            node.value = self.score_leaf(pos.copy())
            rollout(pos, self.plies, self.rng, self.evaluator)
            reward = rewards(pos, self.evaluator)
        else:
            reward = node.value = self.score_leaf(pos)
        for visited in reversed(path):
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += reward[visited.mover]
            if visited is not node:
                visited.back_up()

    def score_leaf(self, pos: Position) -> list[float]:
        """The rewards of a position cut off where it stands: lone icebergs settled first, the
        shared ones they leave handed on to the evaluation (one flood fill for both)."""
        if pos.seat is None or pos.placing:
            return rewards(pos, self.evaluator)
        return rewards(pos, self.evaluator, settle(pos, self.evaluator))


def prior(pos: Position, move: Move) -> float:
    """How promising a move looks before search: the fish it heads for."""
    origin, target = move
    fish = pos.fish
    if origin == PLACE:
        near = sum(fish[b] for b in bits_of(NEIGHBOURS[target] & pos.board))
        return math.exp(PRIOR_SHARPNESS * near / 3)
    return math.exp(PRIOR_SHARPNESS * fish[target])


def _kept_tree(pos: Position) -> Kept:
    """The kept tree that leads to ``pos`` (its subtree becomes the root), else a new one."""
    for index, (root_pos, root, evaluator) in enumerate(KEPT):
        found = _follow(root_pos, root, pos)
        if found is not None:
            del KEPT[index]
            return found[0], found[1], evaluator
    return pos, Node(None, -1), Territory(pos.fish)


def _follow(root_pos: Position, root: Node, pos: Position) -> tuple[Position, Node] | None:
    """Walk from a kept root along the moves the seats made since, to ``pos``'s node."""
    if root_pos.players != pos.players:
        return None
    walk, node = root_pos.copy(), root
    for _ in range(walk.players + 1):  # the seat's own move, then at most one by each rival
        if _same(walk, pos):
            return walk, node
        seat = walk.seat
        if seat is None or node.moves is None:
            return None
        before, after = set(walk.penguins[seat]), set(pos.penguins[seat])
        gone, new = before - after, after - before
        if len(new) != 1 or len(gone) > 1:
            return None
        move = (gone.pop() if gone else PLACE, new.pop())
        if move not in node.moves:
            return None
        node = node.child(node.moves.index(move), seat)
        walk.apply(move)
    return None


def _same(a: Position, b: Position) -> bool:
    """Whether two positions are the same for search (floes nobody can reach aside, F-10)."""
    return (
        a.seat == b.seat
        and a.catch == b.catch
        and a.out == b.out
        and a.to_place == b.to_place
        and [sorted(p) for p in a.penguins] == [sorted(p) for p in b.penguins]
        and _ice(a) == _ice(b)
    )


def _ice(pos: Position) -> list[int]:
    """The fish of every floe someone can still reach, 0 elsewhere (F-10)."""
    reachable = pos.board & connected(pos.occupied, pos.board) if pos.occupied else pos.board
    return [pos.fish[b] if reachable >> b & 1 else 0 for b in range(64)]


def _keep(tree: Kept) -> None:
    """Remember a searched tree for this worker's next decisions, newest first, bounded; only
    the newest keeps its remembered divisions (each holds up to fish_territory.REMEMBERED)."""
    KEPT.insert(0, tree)
    del KEPT[KEEP:]
    for _, _, older in KEPT[1:]:
        older.divisions.clear()
