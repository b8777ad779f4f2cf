"""A lean copy of a Fish position for search: plain ints and lists, cheap to copy and extend.

It follows the engine's turn order exactly (F-6 placement round-robin, F-11 going out, F-13,
F-14) but leaves out what search never needs: the log, events, and the F-10 removal of floes
nobody can reach (nobody can catch those, so no score changes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.fish import BITS, FLOE_NAMES, FishGame, bits_of, reach

NAME: dict[int, str] = dict(zip(BITS, FLOE_NAMES, strict=True))
BIT: dict[str, int] = {name: bit for bit, name in NAME.items()}

#: The catch search counts for a seat that resigned: it ranks after everyone who did not,
#: whatever it caught (F-15 as played), so it is nobody's rival.
RESIGNED_CATCH = -1000

#: A decision: (origin, target) for a move, (PLACE, floe) for a placement.
Move = tuple[int, int]
PLACE = -1


@dataclass(slots=True)
class Position:
    """Whose turn it is, the floes, penguins and catches; ``fish`` is shared between copies."""

    players: int
    fish: list[int]  # per bit, as in FishGame
    board: int
    penguins: list[list[int]]
    to_place: list[int]
    catch: list[int]  # fish per seat
    floes: list[int]  # floes per seat (the F-15 tie-break)
    out: list[bool]
    seat: int | None

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Position:
        """The position a seat sees (Fish hides nothing, so the view is the whole position)."""
        fish = [0] * 64
        for name, count in view["floes"].items():
            fish[BIT[name]] = count
        players = int(view["players"])
        penguins: list[list[int]] = [[] for _ in range(players)]
        for name, seat in sorted(view["penguins"].items()):
            penguins[seat].append(BIT[name])
        catch = [int(c["fish"]) for c in view["catch"]]
        for seat, gone in enumerate(view.get("resigned") or []):
            if gone:
                catch[seat] = RESIGNED_CATCH
        return cls(
            players=players,
            fish=fish,
            board=sum(1 << BIT[name] for name in view["floes"]),
            penguins=penguins,
            to_place=list(view["to_place"]),
            catch=catch,
            floes=[int(c["floes"]) for c in view["catch"]],
            out=list(view["out"]),
            seat=view["to_move"],
        )

    @classmethod
    def from_game(cls, game: FishGame) -> Position:
        """The same position, taken straight from an engine (benchmarks and tests)."""
        return cls.from_view(game.view(game.to_move))

    @property
    def placing(self) -> bool:
        """Whether penguins are still being placed (F-6)."""
        return any(self.to_place)

    @property
    def occupied(self) -> int:
        """Bitboard of floes with a penguin."""
        bits = 0
        for own in self.penguins:
            for b in own:
                bits |= 1 << b
        return bits

    def copy(self) -> Position:
        """An independent copy (the fish table is shared: it never changes)."""
        return Position(
            self.players,
            self.fish,
            self.board,
            [list(p) for p in self.penguins],
            list(self.to_place),
            list(self.catch),
            list(self.floes),
            list(self.out),
            self.seat,
        )

    def moves(self) -> list[Move]:
        """Every decision open to the seat to move, in board order."""
        if self.seat is None:
            return []
        occupied = self.occupied
        if self.placing:
            fish = self.fish
            free = self.board & ~occupied
            return [(PLACE, b) for b in bits_of(free) if fish[b] == 1]
        free = self.board & ~occupied
        return [(b, t) for b in self.penguins[self.seat] for t in bits_of(reach(b, free))]

    def child(self, move: Move) -> Position:
        """The position after ``move`` (a new object; this one is unchanged)."""
        nxt = self.copy()
        nxt.apply(move)
        return nxt

    def apply(self, move: Move) -> None:
        """Play ``move`` in place and pass the turn on as the engine does."""
        seat = self.seat
        assert seat is not None
        origin, target = move
        if origin == PLACE:
            self.penguins[seat].append(target)
            self.to_place[seat] -= 1
            if self.placing:
                nxt = (seat + 1) % self.players
                while not self.to_place[nxt]:
                    nxt = (nxt + 1) % self.players
                self.seat = nxt
                return
            self.seat = self.players - 1  # so that the hunt starts with seat 0, as in the engine
            self._advance()
            return
        own = self.penguins[seat]
        own[own.index(origin)] = target
        self.board &= ~(1 << origin)
        self.catch[seat] += self.fish[origin]
        self.floes[seat] += 1
        self._advance()

    def pass_to(self, seat: int) -> None:
        """Give the turn to ``seat``, or on from it as F-11 says if it cannot move."""
        self.seat = (seat - 1) % self.players
        self._advance()

    def _advance(self) -> None:
        """F-11: the next seat that can move; seats that cannot go out with their floes."""
        seat = self.seat
        assert seat is not None
        free = self.board & ~self.occupied
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if self.out[seat]:
                continue
            for b in self.penguins[seat]:
                if reach(b, free):
                    self.seat = seat
                    return
            for b in self.penguins[seat]:
                self.catch[seat] += self.fish[b]
                self.floes[seat] += 1
                self.board &= ~(1 << b)
            self.penguins[seat] = []
            self.out[seat] = True
        self.seat = None


def notation(move: Move) -> str:
    """The action text of a decision: ``C4`` or ``C4-F2``."""
    origin, target = move
    return NAME[target] if origin == PLACE else f"{NAME[origin]}-{NAME[target]}"
