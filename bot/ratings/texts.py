"""Ratings in words, in the reader's language: the final post's rating changes, the leaderboard
and profile pictures' texts (``render.leaderboard`` / ``render.profile`` views), lines for an
embed, past seasons.

Names of people come from the caller (``names``: player → display name, e.g. server nicknames);
computer levels are named here. A row the privacy rule left anonymous is a hidden player and is
never looked up in ``names``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from babel.numbers import format_decimal, format_percent

from bot.i18n import DEFAULT, N_, t, tn
from bot.ratings.boards import Page, Row
from bot.ratings.model import Change, PastSeason, Scope
from bot.ratings.profile import Profile, Record
from bot.ratings.results import STATS, Player
from render.leaderboard import BoardRow, BoardView
from render.profile import KindPanel, ProfileView

TITLES = {"fish": N_("Hey, That's My Fish!"), "ultimatum": N_("The Penguin Ultimatum")}
LEVELS = {1: N_("easy"), 2: N_("medium"), 3: N_("hard")}
#: How a kind's typical result is worded (its ``STATS`` averaged, one decimal).
AVERAGES = {
    "fish": N_("Average: {fish} fish, {floes} floes"),
    "ultimatum": N_("Average: {points} points, {shows} shows won"),
}
#: People are looked up by player; these are what the board and profile say instead.
Names = Mapping[Player, str]


def number(value: int, lang: str = DEFAULT) -> str:
    """A whole number grouped the language's way: 1,487 · 1.487 · 1 487."""
    return format_decimal(value, locale=lang)


def decimal(value: float, lang: str = DEFAULT) -> str:
    """A number with one decimal: 31.2 · 31,2."""
    return format_decimal(value, format="#,##0.0", locale=lang)


def percent(rate: float, lang: str = DEFAULT) -> str:
    """A share as a whole percentage: 58% · 58 %."""
    return format_percent(rate, locale=lang)


def signed(delta: int, lang: str = DEFAULT) -> str:
    """A rating change with its sign: +25, −12, ±0."""
    if delta == 0:
        return "±0"
    return ("+" if delta > 0 else "−") + number(abs(delta), lang)


def title(kind: str, lang: str = DEFAULT) -> str:
    """A game's name in ``lang``."""
    return t(lang, TITLES[kind])


def player_name(player: Player | None, names: Names, lang: str = DEFAULT) -> str:
    """How a player is named: a computer by its level, a person by ``names``, an anonymous row
    (None) as a hidden player."""
    if player is None:
        return t(lang, "Hidden player")
    if player.computer is not None:
        level = LEVELS.get(player.computer)
        shown = t(lang, level) if level else str(player.computer)
        return t(lang, "Penguin Bot ({level})", level=shown)
    return names.get(player) or t(lang, "Player {n}", n=player.user_id)


def change_line(change: Change, name: str, lang: str = DEFAULT) -> str:
    """One player's line in the final post: "Alice 1,487 → 1,512 (+25)"."""
    params = {
        "name": name,
        "before": number(change.before, lang),
        "after": number(change.after, lang),
        "delta": signed(change.delta, lang),
    }
    if change.provisional:
        return t(lang, "{name} {before} → {after} ({delta}, provisional)", **params)
    return t(lang, "{name} {before} → {after} ({delta})", **params)


def change_lines(
    changes: Iterable[Change], names: Names, lang: str = DEFAULT, scope: Scope | None = None
) -> list[str]:
    """The final post's rating lines: the changes of one scope (the server's season by
    default, the global one for a game outside a server), in the order given."""
    changes = list(changes)
    if scope is None:
        local = [c.scope for c in changes if not c.scope.is_global]
        scope = local[0] if local else next((c.scope for c in changes), None)
    return [
        change_line(c, player_name(c.player, names, lang), lang)
        for c in changes
        if c.scope == scope
    ]


def scope_label(scope: Scope, lang: str = DEFAULT) -> str:
    """Which board this is: "This server · season 2" or "All servers"."""
    if scope.is_global:
        return t(lang, "All servers")
    return t(lang, "This server · season {n}", n=scope.season)


def record_line(record: Record, lang: str = DEFAULT) -> str:
    """Games, wins and win rate: "12 games · 7 wins · 58% won"."""
    return " · ".join(
        (
            tn(lang, "{n} game", "{n} games", record.games),
            tn(lang, "{n} win", "{n} wins", record.wins),
            t(lang, "{rate} won", rate=percent(record.win_rate, lang)),
        )
    )


def _row_detail(row: Row, lang: str) -> str:
    games = tn(lang, "{n} game", "{n} games", row.games)
    return f"{games} · {t(lang, '{rate} won', rate=percent(row.win_rate, lang))}"


def board_row(row: Row, names: Names, lang: str = DEFAULT, you: Player | None = None) -> BoardRow:
    """One board row in words, as the picture draws it."""
    return {
        "position": number(row.position, lang),
        "name": player_name(row.player, names, lang),
        "rating": number(row.rating, lang),
        "note": t(lang, "provisional") if row.provisional else "",
        "detail": _row_detail(row, lang),
        "medal": row.position if row.position <= 3 else 0,
        "anonymous": row.anonymous,
        "highlight": you is not None and row.player == you,
    }


def leaderboard_view(
    page: Page, names: Names, lang: str = DEFAULT, you: Player | None = None
) -> BoardView:
    """A board page in words for ``render.leaderboard`` (``you``: a row to mark)."""
    footer = " · ".join(
        (
            t(lang, "Page {page} of {pages}", page=page.number, pages=page.pages),
            tn(lang, "{n} player", "{n} players", page.players),
        )
    )
    return {
        "title": title(page.kind, lang),
        "subtitle": t(lang, "Leaderboard · {scope}", scope=scope_label(page.scope, lang)),
        "footer": footer,
        "empty": t(lang, "No rated games yet."),
        "rows": [board_row(row, names, lang, you) for row in page.rows],
    }


def leaderboard_text(
    page: Page,
    asker: str,
    place: Row | None,
    computers: Iterable[Row],
    lang: str = DEFAULT,
) -> str:
    """The words above a board's picture: which board it is, the ``asker``'s own place on it
    (``place``: their row, None when they are not on it) and the computer levels' ratings,
    which rank apart."""
    lines = [
        t(
            lang,
            "**{game}**, leaderboard · {scope}: people ranked by rating, best first.",
            game=title(page.kind, lang),
            scope=scope_label(page.scope, lang),
        )
    ]
    if place is None:
        lines.append(
            t(
                lang,
                "{name} is not on this board yet: a finished rated game puts them on it.",
                name=asker,
            )
        )
    else:
        lines.append(
            t(
                lang,
                "{name}: place {position} of {players}, rating {rating}.",
                name=asker,
                position=number(place.position, lang),
                players=number(page.players, lang),
                rating=number(place.rating, lang),
            )
        )
    levels = " · ".join(
        f"{player_name(row.player, {}, lang)} {number(row.rating, lang)}" for row in computers
    )
    if levels:
        lines.append(t(lang, "Computer players are rated apart: {levels}.", levels=levels))
    return "\n".join(lines)


def profile_text(name: str, scope: Scope, lang: str = DEFAULT) -> str:
    """The words above a profile's picture: whose it is and where its ratings come from."""
    return t(
        lang,
        "Profile of {name} · {scope}: ratings, record and streak.",
        name=name,
        scope=scope_label(scope, lang),
    )


def no_profile_text(name: str | None, scope: Scope, lang: str = DEFAULT) -> str:
    """What a profile without a finished game says, to the asker alone: about themselves
    (``name`` None) or someone else."""
    if name is None and scope.is_global:
        return t(
            lang, "You have no finished games yet. Start one with /fish new or /ultimatum new."
        )
    if name is None:
        return t(
            lang,
            "You have no finished games on this server yet. Start one with /fish new or "
            "/ultimatum new.",
        )
    return t(lang, "{name} has no finished games on this server yet.", name=name)


def leaderboard_lines(page: Page, names: Names, lang: str = DEFAULT) -> list[str]:
    """A board page as text lines (for an embed): "1. Alice · 1,512 · 12 games · 58% won"."""
    if not page.rows:
        return [t(lang, "No rated games yet.")]
    lines = []
    for row in page.rows:
        rating = number(row.rating, lang)
        if row.provisional:
            rating = f"{rating} ({t(lang, 'provisional')})"
        name = player_name(row.player, names, lang)
        lines.append(f"{number(row.position, lang)}. {name} · {rating} · {_row_detail(row, lang)}")
    return lines


def streak_line(profile: Profile, lang: str = DEFAULT) -> str:
    """The current streak: "Streak: 3 wins in a row" or "… 2 games without a win"."""
    n = profile.streak.length
    if profile.streak.won:
        return tn(lang, "Streak: {n} win in a row", "Streak: {n} wins in a row", n)
    return tn(lang, "Streak: {n} game without a win", "Streak: {n} games without a win", n)


def opponents_line(profile: Profile, names: Names, lang: str = DEFAULT) -> str:
    """The most frequent opponents: "Most often against: Bob (7), Cleo (3)"."""
    met = ", ".join(
        f"{player_name(player, names, lang)} ({number(count, lang)})"
        for player, count in profile.opponents
    )
    return t(lang, "Most often against: {names}", names=met)


def kind_panel(profile: Profile, kind: str, lang: str = DEFAULT) -> KindPanel:
    """One kind of a profile in words: rating, history, record, table sizes, averages."""
    rated = profile.ratings.get(kind)
    history = [p.rating for p in rated.history] if rated else []
    lines = [record_line(profile.by_kind[kind], lang)]
    for (of_kind, players), record in sorted(profile.by_size.items()):
        if of_kind == kind:
            lines.append(
                t(
                    lang,
                    "{players} players: {games}, {rate} won",
                    players=players,
                    games=tn(lang, "{n} game", "{n} games", record.games),
                    rate=percent(record.win_rate, lang),
                )
            )
    averages = profile.averages.get(kind)
    if averages:
        lines.append(
            t(lang, AVERAGES[kind], **{s: decimal(averages[s], lang) for s in STATS[kind]})
        )
    return {
        "title": title(kind, lang),
        "rating": number(rated.rating, lang) if rated else t(lang, "unrated"),
        "note": t(lang, "provisional") if rated and rated.provisional else "",
        "history": history,
        "low": number(min(history), lang) if history else "",
        "high": number(max(history), lang) if history else "",
        "lines": lines,
    }


def profile_view(
    profile: Profile, names: Names, lang: str = DEFAULT, scope: Scope | None = None
) -> ProfileView:
    """A profile in words for ``render.profile``; ``scope`` is where its ratings come from."""
    closing = []
    if profile.total.games:
        closing.append(streak_line(profile, lang))
    if profile.opponents:
        closing.append(opponents_line(profile, names, lang))
    return {
        "name": player_name(profile.player, names, lang),
        "subtitle": scope_label(scope, lang) if scope else "",
        "kinds": [kind_panel(profile, kind, lang) for kind in profile.by_kind],
        "lines": closing,
        "empty": t(lang, "No finished games yet."),
    }


def season_lines(seasons: Iterable[PastSeason], names: Names, lang: str = DEFAULT) -> list[str]:
    """Past seasons' best three per kind: "Season 1 · Hey, That's My Fish!: 1. Ann 1,620 · …"."""
    lines = []
    for season in seasons:
        for kind, podium in season.podium.items():
            best = " · ".join(
                f"{p.position}. {player_name(p.player, names, lang)} {number(p.rating, lang)}"
                for p in podium
            )
            lines.append(
                t(
                    lang,
                    "Season {n} · {game}: {podium}",
                    n=season.season,
                    game=title(kind, lang),
                    podium=best,
                )
            )
    return lines
