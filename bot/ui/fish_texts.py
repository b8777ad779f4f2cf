"""Words for what happened in a Hey, That's My Fish! turn (events → one short paragraph)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Event
from bot.i18n import t, tn


def floes_list(floes: Sequence[str]) -> str:
    """Floe names joined for a sentence."""
    return ", ".join(floes)


def describe(lang: str, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """One line per event, in ``lang``; ``names`` are the seats' display names."""
    lines: list[str] = []
    for event in events:
        kind = event["type"]
        who = names[event["seat"]] if "seat" in event else ""
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
            lines.append(
                tn(
                    lang,
                    "Out of reach, melted away: {floes} ({n} fish, scored by nobody).",
                    "Out of reach, melted away: {floes} ({n} fish, scored by nobody).",
                    event["fish"],
                    floes=floes_list(event["floes"]),
                )
            )
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


def scoreline(lang: str, catch: Sequence[dict[str, int]], names: Sequence[str]) -> str:
    """Everyone's catch in one line."""
    parts = [
        tn(
            lang,
            "{name}: {n} fish ({floes} floes)",
            "{name}: {n} fish ({floes} floes)",
            c["fish"],
            name=name,
            floes=c["floes"],
        )
        for name, c in zip(names, catch, strict=True)
    ]
    return " · ".join(parts)


def ranking_lines(
    lang: str,
    ranking: Sequence[Sequence[int]],
    catch: Sequence[dict[str, int]],
    names: Sequence[str],
) -> list[str]:
    """The final ranking with the tie-break (F-15) explained where it decided."""
    lines: list[str] = []
    place = 1
    for index, group in enumerate(ranking):
        who = ", ".join(names[s] for s in group)
        fish, floes = catch[group[0]]["fish"], catch[group[0]]["floes"]
        line = t(
            lang,
            "{place}. {who} — {fish} fish, {floes} floes",
            place=place,
            who=who,
            fish=fish,
            floes=floes,
        )
        if len(group) > 1:
            line += " " + t(lang, "(tied: same fish and floes)")
        elif index + 1 < len(ranking) and catch[ranking[index + 1][0]]["fish"] == fish:
            line += " " + t(lang, "(ahead on floes)")
        lines.append(line)
        place += len(group)
    return lines
