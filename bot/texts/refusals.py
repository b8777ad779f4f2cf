"""Refusals in the reader's language: engine and store errors carry a stable code and the values
their English message was built from, so each can be said again from a translated template.

Every code the engines and the store raise has a template here (a test reads the code for them);
a few codes mean different things in the two games or at different steps, so a template may be
chosen by the game's kind or by one of the error's values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import IllegalAction
from bot.i18n import N_, t
from bot.store import StoreError
from bot.store.settings import MAX_REMINDER_HOURS, MAX_TIMEOUT_DAYS
from bot.texts.quote import excerpt
from bot.texts.ultimatum import card_name

#: code → template.
TEMPLATES: dict[str, str] = {
    # Both games
    "not_your_turn": N_("It is not your turn."),
    "game_over": N_("The game is over."),
    "not_over": N_("The game is not over yet."),
    "no_such_seat": N_("There is no seat {seat} in this game."),
    "resign_other": N_("Only a player may resign for themselves."),
    "already_resigned": N_("That player has already left the game."),
    # Options of the rule commands (bot.play.options): quoted as a short, cleaned excerpt
    "floe_option": N_("'{typed}' is not a floe: name one like C4."),
    "cell_option": N_("'{typed}' is not a cell: name one like E4."),
    "card_option": N_(
        "'{typed}' is not a penguin card: pick one from your hand, e.g. red-3-dance."
    ),
    "entertainer_option": N_("'{typed}' is not an entertainer: name one you won, like seal-music."),
    "source_option": N_(
        "'{typed}' is not where a stone can come from: say supply or a cell like E4."
    ),
    # Hey, That's My Fish!
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
    # The Penguin Ultimatum
    "unknown_card": N_("{card} is not a penguin card (colour-value-activity, e.g. red-3-dance)."),
    "unknown_entertainer": N_(
        "{entertainer} is not an entertainer (animal-activity, e.g. seal-music)."
    ),
    "bad_cell": N_("'{text}' is not a cell: name one like E4."),
    "off_iceberg": N_("{cell} is outside the iceberg (columns A–{last_column}, rows 1–{rows})."),
    "not_in_hand": N_("You don't hold {card}."),
    "cell_taken": N_("{cell} is already taken."),
    "not_next_to_entertainer": N_("{cell} is not next to an entertainer."),
    "nothing_to_waive": N_("No kinship fee is due on {cell}, so there is nothing to waive."),
    "not_won": N_("You have not won {entertainer}."),
    "supply_empty": N_("You have no invitation stones left in your supply."),
    "not_your_stone": N_("There is no invitation stone of yours on {cell}."),
    "not_a_penguin": N_("There is no penguin on {cell}."),
    "has_stone": N_("The penguin on {cell} already holds an invitation stone."),
    "not_pending": N_("{cell} is not one of the entertainers about to perform ({pending})."),
    "not_next_to_card": N_("{cell} is not next to any card."),
    "would_start_show": N_(
        "Laid on {cell}, it would start the show of the entertainer on {performer} at once."
    ),
    # Store: games and seats
    "no_game": N_("There is no game #{game_id}."),
    "conflict": N_(
        "Game #{game_id} changed while this was being decided; nothing was applied. Look at "
        "the game again and retry."
    ),
    "still_lobby": N_("Game #{game_id} has not started yet."),
    "started": N_("Game #{game_id} has already started."),
    "finished": N_("Game #{game_id} is over."),
    "cancelled": N_("Game #{game_id} was cancelled."),
    "already_seated": N_("You are already in game #{game_id}."),
    "not_seated": N_("You are not in game #{game_id}."),
    "full": N_("Game #{game_id} is full ({max_players} players)."),
    "not_creator": N_("Only the creator of game #{game_id} can start it before it is full."),
    "too_few": N_("Game #{game_id} needs at least 2 players to start."),
    "rematch_taken": N_("A rematch of game #{game_id} has already been opened."),
    "thread_taken": N_("That thread already belongs to game #{game_id}."),
    "not_running": N_("Game #{game_id} is over: there is nothing left to follow."),
    "not_handed": N_("No computer player took over a seat of yours in game #{game_id}."),
    "no_days_left": N_(
        "You cannot be away for {asked} days: {left} of this server's {allowed} days a month "
        "are left."
    ),
    # Store: undo requests and reminders
    "no_undo": N_("Nobody is asking to take back a turn in game #{game_id}."),
    "undo_pending": N_("An undo in game #{game_id} is already waiting for answers."),
    "not_asked": N_("The undo in game #{game_id} does not wait for your answer."),
    "undo_waiting": N_("The undo in game #{game_id} is still waiting for answers."),
    "rated_since": N_(
        "The end of game #{game_id} can't be taken back any more: one of its players has "
        "finished another rated game of this kind since (game #{later}), and its rating "
        "builds on this one."
    ),
    "no_reminder": N_("Nobody in this game is waiting to be reminded."),
    # Store: values outside their range
    "players": N_("A game is for 2 to 4 players (computer players included)."),
    "bots": N_(
        "With {players} players there must be fewer computer players than seats: the creator "
        "takes a seat too."
    ),
    "bot_level": N_("A computer player's level is 1 or more."),
    "options": N_("These game options cannot be used for this game."),
    "kind": N_("There is no game called {value}."),
    "guild": N_("Games are played in a server channel, not in direct messages."),
    "seed": N_("A seed is a whole number from 0 to 2⁶³ − 1."),
    "reminder_hours": N_("Reminders come after more than 0 and at most {most_hours:g} hours."),
    "timeout_days": N_("A turn may time out after more than 0 and at most {most_days:g} days."),
    "language": N_("{value} is not a language I speak: choose en, de or fr."),
    "away_days": N_("A server allows 0 to 31 whole days of time away a month."),
    "seat": N_("A computer player already sits at seat {seat}."),
    "keep": N_("Only 0 to {actions} of the game's actions can be kept."),
    # Store: the outbox (the bot's own mistakes, never a player's)
    "outbox_target": N_("A message could not be queued: it had no single destination."),
    "outbox_payload": N_("A message could not be queued: its content was not plain data."),
    "outbox_version": N_("A message could not be queued: it was meant for a turn of no game."),
    "no_message": N_("There is no queued message #{id}."),
    "message_settled": N_("Queued message #{id} was already sent or given up."),
}

#: Templates chosen by the game (``(kind, code)``) where the games mean different things.
BY_KIND: dict[tuple[str, str], str] = {
    ("ultimatum", "bad_notation"): N_(
        "'{text}' is not an action: use /ultimatum play, invite, skip, perform or entertainer."
    ),
}

#: Templates chosen by one of the error's values (``(code, value)``).
BY_VALUE: dict[tuple[str, str], str] = {
    # Ultimatum: which step the turn is at (U-11 … U-21).
    ("wrong_step", "play"): N_("Lay a penguin first: /ultimatum play."),
    ("wrong_step", "invite"): N_(
        "Now move an invitation stone (/ultimatum invite) or leave them (/ultimatum skip)."
    ),
    ("wrong_step", "perform"): N_(
        "Several entertainers perform: choose which goes first with /ultimatum perform."
    ),
    ("wrong_step", "entertainer"): N_("Lay the new entertainer first: /ultimatum entertainer."),
    # Ultimatum notation: what was expected after the verb.
    ("bad_notation", "play"): N_(
        "'{text}' is not understood: play <card> <cell> [waive <entertainer>], "
        "e.g. play red-3-dance E4."
    ),
    ("bad_notation", "invite"): N_(
        "'{text}' is not understood: invite <from> <to>, from supply or a cell, "
        "e.g. invite supply E4."
    ),
    ("bad_notation", "skip"): N_("'{text}' is not understood: skip takes nothing after it."),
    ("bad_notation", "perform"): N_("'{text}' is not understood: perform <cell>, e.g. perform E6."),
    ("bad_notation", "entertainer"): N_(
        "'{text}' is not understood: entertainer <cell> [turned], e.g. entertainer F7 turned."
    ),
    # U-21: the new entertainer would itself perform at once (turned or not, or only one way).
    ("would_start_show", "itself"): N_(
        "Laid on {cell}, the {card} would perform at once, whichever way it lies."
    ),
    ("would_start_show", "other_way"): N_(
        "Laid on {cell} this way, the {card} would perform at once; laid the other way it "
        "would not."
    ),
}

#: Values every template may use besides the error's own.
CONSTANTS: Mapping[str, Any] = {"most_hours": MAX_REMINDER_HOURS, "most_days": MAX_TIMEOUT_DAYS}

#: The most of an untranslated message a refusal shows (it may quote what was typed).
MESSAGE_LENGTH = 300

#: Which of an error's values chooses among BY_VALUE templates.
CHOOSER = {"wrong_step": "step", "bad_notation": "verb"}


def template_for(error: IllegalAction | StoreError, kind: str | None = None) -> str | None:
    """The template that says ``error`` (None when there is none: then its English message)."""
    params = error.params
    if error.code == "would_start_show" and params.get("performer") == params.get("cell"):
        variant = "other_way" if params.get("other_way") else "itself"
        return BY_VALUE[("would_start_show", variant)]
    chooser = CHOOSER.get(error.code)
    if chooser is not None and (error.code, str(params.get(chooser))) in BY_VALUE:
        return BY_VALUE[(error.code, str(params[chooser]))]
    if kind is not None and (kind, error.code) in BY_KIND:
        return BY_KIND[(kind, error.code)]
    return TEMPLATES.get(error.code)


def explain(lang: str, error: IllegalAction | StoreError, kind: str | None = None) -> str:
    """The error's sentence in ``lang`` (its own English message where no template exists).

    ``kind`` is the game's kind where known: the two games word some refusals differently.
    """
    template = template_for(error, kind)
    if template is None:
        return _sentence(excerpt(error.message, MESSAGE_LENGTH))
    # Whatever of a person's typing an error carries is quoted short and harmless.
    values: dict[str, Any] = {
        **CONSTANTS,
        **{k: excerpt(v) if isinstance(v, str) else v for k, v in error.params.items()},
    }
    if error.code == "would_start_show" and "entertainer" in values:
        values["card"] = card_name(lang, str(values["entertainer"]))
    try:
        return t(lang, template, **values)
    except (KeyError, IndexError, ValueError):
        return _sentence(excerpt(error.message, MESSAGE_LENGTH))


def _sentence(message: str) -> str:
    """An engine message as a sentence: capital first letter, final full stop."""
    if not message:
        return message
    text = message[0].upper() + message[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
