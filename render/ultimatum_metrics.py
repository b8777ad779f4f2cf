"""The lengths shared by the panel under the party table and its footer.

The table is laid out in the lengths of an 820-pixel design and drawn natively (not resized) on
a canvas PANEL_WIDTH wide: a phone shows it about 400 pixels wide whatever its width, and fewer
pixels are fewer bytes and less zlib time.
"""

from __future__ import annotations

from render.common import TABLE_WIDTH, legible

DESIGN_WIDTH = 820
PANEL_WIDTH = TABLE_WIDTH
LEGIBLE = legible(PANEL_WIDTH)


def px(length: float) -> int:
    """A length of the 820-pixel design, in pixels of the table's canvas."""
    return round(length * PANEL_WIDTH / DESIGN_WIDTH)


PAD = px(12)
ROW_GAP = px(6)
