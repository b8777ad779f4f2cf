"""Tournament points as a phone reads them: a whole number and a stacked fraction.

Points come in thirds, quarters, sixths and twelfths (tables of 3 and 4, shared places), and
the opponents' points in 36ths. A fraction written out exactly keeps two different scores from
looking equal (1.33 and 1.34 both read "1.3" on a glance), needs no decimal separator (a comma
in German and French, a point in English) and reads like the "2½" of chess tables. Unicode's
fraction glyphs (½, ⅚) draw their digits at under half the type size, too small on a phone, so
the numerator and denominator are drawn stacked, each at the legible type size, beside the
whole number.
"""

from __future__ import annotations

from fractions import Fraction

from PIL import ImageDraw

from render import text
from render.style import Colour

#: The gap between a whole number and its fraction, and beside the fraction's bar.
GAP = 2
#: The space above and below the fraction's bar.
BAR_SPACE = 3
#: Drawn where there is no value (head to head for a player level with nobody).
NONE = "–"


def parts(value: Fraction) -> tuple[str, str, str]:
    """The whole number, numerator and denominator of ``value``, without a whole number below 1
    or a fraction for a whole number: 17/6 → ("2", "5", "6"), 1/2 → ("", "1", "2"), 3 → ("3",
    "", "")."""
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return str(whole), "", ""
    return (str(whole) if whole else ""), str(rest), str(value.denominator)


def width(value: Fraction | int | None, whole: text.Font, part: text.Font) -> float:
    """How wide ``value`` is drawn with its whole number in ``whole`` and fraction in ``part``."""
    if value is None:
        return text.length(NONE, whole)
    units, top, bottom = parts(Fraction(value))
    drawn = text.length(units, whole) if units else 0.0
    if top:
        drawn += (GAP if units else 0) + max(text.length(top, part), text.length(bottom, part))
        drawn += 2 * GAP
    return drawn


def _cap(face: text.Font) -> float:
    """How far a figure reaches above its baseline."""
    return float(-face.getbbox("0", anchor="ls")[1])


def draw(
    canvas: ImageDraw.ImageDraw,
    right: float,
    middle: float,
    value: Fraction | int | None,
    whole: text.Font,
    part: text.Font,
    fill: Colour,
) -> None:
    """Draw ``value`` ending at ``right``, centred on ``middle``: "2" and "5 over 6" stacked."""
    if value is None:
        text.label(canvas, (right, middle), NONE, whole, fill, anchor="rm")
        return
    units, top, bottom = parts(Fraction(value))
    if top:
        span = max(text.length(top, part), text.length(bottom, part)) + 2 * GAP
        centre = right - span / 2
        cap = _cap(part)
        text.label(canvas, (centre, middle - BAR_SPACE), top, part, fill, anchor="ms")
        canvas.line((right - span, middle, right, middle), fill=fill, width=2)
        text.label(canvas, (centre, middle + BAR_SPACE + cap), bottom, part, fill, anchor="ms")
        right -= span + GAP
    if units:
        baseline = middle + _cap(whole) / 2
        text.label(canvas, (right, baseline), units, whole, fill, anchor="rs")
