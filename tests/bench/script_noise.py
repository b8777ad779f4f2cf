"""Noise, printed: how many posts a turn makes and how many direct messages a follower gets per
round, before and after the table-manners rules, over whole random games.

Run with ``make bench`` or ``.venv/bin/python tests/bench/script_noise.py [games]``. Nothing is
asserted. "Before" is the earlier rule: a follower was told at every turn (also each move of a
player left alone, F-13); a computer seat's turn post coached it with a command and a My hand
button. a computer's pending show or entertainer was posted on its own. "After" is
``bot.play.notices.follower_hears``, the computer seat's plain line and one post per computer
turn.
"""

from __future__ import annotations

import random
import statistics
import sys
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType

from tests.turns import whose_turn

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.games import new_game  # noqa: E402
from bot.play.move import Move  # noqa: E402
from bot.play.notices import follower_hears  # noqa: E402
from bot.store import GameRecord, Seat  # noqa: E402
from bot.texts.announce import move_drafts  # noqa: E402

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def table(kind: str, seed: int, computer: int | None) -> GameRecord:
    """A two-seat record; ``computer`` is the seat a computer player takes (or None)."""
    seats = tuple(
        Seat(
            slot=s,
            seat=s,
            user_id=None if s == computer else 100 + s,
            bot_level=3 if s == computer else None,
            joined_at=NOW,
            name=None if s == computer else f"Player {s + 1}",
        )
        for s in range(2)
    )
    return GameRecord(
        id=1, kind=kind, guild_id=1, channel_id=1, thread_id=2, status="active", creator_id=100,
        max_players=2, options=MappingProxyType({}), seed=seed, version=1, created_at=NOW,
        updated_at=NOW, turn_started_at=NOW, to_move_seat=0, ranking=None, finished_at=None,
        reminder_hours=24, timeout_days=7, next_reminder_at=None, deadline_at=None,
        reminders_sent=0, seats=seats,
    )  # fmt: skip


def play(kind: str, seed: int, computer: int | None) -> dict[str, float]:
    """One random game: posts, coached posts and follower DMs (before and after)."""
    rng = random.Random(seed)
    record = table(kind, seed, computer)
    game = new_game(kind, 2, seed, {})
    posts = posts_before = coached_before = coached_after = dm_before = dm_after = turns = 0
    told_before: set[tuple[int, int | None]] = set()
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        events = game.play(rng.choice(game.legal_actions()), seat=seat)
        turns += int(game.between_turns if kind == "ultimatum" else 1)
        move = Move(replace(record, to_move_seat=whose_turn(game)), game, seat, game.log[-1],
                    len(game.log), tuple(events))  # fmt: skip
        drafts = move_drafts(move, "en")
        posts += len(drafts)
        # The earlier rule posted every step that ended a turn or left a public choice.
        earlier = kind == "fish" or game.phase in ("play", "perform", "entertainer", "over")
        posts_before += earlier
        if earlier and computer is not None and game.to_move == computer:
            coached_before += 1  # that post named the command and had a My hand button
        for draft in drafts:
            text = draft.payload["text"]
            if computer is not None and game.to_move == computer:
                coached_after += "/ultimatum" in text.splitlines()[-1] or "/fish" in text
        # Before: a DM per new (turn start, mover) pair; after: only when the mover changes.
        key = (game.turn_start() if not game.is_over else -1, game.to_move)
        if key not in told_before:
            told_before.add(key)
            dm_before += 1
        dm_after += follower_hears(game.is_over, game.to_move, seat)
    rounds = max(1, turns / 2)
    return {
        "posts_per_turn": posts / max(1, turns),
        "posts_per_turn_before": posts_before / max(1, turns),
        "coached_before": coached_before,
        "coached_after": coached_after,
        "dm_before": dm_before / rounds,
        "dm_after": dm_after / rounds,
    }


def main(games: int) -> None:
    """Play, then print the medians."""
    for kind, computer in (("fish", None), ("ultimatum", 1)):
        runs = [play(kind, seed, computer) for seed in range(games)]

        def median(key: str, runs: list[dict[str, float]] = runs) -> float:
            return statistics.median(r[key] for r in runs)

        against = " against a computer" if computer is not None else ""
        print(
            f"{kind}{against}, {games} random 2-player games: posts per turn "
            f"{median('posts_per_turn_before'):.2f} before, {median('posts_per_turn'):.2f} after; "
            "computer-seat posts with coaching "
            f"{median('coached_before'):.0f} before, {median('coached_after'):.0f} after; "
            f"DMs per follower per round {median('dm_before'):.2f} before, "
            f"{median('dm_after'):.2f} after"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
