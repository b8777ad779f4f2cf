"""How people, computer players and games are named in messages."""

from __future__ import annotations

from bot.store import GameRecord, Seat

LEVELS = {1: "easy", 2: "medium", 3: "hard"}


def player_name(seat: Seat) -> str:
    """A seat's display name; computer players are named by their level."""
    if seat.user_id is None:
        return f"Penguin Bot ({LEVELS.get(seat.bot_level or 0, str(seat.bot_level))})"
    return seat.name or f"Player {seat.user_id}"


def seat_names(record: GameRecord) -> list[str]:
    """Display names per engine seat, seat 0 first (joining order before the game starts)."""
    seated = [s for s in record.seats if s.seat is not None]
    if not seated:
        return [player_name(s) for s in record.seats]
    return [player_name(s) for s in sorted(seated, key=lambda s: s.seat or 0)]


def mention(user_id: int | None) -> str:
    """A mention for a person (computer players have none)."""
    return f"<@{user_id}>" if user_id is not None else ""


def title(kind: str) -> str:
    """A game's name."""
    return "Hey, That's My Fish!" if kind == "fish" else "The Penguin Ultimatum"
