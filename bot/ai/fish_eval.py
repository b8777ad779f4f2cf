"""How good a Fish position is for each seat: catch, plus the fish each seat can still expect.

The ice splits into icebergs (groups of floes connected through shared edges, F-10). An iceberg
where only one seat has penguins is that seat's for sure: with a single penguin on a small one,
the exact best path is solved; otherwise all its fish count. On a shared iceberg every floe goes
to the seat whose penguins reach it in the fewest moves (ties shared), which is the usual
"territory" measure of the game; a little mobility breaks ties between equal territories.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from bot.ai.fish_position import Position
from bot.ai.fish_reach import reach_all
from bot.games.fish import bits_of, connected, reach

#: Icebergs with one penguin and at most this many floes are solved exactly.
EXACT_LIMIT = 12
#: Moves a territory search looks ahead; farther floes are left uncounted.
MAX_DISTANCE = 6
#: Weight of a reached floe's fish by its distance in moves (near ones are surer).
DISTANCE_WEIGHT = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5)
CONTESTED_SHARE = 0.5
MOBILITY_WEIGHT = 0.05
PLACING_BLOCKED = 0.5  # a placed penguin that can't move yet is a worry, not a loss

#: Icebergs with penguins on them, each with its penguins' floes.
Held = list[tuple[int, int]]


# Compiled (bot/native.py), and still a base for the former hard player's in the benchmark.
@mypyc_attr(allow_interpreted_subclasses=True)
class Evaluator:
    """Evaluates positions of one game (its fish table) and remembers solved icebergs."""

    def __init__(self, fish: list[int]) -> None:
        self.fish = fish
        self.by_count = [sum(1 << b for b in range(64) if fish[b] == n) for n in (1, 2, 3)]
        self.solved: dict[tuple[int, int], int] = {}

    def fish_in(self, floes: int) -> int:
        """Fish on a bitboard of floes."""
        one, two, three = self.by_count
        return (
            (floes & one).bit_count()
            + 2 * (floes & two).bit_count()
            + 3 * (floes & three).bit_count()
        )

    def best_path(self, penguin: int, iceberg: int) -> int:
        """Exactly the most fish one penguin alone on ``iceberg`` can catch, its floe included."""
        key = (penguin, iceberg)
        known = self.solved.get(key)
        if known is not None:
            return known
        rest = iceberg & ~(1 << penguin)
        best = 0
        for target in bits_of(reach(penguin, rest)):
            best = max(best, self.best_path(target, connected(1 << target, rest)))
        result = self.fish[penguin] + best
        self.solved[key] = result
        return result

    def lone(self, iceberg: int, here: int) -> float:
        """What the one seat with penguins (``here``) on ``iceberg`` will catch there: a lone
        penguin's best path on a small iceberg, else every fish (F-10)."""
        if here & (here - 1) == 0 and iceberg.bit_count() <= EXACT_LIMIT:
            return self.best_path(here.bit_length() - 1, iceberg)
        return self.fish_in(iceberg)

    def values(self, pos: Position, held: Held | None = None) -> list[float]:
        """Expected final fish per seat: what is caught plus what each seat can still get
        (``held``: the icebergs with penguins, in board order, when the caller knows them)."""
        value = [float(c) for c in pos.catch]
        if pos.seat is None:
            return value
        board, occupied = pos.board, pos.occupied
        owners = {b: seat for seat, own in enumerate(pos.penguins) for b in own}
        for iceberg, here in held_icebergs(board, occupied) if held is None else held:
            seats = {owners[b] for b in bits_of(here)}
            if len(seats) == 1 and not pos.placing:
                value[seats.pop()] += self.lone(iceberg, here)
            else:
                self._territory(pos, iceberg, occupied, value)
        return value

    def rings(self, penguins: int, free: int) -> list[int]:
        """The free floes first reached in 1, 2, … moves from ``penguins`` (up to MAX_DISTANCE)."""
        frontier, seen, rings = penguins, 0, []
        for _ in range(MAX_DISTANCE):
            ring = reach_all(frontier, free) & ~seen
            if not ring:
                break
            seen |= ring
            rings.append(ring)
            frontier = ring
        return rings

    def _territory(self, pos: Position, iceberg: int, occupied: int, value: list[float]) -> None:
        """Share a contested iceberg by who reaches each floe first."""
        free = iceberg & ~occupied
        layers: list[list[int]] = []
        for seat, own in enumerate(pos.penguins):
            mine = [b for b in own if iceberg >> b & 1]
            # The floes under a seat's own penguins are its catch for certain (F-9, F-11).
            value[seat] += self.fish_in(sum(1 << b for b in mine))
            rings = self.rings(sum(1 << b for b in mine), free)
            if mine and not rings:
                if pos.placing:
                    value[seat] -= PLACING_BLOCKED
            elif rings:
                value[seat] += MOBILITY_WEIGHT * rings[0].bit_count()
            layers.append(rings)
        claimed = 0
        for depth in range(MAX_DISTANCE):
            rings = [r[depth] if depth < len(r) else 0 for r in layers]
            weight = DISTANCE_WEIGHT[depth]
            for seat, ring in enumerate(rings):
                ring &= ~claimed
                if not ring:
                    continue
                others = 0
                for other, other_ring in enumerate(rings):
                    if other != seat:
                        others |= other_ring
                value[seat] += weight * self.fish_in(ring & ~others)
                if ring & others:
                    value[seat] += weight * CONTESTED_SHARE * self.fish_in(ring & others)
            for ring in rings:
                claimed |= ring


def held_icebergs(board: int, occupied: int) -> Held:
    """Each iceberg of ``board`` with penguins on it, in board order (by its first floe), and
    those penguins' floes (F-10: the icebergs without any will never be caught)."""
    # Filled from the penguins rather than swept from every floe: the empty icebergs are never
    # looked at.
    found = []
    left = occupied & board
    while left:
        iceberg = connected(left & -left, board)
        left &= ~iceberg
        found.append((iceberg & -iceberg, iceberg))
    found.sort()
    return [(iceberg, iceberg & occupied) for _, iceberg in found]


def margin(values: list[float], seat: int) -> float:
    """How far ``seat`` is ahead of its strongest rival (negative when behind)."""
    rival = max(v for s, v in enumerate(values) if s != seat)
    return values[seat] - rival
