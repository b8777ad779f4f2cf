"""The two shapes of a plain text message a game sends: a post in its thread (or channel) and a
direct message to one person, each with the key that keeps it from going out twice."""

from __future__ import annotations

from bot.store import GameRecord, OutboxDraft


def where(record: GameRecord) -> int:
    """Where a game's posts go: its thread, else the channel it was opened in."""
    return record.thread_id or record.channel_id


def thread_text(record: GameRecord, text: str, key: str) -> OutboxDraft:
    """A text post in the game's thread, sent once per ``key``."""
    return OutboxDraft(
        kind="text",
        payload={"text": text},
        channel_id=where(record),
        game_id=record.id,
        dedupe_key=key,
    )


def direct_text(record: GameRecord, user_id: int, text: str, key: str) -> OutboxDraft:
    """A direct message about the game to one person, sent once per ``key``."""
    return OutboxDraft(
        kind="text",
        payload={"text": text},
        user_id=user_id,
        game_id=record.id,
        dedupe_key=key,
    )
