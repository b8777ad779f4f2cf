"""The iceberg: the cards on the table and the invitation stones on them (U-4 … U-22).

Everything here is about the table alone: which cells may take a penguin (U-11), what a penguin
costs (U-12), which entertainers perform (U-15) and where a new one may go (U-21). Occupancy is
kept in a flat bytearray beside the card maps so that the hot checks are plain index lookups.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Self

from bot.games.ultimatum.cards import CURTAIN, PENGUINS
from bot.games.ultimatum.table import Geometry, geometry


@dataclass(eq=True)
class Iceberg:
    """Cards by cell (penguins, entertainers with their orientation, curtains) and stones."""

    width: int
    height: int
    penguins: dict[int, str] = field(default_factory=dict)
    entertainers: dict[int, tuple[str, bool]] = field(default_factory=dict)  # → (card, turned)
    curtains: set[int] = field(default_factory=set)
    stones: dict[int, int] = field(default_factory=dict)  # penguin's cell → seat of the stone
    geo: Geometry = field(init=False, compare=False, repr=False)
    filled: bytearray = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Look up the geometry and rebuild the occupancy from the card maps."""
        self.geo = geometry(self.width, self.height)
        self.filled = bytearray(self.width * self.height)
        for cell in (*self.penguins, *self.entertainers, *self.curtains):
            self.filled[cell] = 1

    @classmethod
    def from_table(
        cls, width: int, height: int, table: Mapping[str, str], stones: Mapping[str, int]
    ) -> Self:
        """Rebuild an iceberg from its ``table`` and ``stone_names`` texts."""
        ice = cls(width, height)
        index = ice.geo.index
        for name, text in table.items():
            card, *turned = text.split()
            if card == CURTAIN:
                ice.lay_curtain(index[name])
            elif card in PENGUINS:
                ice.lay_penguin(index[name], card)
            else:
                ice.lay_entertainer(index[name], card, bool(turned))
        ice.stones = {index[name]: seat for name, seat in stones.items()}
        return ice

    # --- reading -------------------------------------------------------------------------------

    def table(self) -> dict[str, str]:
        """Cell → a penguin id, ``curtain``, ``<entertainer>`` or ``<entertainer> turned``."""
        names = self.geo.names
        cards = {c: p for c, p in self.penguins.items()}
        cards |= dict.fromkeys(self.curtains, CURTAIN)
        cards |= {c: f"{e} turned" if t else e for c, (e, t) in self.entertainers.items()}
        return {names[c]: cards[c] for c in sorted(cards)}

    def stone_names(self) -> dict[str, int]:
        """Cell of a penguin → the seat whose invitation stone lies on it."""
        return {self.geo.names[c]: seat for c, seat in sorted(self.stones.items())}

    def occupied(self) -> list[int]:
        """Every cell holding a card."""
        return [*self.penguins, *self.entertainers, *self.curtains]

    def penguin_cells(self) -> set[int]:
        """U-11: empty cells next to at least one entertainer."""
        filled, adjacent = self.filled, self.geo.adjacent
        return {n for e in self.entertainers for n in adjacent[e] if not filled[n]}

    def kin(self, card: str, cell: int) -> list[int]:
        """U-12: the cells of same-colour penguins next to ``cell``."""
        colour, at = PENGUINS[card].colour, self.penguins
        return [n for n in self.geo.adjacent[cell] if n in at and PENGUINS[at[n]].colour == colour]

    def kin_colours(self, cell: int) -> set[str]:
        """The colours of the penguins next to ``cell`` (a fee is due for exactly those)."""
        at = self.penguins
        return {PENGUINS[at[n]].colour for n in self.geo.adjacent[cell] if n in at}

    def performs(self, cell: int, entertainer: str, turned: bool) -> bool:
        """U-15: every dot points at a filled cell or off the iceberg."""
        filled = self.filled
        return all(filled[d] for d in self.geo.dot_cells[(entertainer, turned)][cell])

    def triggered(self) -> list[int]:
        """Step 3: the cells of every entertainer that performs now, in cell order."""
        return sorted(c for c, (e, t) in self.entertainers.items() if self.performs(c, e, t))

    def occupancy(self) -> int:
        """The filled cells as one integer, bit 8·cell per cell (the bytes of ``filled``)."""
        return int.from_bytes(self.filled, "little")

    def triggers(self, pending: Collection[int]) -> dict[int, int]:
        """Cells that would make a not yet triggered entertainer perform → that entertainer."""
        found: dict[int, int] = {}
        empty, dot_masks = ~self.occupancy(), self.geo.dot_masks
        for cell, key in self.entertainers.items():
            if cell in pending:
                continue
            open_dots = dot_masks[key][cell] & empty
            if open_dots and not open_dots & (open_dots - 1):  # exactly one dot still open
                found.setdefault((open_dots.bit_length() - 1) >> 3, cell)
        return found

    def entertainer_placements(self, top: str, pending: Collection[int]) -> list[tuple[int, bool]]:
        """U-21: every (cell, turned) where ``top`` may be laid with no show starting at once."""
        occupied = self.occupancy()
        near, adjacent_masks = 0, self.geo.adjacent_masks
        for c in self.occupied():
            near |= adjacent_masks[c]
        free = (near & ~occupied).to_bytes(len(self.filled), "little")
        triggers = self.triggers(pending)
        cells = [n for n, on in enumerate(free) if on and n not in triggers]
        empty = ~occupied
        upright, turned = self.geo.dot_masks[(top, False)], self.geo.dot_masks[(top, True)]
        found = [(cell, False) for cell in cells if upright[cell] & empty]
        found += [(cell, True) for cell in cells if turned[cell] & empty]
        return found

    # --- changing ------------------------------------------------------------------------------

    def lay_penguin(self, cell: int, card: str) -> None:
        """Put a penguin card on an empty cell."""
        self.penguins[cell] = card
        self.filled[cell] = 1

    def lay_entertainer(self, cell: int, card: str, turned: bool) -> None:
        """Put an entertainer on an empty cell, turned or not."""
        self.entertainers[cell] = (card, turned)
        self.filled[cell] = 1

    def lay_curtain(self, cell: int) -> str | None:
        """U-20: a curtain takes the cell; return the entertainer it replaces, if any."""
        replaced = self.entertainers.pop(cell, None)
        self.curtains.add(cell)
        self.filled[cell] = 1
        return replaced[0] if replaced else None
