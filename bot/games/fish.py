"""Hey, That's My Fish! (RULES.md F-1 … F-15) on 64-bit bitboards.

Besides the notation of RULES.md the engine takes ``resign <seat>`` from any seat at any time
(a resignation or a timed-out turn must be in the log, because the log is the game). It is not
a move choice, so ``legal_actions`` never lists it. The resigning player's penguins leave the
board, the floes under them stay (then F-10 removes what nobody can reach any more), their catch
stays, and they are ranked after every player who did not resign. Once fewer than two players
who did not resign are left, the game ends at once: the last one leaves the ice as under F-11
(taking the floes under their penguins) instead of collecting the rest of the board alone,
which could not change the ranking. Players who went out under F-11 still count as in the game.

Floes live on a padded 8 × 8 bit layout: bit ``row * 8 + slot``, where ``slot`` is the 0-based
place in the row. Rows A, C, E, G (even rows) use slots 0–6 and are indented by half a floe;
rows B, D, F, H use slots 0–7 (F-1). Bitboards make move generation and the unreachable-floe
flood fill (F-10) cheap enough for search.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from bot.games.base import Event, IllegalAction, game_over, make_rng, not_over_yet, rank_by

ROWS = "ABCDEFGH"
PENGUINS_PER_PLAYER = {2: 4, 3: 3, 4: 2}  # F-4
FISH_COUNTS = (1,) * 30 + (2,) * 20 + (3,) * 10  # F-3

FLOE_NAMES: tuple[str, ...] = tuple(
    f"{ROWS[row]}{slot + 1}" for row in range(8) for slot in range(7 if row % 2 == 0 else 8)
)
_BIT_OF: dict[str, int] = {name: ROWS.index(name[0]) * 8 + int(name[1:]) - 1 for name in FLOE_NAMES}
_NAME_OF: dict[int, str] = {bit: name for name, bit in _BIT_OF.items()}
BITS: tuple[int, ...] = tuple(_BIT_OF[name] for name in FLOE_NAMES)

VALID = sum(1 << b for b in BITS)
EVEN_ROWS = sum(1 << b for b in BITS if (b >> 3) % 2 == 0)
ODD_ROWS = VALID & ~EVEN_ROWS

# Directions as (row step, doubled-x step): a floe at slot s has doubled x = 2s+1 in an
# 8-row and 2s+2 in an indented 7-row (F-2).
DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (0, 2),
    "W": (0, -2),
    "NE": (-1, 1),
    "NW": (-1, -1),
    "SE": (1, 1),
    "SW": (1, -1),
}


def floe_position(name: str) -> tuple[int, int]:
    """The 0-based (row, index within the row) of a floe name such as ``C4``."""
    bit = _BIT_OF[name]
    return bit >> 3, bit & 7


def _step(bit: int, direction: str) -> int | None:
    row, slot = bit >> 3, bit & 7
    d_row, d_x = DIRECTIONS[direction]
    x = 2 * slot + (2 if row % 2 == 0 else 1) + d_x
    row += d_row
    if not 0 <= row < 8:
        return None
    offset = 2 if row % 2 == 0 else 1
    if (x - offset) % 2:
        return None
    slot = (x - offset) // 2
    target = row * 8 + slot
    return target if 0 <= slot < 8 and VALID >> target & 1 else None


def _ray(bit: int, direction: str) -> tuple[int, ...]:
    ray: list[int] = []
    nxt = _step(bit, direction)
    while nxt is not None:
        ray.append(nxt)
        nxt = _step(nxt, direction)
    return tuple(ray)


RAYS: dict[int, dict[str, tuple[int, ...]]] = {b: {d: _ray(b, d) for d in DIRECTIONS} for b in BITS}
NEIGHBOURS: dict[int, int] = {b: sum(1 << r[0] for r in RAYS[b].values() if r) for b in BITS}


def _reach_table(ray: tuple[int, ...]) -> tuple[int, dict[int, int]]:
    """For one ray: its mask, and for every pattern of free floes on it, the floes reachable."""
    mask = sum(1 << b for b in ray)
    table: dict[int, int] = {}
    for pattern in range(1 << len(ray)):
        free = sum(1 << ray[i] for i in range(len(ray)) if pattern >> i & 1)
        reach = 0
        for b in ray:  # F-8: stop before the first floe that is not free
            if not free >> b & 1:
                break
            reach |= 1 << b
        table[free] = reach
    return mask, table


_REACH: dict[int, tuple[tuple[int, dict[int, int]], ...]] = {
    b: tuple(_reach_table(RAYS[b][d]) for d in DIRECTIONS if RAYS[b][d]) for b in BITS
}


def reach(bit: int, free: int) -> int:
    """Bitboard of floes a penguin on ``bit`` can move to, given the free floes (F-7, F-8)."""
    result = 0
    for mask, table in _REACH[bit]:
        result |= table[free & mask]
    return result


def expand(m: int) -> int:
    """Every floe bit next to a bit of ``m`` (the six hex neighbours), bit-parallel."""
    even, odd = m & EVEN_ROWS, m & ODD_ROWS
    out = (m << 1) & ~0x0101010101010101 | (m >> 1) & ~0x8080808080808080
    out |= (even >> 7) | (even >> 8) | (even << 9) | (even << 8)
    out |= ((odd >> 8) | (odd >> 9) | (odd << 8) | (odd << 7)) & EVEN_ROWS
    return out & VALID


def connected(seeds: int, board: int) -> int:
    """The floes of ``board`` connected to ``seeds`` through shared edges (F-10)."""
    region = seeds & board
    while True:
        grown = region | expand(region) & board
        if grown == region:
            return region
        region = grown


def bits_of(m: int) -> Iterator[int]:
    """The set bit indices of a bitboard, lowest first."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def names_of(m: int) -> list[str]:
    """Floe names of a bitboard, in board order."""
    return [_NAME_OF[b] for b in bits_of(m)]


_NOTATION = re.compile(r"^\s*([A-Za-z])\s*(\d+)\s*(?:(?:-|–|—|\s)\s*([A-Za-z])\s*(\d+)\s*)?$")


def _parse_floe(letter: str, number: str, text: str) -> int:
    name = f"{letter.upper()}{int(number)}"
    if name not in _BIT_OF:
        raise IllegalAction(
            "no_such_floe",
            f"{name} is not a floe (rows A–H; A, C, E, G have floes 1–7, B, D, F, H have 1–8)",
            floe=name,
        )
    return _BIT_OF[name]


def parse(text: str) -> tuple[int, int | None]:
    """Parse ``C4`` or ``C4-F2`` (any case, spaces allowed) into floe bits."""
    match = _NOTATION.match(text)
    if not match:
        raise IllegalAction(
            "bad_notation",
            f"'{text.strip()}' is not an action: name a floe like C4 or a move like C4-F2",
            text=text.strip(),
        )
    origin = _parse_floe(match[1], match[2], text)
    if match[3] is None:
        return origin, None
    return origin, _parse_floe(match[3], match[4], text)


_RESIGN = re.compile(r"^\s*resign\s+(\d+)\s*$", re.IGNORECASE)


def parse_resign(text: str, players: int) -> int | None:
    """The seat of a ``resign <seat>`` action, or None if ``text`` is not one."""
    match = _RESIGN.match(text)
    if match is None:
        return None
    seat = int(match[1])
    if seat >= players:
        raise IllegalAction(
            "no_such_seat", f"there is no seat {seat} (seats 0 to {players - 1})", seat=seat
        )
    return seat


def random_floes(rng: random.Random) -> list[int]:
    """A shuffled fish count per floe in FLOE_NAMES order (F-3)."""
    counts = list(FISH_COUNTS)
    rng.shuffle(counts)
    return counts


@dataclass(eq=True)
class FishGame:
    """A game of Hey, That's My Fish! following the engine contract of DESIGN.md."""

    players: int
    seed: int
    fish: list[int]  # fish per bit (0 for bits that are not floes)
    board: int  # floes still on the board
    penguins_of: list[list[int]]  # per seat: bits of its penguins on the board
    to_place: list[int]
    catch: list[dict[str, int]]
    out: list[bool]
    current: int | None
    removed_fish: int = 0
    log: list[str] = field(default_factory=list)
    resigned: list[bool] = field(default_factory=list)
    last: dict[str, Any] | None = None
    kind: str = "fish"

    def __post_init__(self) -> None:
        """Nobody has resigned unless told otherwise (old snapshots)."""
        if not self.resigned:
            self.resigned = [False] * self.players

    @classmethod
    def new(cls, players: int, seed: int = 0, floes: Sequence[int] | None = None) -> Self:
        """Set up a game; ``floes`` pins the fish per floe (A1…H8; 0 means open water)."""
        if players not in PENGUINS_PER_PLAYER:
            raise ValueError("Hey, That's My Fish! is for 2 to 4 players")
        counts = list(floes) if floes is not None else random_floes(make_rng(seed))
        if len(counts) != len(FLOE_NAMES) or any(c not in (0, 1, 2, 3) for c in counts):
            raise ValueError("floes must be 60 fish counts (0–3) in the order A1…H8")
        per_player = PENGUINS_PER_PLAYER[players]
        if sum(1 for c in counts if c == 1) < per_player * players:
            raise ValueError("the board needs a 1-fish floe for every penguin (F-6)")
        fish = [0] * 64
        for bit, count in zip(BITS, counts, strict=True):
            fish[bit] = count
        return cls(
            players=players,
            seed=seed,
            fish=fish,
            board=sum(1 << b for b in BITS if fish[b]),
            penguins_of=[[] for _ in range(players)],
            to_place=[per_player] * players,
            catch=[{"fish": 0, "floes": 0} for _ in range(players)],
            out=[False] * players,
            current=0,
            resigned=[False] * players,
        )

    # --- reading -------------------------------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        """The engine options this game was created with (the board comes from the seed)."""
        return {}

    @property
    def to_move(self) -> int | None:
        """Seat whose decision it is; None when the game is over."""
        return self.current

    @property
    def is_over(self) -> bool:
        """Whether every player has gone out (F-14)."""
        return self.current is None

    @property
    def phase(self) -> str:
        """``place`` while penguins are being placed, then ``move``, then ``over``."""
        if self.current is None:
            return "over"
        return "place" if any(self.to_place) else "move"

    @property
    def scores(self) -> list[int]:
        """Fish caught per seat."""
        return [c["fish"] for c in self.catch]

    @property
    def floes(self) -> dict[str, int]:
        """Floe name → fish, for every floe still on the board."""
        return {_NAME_OF[b]: self.fish[b] for b in bits_of(self.board)}

    @property
    def penguins(self) -> dict[str, int]:
        """Floe name → seat of the penguin standing on it."""
        return {_NAME_OF[b]: seat for seat, bits in enumerate(self.penguins_of) for b in bits}

    @property
    def occupied(self) -> int:
        """Bitboard of floes with a penguin on them."""
        return sum(1 << b for bits in self.penguins_of for b in bits)

    def move_targets(self, seat: int) -> list[tuple[int, int]]:
        """For each penguin of ``seat``: (its bit, bitboard of floes it may move to)."""
        free = self.board & ~self.occupied
        return [(b, reach(b, free)) for b in self.penguins_of[seat]]

    def can_move(self, seat: int) -> bool:
        """Whether any penguin of ``seat`` can move."""
        free = self.board & ~self.occupied
        return any(reach(b, free) for b in self.penguins_of[seat])

    def placements(self) -> int:
        """Bitboard of free 1-fish floes (F-6)."""
        ones = sum(1 << b for b in bits_of(self.board) if self.fish[b] == 1)
        return ones & ~self.occupied

    def legal_actions(self) -> list[str]:
        """Every legal action text for ``to_move``, sorted; [] when over."""
        if self.current is None:
            return []
        if self.phase == "place":
            return sorted(names_of(self.placements()))
        return sorted(
            f"{_NAME_OF[b]}-{_NAME_OF[t]}"
            for b, targets in self.move_targets(self.current)
            for t in bits_of(targets)
        )

    def ranking(self) -> list[list[int]]:
        """Seats grouped by rank: most fish, then most floes; full ties share a rank (F-15).

        Players who resigned come after everyone who did not, ranked among themselves alike.
        """
        if not self.is_over:
            raise not_over_yet()
        return rank_by(
            [
                (not gone, c["fish"], c["floes"])
                for gone, c in zip(self.resigned, self.catch, strict=True)
            ]
        )

    # --- playing -------------------------------------------------------------------------------

    def play(self, text: str, seat: int | None = None) -> list[Event]:
        """Apply a placement (``C4``) or a move (``C4-F2``); raise IllegalAction if illegal.

        ``seat``, when given, is the seat of the person acting: anyone else is refused.
        """
        if self.current is None:
            raise game_over()
        resigning = parse_resign(text, self.players)
        if resigning is not None:
            if seat is not None and seat != resigning:
                raise IllegalAction(
                    "resign_other", "only a player may resign for themselves", seat=resigning
                )
            return self._resign(resigning)
        if seat is not None and seat != self.current:
            raise IllegalAction("not_your_turn", "it is not your turn", seat=self.current)
        origin, target = parse(text)
        if self.phase == "place":
            if target is not None:
                raise IllegalAction(
                    "placing",
                    "penguins are still being placed: name a free 1-fish floe, e.g. C4",
                )
            return self._place(origin)
        if target is None:
            raise IllegalAction(
                "moving",
                "all penguins are placed: move one, from its floe to another, e.g. C4-F2",
            )
        return self._move(origin, target)

    def _place(self, bit: int) -> list[Event]:
        name = _NAME_OF[bit]
        if not self.board >> bit & 1:
            raise IllegalAction("open_water", f"{name} is open water", floe=name)
        if self.occupied >> bit & 1:
            raise IllegalAction("occupied", f"{name} already has a penguin on it", floe=name)
        if self.fish[bit] != 1:
            raise IllegalAction(
                "not_one_fish",
                f"{name} has {self.fish[bit]} fish; penguins start on 1-fish floes",
                floe=name,
                fish=self.fish[bit],
            )
        seat = self._current()
        self.penguins_of[seat].append(bit)
        self.to_place[seat] -= 1
        self.log.append(name)
        self.last = {
            "seat": seat,
            "action": name,
            "from": None,
            "to": name,
            "path": [],
            "removed": [],
            "out": [],
        }
        events: list[Event] = [{"type": "placed", "seat": seat, "floe": name}]
        if any(self.to_place):
            # F-6: round-robin in seat order; seats with nothing left to place are passed over.
            nxt = (seat + 1) % self.players
            while not self.to_place[nxt]:
                nxt = (nxt + 1) % self.players
            self.current = nxt
        else:
            events.append({"type": "hunt_begins"})
            self.current = self.players - 1  # so that the hunt starts with seat 0
            events += self._advance()
        return events

    def _move(self, origin: int, target: int) -> list[Event]:
        seat = self._current()
        start, end = _NAME_OF[origin], _NAME_OF[target]
        if origin not in self.penguins_of[seat]:
            raise IllegalAction("not_your_penguin", f"you have no penguin on {start}", floe=start)
        if origin == target:
            raise IllegalAction("no_move", "a penguin must move at least one floe", floe=start)
        ray = next((r for r in RAYS[origin].values() if target in r), None)
        if ray is None:
            raise IllegalAction(
                "not_straight",
                f"{end} is not in a straight line from {start}",
                origin=start,
                target=end,
            )
        path = ray[: ray.index(target) + 1]
        occupied = self.occupied
        for b in path:
            where = "on" if b == target else "between"
            if not self.board >> b & 1:
                msg = (
                    f"{end} is open water"
                    if b == target
                    else f"there is a gap between {start} and {end}"
                )
                raise IllegalAction(f"gap_{where}", msg, origin=start, target=end)
            if occupied >> b & 1:
                msg = (
                    f"{end} already has a penguin on it"
                    if b == target
                    else f"a penguin blocks the way between {start} and {end}"
                )
                raise IllegalAction(f"penguin_{where}", msg, origin=start, target=end)
        # F-9: the floe the penguin left goes to the mover's catch.
        penguins = self.penguins_of[seat]
        penguins[penguins.index(origin)] = target
        fish = self.fish[origin]
        self.board &= ~(1 << origin)
        self.catch[seat]["fish"] += fish
        self.catch[seat]["floes"] += 1
        self.log.append(f"{start}-{end}")
        events: list[Event] = [
            {
                "type": "moved",
                "seat": seat,
                "from": start,
                "to": end,
                "path": [_NAME_OF[b] for b in path],
                "fish": fish,
            }
        ]
        self.last = {
            "seat": seat,
            "action": f"{start}-{end}",
            "from": start,
            "to": end,
            "path": [_NAME_OF[b] for b in path],
            "removed": [],
            "out": [],
        }
        events += self._remove_unreachable()
        events += self._advance()
        return events

    def _resign(self, seat: int) -> list[Event]:
        """A player gives up (or timed out): penguins off, floes and catch stay."""
        if self.resigned[seat]:
            raise IllegalAction("already_resigned", "that player has already left", seat=seat)
        placing = self.phase == "place"
        names = names_of(sum(1 << b for b in self.penguins_of[seat]))
        self.resigned[seat] = True
        self.out[seat] = True
        self.penguins_of[seat] = []
        self.to_place[seat] = 0
        self.log.append(f"resign {seat}")
        self.last = None  # what sinks now is the forfeit's doing, not the last move's
        events: list[Event] = [{"type": "forfeit", "seat": seat, "floes": names}]
        if not placing:
            events += self._remove_unreachable()  # F-10: no penguin is left to reach them
        staying = [s for s in range(self.players) if not self.resigned[s]]
        if len(staying) < 2:
            for last in staying:
                if not self.out[last]:
                    events += self._go_out(last)
            self.current = None
            events.append({"type": "game_over", "scores": self.scores, "ranking": self.ranking()})
            return events
        if self.current != seat:
            return events  # the player to move is unaffected: penguins only left the board
        if placing and any(self.to_place):
            nxt = (seat + 1) % self.players
            while not self.to_place[nxt]:
                nxt = (nxt + 1) % self.players
            self.current = nxt
            return events
        if placing:
            events.append({"type": "hunt_begins"})
            self.current = self.players - 1  # so that the hunt starts with seat 0
        return events + self._advance()

    def _current(self) -> int:
        if self.current is None:  # pragma: no cover - guarded by play()
            raise game_over()
        return self.current

    def _remove_unreachable(self) -> list[Event]:
        """F-10: floes in groups that hold no penguin leave the board, unscored."""
        lost = self.board & ~connected(self.occupied, self.board)
        if not lost:
            return []
        self.board &= ~lost
        names = names_of(lost)
        fish = sum(self.fish[b] for b in bits_of(lost))
        self.removed_fish += fish
        if self.last is not None:
            self.last["removed"] += names
        return [{"type": "floes_removed", "floes": names, "fish": fish}]

    def _advance(self) -> list[Event]:
        """Pass the turn on; players who cannot move go out (F-11); the game may end (F-14)."""
        events: list[Event] = []
        seat = self._current()
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if self.out[seat]:
                continue
            if self.can_move(seat):
                self.current = seat
                return events
            events += self._go_out(seat)
        # Every player is out (a player who went out cannot come back).
        self.current = None
        events.append({"type": "game_over", "scores": self.scores, "ranking": self.ranking()})
        return events

    def _go_out(self, seat: int) -> list[Event]:
        """F-11: the player takes their penguins off, with the floes they stand on."""
        bits = sorted(self.penguins_of[seat])
        fish = sum(self.fish[b] for b in bits)
        for b in bits:
            self.board &= ~(1 << b)
        self.penguins_of[seat] = []
        self.out[seat] = True
        self.catch[seat]["fish"] += fish
        self.catch[seat]["floes"] += len(bits)
        names = [_NAME_OF[b] for b in bits]
        if self.last is not None:
            self.last["out"].append({"seat": seat, "floes": names, "fish": fish})
        events: list[Event] = [{"type": "out", "seat": seat, "floes": names, "fish": fish}]
        return events + self._remove_unreachable()

    # --- snapshots and views -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot; ``from_dict`` restores an equal game."""
        return {
            "kind": self.kind,
            "players": self.players,
            "seed": self.seed,
            "fish": [self.fish[b] for b in BITS],
            "floes": names_of(self.board),
            "penguins": [[_NAME_OF[b] for b in bits] for bits in self.penguins_of],
            "to_place": list(self.to_place),
            "catch": [dict(c) for c in self.catch],
            "out": list(self.out),
            "resigned": list(self.resigned),
            "to_move": self.current,
            "removed_fish": self.removed_fish,
            "log": list(self.log),
            "last": _copy_last(self.last),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Restore a game from ``to_dict`` output."""
        fish = [0] * 64
        for bit, count in zip(BITS, data["fish"], strict=True):
            fish[bit] = count
        return cls(
            players=data["players"],
            seed=data["seed"],
            fish=fish,
            board=sum(1 << _BIT_OF[n] for n in data["floes"]),
            penguins_of=[[_BIT_OF[n] for n in seat] for seat in data["penguins"]],
            to_place=list(data["to_place"]),
            catch=[dict(c) for c in data["catch"]],
            out=list(data["out"]),
            current=data["to_move"],
            removed_fish=data["removed_fish"],
            log=list(data["log"]),
            last=_copy_last(data["last"]),
            # Snapshots from before resignations existed have nobody resigned.
            resigned=list(data.get("resigned") or []),
        )

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything a seat (or a spectator: None) may see; Fish has no hidden information."""
        return {
            "kind": self.kind,
            "players": self.players,
            "phase": self.phase,
            "to_move": self.current,
            "viewer": seat,
            "floes": self.floes,
            "penguins": self.penguins,
            "catch": [dict(c) for c in self.catch],
            "scores": self.scores,
            "out": list(self.out),
            "resigned": list(self.resigned),
            "to_place": list(self.to_place),
            "last": _copy_last(self.last),
            "turn": len(self.log),
            "ranking": self.ranking() if self.is_over else None,
        }


def _copy_last(last: dict[str, Any] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    copy = dict(last)
    copy["path"] = list(last["path"])
    copy["removed"] = list(last["removed"])
    copy["out"] = [dict(o, floes=list(o["floes"])) for o in last["out"]]
    return copy


def random_playout(game: FishGame, rng: random.Random) -> list[int]:
    """Play random moves from ``game``'s hunt position to the end; return the fish per seat.

    Works on plain bitboards without touching ``game``: unreachable floes (F-10) are not removed
    because nobody can catch them anyway, which leaves every score unchanged.
    """
    if game.phase == "place":
        raise ValueError("random playouts start in the hunt")
    fish = game.fish
    board = game.board
    penguins = [list(p) for p in game.penguins_of]
    scores = game.scores
    out = list(game.out)
    seat = game.current
    players = game.players
    occupied = game.occupied
    remaining = out.count(False)
    while seat is not None and remaining:
        free = board & ~occupied
        own = penguins[seat]
        options = [(i, r) for i, b in enumerate(own) if (r := reach(b, free))]
        if not options:
            for b in own:  # F-11
                scores[seat] += fish[b]
                board &= ~(1 << b)
                occupied &= ~(1 << b)
            penguins[seat] = []
            out[seat] = True
            remaining -= 1
        else:
            index, targets = options[rng.randrange(len(options))]
            origin = own[index]
            count = targets.bit_count()
            pick = rng.randrange(count)
            while pick:
                targets &= targets - 1
                pick -= 1
            target = (targets & -targets).bit_length() - 1
            own[index] = target
            scores[seat] += fish[origin]
            board &= ~(1 << origin)
            occupied ^= (1 << origin) | (1 << target)
        nxt = seat
        for _ in range(players):
            nxt = (nxt + 1) % players
            if not out[nxt]:
                break
        seat = nxt if not out[nxt] else None
    return scores
