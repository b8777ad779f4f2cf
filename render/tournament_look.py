"""What every tournament picture shares: width, type sizes, colours and the heading.

The pictures are drawn 600 pixels wide, like the leaderboard; Discord shows them about 400 wide
on a phone, so no type is smaller than ``LEAST`` (12 pixels there).
"""

from __future__ import annotations

from PIL import ImageDraw

from render import text
from render.common import RANK_COLOURS, legible
from render.ratings_layout import MARGIN, WIDTH
from render.style import INK, PANEL, PANEL_ROW, TEXT, TEXT_DIM, mix

#: The smallest type: 12 pixels when a phone shows the picture 400 pixels wide.
LEAST = legible(WIDTH)
TITLE, SUBTITLE = 28, 20
#: The heading's height: the title line and the line under it.
HEADER = 92
#: The podium's step fronts: each medal's colour, shaded.
STEP_FRONTS = tuple(mix(colour, INK, 0.25) for colour in RANK_COLOURS[:3])
#: The colours the pictures paint with, kept exact by their palette.
FLAT_COLOURS = (PANEL, PANEL_ROW, TEXT, TEXT_DIM, INK, *RANK_COLOURS, *STEP_FRONTS)


def heading(draw: ImageDraw.ImageDraw, template: str, number: int, name: str, under: str) -> None:
    """The title line ("Tournament #3 · Spring Cup": a long name shortened, an empty or
    undrawable one left out) and the dimmed line ``under`` it."""
    inner = WIDTH - 2 * MARGIN
    face = text.font(TITLE, True)
    title = template.format(number=number)
    shown = text.clean(name, "")
    if shown:
        title = f"{title} · "
        title += text.fit(shown, face, max(inner - text.length(title, face), inner / 3))
    text.label(draw, (MARGIN, 16), title, face, TEXT, width=inner)
    text.label(draw, (MARGIN, 56), under, text.font(SUBTITLE), TEXT_DIM, width=inner)
