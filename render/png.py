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


Box = tuple[int, int, int, int]


def encode_over(
    image: Image.Image, palette: Image.Image, base: Image.Image, boxes: list[Box]
) -> bytes:
    """PNG bytes of ``image`` mapped onto ``palette``, given ``base``: ``image`` already mapped
    everywhere but inside ``boxes`` (left, top, right, bottom). Only the boxes are mapped again,
    so a picture made mostly of cached layers (an iceberg of cached cards) skips most of the
    mapping; the bytes are those of ``encode(image, palette)``, since a colour always maps to
    the same entry."""
    mapped = base.copy()
    for left, top, right, bottom in merged(boxes, image.size):
        crop = image.crop((left, top, right, bottom))
        mapped.paste(crop.quantize(palette=palette, dither=Image.Dither.NONE), (left, top))
    return encode(mapped)


#: Boxes less than this many pixels apart side by side are mapped as one: mapping a small box
#: costs about as much as a few hundred pixels of a large one.
GAP = 24


def merged(boxes: list[Box], size: tuple[int, int]) -> list[Box]:
    """``boxes`` clipped to a picture of ``size`` (empty ones dropped) and joined where they
    overlap or lie close side by side: every pixel of every box lies in one of the result."""
    width, height = size
    clipped = [
        (max(0, x0), max(0, y0), min(width, x1), min(height, y1)) for x0, y0, x1, y1 in boxes
    ]
    bands: list[list[Box]] = []  # boxes whose rows overlap, band after band down the picture
    bottom = 0
    for box in sorted(clipped, key=lambda box: box[1]):
        if box[0] >= box[2] or box[1] >= box[3]:
            continue
        if bands and box[1] < bottom:
            bands[-1].append(box)
            bottom = max(bottom, box[3])
        else:
            bands.append([box])
            bottom = box[3]
    result: list[Box] = []
    for band in bands:
        joined: list[Box] = []
        for box in sorted(band):
            last = joined[-1] if joined else None
            if last and box[0] <= last[2] + GAP:
                joined[-1] = (
                    last[0],
                    min(last[1], box[1]),
                    max(last[2], box[2]),
                    max(last[3], box[3]),
                )
            else:
                joined.append(box)
        result.extend(joined)
    return result
