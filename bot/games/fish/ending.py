"""The end of a Fish game: the last player on the ice (F-13), and where every floe went (F-9 …
F-11, F-14) for the results picture."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import logged_seat
from bot.games.fish.game import FishGame
from bot.games.fish.geometry import BITS, FLOE_NAMES


def alone_on_ice(kind: str, view: Mapping[str, Any]) -> bool:
    """Whether a Fish game (its view) is down to its last player (F-13): in the hunt, with
    everyone else out or resigned."""
    if kind != "fish" or view.get("phase") != "move" or view.get("to_move") is None:
        return False
    out = list(view.get("out") or [])
    resigned = list(view.get("resigned") or [False] * len(out))
    left = [s for s in range(len(out)) if not out[s] and not resigned[s]]
    return len(out) > 1 and len(left) == 1


def still_on_ice(view: Mapping[str, Any]) -> list[int]:
    """The seats of a running Fish game (its view) that still have moves to make: neither out
    of moves (F-11) nor resigned."""
    if view.get("to_move") is None:
        return []
    out = list(view.get("out") or [])
    resigned = list(view.get("resigned") or [False] * len(out))
    return [s for s in range(len(out)) if not out[s] and not resigned[s]]


def catches(game: FishGame) -> dict[str, int | None]:
    """Every floe gone from the board and where it went: the seat that took it (F-9, or F-11
    with the penguin standing on it), or None when it melted away unscored (F-10). Replayed
    from the starting board, since the position itself keeps only the counts."""
    start = FishGame.new(game.players, game.seed, floes=[game.fish[b] for b in BITS])
    taken: dict[str, int | None] = {}
    for action in game.log:
        seat = logged_seat(action, game.players, start.current)
        for event in start.play(action, seat):
            if event["type"] == "moved":
                taken[event["from"]] = event["seat"]
            elif event["type"] == "out":
                taken.update((floe, event["seat"]) for floe in event["floes"])
            elif event["type"] == "floes_removed":
                taken.update((floe, None) for floe in event["floes"])
    return taken


def results_view(game: FishGame) -> dict[str, Any]:
    """The spectator view of a game with what the results picture needs once it is over: each
    starting floe's fish (``floes``) and who took it (``caught``: a seat, or None if it melted)."""
    view = game.view(None)
    if game.is_over:
        fish = {name: game.fish[bit] for name, bit in zip(FLOE_NAMES, BITS, strict=True)}
        view["results"] = {
            "floes": {name: count for name, count in fish.items() if count},
            "caught": catches(game),
        }
    return view
