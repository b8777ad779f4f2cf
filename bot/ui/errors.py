"""Refusals in the reader's language: engine and store errors carry a stable code and the values
their English message was built from, so each can be said again from a translated template."""

from __future__ import annotations

from bot.games.base import IllegalAction
from bot.i18n import N_, t
from bot.store import StoreError

#: code → template; a code without a template is shown with its English message.
TEMPLATES: dict[str, str] = {
    # Hey, That's My Fish!
    "not_your_turn": N_("It is not your turn."),
    "game_over": N_("The game is over."),
    "no_such_floe": N_(
        "{floe} is not a floe (rows A–H; A, C, E, G have floes 1–7, B, D, F, H have 1–8)."
    ),
    "bad_notation": N_("'{text}' is not an action: name a floe like C4 or a move like C4-F2."),
    "placing": N_("Penguins are still being placed: name a free 1-fish floe, e.g. C4."),
    "moving": N_("All penguins are placed: move one, from its floe to another, e.g. C4-F2."),
    "open_water": N_("{floe} is open water."),
    "occupied": N_("{floe} already has a penguin on it."),
    "not_one_fish": N_("{floe} has {fish} fish; penguins start on 1-fish floes."),
    "not_your_penguin": N_("You have no penguin on {floe}."),
    "no_move": N_("A penguin must move at least one floe."),
    "not_straight": N_("{target} is not in a straight line from {origin}."),
    "gap_between": N_("There is a gap between {origin} and {target}."),
    "gap_on": N_("{target} is open water."),
    "penguin_between": N_("A penguin blocks the way between {origin} and {target}."),
    "penguin_on": N_("{target} already has a penguin on it."),
    # Store
    "no_game": N_("There is no game #{game_id}."),
    "already_seated": N_("You are already in game #{game_id}."),
    "not_seated": N_("You are not in game #{game_id}."),
    "full": N_("Game #{game_id} is full ({max_players} players)."),
    "not_creator": N_("Only the creator of game #{game_id} can start it before it is full."),
    "too_few": N_("Game #{game_id} needs at least 2 players to start."),
}


def explain(lang: str, error: IllegalAction | StoreError) -> str:
    """The error's sentence in ``lang`` (its own English message where no template exists)."""
    template = TEMPLATES.get(error.code)
    if template is None:
        return _sentence(error.message)
    try:
        return t(lang, template, **error.params)
    except (KeyError, IndexError):
        return _sentence(error.message)


def _sentence(message: str) -> str:
    """An engine message as a sentence: capital first letter, final full stop."""
    if not message:
        return message
    text = message[0].upper() + message[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
