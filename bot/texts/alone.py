"""Computer players left alone: once every seat still in play is a computer's (in Fish, every
person out of moves or gone; in The Penguin Ultimatum, every person resigned or timed out), the
computers' remaining turns are not posted one by one; the post that ends the game sums them up.

The moves themselves are logged as ever (history and replay show each one); only their posts
are folded into one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games import new_game, play_logged
from bot.games.base import Game, is_resignation
from bot.games.fish.ending import still_on_ice
from bot.i18n import t, tn
from bot.store import GameRecord, OutboxDraft
from bot.texts.announce import turn_draft
from bot.texts.move import MoveLike as Move
from bot.texts.names import seat_names


def in_play(kind: str, view: Mapping[str, Any]) -> list[int]:
    """The seats of a running game (its view) still taking turns: in Fish neither out of moves
    (F-11) nor resigned, in The Penguin Ultimatum not resigned (U-10 turns skip them)."""
    if view.get("to_move") is None:
        return []
    if kind == "fish":
        return still_on_ice(view)
    return [seat for seat, gone in enumerate(view.get("resigned") or []) if not gone]


def computers_alone(record: GameRecord, game: Game) -> bool:
    """Whether a running game is down to computer players: every seat still in play is a
    computer's, and there is at least one."""
    if game.is_over:
        return False
    playing = in_play(record.kind, game.view(None))
    return bool(playing) and all(record.player(seat).is_computer for seat in playing)


def _gains(kind: str, view: Mapping[str, Any]) -> list[int]:
    """Each seat's tally so far: fish caught, or points scored."""
    if kind == "fish":
        return [int(c["fish"]) for c in view["catch"]]
    return [int(points) for points in view["scores"]]


def alone_summary(lang: str, record: GameRecord, game: Game) -> list[str]:
    """What the computers did since they were left alone: per computer, its turns and the fish
    or points they brought (read from the log, so a restart in between loses nothing)."""
    players = len(seat_names(record))
    replayed = new_game(record.kind, players, record.seed, dict(record.options))
    start: list[int] | None = None
    turns = [0] * players
    for action in game.log:
        if start is None and computers_alone(record, replayed):
            start = _gains(record.kind, replayed.view(None))
        mover = replayed.to_move
        # An Ultimatum turn takes several actions; it is counted where it begins.
        begins = replayed.between_turns
        play_logged(replayed, action)
        if start is not None and mover is not None and begins and not is_resignation(action):
            turns[mover] += 1
    if start is None:
        return []
    names = seat_names(record, lang)
    final = _gains(record.kind, game.view(None))
    playing = [s for s in range(players) if turns[s]]
    lines = [
        _line(lang, record.kind, len(playing) == 1, names[s], turns[s], final[s] - start[s])
        for s in playing
    ]
    if len(playing) > 1:
        if record.kind == "fish":
            lines.insert(0, t(lang, "Only computer players are left on the ice; they play on:"))
        else:
            lines.insert(0, t(lang, "Only computer players are left at the table; they play on:"))
    return lines


def _line(lang: str, kind: str, alone: bool, name: str, n: int, gain: int) -> str:
    """One computer's part of the summary: the whole of it when it plays on ``alone``."""
    if kind == "fish" and alone:
        return tn(
            lang,
            "{name} plays on alone: {n} move, +{fish} fish.",
            "{name} plays on alone: {n} moves, +{fish} fish.",
            n,
            name=name,
            fish=gain,
        )
    if kind == "fish":
        return tn(
            lang,
            "{name}: {n} move, +{fish} fish.",
            "{name}: {n} moves, +{fish} fish.",
            n,
            name=name,
            fish=gain,
        )
    if alone:
        return tn(
            lang,
            "{name} plays on alone: {n} turn, +{points} points.",
            "{name} plays on alone: {n} turns, +{points} points.",
            n,
            name=name,
            points=gain,
        )
    return tn(
        lang,
        "{name}: {n} turn, +{points} points.",
        "{name}: {n} turns, +{points} points.",
        n,
        name=name,
        points=gain,
    )


def alone_drafts(move: Move, lang: str) -> list[OutboxDraft]:
    """The post of a computer's move made while only computers were left: nothing until the
    game ends, then the summary of their moves followed by the results."""
    if not move.game.is_over:
        return []
    return [turn_draft(move, lang, alone_summary(lang, move.record, move.game))]
