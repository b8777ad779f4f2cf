"""The Penguin Ultimatum (docs/rules.md U-1 … U-27) behind the engine contract of bot.games.base.

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
- ``forfeit``: seat, stones (cells the seat's stones were taken from) — a resignation
- ``game_over``: reason (``penguin_deck_empty``, ``entertainer_deck_empty``,
  ``no_penguin_cell``, ``no_entertainer_cell``, ``last_player``), final_bonus, scores, ranking

Resigning: ``resign <seat>`` is accepted from that seat at any time (a resignation or a timed-out
turn must be in the log, because the log is the game), but it is not a move choice, so
``legal_actions`` never lists it. The player drops out: their hand goes out of play unseen,
their invitation stones leave the table and their supply (so they score nothing more and a
penguin they held is free to be invited again), their won entertainers leave the game (they no
longer count for the U-25 majorities), and their score stays as it was. Penguins they laid stay
on the table. Turns skip them; resigning during one's own turn ends that turn without the draw,
and shows it left due are held in the next player's step 3. They are ranked after every player
who did not resign (among themselves as U-26 says). Once fewer than two players who did not
resign are left, the game ends at once (reason ``last_player``) with the final scoring.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from bot.games.base import (
    Event,
    IllegalAction,
    Turn,
    check_seat,
    game_over,
    not_over_yet,
)
from bot.games.ultimatum.actions import (
    SUPPLY,
    Invite,
    LayEntertainer,
    Perform,
    Play,
    Skip,
    UltimatumAction,
    on_iceberg,
    parse,
)
from bot.games.ultimatum.cards import (
    ENTERTAINERS,
    PENGUINS,
    STARTING_SCORE,
    STONES_PER_PLAYER,
    card_order,
    enjoys,
)
from bot.games.ultimatum.checks import (
    check_entertainer,
    check_invite,
    check_penguin,
    check_perform,
    check_step,
)
from bot.games.ultimatum.deal import deal_game
from bot.games.ultimatum.iceberg import Iceberg
from bot.games.ultimatum.scoring import award, final_bonus, final_ranking
from bot.games.ultimatum.table import DEFAULT_SIDE
from bot.games.ultimatum.turns import is_turn_start, turns, undo_refusal

PHASES = ("play", "invite", "perform", "entertainer", "over")


@dataclass(eq=True)
class UltimatumGame:
    """A game of The Penguin Ultimatum following the engine contract of bot.games.base."""

    players: int
    seed: int
    fixed_setup: bool
    ice: Iceberg
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
    resigned: list[bool] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)  # hands of resigned players, unseen
    kind: str = "ultimatum"

    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 4

    def __post_init__(self) -> None:
        """Nobody has resigned unless told otherwise (clones and old snapshots)."""
        if not self.resigned:
            self.resigned = [False] * self.players

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
        if not cls.MIN_PLAYERS <= players <= cls.MAX_PLAYERS:
            raise ValueError("The Penguin Ultimatum is for 2 to 4 players")
        ice = Iceberg(width, height)
        cards = deal_game(players, seed, ice.geo, fixed_setup, deal)
        ice.lay_curtain(ice.geo.centre)  # U-6
        for cell, (entertainer, turned) in cards.setup.items():
            ice.lay_entertainer(cell, entertainer, turned)
        game = cls(
            players=players,
            seed=seed,
            fixed_setup=fixed_setup,
            ice=ice,
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
        if not ice.penguin_cells():
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
    def width(self) -> int:
        """Columns of the iceberg (U-4)."""
        return self.ice.width

    @property
    def height(self) -> int:
        """Rows of the iceberg (U-4)."""
        return self.ice.height

    @property
    def table(self) -> dict[str, str]:
        """Cell → card: a penguin id, ``curtain``, ``<entertainer>`` or ``<entertainer> turned``."""
        return self.ice.table()

    @property
    def stones(self) -> dict[str, int]:
        """Cell of a penguin → the seat whose invitation stone lies on it."""
        return self.ice.stone_names()

    def hand(self, seat: int) -> list[str]:
        """The penguin cards in ``seat``'s hand, sorted by colour, value and activity."""
        return sorted(self.hands[seat], key=card_order)

    def ranking(self) -> list[list[int]]:
        """Seats grouped by rank (U-26); full ties share a rank. Only when over."""
        if self.final_bonus is None:
            raise not_over_yet()
        return final_ranking(self.points, self.final_bonus, self.won, self.resigned)

    def entertainer_placements(self) -> list[tuple[int, bool]]:
        """U-21: every (cell, turned) where the top entertainer may be laid now."""
        if not self.entertainer_deck:
            return []
        return self.ice.entertainer_placements(self.entertainer_deck[0], self.pending)

    # --- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Every text ``play`` accepts at the current step, sorted; [] when over."""
        return sorted(map(str, self._legal()))

    def legal_moves(self) -> list[UltimatumAction]:
        """Every action ``play`` accepts at the current step as a value, in the order of
        ``legal_actions``."""
        return sorted(self._legal(), key=str)

    def _legal(self) -> list[UltimatumAction]:
        seat = self.current
        if seat is None:
            return []
        ice, names = self.ice, self.ice.geo.names
        if self.step == "play":
            won = sorted(self.won[seat])
            cells = ice.penguin_cells()
            found: list[UltimatumAction] = [
                Play(card, names[cell]) for card in self.hands[seat] for cell in cells
            ]
            if won:
                near = {cell: ice.kin_colours(cell) for cell in cells}
                found += [
                    Play(card, names[cell], w)
                    for card in self.hands[seat]
                    for cell in cells
                    if PENGUINS[card].colour in near[cell]
                    for w in won
                ]
            return found
        if self.step == "invite":
            sources = [SUPPLY] if self.supply[seat] else []
            sources += [names[c] for c, s in ice.stones.items() if s == seat]
            targets = [names[c] for c in ice.penguins if c not in ice.stones]
            moves: list[UltimatumAction] = [Invite(s, t) for s in sources for t in targets]
            return [*moves, Skip()]
        if self.step == "perform":
            return [Perform(names[c]) for c in self.pending]
        return [LayEntertainer(names[c], turned) for c, turned in self.entertainer_placements()]

    # --- playing -------------------------------------------------------------------------------

    def play(self, text: str, seat: int) -> list[Event]:
        """Apply one decision of ``seat``, or ``resign <seat>``; IllegalAction changes nothing.

        Besides the rules' refusals: a decision out of turn (``not_your_turn``) and a
        resignation for another seat (``resign_other``).
        """
        resigning = check_seat(text, seat, self.players, self.current)
        if resigning is not None:
            return self._resign(resigning)
        action = on_iceberg(parse(text), self.ice.geo)
        self._check(action)
        self.log.append(str(action))
        return self._apply(action)

    def _check(self, action: UltimatumAction) -> None:
        """Raise IllegalAction if ``action`` is not allowed now (nothing is changed)."""
        check_step(self.step, action)
        seat = self._seat()
        if isinstance(action, Play):
            check_penguin(self.ice, self.hands[seat], self.won[seat], action)
        elif isinstance(action, Invite):
            check_invite(self.ice, seat, self.supply[seat], action)
        elif isinstance(action, Perform):
            check_perform(self.ice, self.pending, action)
        elif isinstance(action, LayEntertainer):
            check_entertainer(self.ice, self.entertainer_deck[0], self.pending, action)

    def _seat(self) -> int:
        if self.current is None:  # pragma: no cover - guarded by play()
            raise game_over()
        return self.current

    def _apply(self, action: UltimatumAction) -> list[Event]:
        if isinstance(action, Play):
            return self._lay_penguin(action)
        if isinstance(action, Invite):
            return self._move_stone(action)
        if isinstance(action, Skip):
            events: list[Event] = [{"type": "invitation_skipped", "seat": self._seat()}]
            return events + self._shows_begin()
        if isinstance(action, Perform):
            return self._show(self.ice.geo.index[action.cell])
        return self._lay_entertainer(action)

    def _lay_penguin(self, action: Play) -> list[Event]:
        """Step 1 (U-11 … U-13)."""
        seat, names = self._seat(), self.ice.geo.names
        cell = self.ice.geo.index[action.cell]
        kin = self.ice.kin(action.card, cell)
        fee = 0 if action.waive else sum(PENGUINS[self.ice.penguins[n]].value for n in kin)
        self.hands[seat].remove(action.card)
        self.ice.lay_penguin(cell, action.card)
        self.points[seat] -= fee
        if action.waive:
            self.won[seat].remove(action.waive)
            self.removed.append(action.waive)
        self.step = "invite"
        self.last = {
            "seat": seat,
            "card": action.card,
            "cell": action.cell,
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
                "cell": action.cell,
                "fee": fee,
                "waived": action.waive,
                "kin": [names[n] for n in kin],
            }
        ]

    def _move_stone(self, action: Invite) -> list[Event]:
        """Step 2 (U-14)."""
        seat, index = self._seat(), self.ice.geo.index
        source = action.source
        if source == SUPPLY:
            self.supply[seat] -= 1
        else:
            del self.ice.stones[index[source]]
        self.ice.stones[index[action.target]] = seat
        if self.last is not None:
            self.last["stone"] = {"from": source, "to": action.target}
        event: Event = {"type": "stone_moved", "seat": seat, "from": source}
        event["to"] = action.target
        return [event, *self._shows_begin()]

    def _shows_begin(self) -> list[Event]:
        """Step 3 begins (U-15): every entertainer that performs now is due."""
        self.pending = self.ice.triggered()
        return self._next_show()

    def _next_show(self) -> list[Event]:
        """Run the only due show, ask for the order of several (U-16), or go on to the draw."""
        if len(self.pending) == 1:
            return self._show(self.pending[0])
        if self.pending:
            self.step = "perform"
            cells = [self.ice.geo.names[c] for c in self.pending]
            return [{"type": "shows_pending", "seat": self._seat(), "cells": cells}]
        return self._draw()

    def _show(self, cell: int) -> list[Event]:
        """U-17 … U-21: score, award the card, lay a curtain, then a new entertainer."""
        geo, at = self.ice.geo, self.ice.penguins
        names, entertainer = geo.names, self.ice.entertainers[cell][0]
        card = ENTERTAINERS[entertainer]
        audience = [n for n in geo.adjacent[cell] if n in at]
        enjoyers = [n for n in audience if enjoys(PENGUINS[at[n]], card)]
        gained = [0] * self.players
        for n in enjoyers:
            owner = self.ice.stones.get(n)
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
                "audience": [names[n] for n in sorted(audience)],
                "enjoyers": [names[n] for n in sorted(enjoyers)],
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
        self.ice.lay_curtain(cell)  # U-20
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
        seat = self._seat()
        entertainer = self.entertainer_deck.pop(0)
        self.ice.lay_entertainer(self.ice.geo.index[action.cell], entertainer, action.turned)
        if self.last is not None:
            self.last["entertainers_laid"].append(action.cell)
        top = self.entertainer_deck[0] if self.entertainer_deck else None
        events: list[Event] = [
            {
                "type": "entertainer_laid",
                "seat": seat,
                "entertainer": entertainer,
                "cell": action.cell,
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
        self.current = self._next_seat(seat)
        self.step = "play"
        events: list[Event] = [
            {
                "type": "drawn",
                "seat": seat,
                "deck_count": len(self.deck),
                "private": {"card": card},
            }
        ]
        if not self.ice.penguin_cells():
            events += self.finish("no_penguin_cell")
        return events

    def _next_seat(self, seat: int) -> int:
        """The next seat in order that has not resigned."""
        nxt = (seat + 1) % self.players
        while self.resigned[nxt]:
            nxt = (nxt + 1) % self.players
        return nxt

    def _resign(self, seat: int) -> list[Event]:
        """A player drops out (resigned or timed out); see the module docstring."""
        if self.resigned[seat]:
            raise IllegalAction("already_resigned", "that player has already left", seat=seat)
        names = self.ice.geo.names
        stones = sorted(cell for cell, owner in self.ice.stones.items() if owner == seat)
        for cell in stones:
            del self.ice.stones[cell]
        self.supply[seat] = 0
        self.set_aside += self.hands[seat]
        self.hands[seat] = []
        self.removed += self.won[seat]
        self.won[seat] = []
        self.resigned[seat] = True
        self.log.append(f"resign {seat}")
        events: list[Event] = [
            {"type": "forfeit", "seat": seat, "stones": [names[c] for c in stones]}
        ]
        if sum(not r for r in self.resigned) < 2:
            return events + self.finish("last_player")
        if self.current == seat:
            # Their turn ends here, without the draw; shows it left due wait for step 3.
            self.pending = []
            self.step = "play"
            self.turn += 1
            self.current = self._next_seat(seat)
            if not self.ice.penguin_cells():  # U-24, as after a draw
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

    # --- turns and undo ------------------------------------------------------------------------

    @property
    def between_turns(self) -> bool:
        """Whether to_move is at step 1 (U-11) with nothing of the turn taken, or it is over."""
        return self.step in ("play", "over")

    def turn_start(self) -> int:
        """The log position of the ``play`` that began the turn under way; len(log) between."""
        if self.between_turns:
            return len(self.log)
        return max(i for i, action in enumerate(self.log) if is_turn_start(action))

    def turns(self) -> list[Turn]:
        """Every turn of the log (from its ``play``) with the seat whose turn it was."""
        return turns(self.log, self.players)

    def turn_starts(self) -> list[int]:
        """Where each turn's ``play`` (step 1, U-11) stands in the log."""
        return [i for i, action in enumerate(self.log) if is_turn_start(action)]

    def undo_refusal(self, position: int) -> str | None:
        """Why the log may not be cut back to ``position`` (None: it may); see Game."""
        drew = self.step == "play" or self.end_reason == "no_penguin_cell"
        return undo_refusal(self.log, position, len(self.entertainer_deck), drew)

    def undo_points(self) -> list[int]:
        """The turn starts the log may be cut back to: at most the last turn's, before its draw."""
        return [t.start for t in self.turns() if self.undo_refusal(t.start) is None]

    # --- snapshots and views -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot with everything needed to restore (hands and deck order too)."""
        names = self.ice.geo.names
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
            "resigned": list(self.resigned),
            "set_aside": list(self.set_aside),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Restore a game from ``to_dict`` output."""
        options = data["options"]
        ice = Iceberg.from_table(options["width"], options["height"], data["table"], data["stones"])
        return cls(
            players=data["players"],
            seed=data["seed"],
            fixed_setup=options["fixed_setup"],
            ice=ice,
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
            pending=[ice.geo.index[name] for name in data["pending"]],
            turn=data["turn"],
            log=list(data["log"]),
            last=copy.deepcopy(data["last"]),
            final_bonus=copy.deepcopy(data["final_bonus"]),
            end_reason=data["end_reason"],
            # Snapshots from before resignations existed have nobody resigned.
            resigned=list(data.get("resigned") or []),
            set_aside=list(data.get("set_aside") or []),
        )

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (U-27); None is a spectator. Never another hand or deck order."""
        names = self.ice.geo.names
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
            "set_aside_count": len(self.set_aside),  # resigned hands: unseen, but counted
            "entertainer_deck_count": len(self.entertainer_deck),
            "entertainer_top": top,
            "pending_shows": [names[c] for c in self.pending],
            "entertainer_to_lay": top if self.step == "entertainer" else None,
            "removed": list(self.removed),
            "last": copy.deepcopy(self.last),
            "turn": self.turn,
            "final_bonus": copy.deepcopy(self.final_bonus),
            "end_reason": self.end_reason,
            "resigned": list(self.resigned),
            "ranking": self.ranking() if self.is_over else None,
        }
