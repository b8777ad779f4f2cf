"""The Penguin Ultimatum (RULES.md U-1 … U-27) behind the engine contract of DESIGN.md.

A turn is a sequence of decisions of the same player, one ``play()`` each: ``play …`` (step 1),
``invite …`` or ``skip`` (step 2), then — only where needed — ``perform <cell>`` when several
shows are due (U-16) and ``entertainer <cell> [turned]`` after each show (U-21). A single due
show and the draw (step 4) happen by themselves.

Events returned by ``play()`` (plain JSON-safe dicts; cells are names like ``E4``):

- ``penguin_laid``: seat, card, cell, fee (points lost, 0 if waived), waived (entertainer or
  None), kin (cells of the same-colour neighbours that made the fee)
- ``stone_moved``: seat, from (``supply`` or a cell), to
- ``invitation_skipped``: seat
- ``shows_pending``: seat, cells — several entertainers perform, the seat chooses the order
- ``show``: cell, entertainer, audience (cells), enjoyers (cells), points (per seat)
- ``card_awarded``: seat, entertainer — or ``card_removed``: entertainer, reason
  (``tie`` or ``nobody_scored``)
- ``curtain_laid``: cell
- ``entertainer_laid``: seat, entertainer, cell, turned
- ``entertainer_revealed``: entertainer — the deck's new face-up top card (None if empty)
- ``drawn``: seat, deck_count, private {card} — only the ``private`` part names the card
- ``game_over``: reason (``penguin_deck_empty``, ``entertainer_deck_empty``,
  ``no_penguin_cell``, ``no_entertainer_cell``), final_bonus, scores, ranking
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Self

from bot.games.base import Event, IllegalAction, game_over, not_over_yet
from bot.games.ultimatum.cards import (
    CURTAIN,
    ENTERTAINERS,
    PENGUINS,
    STARTING_SCORE,
    STONES_PER_PLAYER,
    card_order,
    enjoys,
)
from bot.games.ultimatum.deal import deal_game
from bot.games.ultimatum.notation import (
    USAGE,
    Action,
    Invite,
    LayEntertainer,
    Perform,
    Play,
    Skip,
    notation,
    parse,
)
from bot.games.ultimatum.scoring import award, final_bonus, final_ranking
from bot.games.ultimatum.table import DEFAULT_SIDE, OFF, Geometry, geometry

PHASES = ("play", "invite", "perform", "entertainer", "over")
_STEP_HINT = {
    "play": "lay a penguin first: " + USAGE["play"],
    "invite": "move an invitation stone or skip: " + USAGE["invite"] + ", or skip",
    "perform": "several entertainers perform: choose which goes first with " + USAGE["perform"],
    "entertainer": "lay the new entertainer: " + USAGE["entertainer"],
}

_STEP_ACTIONS: dict[str, type | tuple[type, ...]] = {
    "play": Play,
    "invite": (Invite, Skip),
    "perform": Perform,
    "entertainer": LayEntertainer,
}


@dataclass(eq=True)
class UltimatumGame:
    """A game of The Penguin Ultimatum following the engine contract of DESIGN.md."""

    players: int
    seed: int
    width: int
    height: int
    fixed_setup: bool
    penguins_at: dict[int, str]  # cell → penguin card
    entertainers_at: dict[int, tuple[str, bool]]  # cell → (entertainer, turned)
    curtains: set[int]
    stones_at: dict[int, int]  # cell of a penguin → seat owning the stone on it
    supply: list[int]
    points: list[int]
    activities: list[str]
    won: list[list[str]]
    hands: list[list[str]]
    deck: list[str]  # penguin draw pile, next card first
    entertainer_deck: list[str]  # first card is the face-up top (U-8)
    removed: list[str]  # entertainers out of the game (U-19, and those discarded under U-13)
    step: str
    current: int | None
    pending: list[int] = field(default_factory=list)  # cells of entertainers due to perform
    turn: int = 0
    log: list[str] = field(default_factory=list)
    last: dict[str, Any] | None = None
    final_bonus: list[list[int]] | None = None
    end_reason: str | None = None
    kind: str = "ultimatum"
    geo: Geometry = field(init=False, compare=False, repr=False)
    filled: bytearray = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.geo = geometry(self.width, self.height)
        self.filled = bytearray(self.width * self.height)
        for cell in (*self.penguins_at, *self.entertainers_at, *self.curtains):
            self.filled[cell] = 1

    @classmethod
    def new(
        cls,
        players: int,
        seed: int = 0,
        width: int = DEFAULT_SIDE,
        height: int = DEFAULT_SIDE,
        fixed_setup: bool = False,
        deal: dict[str, Any] | None = None,
    ) -> Self:
        """Set up a game (U-6 … U-9); ``deal`` pins any part of the cards (see deal.py)."""
        if players not in (2, 3, 4):
            raise ValueError("The Penguin Ultimatum is for 2 to 4 players")
        geo = geometry(width, height)
        cards = deal_game(players, seed, geo, fixed_setup, deal)
        game = cls(
            players=players,
            seed=seed,
            width=width,
            height=height,
            fixed_setup=fixed_setup,
            penguins_at={},
            entertainers_at=dict(cards.setup),
            curtains={geo.centre},
            stones_at={},
            supply=[STONES_PER_PLAYER] * players,
            points=[STARTING_SCORE] * players,
            activities=cards.activities,
            won=[[] for _ in range(players)],
            hands=cards.hands,
            deck=cards.deck,
            entertainer_deck=cards.entertainer_deck,
            removed=[],
            step="play",
            current=0,
        )
        if not game.penguin_cells():
            game.finish("no_penguin_cell")  # U-24: only a setup without entertainers gets here
        return game

    # --- reading -------------------------------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        """The engine options this game was created with (the cards come from the seed)."""
        return {"width": self.width, "height": self.height, "fixed_setup": self.fixed_setup}

    @property
    def to_move(self) -> int | None:
        """Seat whose decision it is; None when the game is over."""
        return self.current

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (U-24)."""
        return self.step == "over"

    @property
    def phase(self) -> str:
        """The current step: ``play``, ``invite``, ``perform``, ``entertainer`` or ``over``."""
        return self.step

    @property
    def scores(self) -> list[int]:
        """Score per seat; once over, the final scoring of U-25 is included."""
        return list(self.points)

    @property
    def table(self) -> dict[str, str]:
        """Cell → card: a penguin id, ``curtain``, ``<entertainer>`` or ``<entertainer> turned``."""
        names = self.geo.names
        cards = {names[c]: p for c, p in self.penguins_at.items()}
        cards |= {names[c]: CURTAIN for c in self.curtains}
        cards |= {
            names[c]: f"{e} turned" if turned else e
            for c, (e, turned) in self.entertainers_at.items()
        }
        return dict(sorted(cards.items(), key=lambda item: self.geo.index[item[0]]))

    @property
    def stones(self) -> dict[str, int]:
        """Cell of a penguin → the seat whose invitation stone lies on it."""
        return {self.geo.names[c]: seat for c, seat in sorted(self.stones_at.items())}

    def hand(self, seat: int) -> list[str]:
        """The penguin cards in ``seat``'s hand, sorted by colour, value and activity."""
        return sorted(self.hands[seat], key=card_order)

    def ranking(self) -> list[list[int]]:
        """Seats grouped by rank (U-26); full ties share a rank. Only when over."""
        if self.final_bonus is None:
            raise not_over_yet()
        return final_ranking(self.points, self.final_bonus, self.won)

    # --- the table -----------------------------------------------------------------------------

    def penguin_cells(self) -> set[int]:
        """U-11: empty cells next to at least one entertainer."""
        filled, adjacent = self.filled, self.geo.adjacent
        return {n for e in self.entertainers_at for n in adjacent[e] if not filled[n]}

    def kin(self, card: str, cell: int) -> list[int]:
        """U-12: the cells of same-colour penguins next to ``cell``."""
        colour = PENGUINS[card].colour
        at = self.penguins_at
        return [n for n in self.geo.adjacent[cell] if n in at and PENGUINS[at[n]].colour == colour]

    def performs(self, cell: int, entertainer: str, turned: bool) -> bool:
        """U-15: every dot points at a filled cell or off the iceberg."""
        filled = self.filled
        return all(filled[d] for d in self.geo.dot_cells[(entertainer, turned)][cell])

    def triggered(self) -> list[int]:
        """Step 3: the cells of every entertainer that performs now, in cell order."""
        return sorted(c for c, (e, t) in self.entertainers_at.items() if self.performs(c, e, t))

    def _triggers(self) -> dict[int, int]:
        """Cells that would make a not yet triggered entertainer perform → that entertainer."""
        found: dict[int, int] = {}
        filled, dot_cells = self.filled, self.geo.dot_cells
        for cell, key in self.entertainers_at.items():
            if cell in self.pending:
                continue
            open_dots = [d for d in dot_cells[key][cell] if not filled[d]]
            if len(open_dots) == 1:
                found.setdefault(open_dots[0], cell)
        return found

    def entertainer_placements(self) -> list[tuple[int, bool]]:
        """U-21: every (cell, turned) where the top entertainer may be laid."""
        if not self.entertainer_deck:
            return []
        top = self.entertainer_deck[0]
        filled, adjacent, dot_cells = self.filled, self.geo.adjacent, self.geo.dot_cells
        triggers = self._triggers()
        cells = {
            n
            for c in (*self.penguins_at, *self.entertainers_at, *self.curtains)
            for n in adjacent[c]
            if not filled[n] and n not in triggers
        }
        upright, turned = dot_cells[(top, False)], dot_cells[(top, True)]
        found = [(cell, False) for cell in cells if not all(filled[d] for d in upright[cell])]
        found += [(cell, True) for cell in cells if not all(filled[d] for d in turned[cell])]
        return found

    # --- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Every text ``play`` accepts at the current step, sorted; [] when over."""
        seat = self.current
        if seat is None:
            return []
        names = self.geo.names
        if self.step == "play":
            won = sorted(self.won[seat])
            cells = self.penguin_cells()
            found = [f"play {card} {names[cell]}" for card in self.hands[seat] for cell in cells]
            if won:
                at = self.penguins_at
                near = {
                    cell: {PENGUINS[at[n]].colour for n in self.geo.adjacent[cell] if n in at}
                    for cell in cells
                }
                found += [
                    f"play {card} {names[cell]} waive {w}"
                    for card in self.hands[seat]
                    for cell in cells
                    if PENGUINS[card].colour in near[cell]
                    for w in won
                ]
            return sorted(found)
        if self.step == "invite":
            sources = ["supply"] if self.supply[seat] else []
            sources += [names[c] for c, s in self.stones_at.items() if s == seat]
            targets = [names[c] for c in self.penguins_at if c not in self.stones_at]
            return sorted([f"invite {s} {t}" for s in sources for t in targets] + ["skip"])
        if self.step == "perform":
            return sorted(f"perform {names[c]}" for c in self.pending)
        return sorted(
            f"entertainer {names[c]} turned" if turned else f"entertainer {names[c]}"
            for c, turned in self.entertainer_placements()
        )

    # --- playing -------------------------------------------------------------------------------

    def play(self, text: str, seat: int | None = None) -> list[Event]:
        """Validate and apply one decision; raise IllegalAction and change nothing if illegal.

        ``seat``, when given, is the seat of the person acting: anyone else is refused.
        """
        if self.current is None:
            raise game_over()
        if seat is not None and seat != self.current:
            raise IllegalAction("not_your_turn", "it is not your turn", seat=self.current)
        action = parse(text, self.geo)
        self._check(action)
        self.log.append(notation(action, self.geo))
        return self._apply(action)

    def _check(self, action: Action) -> None:
        """Raise IllegalAction if ``action`` is not allowed now (nothing is changed)."""
        if not isinstance(action, _STEP_ACTIONS[self.step]):
            raise IllegalAction("wrong_step", _STEP_HINT[self.step], step=self.step)
        if isinstance(action, Play):
            self._check_penguin(action)
        elif isinstance(action, Invite):
            self._check_invite(action)
        elif isinstance(action, Perform) and action.cell not in self.pending:
            name = self.geo.names[action.cell]
            due = ", ".join(self.geo.names[c] for c in self.pending)
            raise IllegalAction(
                "not_pending",
                f"{name} is not one of the entertainers about to perform ({due})",
                cell=name,
                pending=due,
            )
        elif isinstance(action, LayEntertainer):
            self._check_entertainer(action)

    def _check_penguin(self, action: Play) -> None:
        seat, names = self._seat(), self.geo.names
        name = names[action.cell]
        if action.card not in self.hands[seat]:
            raise IllegalAction("not_in_hand", f"you don't hold {action.card}", card=action.card)
        if self.filled[action.cell]:
            raise IllegalAction("cell_taken", f"{name} is already taken", cell=name)
        if action.cell not in self.penguin_cells():
            raise IllegalAction(
                "not_next_to_entertainer", f"{name} is not next to an entertainer", cell=name
            )
        if action.waive is not None:
            if not self.kin(action.card, action.cell):
                raise IllegalAction(
                    "nothing_to_waive", "no kinship fee is due, nothing to waive", cell=name
                )
            if action.waive not in self.won[seat]:
                raise IllegalAction(
                    "not_won", f"you have not won {action.waive}", entertainer=action.waive
                )

    def _check_invite(self, action: Invite) -> None:
        seat, names = self._seat(), self.geo.names
        if action.source == OFF:
            if not self.supply[seat]:
                raise IllegalAction(
                    "supply_empty", "you have no invitation stones left in your supply"
                )
        elif self.stones_at.get(action.source) != seat:
            name = names[action.source]
            raise IllegalAction(
                "not_your_stone", f"there is no stone of yours on {name}", cell=name
            )
        target = names[action.target]
        if action.target not in self.penguins_at:
            raise IllegalAction("not_a_penguin", f"there is no penguin on {target}", cell=target)
        if action.target in self.stones_at:
            raise IllegalAction(
                "has_stone", f"the penguin on {target} already holds a stone", cell=target
            )

    def _check_entertainer(self, action: LayEntertainer) -> None:
        names, cell = self.geo.names, action.cell
        name, top = names[cell], self.entertainer_deck[0]
        if self.filled[cell]:
            raise IllegalAction("cell_taken", f"{name} is already taken", cell=name)
        if not any(self.filled[n] for n in self.geo.adjacent[cell]):
            raise IllegalAction("not_next_to_card", f"{name} is not next to any card", cell=name)
        other = self._triggers().get(cell)
        if other is not None:
            animal = ENTERTAINERS[self.entertainers_at[other][0]].animal
            raise IllegalAction(
                "would_start_show",
                f"that placement would start the {animal}'s show on {names[other]} at once",
                cell=name,
                entertainer=self.entertainers_at[other][0],
                performer=names[other],
            )
        if self.performs(cell, top, action.turned):
            animal = ENTERTAINERS[top].animal
            hint = "" if self.performs(cell, top, not action.turned) else "; laid the other way"
            hint += " it would not" if hint else ""
            raise IllegalAction(
                "would_start_show",
                f"that placement would start the {animal}'s show at once{hint}",
                cell=name,
                entertainer=top,
                performer=name,
            )

    def _seat(self) -> int:
        if self.current is None:  # pragma: no cover - guarded by play()
            raise game_over()
        return self.current

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Play):
            return self._lay_penguin(action)
        if isinstance(action, Invite):
            return self._move_stone(action)
        if isinstance(action, Skip):
            events: list[Event] = [{"type": "invitation_skipped", "seat": self._seat()}]
            return events + self._shows_begin()
        if isinstance(action, Perform):
            return self._show(action.cell)
        return self._lay_entertainer(action)

    def _lay_penguin(self, action: Play) -> list[Event]:
        """Step 1 (U-11 … U-13)."""
        seat, names = self._seat(), self.geo.names
        kin = self.kin(action.card, action.cell)
        fee = 0 if action.waive else sum(PENGUINS[self.penguins_at[n]].value for n in kin)
        self.hands[seat].remove(action.card)
        self.penguins_at[action.cell] = action.card
        self.filled[action.cell] = 1
        self.points[seat] -= fee
        if action.waive:
            self.won[seat].remove(action.waive)
            self.removed.append(action.waive)
        self.step = "invite"
        self.last = {
            "seat": seat,
            "card": action.card,
            "cell": names[action.cell],
            "fee": fee,
            "waived": action.waive,
            "stone": None,
            "shows": [],
            "entertainers_laid": [],
        }
        return [
            {
                "type": "penguin_laid",
                "seat": seat,
                "card": action.card,
                "cell": names[action.cell],
                "fee": fee,
                "waived": action.waive,
                "kin": [names[n] for n in kin],
            }
        ]

    def _move_stone(self, action: Invite) -> list[Event]:
        """Step 2 (U-14)."""
        seat, names = self._seat(), self.geo.names
        if action.source == OFF:
            self.supply[seat] -= 1
            source = "supply"
        else:
            del self.stones_at[action.source]
            source = names[action.source]
        self.stones_at[action.target] = seat
        if self.last is not None:
            self.last["stone"] = {"from": source, "to": names[action.target]}
        event: Event = {"type": "stone_moved", "seat": seat, "from": source}
        event["to"] = names[action.target]
        return [event, *self._shows_begin()]

    def _shows_begin(self) -> list[Event]:
        """Step 3 begins (U-15): every entertainer that performs now is due."""
        self.pending = self.triggered()
        return self._next_show()

    def _next_show(self) -> list[Event]:
        """Run the only due show, ask for the order of several (U-16), or go on to the draw."""
        if len(self.pending) == 1:
            return self._show(self.pending[0])
        if self.pending:
            self.step = "perform"
            cells = [self.geo.names[c] for c in self.pending]
            return [{"type": "shows_pending", "seat": self._seat(), "cells": cells}]
        return self._draw()

    def _show(self, cell: int) -> list[Event]:
        """U-17 … U-21: score, award the card, lay a curtain, then a new entertainer."""
        names, at = self.geo.names, self.penguins_at
        entertainer, _ = self.entertainers_at.pop(cell)
        card = ENTERTAINERS[entertainer]
        audience = [n for n in self.geo.adjacent[cell] if n in at]
        enjoyers = [n for n in audience if enjoys(PENGUINS[at[n]], card)]
        gained = [0] * self.players
        for n in enjoyers:
            owner = self.stones_at.get(n)
            if owner is not None:
                gained[owner] += PENGUINS[at[n]].value
        for seat, amount in enumerate(gained):
            self.points[seat] += amount
        winner = award(gained)
        events: list[Event] = [
            {
                "type": "show",
                "cell": names[cell],
                "entertainer": entertainer,
                "audience": sorted((names[n] for n in audience), key=self.geo.index.__getitem__),
                "enjoyers": sorted((names[n] for n in enjoyers), key=self.geo.index.__getitem__),
                "points": gained,
            }
        ]
        if winner is None:
            self.removed.append(entertainer)
            reason = "tie" if any(gained) else "nobody_scored"
            events.append({"type": "card_removed", "entertainer": entertainer, "reason": reason})
        else:
            self.won[winner].append(entertainer)
            events.append({"type": "card_awarded", "seat": winner, "entertainer": entertainer})
        self.curtains.add(cell)  # U-20: the cell stays filled
        self.pending.remove(cell)
        events.append({"type": "curtain_laid", "cell": names[cell]})
        if self.last is not None:
            self.last["shows"].append(
                {
                    "cell": names[cell],
                    "entertainer": entertainer,
                    "points": gained,
                    "winner": winner,
                }
            )
        # U-21, U-24: the new entertainer must exist and have somewhere to go.
        if not self.entertainer_deck:
            return events + self.finish("entertainer_deck_empty")
        if not self.entertainer_placements():  # U-24: checked both ways round
            return events + self.finish("no_entertainer_cell")
        self.step = "entertainer"
        return events

    def _lay_entertainer(self, action: LayEntertainer) -> list[Event]:
        """U-21 (d): the top entertainer goes on the table; the next one is turned face up."""
        seat, names = self._seat(), self.geo.names
        entertainer = self.entertainer_deck.pop(0)
        self.entertainers_at[action.cell] = (entertainer, action.turned)
        self.filled[action.cell] = 1
        if self.last is not None:
            self.last["entertainers_laid"].append(names[action.cell])
        top = self.entertainer_deck[0] if self.entertainer_deck else None
        events: list[Event] = [
            {
                "type": "entertainer_laid",
                "seat": seat,
                "entertainer": entertainer,
                "cell": names[action.cell],
                "turned": action.turned,
            },
            {"type": "entertainer_revealed", "entertainer": top},
        ]
        return events + self._next_show()

    def _draw(self) -> list[Event]:
        """Step 4 (U-23); the next seat's turn, unless the game ends (U-24)."""
        seat = self._seat()
        if not self.deck:
            return self.finish("penguin_deck_empty")
        card = self.deck.pop(0)
        self.hands[seat].append(card)
        self.turn += 1
        self.current = (seat + 1) % self.players
        self.step = "play"
        events: list[Event] = [
            {
                "type": "drawn",
                "seat": seat,
                "deck_count": len(self.deck),
                "private": {"card": card},
            }
        ]
        if not self.penguin_cells():
            events += self.finish("no_penguin_cell")
        return events

    def finish(self, reason: str) -> list[Event]:
        """U-24 … U-26: end the game now and add the final scoring, exactly once."""
        if self.final_bonus is not None:  # pragma: no cover - every caller ends a running game
            raise game_over()
        bonus = final_bonus(self.won, self.activities)
        for seat, (activity, majority) in enumerate(bonus):
            self.points[seat] += activity + majority
        self.final_bonus = bonus
        self.end_reason = reason
        self.step = "over"
        self.current = None
        self.pending = []
        return [
            {
                "type": "game_over",
                "reason": reason,
                "final_bonus": [list(b) for b in bonus],
                "scores": self.scores,
                "ranking": self.ranking(),
            }
        ]

    # --- snapshots and views -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot with everything needed to restore (hands and deck order too)."""
        names = self.geo.names
        return {
            "kind": self.kind,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "table": self.table,
            "stones": self.stones,
            "supply": list(self.supply),
            "scores": list(self.points),
            "activities": list(self.activities),
            "won": [list(w) for w in self.won],
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "entertainer_deck": list(self.entertainer_deck),
            "removed": list(self.removed),
            "phase": self.step,
            "to_move": self.current,
            "pending": [names[c] for c in self.pending],
            "turn": self.turn,
            "log": list(self.log),
            "last": copy.deepcopy(self.last),
            "final_bonus": copy.deepcopy(self.final_bonus),
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Restore a game from ``to_dict`` output."""
        options = data["options"]
        geo = geometry(options["width"], options["height"])
        penguins: dict[int, str] = {}
        entertainers: dict[int, tuple[str, bool]] = {}
        curtains: set[int] = set()
        for name, text in data["table"].items():
            cell = geo.index[name]
            if text == CURTAIN:
                curtains.add(cell)
            elif text in PENGUINS:
                penguins[cell] = text
            else:
                words = text.split()
                entertainers[cell] = (words[0], len(words) == 2)
        return cls(
            players=data["players"],
            seed=data["seed"],
            width=options["width"],
            height=options["height"],
            fixed_setup=options["fixed_setup"],
            penguins_at=penguins,
            entertainers_at=entertainers,
            curtains=curtains,
            stones_at={geo.index[name]: seat for name, seat in data["stones"].items()},
            supply=list(data["supply"]),
            points=list(data["scores"]),
            activities=list(data["activities"]),
            won=[list(w) for w in data["won"]],
            hands=[list(h) for h in data["hands"]],
            deck=list(data["deck"]),
            entertainer_deck=list(data["entertainer_deck"]),
            removed=list(data["removed"]),
            step=data["phase"],
            current=data["to_move"],
            pending=[geo.index[name] for name in data["pending"]],
            turn=data["turn"],
            log=list(data["log"]),
            last=copy.deepcopy(data["last"]),
            final_bonus=copy.deepcopy(data["final_bonus"]),
            end_reason=data["end_reason"],
        )

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (U-27); None is a spectator. Never another hand or deck order."""
        names = self.geo.names
        top = self.entertainer_deck[0] if self.entertainer_deck else None
        return {
            "kind": self.kind,
            "players": self.players,
            "width": self.width,
            "height": self.height,
            "phase": self.step,
            "to_move": self.current,
            "viewer": seat,
            "table": self.table,
            "stones": self.stones,
            "supply": list(self.supply),
            "scores": self.scores,
            "activities": list(self.activities),
            "won": [list(w) for w in self.won],
            "hand": self.hand(seat) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "deck_count": len(self.deck),
            "entertainer_deck_count": len(self.entertainer_deck),
            "entertainer_top": top,
            "pending_shows": [names[c] for c in self.pending],
            "entertainer_to_lay": top if self.step == "entertainer" else None,
            "removed": list(self.removed),
            "last": copy.deepcopy(self.last),
            "turn": self.turn,
            "final_bonus": copy.deepcopy(self.final_bonus),
            "end_reason": self.end_reason,
            "ranking": self.ranking() if self.is_over else None,
        }
