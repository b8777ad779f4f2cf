"""Pairing a ranked, even field two by two: equal points first, no rematch while avoidable.

The search pairs from the top of the standings down. The best unpaired player takes the nearest
player in score who has not met them (their own score group first, then each lower group in
turn), one whose starting seat fits theirs before one who would want the same seat, then the
better ranked. When a choice leaves someone below with nobody left to play, the search steps
back and tries the next choice, so it finds a pairing with no rematch whenever one exists within
``BUDGET`` steps; then it looks for one that descends fewer score groups in all (players paired
down no further than needed), down to the least the groups' sizes allow. Fields of a few dozen
are searched through completely; in large fields the search keeps the best it found when the
budget runs out. Only when it found no pairing without rematch does it pair by fewest meetings,
and then trades partners between tables to undo every rematch it can.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.tournaments.records import Record

#: How many candidate opponents the search may try in all (about half a second): enough to
#: search a field of a few dozen through.
BUDGET = 50_000


@dataclass(slots=True)
class Budget:
    """The steps the search may still take."""

    left: int = BUDGET

    def spend(self) -> bool:
        """Take one step; False once none is left."""
        self.left -= 1
        return self.left >= 0


def want(record: Record) -> int:
    """The starting seat a player is due: −1 the first, 1 the second, 0 either."""
    lead = record.lead or record.last_lead
    return (lead > 0) - (lead < 0)


def pairs_without_rematch(
    ranked: Sequence[int], book: Mapping[int, Record], budget: Budget
) -> list[tuple[int, int]] | None:
    """A pairing of the even ``ranked`` field with no rematch and the fewest score groups
    descended in all, or None when there is no pairing without a rematch (or the budget ran
    out before one was found)."""
    field = set(ranked)
    if any(sum(o in field for o in book[p].met) == len(ranked) - 1 for p in ranked):
        return None  # someone has met everyone: no search needed to know
    search = _Search(ranked, book, budget)
    found = search.run(None)
    if found is None:
        return None
    best = search.descent(found)
    for most in range(search.floor(), best):
        # Step by step from the least descent the score groups allow: the first found is least.
        closer = search.run(most)
        if closer is not None:
            return closer
        if budget.left < 0:
            break
    return found


class _Search:
    """The search for pairings without rematch, from the top of the standings down."""

    def __init__(self, ranked: Sequence[int], book: Mapping[int, Record], budget: Budget) -> None:
        self.ranked = ranked
        self.budget = budget
        group = score_groups(ranked, {p: book[p].points for p in ranked})
        self.groups = [group[p] for p in ranked]
        self.levels = max(self.groups, default=-1) + 1
        self.wants = [want(book[p]) for p in ranked]
        self.leads = [abs(book[p].lead) for p in ranked]
        self.met = [book[p].met for p in ranked]
        self.members: list[list[int]] = [[] for _ in range(self.levels)]
        for index, g in enumerate(self.groups):
            self.members[g].append(index)
        self.taken = [False] * len(ranked)
        self.left = [len(m) for m in self.members]
        number = {p: n for n, p in enumerate(ranked)}
        self.rivals = [[number[o] for o in book[p].met if o in number] for p in ranked]
        # How many free players each has met: one who met every other free player is stuck.
        self.met_free = [len(r) for r in self.rivals]
        self.free = len(ranked)
        self.most_met = max(self.met_free, default=0)

    def descent(self, pairs: Sequence[tuple[int, int]]) -> int:
        """How many score groups the pairs descend in all."""
        index = {p: n for n, p in enumerate(self.ranked)}
        return sum(abs(self.groups[index[a]] - self.groups[index[b]]) for a, b in pairs)

    def floor(self) -> int:
        """The least descent the players still free need: every boundary between score groups
        with an odd number of free players above it is crossed by some pair."""
        above, crossings = 0, 0
        for g in range(self.levels - 1):
            above += self.left[g]
            crossings += above % 2
        return crossings

    def clash(self, one: int, other: int) -> Fraction:
        """How badly two players want the same starting seat (0: not at all)."""
        if self.wants[one] == 0 or self.wants[one] != self.wants[other]:
            return Fraction(0)
        return 1 + min(self.leads[one], self.leads[other])

    def candidates(self, top: int) -> Iterator[int]:
        """The opponents ``top`` may take now, best first, one score group at a time."""
        for g in range(self.groups[top], self.levels):
            found = [
                j
                for j in self.members[g]
                if j > top and not self.taken[j] and self.ranked[j] not in self.met[top]
            ]
            # Two players due the same seat meet last; the further behind, the later.
            found.sort(key=lambda j: (self.clash(top, j), j))
            yield from found

    def mark(self, one: int, other: int, taken: bool) -> None:
        """Take two players (or free them again)."""
        self.taken[one] = self.taken[other] = taken
        step = -1 if taken else 1
        self.free += 2 * step
        for p in (one, other):
            self.left[self.groups[p]] += step
            for j in self.rivals[p]:
                self.met_free[j] += step

    def stuck(self) -> bool:
        """Whether a free player has met every other free player (cheap to see, and the usual
        reason a pairing cannot be finished)."""
        if self.free - 1 > self.most_met:
            return False
        return any(
            not taken and met == self.free - 1
            for taken, met in zip(self.taken, self.met_free, strict=True)
        )

    def run(self, most: int | None) -> list[tuple[int, int]] | None:
        """The first pairing in the search's order that descends at most ``most`` score groups
        (any number for None), or None."""
        if not self.ranked:
            return []
        frames: list[tuple[int, Iterator[int]]] = [(0, self.candidates(0))]
        chosen: list[int] = []  # the opponent each frame but the newest took
        spent = [0]  # the descent so far, per frame
        while frames:
            top, options = frames[-1]
            rival = next(options, None)
            if rival is None:
                # Nobody left for this player: undo the choice above and try its next one.
                frames.pop()
                spent.pop()
                if chosen:
                    self.mark(frames[-1][0], chosen.pop(), False)
                continue
            if not self.budget.spend():
                self._undo(frames, chosen)
                return None
            cost = spent[-1] + self.groups[rival] - self.groups[top]
            self.mark(top, rival, True)
            if self.stuck() or (most is not None and cost + self.floor() > most):
                self.mark(top, rival, False)
                continue
            chosen.append(rival)
            following = next(
                (i for i in range(top + 1, len(self.ranked)) if not self.taken[i]), None
            )
            if following is None:
                pairs = [
                    (self.ranked[f[0]], self.ranked[j]) for f, j in zip(frames, chosen, strict=True)
                ]
                self._undo(frames, chosen)
                return pairs
            frames.append((following, self.candidates(following)))
            spent.append(cost)
        return None

    def _undo(self, frames: list[tuple[int, Iterator[int]]], chosen: list[int]) -> None:
        """Free every player the frames took, for the next run."""
        for (top, _), rival in zip(frames, chosen, strict=False):
            self.mark(top, rival, False)


def pairs_fewest_meetings(
    ranked: Sequence[int], book: Mapping[int, Record]
) -> list[tuple[int, int]]:
    """Pair the even ``ranked`` field from the top down, each player taking the unpaired one
    they met least, nearest in score among those; then trade partners between two tables
    wherever that undoes a rematch without making another."""
    group = score_groups(ranked, {p: book[p].points for p in ranked})
    left = list(ranked)
    pairs = []
    while left:
        top = left.pop(0)
        rival = min(
            left,
            key=lambda p: (book[top].met[p], group[p] - group[top], want_clash(book, top, p)),
        )
        left.remove(rival)
        pairs.append((top, rival))
    return _undo_rematches(pairs, book, group)


def _undo_rematches(
    pairs: list[tuple[int, int]], book: Mapping[int, Record], group: Mapping[int, int]
) -> list[tuple[int, int]]:
    """For each table of two who met before, trade partners with the table that does it with
    the least descent in score groups, where both new tables are first meetings."""

    def descent(one: int, other: int) -> int:
        return abs(group[one] - group[other])

    for n, (a, b) in enumerate(pairs):
        if not book[a].met[b]:
            continue
        trades = [
            (descent(a, c) + descent(b, d) - descent(a, b) - descent(c, d), m, (a, c), (b, d))
            for m, (x, y) in enumerate(pairs)
            if m != n and not book[x].met[y]
            for c, d in ((x, y), (y, x))
            if not book[a].met[c] and not book[b].met[d]
        ]
        if trades:
            _, m, one, other = min(trades)
            pairs[n], pairs[m] = one, other
    return pairs


def want_clash(book: Mapping[int, Record], one: int, other: int) -> bool:
    """Whether both players are due the same starting seat."""
    due = want(book[one])
    return due != 0 and due == want(book[other])


def score_groups(ranked: Sequence[int], points: Mapping[int, Fraction]) -> dict[int, int]:
    """Each player's score group: 0 for the best points, 1 for the next, and so on."""
    levels = sorted({points[p] for p in ranked}, reverse=True)
    index = {level: n for n, level in enumerate(levels)}
    return {p: index[points[p]] for p in ranked}
