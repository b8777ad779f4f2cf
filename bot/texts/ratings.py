"""The rating lines of a game's final post: "Alice 1,487 → 1,512 (+25)" per player.

The words are bot.ratings.texts'; here the players are named as the game names them (their
names at the table) and the lines get their heading.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.ratings import Change, Player
from bot.ratings.texts import change_lines
from bot.store import GameRecord
from bot.texts.names import player_name


def rating_lines(record: GameRecord, changes: Sequence[Change], lang: str) -> list[str]:
    """The heading and one line per player of the server's board (none for an unrated game)."""
    if not changes:
        return []
    names = {Player(user_id=s.user_id): player_name(s, lang) for s in record.seats if s.user_id}
    lines = change_lines(changes, names, lang)
    return [t(lang, "**Ratings**"), *lines] if lines else []
