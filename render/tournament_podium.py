"""The podium of final standings: a step for each of the first three places that someone holds.

Second place stands left, first in the middle (the highest step), third right. Tied players
share their place's step, their names stacked above it; a place nobody holds (two tied for first
leave no second) has no step, so the tie shows. A step names at most three players: past that,
two names and "+n" (the table under the podium lists everyone). A withdrawn player's name is
dimmed, as in the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from render import text
from render.common import RANK_COLOURS
from render.ratings_layout import MARGIN, WIDTH
from render.style import INK, TEXT, TEXT_DIM
from render.tournament_look import STEP_FRONTS
from render.tournament_views import StandingRow, StandingsLabels

NAME = 22
LINE = 28
SHOWN = 3
PLACE = 34
STEP_GAP = 10
STEP_HEIGHTS = {1: 84, 2: 62, 3: 46}
SLOT = (WIDTH - 2 * MARGIN - 2 * STEP_GAP) // 3
#: The slot (0 left, 1 middle, 2 right) of each place's step.
SLOTS = {2: 0, 1: 1, 3: 2}
ABOVE = 10
BELOW = 18


def height(rows: Sequence[StandingRow]) -> int:
    """The podium's height: its highest stack of names on its step (none without rows)."""
    stacks = [
        _lines(len(indices)) * LINE + STEP_HEIGHTS[place]
        for place, indices in standing(rows).items()
    ]
    return ABOVE + max(stacks) + 6 + BELOW if stacks else 0


def _lines(count: int) -> int:
    """The lines of names over a step of ``count`` players."""
    written, rest = shown(count)
    return written + bool(rest)


def standing(rows: Sequence[StandingRow]) -> dict[int, list[int]]:
    """Place → the indices of the rows on its step, for the places 1 to 3 that someone holds."""
    steps: dict[int, list[int]] = {}
    for index, row in enumerate(rows):
        if row.place <= 3:
            steps.setdefault(row.place, []).append(index)
    return steps


def shown(count: int) -> tuple[int, int]:
    """How many of a step's ``count`` names are written over it, and how many are left to "+n"
    (every name fits up to three; past that, two names and "+n")."""
    if count <= SHOWN:
        return count, 0
    return SHOWN - 1, count - SHOWN + 1


def draw(
    canvas: ImageDraw.ImageDraw,
    top: int,
    rows: Sequence[StandingRow],
    labels: StandingsLabels,
) -> None:
    """Draw the podium of ``rows`` from ``top`` down, ``height(rows)`` tall."""
    floor = top + height(rows) - BELOW
    name_face = text.font(NAME, True)
    place_face = text.font(PLACE, True)
    for place, indices in standing(rows).items():
        left = MARGIN + SLOTS[place] * (SLOT + STEP_GAP)
        step_top = floor - STEP_HEIGHTS[place]
        colour = RANK_COLOURS[place - 1]
        canvas.rectangle((left, step_top + 8, left + SLOT, floor), fill=STEP_FRONTS[place - 1])
        canvas.rounded_rectangle((left, step_top, left + SLOT, floor - 8), 8, fill=colour)
        middle = (step_top + floor - 8) / 2
        text.label(canvas, (left + SLOT / 2, middle), str(place), place_face, INK, anchor="mm")
        written, rest = shown(len(indices))
        lines = [
            (text.clean(rows[i].name, labels.player.format(n=i + 1)), rows[i].withdrawn)
            for i in indices[:written]
        ]
        if rest:
            lines.append((f"+{rest}", True))
        y = step_top - 6 - (len(lines) - 1) * LINE
        for line, (name, dim) in enumerate(lines):
            centre = (left + SLOT / 2, y + line * LINE)
            ink = TEXT_DIM if dim else TEXT
            text.label(canvas, centre, name, name_face, ink, anchor="md", width=SLOT)
