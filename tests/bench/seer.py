"""Ultimatum players that see what a seat may not: the hard search in (partly) real worlds.

``seer`` searches the real game itself, every hand and the order of both decks known; ``reader``
knows the rivals' hands but deals both decks anew in every world, as hard does. No seat may know
either (U-27), so neither is a level of the bot: they are yardsticks for the strength benchmark,
measuring how much of a game the hidden cards decide, and which of them. Set against the former
hard player at the same budget, the difference between them and the real hard player is what
knowing the cards is worth to the same search. Fish hides nothing, so there both are the hard
player itself.
"""

from __future__ import annotations

import random

from bot.ai import decide
from bot.ai.clock import Deadline
from bot.ai.ultimatum_choices import Choice
from bot.ai.ultimatum_ismcts import UltimatumSearch, root_choices
from bot.ai.ultimatum_players import HARD_SHARE
from bot.ai.ultimatum_world import clone
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame


class SeeingSearch(UltimatumSearch):
    """The hard search whose every world is the real game itself."""

    def __init__(
        self, game: UltimatumGame, seat: int, rng: random.Random, choices: list[Choice]
    ) -> None:
        super().__init__(game.view(seat), rng, choices)
        self.real = game

    def deal(self) -> UltimatumGame:
        return clone(self.real)


class ReadingSearch(SeeingSearch):
    """The hard search that knows the rivals' hands; the decks are dealt anew in every world."""

    def deal(self) -> UltimatumGame:
        return self.redeal(clone(self.real), seats=[])


SEARCHES: dict[str, type[SeeingSearch]] = {"seer": SeeingSearch, "reader": ReadingSearch}


def seer_decide(
    game: FishGame | UltimatumGame, seed: int, budget: float, player: str = "seer"
) -> str:
    """The action ``player`` (``seer`` or ``reader``) takes for the seat to move in ``game``."""
    seat = game.to_move
    assert seat is not None
    if isinstance(game, FishGame):
        return decide("fish", game.view(seat), "hard", seed=seed, budget=budget)
    choices = root_choices(game, seat)
    if len(choices) == 1:
        return choices[0][1]
    search = SEARCHES[player](game, seat, random.Random(seed), choices)
    return search.run(Deadline(budget * HARD_SHARE))
