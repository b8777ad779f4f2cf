"""Time away (``/game away days``) and taking a seat back (``/game return``): the use cases.

Time away is counted per person and server: each server allows a number of days per calendar
month (``/settings defaults away_days``, else the bot's ``AWAY_DAYS``). Asked in a server, it covers
that server's games; asked in a direct message, every server where the person has a running
game, each within its own allowance, all or nothing. While it runs, the person's turns get no
reminder and no timeout; the clock of a turn that was running continues with what was left
when they come back, a turn that came meanwhile starts its clock then (bot.store.away). Asking
again replaces the running time away (its begun days stay counted); 0 days ends it.

A seat a computer player took over (a timeout, or leaving the server) keeps who sat there; that
person may take it back while the game runs. The turn clock then starts afresh for them, as it
does for anyone who sits down. A computer player still thinking about that seat's move finds
the game's version moved on and lets it be.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.config import MOST_AWAY_DAYS
from bot.play.games import load_game, position_of
from bot.store import AwayOutcome, GameRecord, LobbyError, OutboxDraft, Store
from bot.store.away import AnnounceAway

#: The longest time away one request may ask for (no server allows more per month).
MOST_DAYS = MOST_AWAY_DAYS


class AwayRefused(Exception):
    """A request for time away that cannot be granted; ``code`` says why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class SeatRefused(Exception):
    """A seat that cannot be taken back; ``code``: ``over``, ``not_started``, ``seated``,
    ``not_handed``."""

    def __init__(self, code: str, game_id: int) -> None:
        super().__init__(code)
        self.code = code
        self.game_id = game_id


async def allowances(store: Store, guild_ids: Iterable[int]) -> dict[int, int]:
    """Each server's days of time away per person and month."""
    allowed: dict[int, int] = {}
    for guild_id in guild_ids:
        chosen = (await store.guild_settings(guild_id)).away_days
        allowed[guild_id] = store.defaults.away_days if chosen is None else chosen
    return allowed


async def away_servers(store: Store, user_id: int, guild_id: int | None) -> list[int]:
    """The servers a request for time away covers: the one it was asked in, or (from a direct
    message) every server where the person has a running game. AwayRefused ``no_games``."""
    if guild_id is not None:
        return [guild_id]
    servers = sorted({r.guild_id for r in await store.games_of_user(user_id, ("active",))})
    if not servers:
        raise AwayRefused("no_games")
    return servers


async def go_away(
    store: Store,
    user_id: int,
    guild_id: int | None,
    days: int,
    *,
    announce: AnnounceAway | None = None,
) -> AwayOutcome:
    """Start (or with 0 days end) a person's time away where it was asked; NoDaysLeft (from
    the store, nothing changed) when a server's month has fewer days left; AwayRefused
    ``nothing_to_pause`` in a server where the person has no open or running game."""
    if not 0 <= days <= MOST_DAYS:
        raise AwayRefused("too_long")
    servers = await away_servers(store, user_id, guild_id)
    if days and guild_id is not None and not await _sits_in(store, user_id, guild_id):
        raise AwayRefused("nothing_to_pause")  # no day of the allowance is spent on nothing
    return await store.set_away(user_id, await allowances(store, servers), days, announce=announce)


async def _sits_in(store: Store, user_id: int, guild_id: int) -> bool:
    """Whether the person has a seat at a table of the server that is open or running."""
    return any(r.guild_id == guild_id for r in await store.games_of_user(user_id))


async def take_back(
    store: Store,
    game_id: int,
    user_id: int,
    name: str | None,
    *,
    announce: Callable[[GameRecord, int], Iterable[OutboxDraft]] | None = None,
) -> GameRecord:
    """The person sits again in the seat a computer player took over from them (``announce``
    gets the game as stored and the seat). SeatRefused says why not."""
    record, game = await load_game(store, game_id)
    if record.status != "active" or game is None or game.is_over:
        raise SeatRefused("over" if record.status in ("finished", "cancelled") else "not_started",
                          game_id)  # fmt: skip
    if record.seat_of(user_id) is not None:
        raise SeatRefused("seated", game_id)
    seat = next((s.seat for s in record.seats if s.handed_from == user_id), None)
    if seat is None:
        raise SeatRefused("not_handed", game_id)

    def told(changed: GameRecord) -> Iterable[OutboxDraft]:
        return announce(changed, seat) if announce is not None else ()

    try:
        return await store.take_back_seat(
            game_id,
            user_id,
            name=name,
            position=position_of(game),
            expected_version=record.version,
            drafts=told,
        )
    except LobbyError as error:
        if error.code == "not_handed":
            raise SeatRefused("not_handed", game_id) from None
        raise
