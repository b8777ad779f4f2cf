"""Fonts shipped under data/fonts, and text that always fits its box.

Only the fonts in ``data/fonts`` are used, never a system font, so a picture looks the same on
every machine. The basic layout engine is used because it is fast and gives the same pixels
wherever Pillow's FreeType is present.
"""

from __future__ import annotations

import math
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
ELLIPSIS = "…"

Font = ImageFont.FreeTypeFont


@cache
def font(size: int, bold: bool = False) -> Font:
    """DejaVu Sans (bold or regular) at ``size`` pixels."""
    return ImageFont.truetype(
        str(FONT_DIR / _FILES[bold]), size, layout_engine=ImageFont.Layout.BASIC
    )


@cache
def _notdef() -> tuple[tuple[int, int], bytes]:
    probe = font(32)
    mask = probe.getmask("\U0010fffd")
    return mask.size, bytes(mask)


@cache
def has_glyph(char: str) -> bool:
    """Whether the shipped font draws ``char`` as itself rather than as a missing-glyph box."""
    # Joiners, direction marks and emoji variation selectors only glue emoji together.
    if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") or "VARIATION" in (
        unicodedata.name(char, "")
    ):
        return False
    mask = font(32).getmask(char)
    return (mask.size, bytes(mask)) != _notdef()


def clean(text: str, fallback: str) -> str:
    """``text`` without characters the font lacks (emoji, CJK …); ``fallback`` if nothing is left.

    Dropping what cannot be drawn beats showing empty boxes; a name made only of such characters
    falls back to a neutral label such as "Player 2".
    """
    kept = "".join(c for c in unicodedata.normalize("NFC", text) if c == " " or has_glyph(c))
    kept = " ".join(kept.split())
    return kept if any(c.isalnum() for c in kept) else fallback


@lru_cache(maxsize=4096)
def length(text: str, face: Font) -> float:
    """How wide ``text`` is drawn in ``face`` (cached: the same labels recur in every picture)."""
    return face.getlength(text)


@lru_cache(maxsize=4096)
def fit(text: str, face: Font, width: float) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``width`` pixels wide (cached:
    the same long names are shortened in every picture of a game, by a dozen measurements)."""
    if length(text, face) <= width:
        return text
    head, bracket, tail = text.rpartition(" (")
    if bracket and head and tail.endswith(")"):
        # The part in brackets tells the name apart (a computer's level, "Penguin Bot
        # (hard)"): the head gives way first, so the level is never what is cut.
        kept = f" ({tail}"
        room = width - length(kept, face)
        if room >= length(head[:3] + ELLIPSIS, face):
            return _cut(head, face, room) + kept
    return _cut(text, face, width)


def _cut(text: str, face: Font, width: float) -> str:
    """The longest start of ``text`` that fits ``width`` pixels with an ellipsis after it."""
    low, high = 0, len(text)
    while low < high:  # longest prefix that fits together with the ellipsis
        mid = (low + high + 1) // 2
        if face.getlength(text[:mid].rstrip() + ELLIPSIS) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


def named(template: str, name: str, face: Font, width: float) -> str:
    """``template`` filled with ``name``, the name (not the rest) shortened so the line fits."""
    whole = template.format(name=name)
    if length(whole, face) <= width:
        return whole
    rest = length(template.format(name=""), face)
    return template.format(name=fit(name, face, max(width - rest, length(ELLIPSIS, face))))


@lru_cache(maxsize=4096)
def _glyphs(
    text: str, face: Font, anchor: str, fx: float, fy: float
) -> tuple[Image.Image, tuple[int, int]]:
    """``text`` as FreeType draws it at the fractional position (fx, fy), as a mask, and where
    the mask's corner lies from the whole-pixel position.

    The same few labels (names, captions, counts) recur in every picture of a game; rendering
    their glyphs once and stamping the mask gives the same pixels in a fraction of the time.
    """
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    margin = 2
    left, top = math.floor(left) - margin, math.floor(top) - margin
    size = (math.ceil(right) - left + margin, math.ceil(bottom) - top + margin)
    mask = Image.new("L", (max(1, size[0]), max(1, size[1])), 0)
    ImageDraw.Draw(mask).text((fx - left, fy - top), text, font=face, fill=255, anchor=anchor)
    return mask, (left, top)


def label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: str | tuple[int, ...],
    *,
    anchor: str = "la",
    width: float | None = None,
    outline: str | tuple[int, ...] | None = None,
    stroke: int = 0,
) -> float:
    """Draw ``text`` (shortened to ``width`` if given) and return the width it took."""
    if width is not None:
        text = fit(text, face, width)
    if outline is None:
        fx, x = math.modf(xy[0])
        fy, y = math.modf(xy[1])
        mask, (left, top) = _glyphs(text, face, anchor, fx, fy)
        draw.bitmap((int(x) + left, int(y) + top), mask, fill=fill)
        return length(text, face)
    draw.text(
        xy,
        text,
        font=face,
        fill=fill,
        anchor=anchor,
        stroke_width=stroke if outline is not None else 0,
        stroke_fill=outline,
    )
    return face.getlength(text)
