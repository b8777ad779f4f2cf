"""A turn by clicks: which choices exist at this step, labelled with what they do, in menus.

Pure: a loaded game and the mover's seat in, a ``Step`` out (what to ask, the choices on
buttons and in menus of at most 25, the cells or floes to mark on the picture). The choices
themselves are worked out once per game, in ``fish_choices`` and ``ultimatum_choices``, for the
clicks and the slash commands' autocompletes alike. A click comes back as (step, carry, value)
and ``decide`` finds it among the choices the step offers now: either the action to play or
the next step.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Game
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.i18n import t
from bot.play.fish_choices import FISH_DOING, fish_step
from bot.play.menus import SAFE, Action, Choice, Menu, Step
from bot.play.ultimatum_choices import ULTIMATUM_DOING, ultimatum_step

__all__ = ["SAFE", "Choice", "Decision", "Menu", "StaleChoice", "Step", "decide", "step_of"]


@dataclass(frozen=True)
class Decision:
    """What a click means: an action to play, or a further step to ask."""

    action: Action | None = None
    step: str = ""
    carry: str = ""


class StaleChoice(ValueError):
    """A click that does not fit the position any more (the game moved on)."""


def doing(game: Game, lang: str) -> str:
    """The step the player to move is at, in words (``placing a penguin``), as told to anyone
    else who clicks Your move."""
    steps = FISH_DOING if isinstance(game, FishGame) else ULTIMATUM_DOING
    return t(lang, steps[game.phase])


def step_of(game: Game, seat: int, lang: str, step: str = "", carry: str = "") -> Step:
    """What the mover at ``seat`` is asked now (``step``/``carry``: where a click left them)."""
    if isinstance(game, FishGame):
        return fish_step(game, lang, step, carry)
    assert isinstance(game, UltimatumGame)
    return ultimatum_step(game, seat, lang, step, carry)


def decide(game: Game, seat: int, step: str, carry: str, value: str) -> Decision:
    """What a click on ``value`` at ``step`` means now; StaleChoice when the step does not offer
    it any more."""
    if not SAFE.fullmatch(carry) or not SAFE.fullmatch(value):
        raise StaleChoice(value)
    asked = step_of(game, seat, "en", step, carry)
    if asked.step != step or asked.carry != carry:
        raise StaleChoice(value)
    chosen = next((c for c in asked.choices() if c.value == value), None)
    if chosen is None:
        raise StaleChoice(value)
    if chosen.action is not None:
        return Decision(action=chosen.action)
    assert chosen.then is not None
    return Decision(step=chosen.then, carry=value if chosen.then else "")
