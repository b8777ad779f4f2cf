"""Hey, That's My Fish! (docs/rules.md F-1 … F-15): the rules engine behind the engine contract
of bot.games.base.

Besides the notation of docs/rules.md the engine takes ``resign <seat>`` from that seat at any time
(a resignation or a timed-out turn must be in the log, because the log is the game). It is not
a move choice, so ``legal_actions`` never lists it. The resigning player's penguins leave the
board, the floes under them stay (then F-10 removes what nobody can reach any more), their catch
stays, and they are ranked after every player who did not resign. Once fewer than two players
who did not resign are left, the game ends at once: the last one leaves the ice as under F-11
(taking the floes under their penguins) instead of collecting the rest of the board alone,
which could not change the ranking. Players who went out under F-11 still count as in the game.

The board itself (bitboards, rays, reach) is in geometry.py, the actions and their notation in
actions.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from bot.games.base import (
    Event,
    IllegalAction,
    Turn,
    check_seat,
    game_over,
    is_resignation,
    logged_seat,
    make_rng,
    not_over_yet,
    rank_by,
)
from bot.games.fish.actions import FishAction, PenguinMove, Place, parse
from bot.games.fish.geometry import (
    BIT_OF,
    BITS,
    FLOE_NAMES,
    NAME_OF,
    RAYS,
    bits_of,
    connected,
    names_of,
    reach,
)

PENGUINS_PER_PLAYER = {2: 4, 3: 3, 4: 2}  # F-4
FISH_COUNTS = (1,) * 30 + (2,) * 20 + (3,) * 10  # F-3


def random_floes(rng: random.Random) -> list[int]:
    """A shuffled fish count per floe in FLOE_NAMES order (F-3)."""
    counts = list(FISH_COUNTS)
    rng.shuffle(counts)
    return counts


@dataclass(eq=True)
class FishGame:
    """A game of Hey, That's My Fish! following the engine contract of bot.games.base."""

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

    MIN_PLAYERS: ClassVar[int] = min(PENGUINS_PER_PLAYER)
    MAX_PLAYERS: ClassVar[int] = max(PENGUINS_PER_PLAYER)

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
        return {NAME_OF[b]: self.fish[b] for b in bits_of(self.board)}

    @property
    def penguins(self) -> dict[str, int]:
        """Floe name → seat of the penguin standing on it."""
        return {NAME_OF[b]: seat for seat, bits in enumerate(self.penguins_of) for b in bits}

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
        return [str(move) for move in self.legal_moves()]

    def legal_moves(self) -> list[FishAction]:
        """Every legal action for ``to_move`` as a value, in the order of ``legal_actions``."""
        if self.current is None:
            return []
        if self.phase == "place":
            return [Place(name) for name in sorted(names_of(self.placements()))]
        return sorted(
            (
                PenguinMove(NAME_OF[b], NAME_OF[t])
                for b, targets in self.move_targets(self.current)
                for t in bits_of(targets)
            ),
            key=str,
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

    def play(self, text: str, seat: int) -> list[Event]:
        """Apply ``seat``'s placement (``C4``), move (``C4-F2``) or ``resign <seat>``.

        IllegalAction, with nothing changed, for anything the rules or the turn do not allow:
        a move out of turn (``not_your_turn``) or a resignation for another seat (``resign_other``).
        """
        resigning = check_seat(text, seat, self.players, self.current)
        if resigning is not None:
            return self._resign(resigning)
        action = parse(text)
        if self.phase == "place":
            if not isinstance(action, Place):
                raise IllegalAction(
                    "placing",
                    "penguins are still being placed: name a free 1-fish floe, e.g. C4",
                )
            return self._place(BIT_OF[action.floe])
        if not isinstance(action, PenguinMove):
            raise IllegalAction(
                "moving",
                "all penguins are placed: move one, from its floe to another, e.g. C4-F2",
            )
        return self._move(BIT_OF[action.penguin], BIT_OF[action.to])

    def _place(self, bit: int) -> list[Event]:
        name = NAME_OF[bit]
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
        start, end = NAME_OF[origin], NAME_OF[target]
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
                "path": [NAME_OF[b] for b in path],
                "fish": fish,
            }
        ]
        self.last = {
            "seat": seat,
            "action": f"{start}-{end}",
            "from": start,
            "to": end,
            "path": [NAME_OF[b] for b in path],
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
        names = [NAME_OF[b] for b in bits]
        if self.last is not None:
            self.last["out"].append({"seat": seat, "floes": names, "fish": fish})
        events: list[Event] = [{"type": "out", "seat": seat, "floes": names, "fish": fish}]
        return events + self._remove_unreachable()

    # --- turns and undo ------------------------------------------------------------------------

    @property
    def between_turns(self) -> bool:
        """Always: a Fish turn is one action, a placement (F-6) or a move (F-7)."""
        return True

    def turn_start(self) -> int:
        """The log position where the turn under way began: a Fish turn is never half taken."""
        return len(self.log)

    def turns(self) -> list[Turn]:
        """Every placement and move of the log with the seat that made it.

        Who moves depends on who went out (F-11), so the log is replayed on the starting board.
        """
        start = [self.fish[b] for b in BITS]
        game = type(self).new(self.players, self.seed, floes=start)
        found: list[Turn] = []
        for index, action in enumerate(self.log):
            seat = logged_seat(action, self.players, game.current)
            if not is_resignation(action):
                found.append(Turn(index, seat))
            game.play(action, seat)
        return found

    def turn_starts(self) -> list[int]:
        """Every placement and move is a turn of its own (F-6, F-7): all but resignations."""
        return [i for i, action in enumerate(self.log) if not is_resignation(action)]

    def undo_refusal(self, position: int) -> str | None:
        """Why the log may not be cut back to ``position``; Fish hides nothing, so no card."""
        if any(is_resignation(action) for action in self.log[position:]):
            return "resigned"
        if not 0 <= position < len(self.log):
            return "not_turn_start"
        return None

    def undo_points(self) -> list[int]:
        """Every placement and move after the last resignation."""
        return [p for p in range(len(self.log)) if self.undo_refusal(p) is None]

    # --- snapshots and views -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot; ``from_dict`` restores an equal game."""
        return {
            "kind": self.kind,
            "players": self.players,
            "seed": self.seed,
            "fish": [self.fish[b] for b in BITS],
            "floes": names_of(self.board),
            "penguins": [[NAME_OF[b] for b in bits] for bits in self.penguins_of],
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
            board=sum(1 << BIT_OF[n] for n in data["floes"]),
            penguins_of=[[BIT_OF[n] for n in seat] for seat in data["penguins"]],
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
