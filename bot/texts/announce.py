"""The public posts a change produces, as outbox drafts queued in the change's own transaction.

A draft's payload is self-contained (text, the public view to draw, the names), so a post that
could not be delivered before a restart is delivered afterwards exactly as it was meant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.games import new_game, play_logged, replay
from bot.games.base import Event, Game
from bot.games.fish import FishGame
from bot.games.fish.ending import alone_on_ice, results_view
from bot.i18n import DEFAULT, N_, picture_labels, t, tn
from bot.ratings import Change
from bot.store import GameRecord, OutboxDraft
from bot.texts import fish as fish_texts
from bot.texts import ultimatum as ultimatum_texts
from bot.texts.move import MoveLike as Move
from bot.texts.names import mention, picture_names, seat_names
from bot.texts.posts import thread_text, where
from bot.texts.ratings import rating_lines

#: Whose turn it is in The Penguin Ultimatum, and which command that step takes.
ULTIMATUM_STEPS = {
    "play": N_("{who}, invite a penguin: /ultimatum play (see your cards with /ultimatum hand)"),
    "invite": N_("{who}, move an invitation stone (/ultimatum invite) or /ultimatum skip"),
    "perform": N_("{who}, choose which show comes first: /ultimatum perform"),
    "entertainer": N_("{who}, lay the next entertainer: /ultimatum entertainer"),
}
SHORT_TITLES = {"fish": N_("Fish"), "ultimatum": N_("Ultimatum")}


def describe(lang: str, kind: str, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """What happened, in words (never a hidden card)."""
    if kind == "fish":
        return fish_texts.describe(lang, events, names)
    return ultimatum_texts.describe(lang, events, names)


def status_lines(
    lang: str, record: GameRecord, game: Game, names: Sequence[str], reader: int | None = None
) -> list[str]:
    """Scores, then who is to move (with a mention) or the final ranking. For a ``reader``
    other than the person to move (a look at the board), who is to move is only named."""
    view = game.view(None)
    if record.kind == "fish":
        lines = [fish_texts.scoreline(lang, view["catch"], names)]
    else:
        lines = [ultimatum_texts.scoreline(lang, view["scores"], names)]
    if game.is_over:
        lines.append(t(lang, "**Final ranking**"))
        resigned = view.get("resigned")
        if record.kind == "fish":
            lines += fish_texts.ranking_lines(lang, game.ranking(), view["catch"], names, resigned)
        else:
            lines += ultimatum_texts.ranking_lines(
                lang,
                game.ranking(),
                view["scores"],
                view["final_bonus"],
                view["won"],
                names,
                resigned,
            )
    elif game.to_move is not None:
        user = record.player(game.to_move).user_id
        if user is None:
            # A computer seat needs no coaching: its next post shows what it did.
            lines.append(t(lang, "{name} plays next.", name=names[game.to_move]))
        elif reader is not None and reader != user:
            lines.append(t(lang, "It is {name}'s turn.", name=names[game.to_move]))
        else:
            lines.append(next_step(lang, record.kind, game, mention(user)))
    return lines


def next_step(lang: str, kind: str, game: Game, who: str) -> str:
    """Whose turn it is and which command to use."""
    phase = game.phase
    if kind == "fish":
        if phase == "place":
            return t(lang, "{who}, place a penguin: /fish place", who=who)
        return t(lang, "{who}, your move: /fish move", who=who)
    return t(lang, ULTIMATUM_STEPS[phase], who=who)


def turn_payload(
    record: GameRecord,
    game: Game,
    lang: str,
    lines: list[str],
    *,
    final: bool = False,
    changes: Sequence[Change] = (),
) -> dict[str, Any]:
    """The payload of a post with the table's picture (its words in ``lang`` too); the rating
    ``changes`` of a game that just ended follow the final ranking."""
    names = seat_names(record, lang)
    ended = rating_lines(record, changes, lang)
    mentioned = None if final or game.to_move is None else record.player(game.to_move).user_id
    told = status_lines(lang, record, game, names)
    if mentioned is not None:
        # Just above the line calling on the person to move, which stays the last.
        told.insert(len(told) - 1, time_for_move(lang, record.timeout_days))
    status = "\n".join(told + ended)
    text = "\n".join([*lines, status])
    return {
        "game_id": record.id,
        "game_kind": record.kind,
        "lang": lang,
        "text": text,
        # The last lines of text: delivery keeps them whole when the events make it too long.
        "status_lines": status.count("\n") + 1,
        "view": table_view(game),
        "names": picture_names(record, lang),
        "labels": picture_labels(lang),
        "mention": mentioned,
        "buttons": ["replay", "rematch"]
        if game.is_over
        else _turn_buttons(record, game, mentioned),
    }


def time_for_move(lang: str, days: float) -> str:
    """How long the person to move has for this move (the game's turn time: its clock starts
    now, or when their time away ends)."""
    if days >= 1 and days == int(days):
        span = tn(lang, "{n} day", "{n} days", int(days))
    else:
        hours = max(1, round(days * 24))
        span = tn(lang, "{n} hour", "{n} hours", hours)
    return t(lang, "⏳ Time for this move: {span}.", span=span)


def table_view(game: Game) -> dict[str, Any]:
    """The public view a post's picture is drawn from: a finished Fish game's carries where
    every floe went, for its results picture (its board is empty by then, F-14)."""
    if isinstance(game, FishGame):
        return results_view(game)
    return game.view(None)


def _turn_buttons(record: GameRecord, game: Game, mentioned: int | None) -> list[str]:
    """The buttons under a turn post: only a person to move gets any (the entry point for
    playing by clicks; My hand in Ultimatum; Finish for me in Fish once they are the last
    player on the ice, F-13)."""
    if mentioned is None:
        return []
    if record.kind == "ultimatum":
        return ["move", "hand"]
    return ["move", "finish"] if alone_on_ice(record.kind, game.view(None)) else ["move"]


def public_step(move: Move) -> bool:
    """Whether a move ends a turn or leaves a public decision pending for a person (then it is
    posted). A computer player decides at once: its turn is told in one post at its end."""
    return _posted_after(move.record, move.game)


def _posted_after(record: GameRecord, game: Game) -> bool:
    """Whether a step that leaves ``game`` so is posted: the turn is over (every Fish action is a
    whole turn, F-6, F-7), or a person is to choose a show or lay an entertainer (U-16, U-21)."""
    if game.between_turns:
        return True
    return game.phase in ("perform", "entertainer") and _person_decides(record, game)


def _person_decides(record: GameRecord, game: Game) -> bool:
    """Whether the seat to move is a person's (a pending choice of theirs is posted)."""
    return game.to_move is not None and record.player(game.to_move).user_id is not None


def move_drafts(move: Move, lang: str) -> list[OutboxDraft]:
    """The post of a completed turn (or of a pending public choice); nothing for a private step."""
    if not public_step(move):
        return []
    record = move.record
    events = turn_events(move)
    lines = describe(lang, record.kind, events, seat_names(record, lang))
    return [turn_draft(move, lang, lines + last_entertainer(lang, move.game, events))]


def last_entertainer(lang: str, game: Game, events: Sequence[Event]) -> list[str]:
    """U-24: once the last entertainer is laid, the next show ends the game: say so."""
    laid = any(e["type"] == "entertainer_laid" for e in events)
    if not laid or game.is_over or game.view(None).get("entertainer_deck_count", 1):
        return []
    return [t(lang, "That was the last entertainer: the next show ends the game.")]


def turn_draft(move: Move, lang: str, lines: list[str]) -> OutboxDraft:
    """The post telling a move in ``lines``, with the table's picture and the status after it."""
    record = move.record
    return OutboxDraft(
        kind="turn",
        payload=turn_payload(record, move.game, lang, lines, changes=move.changes),
        channel_id=where(record),
        game_id=record.id,
        dedupe_key=f"turn:{record.id}:{move.seq}",
    )


def turn_events(move: Move) -> list[Event]:
    """The events to tell: the steps of the last turn since its last public post.

    A turn's private steps (in Ultimatum: laying a penguin, moving a stone) are not posted on
    their own, so the post that ends the turn tells them too; they are rebuilt from the log (the
    truth), from where the engine says the turn began.
    """
    log = move.game.log
    starts = move.game.turn_starts()
    start = starts[-1] if starts else len(log)
    if start >= len(log) - 1:
        return list(move.events)  # the turn is this one step (every Fish placement and move)
    record = move.record
    game = replay(
        record.kind, len(seat_names(record)), record.seed, dict(record.options), log[:start]
    )
    told: list[Event] = []
    for index in range(start, len(log)):
        events = play_logged(game, log[index])
        if index < len(log) - 1 and _posted_after(record, game):
            told = []  # that step was posted already (a resignation after the turn ended too)
        else:
            told += events
    return told


def start_drafts(record: GameRecord, game: Game, lang: str) -> list[OutboxDraft]:
    """The first post of a game that has just started: seat order and who begins."""
    names = seat_names(record, lang)
    order = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(names))
    lines = [t(lang, "Game #{id} begins! Seat order: {order}.", id=record.id, order=order)]
    return [
        OutboxDraft(
            kind="turn",
            payload=turn_payload(record, game, lang, lines),
            channel_id=where(record),
            game_id=record.id,
            dedupe_key=f"start:{record.id}",
        )
    ]


def short_title(record: GameRecord, lang: str = DEFAULT) -> str:
    """A game's short name for thread titles and lists."""
    return t(lang, SHORT_TITLES[record.kind])


def start_announcer(lang: str) -> Callable[[GameRecord], list[OutboxDraft]]:
    """For a seat change or a table just placed: the first post of the game if it has started,
    drawn from its deal."""

    def drafts(record: GameRecord) -> list[OutboxDraft]:
        if record.status != "active":
            return []
        # A game that has just started is its deal: rebuild it from the seed (no I/O here).
        game = new_game(record.kind, len(seat_names(record)), record.seed, dict(record.options))
        return start_drafts(record, game, lang)

    return drafts


def cancel_draft(record: GameRecord, lang: str) -> OutboxDraft:
    """The post telling a game's thread that the game was cancelled: its last, after which
    delivery closes the thread (``close_thread``)."""
    draft = thread_text(
        record, t(lang, "Game #{id} was cancelled.", id=record.id), f"cancel:{record.id}"
    )
    return replace(draft, payload={**draft.payload, "close_thread": True})
