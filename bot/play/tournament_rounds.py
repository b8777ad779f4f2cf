"""Running a tournament's rounds: the sign-up's close starts it, a round that is over (every
game ended, or its time up) is scored, the standings posted and the next round paired and
opened, once, in one commit at the version it was read at (bot.store.tournaments)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from bot.play.games import load_game
from bot.play.tournament_tables import deal, played_rounds, table_result
from bot.store import GameRecord, OutboxDraft, Store
from bot.store.rows import when
from bot.store.tournament_rows import (
    NewRound,
    TableResult,
    TournamentError,
    TournamentRecord,
    TournamentTable,
)
from bot.texts import tournament as texts
from bot.texts import tournament_views as views
from bot.texts.posts import thread_text
from bot.tournaments import Pairing, Round, Standing, pair, round_pairing, schedule, standings
from bot.tournaments import TournamentError as PairingError

#: Draws a table's seed (tests pin it).
Seeder = Callable[[], int]


@dataclass(frozen=True)
class Step:
    """What one look at a due tournament did: the games it opened (to be placed in their
    threads), the games its round's end stopped, whether it changed the tournament."""

    record: TournamentRecord
    opened: list[GameRecord] = field(default_factory=list)
    stopped: list[GameRecord] = field(default_factory=list)
    unplaced: list[TournamentTable] = field(default_factory=list)
    changed: bool = False


async def run_due(
    store: Store, tournament_id: int, now: float, lang: str, seeder: Seeder | None = None
) -> Step:
    """Do what is due for one tournament: start it at the sign-up's close, end a round that is
    over and open the next; otherwise set when to look again."""
    record = await store.get_tournament(tournament_id)
    if record.status == "signup":
        if now < record.closes_at.timestamp():
            await store.postpone_tournament(record.id, record.version, record.closes_at.timestamp())
            return Step(record)
        try:
            return await begin(store, record, now, lang, seeder)
        except TournamentError as error:
            if error.code != "too_few":
                raise
        # Closed with a field too small to pair: the tournament ends, and says why.
        text = texts.refusal(lang, "too_few", record, record.id)
        post = _post(record, text, f"tournament:{record.id}:cancel")
        return Step(await store.cancel_tournament(record.id, [post]), changed=True)
    if record.status != "running":
        return Step(record)
    tables = await store.tournament_tables(record.id)
    current = [table for table in tables if table.round == record.round]
    unplaced = [table for table in current if not table.placed]
    rounds = await store.tournament_rounds(record.id)
    deadline = rounds[-1].deadline_at.timestamp()
    running = [table for table in current if table.game_status == "active"]
    if running and now < deadline:
        await store.postpone_tournament(record.id, record.version, deadline)
        return Step(record, unplaced=unplaced)
    stopped = []
    for table in running:
        stopped.append(
            await store.cancel(
                table.game_id,
                announce=lambda game: [
                    thread_text(
                        game,
                        t(lang, "The round's time is up: game #{id} is decided by the "
                          "tournament's rule.", id=game.id),
                        f"time-up:{game.id}",
                    )
                ],
            )
        )  # fmt: skip
    results: dict[int, TableResult] = {}
    for table in current:
        _game_record, game = await load_game(store, table.game_id)
        assert game is not None  # a tournament game starts when it is opened
        finished = table.game_status == "finished" and game.is_over
        results[table.game_id] = table_result(game, len(table.players), time_up=not finished)
    played = played_rounds(tables, rounds, results)
    step = await _next(store, record, played, now, lang, seeder, results)
    return Step(step.record, step.opened, stopped, unplaced, step.changed)


async def begin(
    store: Store, record: TournamentRecord, now: float, lang: str, seeder: Seeder | None = None
) -> Step:
    """Start a tournament whose sign-up is over: round 1 (TournamentError ``too_few`` when the
    field cannot be paired; the sign-up then stays open)."""
    return await _next(store, record, [], now, lang, seeder, {})


async def _next(
    store: Store,
    record: TournamentRecord,
    played: list[Round],
    now: float,
    lang: str,
    seeder: Seeder | None,
    results: dict[int, TableResult],
) -> Step:
    players, out = record.players, record.withdrawn
    rounds: int | None = None
    pairing: Pairing | None = None
    number = record.round + 1
    try:
        if record.format == "round-robin" and record.status == "signup":
            rounds = len(schedule(players, record.table_size))
        total = rounds if rounds is not None else record.rounds
        # A running tournament that withdrawals have left with one player or none ends here:
        # there is nobody to pair, and its final standings are posted.
        left = sum(p not in out for p in players)
        if number <= total and (record.status == "signup" or left > 1):
            pairing = (
                pair(players, played, record.table_size, out)
                if record.format == "swiss"
                else round_pairing(players, record.table_size, number, out)
            )
    except PairingError as error:
        if record.status == "signup":
            raise TournamentError("too_few", str(error), tournament_id=record.id) from None
        raise
    if pairing is not None and not pairing.tables:
        pairing = None  # nobody left to play each other: the tournament ends here
    if pairing is None and record.status == "signup":
        raise TournamentError("too_few", "too few players", tournament_id=record.id)
    drafts = []
    if played:
        lines = standings(players, played, out)
        drafts.extend(standings_posts(lang, record, lines, len(played), final=pairing is None))
    opening = None
    if pairing is not None:
        ends = now + record.round_days * 86400
        draw = seeder or (lambda: secrets.randbits(63))
        opening = NewRound(number, ends, pairing.tables, tuple(draw() for _ in pairing.tables),
                           pairing.byes)  # fmt: skip
        announced = texts.round_pages(lang, record, number, pairing, when(ends))
        drafts += [
            _post(record, page, f"tournament:{record.id}:round:{number}:{n}")
            for n, page in enumerate(announced)
        ]
    try:
        changed, opened = await store.change_round(
            record.id, record.version, results=results, opening=opening, deal=deal,
            drafts=drafts, rounds=rounds,
        )  # fmt: skip
    except TournamentError as error:
        if error.code != "changed":
            raise
        return Step(await store.get_tournament(record.id))  # another process did it
    return Step(changed, opened, changed=True)


def standings_parts(
    lang: str, record: TournamentRecord, lines: Sequence[Standing], after: int, *, final: bool
) -> list[tuple[str, dict[str, Any] | None]]:
    """The standings after a round (the final ones with the podium) as posts: each text page,
    the first ones with the payload of the standings pictures they carry (drawn when sent)."""
    pages = texts.standings_pages(lang, record, lines, after=after, final=final)
    groups = views.picture_groups(len(lines), final)
    # A field whose pictures need more posts than its text gives them more, headed alike.
    pages += [pages[0].split("\n", 1)[0]] * (len(groups) - len(pages))
    picture = views.standings_payload(record, lines, after, final=final)
    return [
        (page, None if n >= len(groups) else {
            "text": page, "lang": lang, "standings": picture,
            "pages": [groups[n].start, groups[n].stop],
        })
        for n, page in enumerate(pages)
    ]  # fmt: skip


def standings_posts(
    lang: str, record: TournamentRecord, lines: Sequence[Standing], after: int, *, final: bool
) -> list[OutboxDraft]:
    """The standings posts after a round, queued: delivery draws their pictures."""
    drafts = []
    for n, (page, payload) in enumerate(standings_parts(lang, record, lines, after, final=final)):
        key = f"tournament:{record.id}:standings:{after}:{n}"
        if payload is None:
            drafts.append(_post(record, page, key))
        else:
            drafts.append(
                OutboxDraft("standings", payload, channel_id=record.channel_id, dedupe_key=key)
            )
    return drafts


def _post(record: TournamentRecord, text: str, key: str) -> OutboxDraft:
    return OutboxDraft("post", {"text": text}, channel_id=record.channel_id, dedupe_key=key)
