"""Words for what happened in a Hey, That's My Fish! turn (events → one short paragraph)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Event
from bot.i18n import t, tn


def floes_list(floes: Sequence[str]) -> str:
    """Floe names joined for a sentence."""
    return ", ".join(floes)


def fish_count(lang: str, n: int) -> str:
    """A number of fish in words (``1 fish``, ``3 Fische``)."""
    return tn(lang, "{n} fish", "{n} fish", n)


#: Melted floes are named up to this many; more are counted (a resignation may melt dozens).
NAMED_MELTED = 4


def describe(lang: str, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """One line per event, in ``lang``; ``names`` are the seats' display names."""
    lines: list[str] = []
    ending = _resignation_ending(events)
    for event in events:
        kind = event["type"]
        who = names[event["seat"]] if "seat" in event else ""
        if ending is not None and kind in ("forfeit", "out"):
            if kind == "forfeit":
                lines.append(_last_on_ice(lang, who, names[ending["seat"]], ending["fish"]))
            continue
        if kind == "placed":
            lines.append(t(lang, "{who} placed a penguin on {floe}.", who=who, floe=event["floe"]))
        elif kind == "hunt_begins":
            lines.append(t(lang, "All penguins are placed: the hunt begins!"))
        elif kind == "moved":
            lines.append(
                tn(
                    lang,
                    "{who} moved {start} → {end} and caught {n} fish.",
                    "{who} moved {start} → {end} and caught {n} fish.",
                    event["fish"],
                    who=who,
                    start=event["from"],
                    end=event["to"],
                )
            )
        elif kind == "floes_removed":
            lines.append(_melted(lang, event["floes"], event["fish"]))
        elif kind == "out":
            lines.append(
                tn(
                    lang,
                    "{who} cannot move any more and leaves the ice with {floes} ({n} fish).",
                    "{who} cannot move any more and leaves the ice with {floes} ({n} fish).",
                    event["fish"],
                    who=who,
                    floes=floes_list(event["floes"]) or "—",
                )
            )
        elif kind == "forfeit":
            lines.append(t(lang, "{who} left the game; their catch stays.", who=who))
        elif kind == "game_over":
            lines.append(t(lang, "The game is over."))
    return lines


def _resignation_ending(events: Sequence[Event]) -> Event | None:
    """The last player's going out when a resignation ends the game (F-13: nobody is left to
    play against): then the resignation is told as such, not as a player out of moves."""
    if not any(e["type"] == "forfeit" for e in events):
        return None
    if not any(e["type"] == "game_over" for e in events):
        return None
    return next((e for e in events if e["type"] == "out"), None)


def _last_on_ice(lang: str, who: str, last: str, fish: int) -> str:
    """A resignation that leaves one player: the game ends, they keep the floes they stand on."""
    return tn(
        lang,
        "{who} resigned: {last} is the last one on the ice and keeps the floes under their "
        "penguins ({n} fish).",
        "{who} resigned: {last} is the last one on the ice and keeps the floes under their "
        "penguins ({n} fish).",
        fish,
        who=who,
        last=last,
    )


def _melted(lang: str, floes: Sequence[str], fish: int) -> str:
    """Floes out of every penguin's reach melting away (F-10): named, or counted when many."""
    if len(floes) <= NAMED_MELTED:
        return tn(
            lang,
            "Out of reach, melted away: {floes} ({n} fish, scored by nobody).",
            "Out of reach, melted away: {floes} ({n} fish, scored by nobody).",
            fish,
            floes=floes_list(floes),
        )
    return tn(
        lang,
        "{n} floe out of reach melted away ({fish}, scored by nobody).",
        "{n} floes out of reach melted away ({fish}, scored by nobody).",
        len(floes),
        fish=fish_count(lang, fish),
    )


def scoreline(lang: str, catch: Sequence[dict[str, int]], names: Sequence[str]) -> str:
    """Everyone's catch in one line."""
    parts = [
        tn(
            lang,
            "{name}: {fish} ({n} floe)",
            "{name}: {fish} ({n} floes)",
            c["floes"],
            name=name,
            fish=fish_count(lang, c["fish"]),
        )
        for name, c in zip(names, catch, strict=True)
    ]
    return " · ".join(parts)


def ranking_lines(
    lang: str,
    ranking: Sequence[Sequence[int]],
    catch: Sequence[dict[str, int]],
    names: Sequence[str],
    resigned: Sequence[bool] | None = None,
) -> list[str]:
    """The final ranking with what decided it explained: a resignation (ranked after everyone
    who stayed), else the tie-break on floes (F-15) where the fish were equal."""
    gone = list(resigned) if resigned is not None else [False] * len(catch)
    lines: list[str] = []
    place = 1
    for index, group in enumerate(ranking):
        first = group[0]
        fish, floes = catch[first]["fish"], catch[first]["floes"]
        line = tn(
            lang,
            "{place}. {who} — {fish}, {n} floe",
            "{place}. {who} — {fish}, {n} floes",
            floes,
            place=place,
            who=", ".join(names[s] for s in group),
            fish=fish_count(lang, fish),
        )
        notes = []
        if gone[first]:
            notes.append(t(lang, "(resigned: ranked after everyone who stayed)"))
        if len(group) > 1:
            notes.append(t(lang, "(tied: same fish and floes)"))
        elif index + 1 < len(ranking):
            nxt = ranking[index + 1][0]
            # Ahead on floes only against someone ranked by the same rule: a player who stayed
            # is ahead of one who resigned whatever they caught.
            if gone[nxt] == gone[first] and catch[nxt]["fish"] == fish:
                notes.append(t(lang, "(ahead on floes)"))
        lines.append(" ".join([line, *notes]))
        place += len(group)
    return lines
