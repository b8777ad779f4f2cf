"""Ratings, leaderboards and player profiles, pure: no discord, no database.

The store keeps one ``Result`` per finished game and one ``NewSeason`` per season start; every
rating is derived from them in order (``rebuild``) or game by game (``Ratings.apply``), with the
same values. ``boards`` pages the leaderboards and keeps private people unnamed on the global
board; ``profile`` sums up a player's games; ``texts`` words it all in the reader's language.
"""

from bot.ratings.boards import (
    PER_PAGE,
    Page,
    Row,
    board,
    computer_rows,
    leaderboard,
    page_of,
)
from bot.ratings.model import (
    GLOBAL,
    PROVISIONAL_SIGMA,
    AlreadyRated,
    Change,
    PastSeason,
    Podium,
    Point,
    Ratings,
    Scope,
    Standing,
    chronological,
    display,
    rebuild,
)
from bot.ratings.profile import Profile, Record, Streak, profile
from bot.ratings.results import (
    Event,
    NewSeason,
    Player,
    Result,
    Seat,
    places_from_ranking,
    read_lines,
)

__all__ = [
    "GLOBAL",
    "PER_PAGE",
    "PROVISIONAL_SIGMA",
    "AlreadyRated",
    "Change",
    "Event",
    "NewSeason",
    "Page",
    "PastSeason",
    "Player",
    "Podium",
    "Point",
    "Profile",
    "Ratings",
    "Record",
    "Result",
    "Row",
    "Scope",
    "Seat",
    "Standing",
    "Streak",
    "board",
    "chronological",
    "computer_rows",
    "display",
    "leaderboard",
    "page_of",
    "places_from_ranking",
    "profile",
    "read_lines",
    "rebuild",
]
