"""Computer players left alone in Fish: once every person is out of moves or gone, the computers'
remaining moves are not posted one by one; the post that ends the game sums them up.

The moves themselves are logged as ever (history and replay show each one); only their posts
are folded into one.
"""

from __future__ import annotations

from bot.games import new_game, play_logged
from bot.games.base import Game, is_resignation
from bot.games.fish.ending import still_on_ice
from bot.i18n import t, tn
from bot.store import GameRecord, OutboxDraft
from bot.texts.announce import turn_draft
from bot.texts.move import MoveLike as Move
from bot.texts.names import seat_names


def computers_alone(record: GameRecord, game: Game) -> bool:
    """Whether a running Fish game is down to computer players: every seat that can still move
    (F-11) is a computer's, and there is at least one."""
    if record.kind != "fish" or game.is_over:
        return False
    moving = still_on_ice(game.view(None))
    return bool(moving) and all(record.player(seat).is_computer for seat in moving)


def alone_summary(lang: str, record: GameRecord, game: Game) -> list[str]:
    """What the computers did since they were left alone: per computer, its moves and the fish
    they brought (read from the log, so a restart in between loses nothing)."""
    players = len(seat_names(record))
    replayed = new_game(record.kind, players, record.seed, dict(record.options))
    start: list[int] | None = None
    moves = [0] * players
    for action in game.log:
        if start is None and computers_alone(record, replayed):
            start = [c["fish"] for c in replayed.view(None)["catch"]]
        mover = replayed.to_move
        play_logged(replayed, action)
        if start is not None and mover is not None and not is_resignation(action):
            moves[mover] += 1
    if start is None:
        return []
    names = seat_names(record, lang)
    final = [c["fish"] for c in game.view(None)["catch"]]
    playing = [s for s in range(players) if moves[s]]
    lines = [_summary_line(lang, names[s], moves[s], final[s] - start[s]) for s in playing]
    if len(playing) > 1:
        lines.insert(0, t(lang, "Only computer players are left on the ice; they play on:"))
    elif playing:
        lines = [
            tn(
                lang,
                "{name} plays on alone: {n} move, +{fish} fish.",
                "{name} plays on alone: {n} moves, +{fish} fish.",
                moves[playing[0]],
                name=names[playing[0]],
                fish=final[playing[0]] - start[playing[0]],
            )
        ]
    return lines


def _summary_line(lang: str, name: str, moves: int, fish: int) -> str:
    """One computer's part of the summary when several play on."""
    return tn(
        lang,
        "{name}: {n} move, +{fish} fish.",
        "{name}: {n} moves, +{fish} fish.",
        moves,
        name=name,
        fish=fish,
    )


def alone_drafts(move: Move, lang: str) -> list[OutboxDraft]:
    """The post of a computer's move made while only computers were left: nothing until the
    game ends, then the summary of their moves followed by the results."""
    if not move.game.is_over:
        return []
    return [turn_draft(move, lang, alone_summary(lang, move.record, move.game))]
