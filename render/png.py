"""Deterministic image encoding: the same picture always gives the same bytes.

A still picture is mapped onto its kind's fixed palette (render.palette) without dithering and
stored as an 8-bit palette PNG: one byte a pixel instead of three, so zlib has a third of the
data to compress and finds longer repeats in it. The flat colours come out exact.
"""

from __future__ import annotations

from io import BytesIO

from PIL import Image

#: zlib level 4 is the first with lazy matching (levels 1 to 3 take the first match they find):
#: on a palette picture's long flat runs it finds 8 % fewer bytes for about 15 % more zlib time
#: (tests/bench/script_render.py prints the trade-off), which keeps the largest realistic party
#: table (every show won, tests/render/test_picture_bytes.py) under the 120 KiB goal; level 3
#: left it at 127 KiB, and level 6 is twice as slow again for 10 % fewer bytes.
COMPRESS_LEVEL = 4


def encode(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes of ``image`` with fixed settings and no metadata (no timestamps); mapped onto
    ``palette`` (a "P" picture, see render.palette) without dithering when one is given."""
    if palette is not None and image.mode != "P":
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    buffer = BytesIO()
    image.save(buffer, "PNG", compress_level=COMPRESS_LEVEL, optimize=False)
    return buffer.getvalue()
