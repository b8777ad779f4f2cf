"""Random playouts of Fish on plain bitboards: a benchmark yardstick, not part of the rules."""

from __future__ import annotations

import random

from bot.games.fish import FishGame, reach


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
