"""Tournaments' pairing and standings, pure: plain values in, plain values out.

``swiss.pair`` pairs the next Swiss round at tables of 2, 3 or 4; ``round_robin.schedule`` fixes
a round robin's rounds; ``records`` scores tables (first 1, last 0, evenly between, ties
sharing); ``standings`` orders the field with its tie-breaks. Players are ints (user ids), given
in entry order (the seeding); a round as played is a ``Round`` of ``Table`` endings and byes.
"""

from bot.tournaments.records import BYE, Record, records, table_points
from bot.tournaments.results import Pairing, Round, Table, TournamentError
from bot.tournaments.round_robin import round_pairing, schedule
from bot.tournaments.spread import rounds_needed
from bot.tournaments.standings import Standing, standings
from bot.tournaments.swiss import pair
from bot.tournaments.tables import SIZES, table_sizes

__all__ = [
    "BYE",
    "SIZES",
    "Pairing",
    "Record",
    "Round",
    "Standing",
    "Table",
    "TournamentError",
    "pair",
    "records",
    "round_pairing",
    "rounds_needed",
    "schedule",
    "standings",
    "table_points",
    "table_sizes",
]
