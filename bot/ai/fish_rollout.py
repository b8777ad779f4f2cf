"""The playouts of the Fish search: fast random moves on bitboards, then a reward per seat.

A playout works in place on a throw-away Position (one copy per iteration, never per move). Two
shortcuts make it both faster and closer to real play, and neither changes any final score:

* reap: a penguin that can no longer move never will (floes only disappear), so it leaves the
  ice at once with the floe under it, which its seat would take when going out (F-11);
* settle: a penguin alone on its own iceberg (F-10) can be disturbed by nobody, so the iceberg is
  credited to its seat straight away — the exact best path when the iceberg has at most
  ``EXACT_LIMIT`` floes (fish_eval.Evaluator.best_path, solved once per game and remembered),
  else all its fish, an upper bound. Several penguins of one seat alone together on an
  iceberg are credited all its fish as well (also an upper bound).

After ``plies`` random moves the playout stops; an unfinished game is scored by the evaluation
(catch, territory, trapped penguins: fish_eval.Evaluator), squashed into (0, 1) as a lead over
the strongest rival; a finished one by who is first (F-15: fish, then floes).
"""

from __future__ import annotations

import random

from bot.ai.fish_eval import EXACT_LIMIT, Evaluator, Held
from bot.ai.fish_position import Position
from bot.ai.rewards import first_place, leads
from bot.games.fish import connected, reach

#: Rounds of a playout between two looks for lone icebergs (a flood fill per iceberg each).
SETTLE_ROUNDS = 3
#: The lead (in fish) that counts as a three-in-four chance of first place at a cut-off.
LEAD_SCALE = 2.0


def settle(pos: Position, evaluator: Evaluator) -> Held:
    """Credit and take off every penguin whose iceberg no rival's penguin shares; the icebergs
    left shared, in board order, with their penguins' floes (what the evaluation looks at)."""
    board = pos.board
    masks = [sum(1 << b for b in own) for own in pos.penguins]
    occupied = 0
    for mask in masks:
        occupied |= mask
    shared: list[tuple[int, int, int]] = []
    left = occupied
    while left:  # one flood fill per iceberg with penguins, not per penguin
        first = (left & -left).bit_length() - 1
        iceberg = connected(1 << first, board)
        here = iceberg & occupied
        left &= ~here
        seats = [seat for seat, mask in enumerate(masks) if mask & here]
        if len(seats) > 1:
            shared.append((iceberg & -iceberg, iceberg, here))
            continue
        seat = seats[0]
        if here == 1 << first and iceberg.bit_count() <= EXACT_LIMIT:
            pos.catch[seat] += evaluator.best_path(first, iceberg)
        else:
            pos.catch[seat] += evaluator.fish_in(iceberg)
        pos.floes[seat] += iceberg.bit_count()
        pos.penguins[seat] = [b for b in pos.penguins[seat] if not here >> b & 1]
        board &= ~iceberg
    pos.board = board
    shared.sort()
    return [(iceberg, here) for _, iceberg, here in shared]


def rollout(pos: Position, plies: int, rng: random.Random, evaluator: Evaluator) -> None:
    """Random moves in place for at most ``plies`` plies, reaping and settling as it goes."""
    if pos.seat is None or pos.placing:
        return
    players = pos.players
    fish, penguins, catch, floes, out = pos.fish, pos.penguins, pos.catch, pos.floes, pos.out
    settle(pos, evaluator)
    board = pos.board
    occupied = pos.occupied
    seat: int = pos.seat
    ply = 0
    while ply < plies:
        own = penguins[seat]
        if own:
            free = board & ~occupied
            options: list[tuple[int, int]] = []
            for b in list(own):
                targets = reach(b, free)
                if targets:
                    options.append((b, targets))
                else:  # reap: stuck for good, it leaves with its floe
                    own.remove(b)
                    catch[seat] += fish[b]
                    floes[seat] += 1
                    board &= ~(1 << b)
                    occupied &= ~(1 << b)
            if options:
                origin, targets = options[rng.randrange(len(options))]
                for _ in range(rng.randrange(targets.bit_count())):
                    targets &= targets - 1
                target = (targets & -targets).bit_length() - 1
                own[own.index(origin)] = target
                catch[seat] += fish[origin]
                floes[seat] += 1
                board &= ~(1 << origin)
                occupied ^= (1 << origin) | (1 << target)
                ply += 1
        if not own:
            out[seat] = True
            if all(out):
                pos.board, pos.seat = board, None
                return
        seat = (seat + 1) % players
        while out[seat]:
            seat = (seat + 1) % players
        if ply % (SETTLE_ROUNDS * players) == 0 and own:
            pos.board = board
            settle(pos, evaluator)
            board, occupied = pos.board, pos.occupied
    pos.board, pos.seat = board, seat


def rewards(pos: Position, evaluator: Evaluator, held: Held | None = None) -> list[float]:
    """Each seat's reward: first place once the game is over, else its evaluated lead (``held``:
    the shared icebergs, when ``settle`` just found them)."""
    if pos.seat is None:
        totals = list(zip(pos.catch, pos.floes, strict=True))
        best = max(totals)
        return first_place({s for s, t in enumerate(totals) if t == best}, pos.players)
    return leads(evaluator.values(pos, held), LEAD_SCALE)
