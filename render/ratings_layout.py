"""What the leaderboard and profile pictures share: their width, type sizes and line wrapping.

Both are drawn 600 pixels wide; Discord shows them about 400 wide on a phone, so no text is
drawn smaller than 18 pixels (12 on the phone).
"""

from __future__ import annotations

from render import text

WIDTH = 600
MARGIN = 24
#: Type sizes in pixels; the smallest is the legibility floor (× 400/600 ≥ 12 on a phone).
SIZES = {"title": 30, "subtitle": 20, "name": 26, "detail": 20, "rating": 30, "note": 18}
SMALLEST = min(SIZES.values())


def wrap(words: str, face: text.Font, width: float, lines: int = 3) -> list[str]:
    """``words`` broken into at most ``lines`` lines of at most ``width`` pixels (the last one
    shortened with an ellipsis if the text does not fit)."""
    found: list[str] = []
    current = ""
    for word in words.split():
        attempt = f"{current} {word}".strip()
        if current and face.getlength(attempt) > width:
            found.append(current)
            current = word
        else:
            current = attempt
    if current:
        found.append(current)
    if len(found) > lines:
        found = [*found[: lines - 1], " ".join(found[lines - 1 :])]
    return [text.fit(line, face, width) for line in found]
