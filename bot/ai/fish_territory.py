"""Hard's evaluation: fish_eval.Evaluator's values, computed with fewer steps.

The values are exactly fish_eval's (tests/ai/test_fish_territory.py holds them equal); the
evaluation is most of a search's time, so hard gets this leaner form while medium keeps the
plainer one. Each seat's penguins become one bitboard, only the seats with penguins on an
iceberg are looked at, and a floe two seats reach at the same distance is found from the
union of the rings rather than by comparing every pair of seats.
"""

from __future__ import annotations

from bot.ai.fish_eval import (
    CONTESTED_SHARE,
    DISTANCE_WEIGHT,
    MOBILITY_WEIGHT,
    PLACING_BLOCKED,
    Evaluator,
    held_icebergs,
)
from bot.ai.fish_position import Position
from bot.ai.fish_reach import reach_all


class Territory(Evaluator):
    """The evaluation hard searches with (same values as Evaluator, sooner)."""

    def values(self, pos: Position) -> list[float]:
        """Expected final fish per seat: what is caught plus what each seat can still get."""
        value = [float(c) for c in pos.catch]
        if pos.seat is None:
            return value
        board = pos.board
        masks = [sum(1 << b for b in own) for own in pos.penguins]
        occupied = 0
        for mask in masks:
            occupied |= mask
        placing = any(pos.to_place)
        for iceberg, here in held_icebergs(board, occupied):
            seats = [seat for seat, mask in enumerate(masks) if mask & iceberg]
            if len(seats) == 1 and not placing:
                value[seats[0]] += self.lone(iceberg, here)
            else:
                self._shared(
                    iceberg & ~occupied, [(s, masks[s] & iceberg) for s in seats], placing, value
                )
        return value

    def _shared(
        self, free: int, present: list[tuple[int, int]], placing: bool, value: list[float]
    ) -> None:
        """Share a contested iceberg's ``free`` floes by who reaches each first."""
        fish_in = self.fish_in
        frontiers = [mine for _, mine in present]
        seen = [0] * len(present)
        for seat, mine in present:
            # The floes under a seat's own penguins are its catch for certain (F-9, F-11).
            value[seat] += fish_in(mine)
        claimed = 0
        # Every seat's rings grow together, so that the growing stops once the whole iceberg
        # is claimed: farther rings could add nothing.
        for depth, weight in enumerate(DISTANCE_WEIGHT):
            reached = []
            union = shared = 0
            for index, frontier in enumerate(frontiers):
                ring = reach_all(frontier, free) & ~seen[index] if frontier else 0
                seen[index] |= ring
                frontiers[index] = ring
                shared |= union & ring
                union |= ring
                reached.append(ring)
            if depth == 0:
                for (seat, _), ring in zip(present, reached, strict=True):
                    if ring:
                        value[seat] += MOBILITY_WEIGHT * ring.bit_count()
                    elif placing:
                        value[seat] -= PLACING_BLOCKED
            for (seat, _), ring in zip(present, reached, strict=True):
                ring &= ~claimed
                if not ring:
                    continue
                value[seat] += weight * fish_in(ring & ~shared)
                if ring & shared:
                    value[seat] += weight * CONTESTED_SHARE * fish_in(ring & shared)
            claimed |= union
            if claimed | free == claimed:
                return
