"""Words for what happened in a Penguin Ultimatum turn. Never a hidden card: events carry the
drawn card only under ``private``, which is not read here."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Event
from bot.i18n import N_, t, tn

END_REASONS = {
    "penguin_deck_empty": N_("the penguin deck is empty"),
    "entertainer_deck_empty": N_("no entertainer is left to lay"),
    "no_entertainer_cell": N_("there is no cell left for the next entertainer"),
    "no_penguin_cell": N_("no penguin can be laid any more"),
    "last_player": N_("only one player is left at the party"),
}

#: The card vocabulary, translated where card ids are put into words.
VOCABULARY = (
    N_("green"), N_("brown"), N_("red"), N_("blue"),
    N_("juggling"), N_("acrobatics"), N_("dance"), N_("music"),
    N_("sheep"), N_("kangaroo"), N_("seal"), N_("bear"),
)  # fmt: skip


def card_name(lang: str, card: str) -> str:
    """A card id in words: ``red-3-dance`` → ``red 3 (dance)``."""
    parts = card.split("-")
    if len(parts) == 3:
        return t(
            lang,
            "{colour} {value} ({activity})",
            colour=t(lang, parts[0]),
            value=parts[1],
            activity=t(lang, parts[2]),
        )
    animal, activity = parts
    return t(lang, "{animal} ({activity})", animal=t(lang, animal), activity=t(lang, activity))


def describe(lang: str, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """One line per public event, in ``lang``."""
    lines: list[str] = []
    for event in events:
        kind = event["type"]
        who = names[event["seat"]] if "seat" in event else ""
        if kind == "penguin_laid":
            line = t(
                lang,
                "{who} invited a {card} to {cell}.",
                who=who,
                card=card_name(lang, event["card"]),
                cell=event["cell"],
            )
            if event["waived"]:
                line += " " + t(
                    lang,
                    "Instead of the kinship fee they gave up the {card}.",
                    card=card_name(lang, event["waived"]),
                )
            elif event["fee"]:
                line += " " + tn(
                    lang, "Kinship fee: {n} point.", "Kinship fee: {n} points.", event["fee"]
                )
            lines.append(line)
        elif kind == "stone_moved":
            if event["from"] == "supply":
                lines.append(
                    t(lang, "{who} put an invitation stone on {cell}.", who=who, cell=event["to"])
                )
            else:
                lines.append(
                    t(
                        lang,
                        "{who} moved an invitation stone from {start} to {end}.",
                        who=who,
                        start=event["from"],
                        end=event["to"],
                    )
                )
        elif kind == "invitation_skipped":
            lines.append(t(lang, "{who} left the invitation stones where they were.", who=who))
        elif kind == "shows_pending":
            lines.append(
                t(
                    lang,
                    "Several shows are due ({cells}): {who} chooses the order.",
                    cells=", ".join(event["cells"]),
                    who=who,
                )
            )
        elif kind == "show":
            scored = [
                tn(lang, "{name} +{n}", "{name} +{n}", p, name=names[s])
                for s, p in enumerate(event["points"])
                if p
            ]
            lines.append(
                t(
                    lang,
                    "Show! The {card} on {cell} performs for {audience}.",
                    card=card_name(lang, event["entertainer"]),
                    cell=event["cell"],
                    audience=tn(lang, "{n} penguin", "{n} penguins", len(event["audience"])),
                )
                + " "
                + (
                    t(lang, "Points: {points}.", points=", ".join(scored))
                    if scored
                    else nobody_scores(lang, event)
                )
            )
        elif kind == "card_awarded":
            lines.append(
                t(
                    lang,
                    "{who} wins the {card}.",
                    who=who,
                    card=card_name(lang, event["entertainer"]),
                )
            )
        elif kind == "card_removed":
            lines.append(
                t(lang, "The {card} leaves the game.", card=card_name(lang, event["entertainer"]))
            )
        elif kind == "entertainer_laid":
            key = (
                N_("{who} laid the {card} on {cell}, turned.")
                if event["turned"]
                else N_("{who} laid the {card} on {cell}.")
            )
            lines.append(
                t(
                    lang,
                    key,
                    who=who,
                    card=card_name(lang, event["entertainer"]),
                    cell=event["cell"],
                )
            )
        elif kind == "game_over":
            reason = str(END_REASONS.get(event["reason"], event["reason"]))
            lines.append(t(lang, "The game is over: {reason}.", reason=t(lang, reason)))
        elif kind == "forfeit":
            lines.append(t(lang, "{who} left the game and is ranked last.", who=who))
    return lines


def scoreline(lang: str, scores: Sequence[int], names: Sequence[str]) -> str:
    """Everyone's score in one line."""
    return " · ".join(
        tn(lang, "{name}: {n} point", "{name}: {n} points", s, name=name)
        for name, s in zip(names, scores, strict=True)
    )


def ranking_lines(
    lang: str,
    ranking: Sequence[Sequence[int]],
    scores: Sequence[int],
    bonus: Sequence[Sequence[int]],
    won: Sequence[Sequence[str]],
    names: Sequence[str],
    resigned: Sequence[bool] | None = None,
) -> list[str]:
    """The final ranking, the final-scoring bonus, and what decided it: a resignation (ranked
    after everyone who stayed), else the tie-breaks of U-26 (U-25)."""
    gone = list(resigned) if resigned is not None else [False] * len(scores)
    lines: list[str] = []
    place = 1
    for index, group in enumerate(ranking):
        first = group[0]
        line = t(
            lang,
            "{place}. {who} — {score} points (final scoring +{bonus}: activity +{activity}, "
            "animal majorities +{majority})",
            place=place,
            who=", ".join(names[s] for s in group),
            score=scores[first],
            bonus=sum(bonus[first]),
            activity=bonus[first][0],
            majority=bonus[first][1],
        )
        notes = []
        if gone[first]:
            notes.append(t(lang, "(resigned: ranked after everyone who stayed)"))
        if len(group) > 1:
            notes.append(t(lang, "(tied on points, bonus and entertainers)"))
        elif index + 1 < len(ranking):
            nxt = ranking[index + 1][0]
            # A tie-break explains the order only against someone ranked by the same rule.
            if gone[nxt] == gone[first] and scores[nxt] == scores[first]:
                if sum(bonus[nxt]) != sum(bonus[first]):
                    notes.append(t(lang, "(ahead on final-scoring points)"))
                elif len(won[nxt]) != len(won[first]):
                    notes.append(t(lang, "(ahead on entertainer cards)"))
        lines.append(" ".join([line, *notes]))
        place += len(group)
    return lines


def nobody_scores(lang: str, event: Event) -> str:
    """Why a show scored nothing (U-18): nobody watched, nobody in the audience enjoyed it, or
    no stone was on a penguin that did."""
    if not event["audience"]:
        return t(lang, "Nobody scores: no penguin is next to the entertainer.")
    if not event.get("enjoyers"):
        return t(lang, "Nobody scores: no penguin in the audience shares its colour or activity.")
    return t(lang, "Nobody scores: no invitation stone is on a penguin that enjoyed it.")
