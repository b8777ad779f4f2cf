"""Hey, That's My Fish!: the mover's choices, each labelled with what it gains.

The click menus (``fish_step``) and the ``/fish`` autocompletes ask the same questions here:
which floe to place on (F-6), which penguin moves and where it goes (F-7).
"""

from __future__ import annotations

from collections import Counter

from bot.games.fish import FishGame, PenguinMove, Place
from bot.i18n import N_, t, tn
from bot.play.menus import BACK, BUTTONS, Choice, NoChoices, Step, marks, pack, rows_placeholder

#: What the player to move is doing at each step, in words.
FISH_DOING = {"place": N_("placing a penguin"), "move": N_("moving a penguin")}


def _row(choice: Choice) -> str:
    """A floe's row letter (``C4`` → ``C``)."""
    return choice.at[:1]


def placements(game: FishGame, lang: str) -> list[Choice]:
    """F-6: the free 1-fish floes a penguin may be placed on."""
    return [
        Choice(m.floe, t(lang, "{floe} · 1 fish", floe=m.floe), action=m, at=m.floe)
        for m in game.legal_moves()
        if isinstance(m, Place)
    ]


def _moves(game: FishGame) -> list[PenguinMove]:
    return [m for m in game.legal_moves() if isinstance(m, PenguinMove)]


def penguins(game: FishGame, lang: str) -> list[Choice]:
    """F-7: the penguins that can move, each with its number of moves."""
    counts = Counter(m.penguin for m in _moves(game))
    return [
        Choice(
            floe,
            tn(lang, "{floe} · {n} move", "{floe} · {n} moves", counts[floe], floe=floe),
            then="to",
            at=floe,
        )
        for floe in sorted(counts)
    ]


def destinations(game: FishGame, lang: str, penguin: str) -> list[Choice]:
    """F-7 … F-9: where the penguin on ``penguin`` may go, each saying what the move gains now
    (the floe it leaves, F-9) and what it will stand on (caught when it moves on) (NoChoices
    when it is no penguin of the mover's that can move)."""
    floes = game.floes
    now = floes.get(penguin, 0)
    found = [
        Choice(
            m.to,
            tn(
                lang,
                "{floe} · +{now} now, stands on {n} fish",
                "{floe} · +{now} now, stands on {n} fish",
                floes[m.to],
                floe=m.to,
                now=now,
            ),
            action=m,
            at=m.to,
        )
        for m in _moves(game)
        if m.penguin == penguin
    ]
    if not found:
        raise NoChoices(t(lang, "Choose one of your penguins that can move first."))
    return found


def fish_step(game: FishGame, lang: str, step: str, carry: str) -> Step:
    """The step a Fish mover is at (``step``/``carry``: where a click left them)."""
    if game.phase == "place":
        floes = placements(game, lang)
        return Step(
            "place",
            t(lang, "Place a penguin on a free 1-fish floe (marked on the picture):"),
            menus=pack(floes, _row, rows_placeholder(lang, N_("Floe"))),
            marks=marks(floes),
        )
    starts = penguins(game, lang)
    start = next((c.value for c in starts if step == "to" and c.value == carry), "")
    if not start and len(starts) == 1:
        start = starts[0].value
    if not start:
        return Step(
            "penguin",
            t(lang, "Which penguin moves? (marked on the picture)"),
            buttons=tuple(starts[:BUTTONS]),
            menus=()
            if len(starts) <= BUTTONS
            else pack(starts, _row, rows_placeholder(lang, N_("Penguin"))),
            marks=marks(starts),
        )
    targets = destinations(game, lang, start)
    back = [Choice(BACK, t(lang, "Another penguin"), then="")] if len(starts) > 1 else []
    return Step(
        "to",
        t(lang, "Where does the penguin on {floe} go? (marked on the picture)", floe=start),
        carry=start,
        buttons=tuple(back),
        menus=pack(targets, _row, rows_placeholder(lang, N_("Floe"))),
        marks=marks(targets),
        chosen=start,
    )
