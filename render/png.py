"""Deterministic image encoding: the same picture always gives the same bytes."""

from __future__ import annotations

from io import BytesIO

from PIL import Image

#: zlib level 3 is the knee of the curve for these flat-coloured pictures: about a third faster
#: than Pillow's default 6 for files only a few per cent larger (see tests/bench/script_render.py).
COMPRESS_LEVEL = 3


def encode(image: Image.Image) -> bytes:
    """PNG bytes of ``image`` with fixed settings and no metadata (no timestamps)."""
    buffer = BytesIO()
    image.save(buffer, "PNG", compress_level=COMPRESS_LEVEL, optimize=False)
    return buffer.getvalue()
