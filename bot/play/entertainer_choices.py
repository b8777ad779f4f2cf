"""The Penguin Ultimatum: where the new entertainer goes (U-21), each choice naming what its
way of lying means: the cells its dots then point at that are still empty, which is what the
entertainer waits for before it performs (U-2, U-15)."""

from __future__ import annotations

from bot.games.ultimatum import LayEntertainer, UltimatumGame
from bot.i18n import N_, t
from bot.play.menus import Choice, Step, marks, pack_groups
from bot.texts.ultimatum import card_name


def _cell_order(cell: str) -> tuple[int, str]:
    return int(cell[1:]), cell[0]


def _layings(game: UltimatumGame) -> list[LayEntertainer]:
    moves = [m for m in game.legal_moves() if isinstance(m, LayEntertainer)]
    return sorted(moves, key=lambda m: (m.turned, _cell_order(m.cell)))


def waits_for(game: UltimatumGame, entertainer: str, cell: str, turned: bool) -> list[str]:
    """U-15: the empty cells the entertainer's dots would point at, lying on ``cell`` that way
    (off the iceberg counts as filled)."""
    geo, table = game.ice.geo, game.table
    dots = geo.dot_cells[(entertainer, turned)][geo.index[cell]]
    return sorted((geo.names[d] for d in dots if geo.names[d] not in table), key=_cell_order)


def _waits(lang: str, cells: list[str]) -> str:
    return t(lang, "waits for {cells}", cells=", ".join(cells))


def entertainer_spots(game: UltimatumGame, lang: str) -> list[Choice]:
    """U-21: every cell and way the new entertainer may be laid, upright ones first, each with
    the cells it would wait for."""
    top = game.view(None)["entertainer_to_lay"] or ""
    return [
        Choice(
            f"{m.cell}~t" if m.turned else m.cell,
            f"{m.cell} · {_waits(lang, waits_for(game, top, m.cell, m.turned))}",
            m,
            at=m.cell,
        )
        for m in _layings(game)
    ]


def entertainer_cells(game: UltimatumGame, lang: str) -> list[Choice]:
    """U-21: the cells the new entertainer may go to, each saying what it waits for upright and
    turned (or that it may lie only one way there)."""
    top = game.view(None)["entertainer_to_lay"] or ""
    ways: dict[str, list[bool]] = {}
    for m in _layings(game):
        ways.setdefault(m.cell, []).append(m.turned)
    found = []
    for cell in sorted(ways, key=_cell_order):
        parts = [
            t(
                lang,
                N_("turned: {what}") if turned else N_("upright: {what}"),
                what=_waits(lang, waits_for(game, top, cell, turned)),
            )
            for turned in sorted(ways[cell])
        ]
        if len(parts) == 1:
            only = N_("turned only") if ways[cell] == [True] else N_("upright only")
            parts.append(t(lang, only))
        found.append(Choice(cell, " · ".join([cell, *parts])[:100], at=cell))
    return found


def entertainer_step(game: UltimatumGame, lang: str) -> Step:
    """U-21: one menu for laying the entertainer upright, one for turned, each choice naming
    what it would wait for; a warning when it is the last one (U-24)."""
    spots = entertainer_spots(game, lang)
    view = game.view(None)
    top = view["entertainer_to_lay"] or ""
    upright = [c for c in spots if isinstance(c.action, LayEntertainer) and not c.action.turned]
    turned = [c for c in spots if isinstance(c.action, LayEntertainer) and c.action.turned]
    lines = [
        t(lang, "Where does the new entertainer, {card}, go?", card=card_name(lang, top)),
        t(
            lang,
            "It performs once every cell it waits for is filled; turned, its dots point the "
            "other way (both are drawn on the picture).",
        ),
    ]
    if view["entertainer_deck_count"] == 1:
        lines.append(t(lang, "It is the last entertainer: the next show ends the game."))
    return Step(
        "ent",
        "\n".join(lines),
        menus=pack_groups(
            lang,
            [(t(lang, "Lay it upright"), upright), (t(lang, "Lay it turned"), turned)],
            lambda c: c.at[1:],
        ),
        marks=marks(spots),
    )
