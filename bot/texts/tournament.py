"""A tournament's texts: its sign-up, its rounds and tables, its standings, in the reader's
language. Moments are Discord timestamps, shown in each reader's own time zone."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from fractions import Fraction

from bot.i18n import N_, t
from bot.store.tournament_rows import TournamentRecord
from bot.tournaments import Pairing, Standing

#: The most characters of one post (Discord's limit on a message's content).
POST_LIMIT = 2000
KIND_NAMES = {"fish": "Hey, That's My Fish!", "ultimatum": "The Penguin Ultimatum"}


def moment(at: datetime) -> str:
    """A moment as a Discord timestamp (date and time in the reader's zone)."""
    return f"<t:{int(at.timestamp())}:f>"


def mention(user_id: int) -> str:
    """A person's mention."""
    return f"<@{user_id}>"


def number(value: Fraction) -> str:
    """Points as a short decimal: 2, 2.5, 1.33."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def format_name(lang: str, record: TournamentRecord) -> str:
    """The format and table size in a few words."""
    if record.format == "swiss":
        return t(
            lang, "Swiss, {rounds} rounds, tables of {size}", rounds=record.rounds,
            size=record.table_size,
        )  # fmt: skip
    return t(lang, "round robin, tables of {size}", size=record.table_size)


def rules_text(lang: str, record: TournamentRecord) -> str:
    """How the tournament is scored and decided (said with the sign-up and each round)."""
    return t(
        lang,
        "Points per table: first 1, last 0, evenly between, ties sharing; a bye counts as a win. "
        "Tie-breaks: opponents' points, then head to head, then total game score. Each round "
        "lasts {days} days and each turn {turn} days. A game still running when the round's "
        "time is up is decided then: the player to move has timed out and forfeits, the others "
        "are ranked by their score. A player who times out or withdraws forfeits (ranked last "
        "at the table); a withdrawn player is not paired again.",
        days=number(Fraction(record.round_days)),
        turn=number(Fraction(record.turn_days)),
    )


def signup_text(lang: str, record: TournamentRecord) -> str:
    """The sign-up post: what is played, who has joined, when the sign-up closes."""
    names = ", ".join(mention(e.user_id) for e in record.entrants) or t(lang, "nobody yet")
    lines = [
        t(
            lang,
            "**Tournament #{id}**: {kind}, {format}. Organised by {organiser}.",
            id=record.id,
            kind=KIND_NAMES[record.kind],
            format=format_name(lang, record),
            organiser=mention(record.organiser_id),
        ),
        rules_text(lang, record),
        t(lang, "Entered ({count}): {names}", count=len(record.entrants), names=names),
    ]
    if record.status == "signup":
        lines.append(
            t(
                lang,
                "The sign-up closes {when}; then round 1 begins.",
                when=moment(record.closes_at),
            )
        )
    return "\n".join(lines)


def round_pages(
    lang: str, record: TournamentRecord, number_: int, pairing: Pairing, ends: datetime
) -> list[str]:
    """A new round: who plays at which table, who has a bye, when its time is up (as posts
    within Discord's limit)."""
    head = t(
        lang,
        "**Tournament #{id}, round {round}** begins; its time is up {when}.",
        id=record.id,
        round=number_,
        when=moment(ends),
    )
    rows = [
        t(lang, "Table {n}: {players}", n=n, players=", ".join(mention(p) for p in players))
        for n, players in enumerate(pairing.tables, start=1)
    ]
    rows += [t(lang, "Bye (counts as a win): {player}", player=mention(p)) for p in pairing.byes]
    return pages(head, rows)


def table_text(lang: str, record: TournamentRecord, round_: int, players: Sequence[int]) -> str:
    """The opening post of one table's game: which tournament and round, who plays."""
    return t(
        lang,
        "Tournament #{id}, round {round}: {players}. Your game is in this message's thread.",
        id=record.id,
        round=round_,
        players=", ".join(mention(p) for p in players),
    )


def standings_pages(
    lang: str, record: TournamentRecord, lines: Sequence[Standing], *, after: int, final: bool
) -> list[str]:
    """The standings after a round (or the final ones), one line per player, as posts within
    Discord's limit: a large field takes several, each headed alike."""
    head = (
        t(lang, "**Tournament #{id}: final standings**", id=record.id)
        if final
        else t(lang, "**Tournament #{id}: standings after round {round}**", id=record.id,
               round=after)
    )  # fmt: skip
    rows = []
    for line in lines:
        name = record.name_of(line.player) or mention(line.player)
        h2h = "–" if line.head_to_head is None else number(line.head_to_head)
        row = t(
            lang,
            "{place}. {name}: {points} pts (opponents {opp}, head to head {h2h}, game score "
            "{score}, games {games})",
            place=line.place,
            name=name,
            points=number(line.points),
            opp=number(line.opponents_points),
            h2h=h2h,
            score=line.game_score,
            games=line.games,
        )
        if line.withdrawn:
            row += " " + t(lang, "(withdrawn)")
        rows.append(row)
    return pages(head, rows)


def pages(head: str, rows: Sequence[str]) -> list[str]:
    """Rows under a heading, as few posts as Discord's limit allows, each headed alike."""
    posts = [head]
    for row in rows:
        if len(posts[-1]) + 1 + len(row) > POST_LIMIT:
            posts.append(head)
        posts[-1] += "\n" + row
    return posts


def list_line(lang: str, record: TournamentRecord) -> str:
    """One tournament in /tournament list."""
    states = {
        "signup": t(lang, "sign-up until {when}", when=moment(record.closes_at)),
        "running": t(lang, "round {round} of {rounds}", round=record.round, rounds=record.rounds),
        "finished": t(lang, "finished"),
        "cancelled": t(lang, "cancelled"),
    }
    return t(
        lang,
        "#{id} {kind}, {format}: {state}",
        id=record.id,
        kind=KIND_NAMES[record.kind],
        format=format_name(lang, record),
        state=states[record.status],
    )


def placing_lines(lang: str, placings: Sequence[tuple[TournamentRecord, Standing]]) -> list[str]:
    """A person's tournaments for their profile: each one's place of its field once finished,
    the round being played while running, and the points so far."""
    if not placings:
        return []
    lines = [t(lang, "**Tournaments**")]
    for record, line in placings:
        if record.status == "finished":
            where = t(lang, "place {place} of {field}", place=line.place, field=len(record.players))
        else:
            where = t(lang, "running, round {round}", round=record.round)
        lines.append(
            t(
                lang,
                "#{id} {kind} ({format}): {where}, {points} pts",
                id=record.id,
                kind=t(lang, KIND_NAMES[record.kind]),
                format=format_name(lang, record),
                where=where,
                points=number(line.points),
            )
        )
    return lines


def game_mark(lang: str, tournament_id: int, round_: int) -> str:
    """What /game list and /game mine say of a tournament game."""
    return t(lang, "tournament #{id}, round {round}", id=tournament_id, round=round_)


def cancelled_text(lang: str, record: TournamentRecord) -> str:
    """The post saying a tournament was cancelled."""
    return t(
        lang, "Tournament #{id} was cancelled; its running games end without a result.",
        id=record.id,
    )  # fmt: skip


#: Why a new tournament's choices were refused (bot.play.tournament.open_tournament).
CHOICES = {
    "not_manager": N_("Only someone with Manage Server can open a tournament on this server."),
    "rounds": N_("A Swiss tournament has 1 to 20 rounds."),
    "days": N_("A round lasts at most 60 days, and a turn at most a round."),
    "closes": N_("The sign-up closes within 60 days."),
    "format": N_("A tournament is swiss or round-robin."),
    "table_size": N_("A table seats 2 to 4 players."),
}


def refusal(lang: str, code: str, record: TournamentRecord | None, tournament_id: int) -> str:
    """Why a tournament command did nothing, naming the tournament's real situation."""
    if code in CHOICES:
        return t(lang, CHOICES[code])
    tid = record.id if record is not None else tournament_id
    if code == "not_found" or record is None:
        return t(lang, "There is no tournament #{id} on this server.", id=tid)
    if code == "closed" and record.status == "running":
        return t(
            lang, "The sign-up for tournament #{id} closed on {when}; it is in round {round}.",
            id=tid, when=moment(record.closes_at), round=record.round,
        )  # fmt: skip
    texts = {
        "closed": t(lang, "Tournament #{id} is over; it takes no more entries.", id=tid),
        "entered": t(lang, "You are already entered in tournament #{id}.", id=tid),
        "not_entered": t(lang, "You are not entered in tournament #{id}.", id=tid),
        "not_running": t(
            lang, "Tournament #{id} is not running (its sign-up is open, or it is over): use "
            "/tournament leave during the sign-up.", id=tid,
        ),
        "withdrawn": t(lang, "You have already withdrawn from tournament #{id}.", id=tid),
        "over": t(lang, "Tournament #{id} is already over.", id=tid),
        "started": t(lang, "Tournament #{id} has already started.", id=tid),
        "changed": t(lang, "Tournament #{id} changed just now; nothing was done.", id=tid),
        "not_organiser": t(
            lang, "Only the organiser of tournament #{id} or someone with Manage Server may "
            "do that.", id=tid,
        ),
        "too_few": t(
            lang, "Tournament #{id} cannot start: {count} entered, too few to pair.",
            id=tid, count=len(record.entrants),
        ),
    }  # fmt: skip
    return texts.get(code, t(lang, "Tournament #{id}: nothing was done.", id=tid))
