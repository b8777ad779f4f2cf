"""A tournament's use cases: open, enter, leave, start, withdraw, cancel, list, standings.

Who may do what is checked here: opening needs Manage Server unless the server lets anyone;
only the organiser or a manager starts or cancels; a player enters, leaves and withdraws only
themselves. Refusals are ``TournamentError`` with a code the texts turn into a sentence.
"""

from __future__ import annotations

from bot.play.games import check_table
from bot.play.tournament_rounds import Seeder, Step, begin
from bot.play.tournament_tables import played_rounds
from bot.store import GameRecord, OutboxDraft, Store
from bot.store.tournament_rows import NewTournament, TournamentError, TournamentRecord
from bot.texts import tournament as texts
from bot.texts.announce import cancel_draft
from bot.tournaments import Standing, standings

#: The longest a round may last, and a sign-up stay open (days).
MOST_DAYS = 60
#: Swiss rounds at most.
MOST_ROUNDS = 20


async def open_tournament(
    store: Store,
    new: NewTournament,
    *,
    manager: bool,
    now: float,
) -> TournamentRecord:
    """Open a tournament's sign-up after checking its choices against the rules."""
    if not manager and not await store.anyone_opens_tournaments(new.guild_id):
        raise TournamentError("not_manager", "only managers open tournaments")
    check_table(new.kind, new.table_size, new.options)
    if new.format == "swiss" and not 1 <= new.rounds <= MOST_ROUNDS:
        raise TournamentError("rounds", f"a Swiss tournament has 1 to {MOST_ROUNDS} rounds")
    if not 0 < new.round_days <= MOST_DAYS or not 0 < new.turn_days <= new.round_days:
        raise TournamentError("days", f"a turn lasts at most a round, a round {MOST_DAYS} days")
    if not now < new.closes_at <= now + MOST_DAYS * 86400:
        raise TournamentError("closes", f"the sign-up closes within {MOST_DAYS} days")
    return await store.create_tournament(new)


async def enter(store: Store, tournament_id: int, user_id: int, name: str) -> TournamentRecord:
    """Sign up for a tournament during its sign-up."""
    return await store.enter_tournament(tournament_id, user_id, name)


async def leave(store: Store, tournament_id: int, user_id: int) -> TournamentRecord:
    """Take one's name off the sign-up."""
    return await store.leave_tournament(tournament_id, user_id)


def _may_run(record: TournamentRecord, user_id: int, manager: bool) -> None:
    if user_id != record.organiser_id and not manager:
        raise TournamentError("not_organiser", "organiser only", tournament_id=record.id)


async def start(
    store: Store,
    tournament_id: int,
    user_id: int,
    *,
    manager: bool,
    now: float,
    lang: str,
    seeder: Seeder | None = None,
) -> Step:
    """Start a tournament before its sign-up's close: the organiser or a manager only."""
    record = await store.get_tournament(tournament_id)
    _may_run(record, user_id, manager)
    if record.status != "signup":
        raise TournamentError("started", record.status, tournament_id=record.id)
    return await begin(store, record, now, lang, seeder)


async def withdraw(
    store: Store, tournament_id: int, user_id: int
) -> tuple[TournamentRecord, list[GameRecord]]:
    """Withdraw from a running tournament; the games of the round being played that the
    player still sits in (the caller forfeits them)."""
    record = await store.withdraw_from_tournament(tournament_id, user_id)
    tables = await store.tournament_tables(tournament_id)
    games = []
    for table in tables:
        running = table.round == record.round and table.game_status == "active"
        if running and user_id in table.players:
            games.append(await store.get_game(table.game_id))
    return record, games


async def cancel(
    store: Store,
    tournament_id: int,
    user_id: int,
    *,
    manager: bool,
    lang: str,
) -> tuple[TournamentRecord, list[GameRecord]]:
    """Cancel a tournament still going: the organiser or a manager only; its running games are
    cancelled too."""
    record = await store.get_tournament(tournament_id)
    _may_run(record, user_id, manager)
    text = texts.cancelled_text(lang, record)
    post = OutboxDraft(
        "post",
        {"text": text},
        channel_id=record.channel_id,
        dedupe_key=f"tournament:{record.id}:cancel",
    )
    record = await store.cancel_tournament(tournament_id, [post])
    stopped = []
    for table in await store.tournament_tables(tournament_id):
        if table.game_status == "active":
            stopped.append(
                await store.cancel(table.game_id, announce=lambda game: [cancel_draft(game, lang)])
            )
    return record, stopped


async def current_standings(
    store: Store, tournament_id: int
) -> tuple[TournamentRecord, tuple[Standing, ...], int]:
    """The standings after the rounds decided so far, and how many those are."""
    record = await store.get_tournament(tournament_id)
    tables = await store.tournament_tables(tournament_id)
    rounds = await store.tournament_rounds(tournament_id)
    played = played_rounds(tables, rounds)
    return record, standings(record.players, played, record.withdrawn), len(played)


async def placings(
    store: Store, user_id: int, guild_id: int | None, *, limit: int = 5
) -> list[tuple[TournamentRecord, Standing]]:
    """A person's latest tournaments (in one server, or all) and their line in the standings
    of each after the rounds decided so far."""
    found = []
    for tournament_id in await store.player_tournaments(user_id, guild_id, limit=limit):
        record, lines, _after = await current_standings(store, tournament_id)
        found.append((record, next(line for line in lines if line.player == user_id)))
    return found
