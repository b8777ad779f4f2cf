"""Hard's evaluation: fish_eval.Evaluator's values, computed with fewer steps.

The values are fish_eval's (tests/ai/test_fish_alphabeta.py holds them equal, to the last
rounding); the evaluation is most of a search's time, so hard gets this leaner form while
medium keeps the plainer one. Each seat's penguins become one bitboard, only the seats with
penguins on an iceberg are looked at, and a floe two seats reach at the same distance is found
from the union of the rings rather than by comparing every pair of seats.

A shared iceberg's division is remembered: in a search the same penguins on the same free floes
come back again and again (in about two evaluations of five in four-seat searches), because a
move on another iceberg, or a lone penguin's path on its own, leaves them as they were.
"""

from __future__ import annotations

from bot.ai.fish_eval import (
    CONTESTED_SHARE,
    DISTANCE_WEIGHT,
    MOBILITY_WEIGHT,
    PLACING_BLOCKED,
    Evaluator,
    Held,
    held_icebergs,
)
from bot.ai.fish_position import Position
from bot.ai.fish_reach import reach_all

#: Shared icebergs' divisions one evaluator remembers before it starts afresh (a decision at the
#: bot's budget meets some ten thousand).
REMEMBERED = 20_000

Division = tuple[float, ...]


class Territory(Evaluator):
    """The evaluation hard searches with (same values as Evaluator, sooner)."""

    def __init__(self, fish: list[int], remember: bool = True) -> None:
        super().__init__(fish)
        #: Whether divisions are remembered: alpha-beta keeps its own table of positions, so
        #: its leaves seldom repeat a division and remembering would only cost it.
        self.remember = remember
        self.divisions: dict[tuple[int, tuple[tuple[int, int], ...], bool], Division] = {}

    def values(self, pos: Position, held: Held | None = None) -> list[float]:
        """Expected final fish per seat: what is caught plus what each seat can still get
        (``held``: the icebergs with penguins, in board order, when the caller knows them)."""
        value = [float(c) for c in pos.catch]
        if pos.seat is None:
            return value
        board = pos.board
        masks = [sum(1 << b for b in own) for own in pos.penguins]
        occupied = 0
        for mask in masks:
            occupied |= mask
        placing = any(pos.to_place)
        for iceberg, here in held_icebergs(board, occupied) if held is None else held:
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
        """Add to each seat of ``present`` its share of a contested iceberg's ``free`` floes."""
        if self.remember:
            division = self._remembered(free, present, placing)
        else:
            division = self._divide(free, present, placing)
        for (seat, _), share in zip(present, division, strict=True):
            value[seat] += share

    def _remembered(self, free: int, present: list[tuple[int, int]], placing: bool) -> Division:
        """The division as remembered, worked out and remembered the first time."""
        key = (free, tuple(present), placing)
        division = self.divisions.get(key)
        if division is None:
            if len(self.divisions) >= REMEMBERED:
                self.divisions.clear()
            division = self.divisions[key] = self._divide(free, present, placing)
        return division

    def _divide(self, free: int, present: list[tuple[int, int]], placing: bool) -> Division:
        """Each present seat's share of the iceberg: the floes under its penguins, then every
        free floe to whoever reaches it first."""
        fish_in = self.fish_in
        share = [0.0] * len(present)
        frontiers = [mine for _, mine in present]
        seen = [0] * len(present)
        for index, (_, mine) in enumerate(present):
            # The floes under a seat's own penguins are its catch for certain (F-9, F-11).
            share[index] += fish_in(mine)
        claimed = 0
        # Every seat's rings grow together, so that the growing stops once the whole iceberg
        # is claimed: farther rings could add nothing.
        for depth, weight in enumerate(DISTANCE_WEIGHT):
            reached = []
            union = both_seen = 0
            for index, frontier in enumerate(frontiers):
                ring = reach_all(frontier, free) & ~seen[index] if frontier else 0
                seen[index] |= ring
                frontiers[index] = ring
                both_seen |= union & ring
                union |= ring
                reached.append(ring)
            if depth == 0:
                for index, ring in enumerate(reached):
                    if ring:
                        share[index] += MOBILITY_WEIGHT * ring.bit_count()
                    elif placing:
                        share[index] -= PLACING_BLOCKED
            for index, ring in enumerate(reached):
                ring &= ~claimed
                if not ring:
                    continue
                share[index] += weight * fish_in(ring & ~both_seen)
                if ring & both_seen:
                    share[index] += weight * CONTESTED_SHARE * fish_in(ring & both_seen)
            claimed |= union
            if claimed | free == claimed:
                break
        return tuple(share)
