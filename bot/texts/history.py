"""A game's past in words, one line a turn, in the reader's language (``/game history``).

Read from the log's notation alone (no replay): a Fish action is one turn; an Ultimatum turn
is the actions one seat takes from laying a penguin on (U-11 … U-21), told as one sentence.
The notation itself stays where it is typed (the slash commands) and in an export.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.base import is_resignation, parse_resign
from bot.games.fish.actions import PenguinMove
from bot.games.fish.actions import parse as parse_fish
from bot.games.ultimatum import SUPPLY, Invite, LayEntertainer, Perform, Play, UltimatumAction
from bot.games.ultimatum.actions import parse as parse_ultimatum
from bot.i18n import N_, t
from bot.texts.ultimatum import card_name


@dataclass(frozen=True)
class Told:
    """One line of a game's past: its words and the index of the last action it tells."""

    line: str
    last: int


def told_turns(
    lang: str, kind: str, actions: Sequence[tuple[int, str]], names: Sequence[str]
) -> list[Told]:
    """Every turn of a log of (seat, action text), one line each, in ``lang``."""
    found: list[Told] = []
    turn: list[UltimatumAction] = []
    seat = -1
    for index, (by, text) in enumerate(actions):
        if is_resignation(text):
            gone = parse_resign(text, len(names))
            who = names[gone] if gone is not None else "?"
            found.append(Told(t(lang, "{who} resigns.", who=who), index))
            turn = []
            continue
        if kind == "fish":
            found.append(Told(_fish(lang, _name(names, by), text), index))
            continue
        action = parse_ultimatum(text)
        if turn and (isinstance(action, Play) or by != seat):
            turn = []
        if turn:
            found.pop()
        turn.append(action)
        seat = by
        found.append(Told(ultimatum_turn(lang, _name(names, by), turn), index))
    return found


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def _fish(lang: str, who: str, text: str) -> str:
    """F-6, F-7: a placement or a move, in words."""
    action = parse_fish(text)
    if isinstance(action, PenguinMove):
        return t(
            lang,
            "{who} moves a penguin from {start} to {end}.",
            who=who,
            start=action.penguin,
            end=action.to,
        )
    return t(lang, "{who} places a penguin on {floe}.", who=who, floe=action.floe)


def ultimatum_turn(lang: str, who: str, actions: Sequence[UltimatumAction]) -> str:
    """The steps of one Ultimatum turn as one sentence (``Alice lays the brown 5 (juggling) on
    E6 and puts a stone on D2.``)."""
    parts = [clause for action in actions for clause in _clauses(lang, action)]
    if not parts:
        return t(lang, "{who} takes no step.", who=who)
    said = parts[0]
    for index, part in enumerate(parts[1:], start=2):
        key = N_("{first} and {then}") if index == len(parts) else N_("{first}, {then}")
        said = t(lang, key, first=said, then=part)
    return t(lang, "{who} {did}.", who=who, did=said)


def _clauses(lang: str, action: UltimatumAction) -> list[str]:
    """What one step did, as clauses of the turn's sentence."""
    if isinstance(action, Play):
        laid = t(
            lang, "lays the {card} on {cell}", card=card_name(lang, action.card), cell=action.cell
        )
        if action.waive:
            waived = card_name(lang, action.waive)
            return [laid, t(lang, "gives up the {card} instead of the kinship fee", card=waived)]
        return [laid]
    if isinstance(action, Invite):
        if action.source == SUPPLY:
            return [t(lang, "puts a stone on {cell}", cell=action.target)]
        return [
            t(lang, "moves a stone from {start} to {end}", start=action.source, end=action.target)
        ]
    if isinstance(action, Perform):
        return [t(lang, "lets the show on {cell} go first", cell=action.cell)]
    if isinstance(action, LayEntertainer):
        if action.turned:
            return [t(lang, "lays the new entertainer on {cell}, turned", cell=action.cell)]
        return [t(lang, "lays the new entertainer on {cell}", cell=action.cell)]
    return [t(lang, "leaves the stones where they are")]
