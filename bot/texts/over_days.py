"""The posts and direct messages of games that run over days: reminders, notifications,
forfeits and hand-overs, undo outcomes. Each is an outbox draft with a dedupe key, so a restart
or a second scheduler pass never sends the same one twice."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Game
from bot.i18n import t, tn
from bot.store import GameRecord, OutboxDraft, UndoRequest
from bot.texts.announce import describe, next_step, turn_payload
from bot.texts.history import told_turns
from bot.texts.move import MoveLike as Move
from bot.texts.names import jump_url, mention, player_name, seat_names, title
from bot.texts.posts import direct_text, thread_text, where

#: Why a seat was given up: the person resigned, let the turn time out, or left the server.
REASONS = ("resigned", "timeout", "left")


def turn_start(game: Game) -> int:
    """The log length when the current turn began (an Ultimatum turn is several steps)."""
    return game.turn_start()


def _days(seconds: float) -> str:
    return f"{seconds / 86400:.3g}"


def reminder_text(lang: str, record: GameRecord, game: Game, computers: bool) -> str:
    """The reminder posted in the game's thread, mentioning the person to move."""
    lines = [
        t(lang, "⏰ Reminder, game #{id}:", id=record.id)
        + " "
        + next_step(lang, record.kind, game, mention(record.to_move_user))
    ]
    if record.deadline_at is not None:
        stamp = int(record.deadline_at.timestamp())
        outcome = (
            t(lang, "a computer player takes over the seat")
            if computers
            else t(lang, "the seat is forfeited")
        )
        lines.append(
            t(
                lang,
                "Without a move by <t:{ts}:f> (<t:{ts}:R>), {outcome}.",
                ts=stamp,
                outcome=outcome,
            )
        )
    return "\n".join(lines)


def reminder_draft(record: GameRecord, game: Game, lang: str, computers: bool) -> OutboxDraft:
    """The reminder post; keyed by the turn's version and the reminder's number."""
    return thread_text(
        record,
        reminder_text(lang, record, game, computers),
        f"remind:{record.id}:{record.version}:{record.reminders_sent + 1}",
    )


def your_turn_dm(record: GameRecord, game: Game, user_id: int, lang: str) -> OutboxDraft:
    """'Your turn' by direct message, with a link to the game; once per turn."""
    text = t(
        lang,
        "Your turn in game #{id} ({game}) in <#{channel}>: {url}",
        id=record.id,
        game=title(record.kind, lang),
        channel=record.channel_id,
        url=jump_url(record),
    )
    return direct_text(
        record, user_id, text, f"yourturn:{record.id}:{turn_start(game)}:{game.to_move}:{user_id}"
    )


def reminder_dm(record: GameRecord, game: Game, user_id: int, lang: str) -> OutboxDraft:
    """A reminder by direct message (for people who opted in), once per reminder."""
    text = t(
        lang,
        "⏰ Still your turn in game #{id} ({game}) in <#{channel}>: {url}",
        id=record.id,
        game=title(record.kind, lang),
        channel=record.channel_id,
        url=jump_url(record),
    )
    return direct_text(
        record, user_id, text, f"remind-dm:{record.id}:{record.version}:{record.reminders_sent + 1}"
    )


def follower_dm(record: GameRecord, game: Game, user_id: int, lang: str) -> OutboxDraft:
    """An update for someone following the game: whose turn it is now, or the result."""
    names = seat_names(record, lang)
    head = t(
        lang,
        "Game #{id} ({game}) in <#{channel}>:",
        id=record.id,
        game=title(record.kind, lang),
        channel=record.channel_id,
    )
    if game.is_over:
        winners = ", ".join(names[s] for s in game.ranking()[0])
        body = t(lang, "the game is over; first place: {names}.", names=winners)
        key = f"follow:{record.id}:over:{user_id}"
    else:
        assert game.to_move is not None
        body = t(lang, "{name} plays next.", name=names[game.to_move])
        key = f"follow:{record.id}:{turn_start(game)}:{game.to_move}:{user_id}"
    return direct_text(record, user_id, f"{head} {body} {jump_url(record)}", key)


def reason_line(lang: str, reason: str, who: str, record: GameRecord) -> str:
    """Why a seat was given up, in a sentence."""
    if reason == "timeout":
        return t(
            lang,
            "{who} did not move in game #{id} for {days} days.",
            who=who,
            id=record.id,
            days=_days(record.timeout_days * 86400),
        )
    if reason == "left":
        return t(lang, "{who} is no longer on this server.", who=who)
    return t(lang, "{who} resigned from game #{id}.", who=who, id=record.id)


def forfeit_drafts(move: Move, lang: str, reason: str) -> list[OutboxDraft]:
    """The post (with the picture) telling that a player gave up their seat, and why."""
    record = move.record
    names = seat_names(record, lang)
    lines = [reason_line(lang, reason, names[move.seat], record)]
    lines += describe(lang, record.kind, move.events, names)
    return [
        OutboxDraft(
            kind="turn",
            payload=turn_payload(record, move.game, lang, lines, changes=move.changes),
            channel_id=where(record),
            game_id=record.id,
            dedupe_key=f"forfeit:{record.id}:{move.seq}",
        )
    ]


def handover_draft(record: GameRecord, seat: int, who: str, lang: str, reason: str) -> OutboxDraft:
    """The post telling that a computer player took over a person's seat, and why."""
    computer = player_name(record.player(seat), lang)
    text = (
        reason_line(lang, reason, who, record)
        + " "
        + t(lang, "{computer} takes over their seat.", computer=computer)
        + " "
        + t(
            lang,
            "{who} may take it back with /game return {id} while the game runs.",
            who=who,
            id=record.id,
        )
    )
    # A seat taken back may be handed over again: each hand-over is its own post.
    return thread_text(record, text, f"handover:{record.id}:{seat}:{record.version}")


def taken_back(lang: str, kind: str, turns: Sequence[tuple[str, Sequence[str]]]) -> str:
    """The turns an undo takes back in words, each named by whose it was: "Alice moves a
    penguin from H7 to G6. Bruno moves a penguin from C4 to D5." """
    return " ".join(
        told.line
        for name, actions in turns
        for told in told_turns(lang, kind, [(0, action) for action in actions], [name])
    )


def handover_dm(record: GameRecord, seat: int, user_id: int, lang: str) -> OutboxDraft:
    """The direct message telling a person that a computer player took their seat after the
    turn limit (once per hand-over)."""
    text = t(
        lang,
        "You did not move in game #{id} ({game}) for {days} days, so {computer} has taken "
        "over your seat: {url} Take it back with /game return {id} while the game runs.",
        id=record.id,
        game=title(record.kind, lang),
        days=_days(record.timeout_days * 86400),
        computer=player_name(record.player(seat), lang),
        url=jump_url(record),
    )
    return direct_text(
        record, user_id, text, f"handover-dm:{record.id}:{seat}:{user_id}:{record.version}"
    )


def undo_question(
    lang: str, record: GameRecord, asker: str, turns: Sequence[tuple[str, Sequence[str]]]
) -> str:
    """The public question under which the other players approve or refuse an undo: it names
    whose turns are taken back (the last person's turn and the computer players' after it)."""
    return t(
        lang,
        "{asker} asks to take back, in game #{id}: {turns}",
        asker=asker,
        id=record.id,
        turns=taken_back(lang, record.kind, turns),
    )


def undo_waiting(lang: str, request: UndoRequest) -> str:
    """Who still has to answer, and until when."""
    who = ", ".join(mention(u) for u in request.waiting)
    stamp = int(request.expires_at.timestamp())
    return tn(
        lang,
        "Waiting for {who} to approve (until <t:{ts}:R>).",
        "Waiting for {who} to approve (until <t:{ts}:R>).",
        len(request.waiting),
        who=who,
        ts=stamp,
    )


def undo_drafts(
    record: GameRecord,
    game: Game,
    lang: str,
    turns: Sequence[tuple[str, Sequence[str]]],
) -> OutboxDraft:
    """The post (with the picture) after turns were taken back, naming whose they were."""
    line = t(
        lang,
        "Taken back in game #{id}: {turns}",
        id=record.id,
        turns=taken_back(lang, record.kind, turns),
    )
    return OutboxDraft(
        kind="turn",
        payload=turn_payload(record, game, lang, [line]),
        channel_id=where(record),
        game_id=record.id,
        dedupe_key=f"undo:{record.id}:{record.version}",
    )


def undo_expired_draft(request: UndoRequest, lang: str) -> OutboxDraft:
    """The note that an undo request ran out of time (once per request)."""
    return OutboxDraft(
        kind="text",
        payload={
            "text": t(
                lang,
                "Nobody took back anything in game #{id}: the undo request expired.",
                id=request.game_id,
            )
        },
        channel_id=request.channel_id,
        game_id=request.game_id,
        # By the request's creation time: a second request at the same version (the first
        # expired, nobody moved) gets its own note.
        dedupe_key=(
            f"undo-expired:{request.game_id}:{request.version}:{request.created_at.timestamp():.6f}"
        ),
    )


def resign_question(lang: str, record: GameRecord, until: int) -> str:
    """The question before a resignation: what it means in this game, and for how long the
    confirming button counts."""
    if record.kind == "fish":
        meaning = t(
            lang,
            "Your penguins leave the ice (the fish you caught stay yours) and you are ranked "
            "after everyone who stays.",
        )
    else:
        meaning = t(
            lang,
            "You drop out of the party (your points stay) and you are ranked after everyone "
            "who stays.",
        )
    return "\n".join(
        [
            t(lang, "Resign from game #{id} for good?", id=record.id) + " " + meaning,
            t(
                lang,
                "Press the button by <t:{ts}:T> (<t:{ts}:R>) to confirm; otherwise nothing "
                "happens.",
                ts=until,
            ),
        ]
    )
