"""The mover's choices marked on a picture: each floe or cell they may pick carries its name
in a yellow tag, so the picture and the menu under it say the same thing."""

from __future__ import annotations

import math
from collections.abc import Mapping

from PIL import Image, ImageDraw

from render import text
from render.style import HIGHLIGHT, INK

#: The smallest tag, in pixels: its name stays about 5 pixels tall where a phone shows the
#: picture 400 pixels wide, even on a 15 × 15 iceberg whose cells are 51 pixels.
SMALLEST = 28


def draw_marks(
    image: Image.Image,
    spots: Mapping[str, tuple[float, float]],
    marks: Mapping[str, str],
    size: int,
) -> list[tuple[int, int, int, int]]:
    """A tag with ``marks[name]`` centred on ``spots[name]`` for each marked place (``size``:
    the tag's height in pixels, at least SMALLEST); names without a spot are left out. Returns
    the box (left, top, right, bottom) each tag covers."""
    size = max(size, SMALLEST)
    draw = ImageDraw.Draw(image)
    font = text.font(max(size * 3 // 5, 10), True)
    covered = []
    for name, tag in marks.items():
        if name not in spots:
            continue
        cx, cy = spots[name]
        width = max(size, int(draw.textlength(tag, font=font)) + size // 2)
        box = (cx - width / 2, cy - size / 2, cx + width / 2, cy + size / 2)
        draw.rounded_rectangle(box, radius=size // 3, fill=HIGHLIGHT, outline=INK, width=2)
        draw.text((cx, cy), tag, font=font, fill=INK, anchor="mm")
        left, top = math.floor(box[0]) - 1, math.floor(box[1]) - 1
        covered.append((left, top, math.ceil(box[2]) + 2, math.ceil(box[3]) + 2))
    return covered
