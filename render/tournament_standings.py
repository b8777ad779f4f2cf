"""The standings picture of a tournament, page by page, readable on a phone.

A page shows the tournament, the round (or "Final standings") and one row per player: place
(gold, silver and bronze for the first three), name, points, the three tie-breaks in the order
they break ties (opponents' points, head to head, game score) and games played. Each column
has a short heading; a legend under the rows says what the headings stand for, so long words
(German's "Buchholz-Wertung") need not fit a narrow column. A withdrawn player's row is dimmed
and says so under the name; a bye is named there too.

A page holds at most 16 rows, about one phone screen when shown 400 pixels wide: a field of 64
is four pictures, which Discord carries in one message (up to ten attachments). Pages split a
field evenly (17 players: 9 and 8) and share one column layout, so they read as one table.
Final standings put the podium on their first page, above the table; the table still lists
every player, the podium's too, with their points and tie-breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from PIL import Image, ImageDraw

from render import palette, palette_store, png, text
from render import tournament_figures as figures
from render import tournament_podium as podium
from render.common import RANK_COLOURS, canvas
from render.ratings_layout import MARGIN, WIDTH, wrap
from render.style import INK, PANEL, PANEL_ROW, TEXT, TEXT_DIM, Colour
from render.tournament_look import FLAT_COLOURS, HEADER, LEAST, heading
from render.tournament_views import StandingRow, StandingsLabels, StandingsView, page_rows

NAME, NUMBER, POINTS = 22, 20, 26
KEYS_H = 30
ROW_H = 52
ROW_GAP = 4
BADGE = 40
LEGEND_LINE = 24
COLUMN_GAP = 16
#: A column is never widened past this for its heading: a longer heading is shortened.
COLUMN_MOST = 90
#: Rows run from here to WIDTH − EDGE; their contents sit ROW_PAD further in.
EDGE = MARGIN // 2
ROW_PAD = 10
#: Where a name starts (after the place badge), and the room it keeps before the headings of
#: the columns may widen them.
NAME_LEFT = EDGE + ROW_PAD + BADGE + 12
NAME_ROOM = 200

Value = Fraction | int | None


@dataclass(frozen=True, slots=True)
class Column:
    """A column of figures: its heading, how to read a row's value, and its type sizes."""

    key: str
    value: Callable[[StandingRow], Value]
    whole: int
    bold: bool

    def faces(self) -> tuple[text.Font, text.Font]:
        """The whole number's type and the fraction's."""
        return text.font(self.whole, self.bold), text.font(LEAST, self.bold)


def columns(labels: StandingsLabels) -> tuple[Column, ...]:
    """Points, the tie-breaks in the order they break ties, and games played."""
    return (
        Column(labels.points_key, lambda row: row.points, POINTS, True),
        Column(labels.opponents_key, lambda row: row.opponents_points, NUMBER, False),
        Column(labels.duel_key, lambda row: row.head_to_head, NUMBER, False),
        Column(labels.score_key, lambda row: row.game_score, NUMBER, False),
        Column(labels.games_key, lambda row: row.games, NUMBER, False),
    )


def _right_edges(view: StandingsView) -> list[float]:
    """Where the names end and each column ends. A column is as wide as the widest value of
    the whole field (so every page has the same layout) and, room allowing, its heading (up
    to COLUMN_MOST); headings give way before the names shrink below NAME_ROOM, down to their
    first letter."""
    key_face = text.font(LEAST, True)
    values: list[float] = []
    wanted: list[float] = []
    for column in columns(view.labels):
        whole, part = column.faces()
        widest = max((figures.width(column.value(r), whole, part) for r in view.rows), default=0.0)
        key = text.length(column.key, key_face)
        # At the least a heading's first letter and an ellipsis, so no column goes unnamed.
        least = min(key, text.length(column.key[:1] + "…", key_face))
        values.append(max(widest, least))
        wanted.append(max(widest, least, min(key, COLUMN_MOST)))
    right = float(WIDTH - EDGE - ROW_PAD)
    spare = right - NAME_LEFT - NAME_ROOM - len(values) * COLUMN_GAP - sum(values)
    edges = [right]
    # Whole headings, from the right, while the room lasts: one shortened heading reads
    # better than every heading shortened a little.
    for value, want in zip(reversed(values), reversed(wanted), strict=True):
        extra = min(want - value, max(spare, 0.0))
        spare -= extra
        right -= value + extra + COLUMN_GAP
        edges.insert(0, right)
    return edges


def legend(labels: StandingsLabels) -> list[str]:
    """What each column's heading stands for ("Opp: opponents' points"), in lines that break
    between entries (an entry too long for a line of its own breaks between words)."""
    pairs = (
        (labels.points_key, labels.points),
        (labels.opponents_key, labels.opponents),
        (labels.duel_key, labels.duel),
        (labels.score_key, labels.score),
        (labels.games_key, labels.games),
    )
    face, width = text.font(LEAST), WIDTH - 2 * MARGIN
    lines: list[str] = []
    for entry in (f"{key}: {words}" for key, words in pairs):
        joined = f"{lines[-1]} · {entry}" if lines else entry
        if lines and text.length(joined, face) <= width:
            lines[-1] = joined
        else:
            lines.append(entry)
    return [part for line in lines for part in wrap(line, face, width, lines=2)]


def page_count(view: StandingsView) -> int:
    """How many pictures the standings take."""
    return len(page_rows(len(view.rows), view.final))


def size(view: StandingsView, page: int) -> tuple[int, int]:
    """Width and height of one page."""
    rows = page_rows(len(view.rows), view.final)[page]
    top = HEADER + (podium.height(view.rows) if view.final and page == 0 else 0)
    body = KEYS_H + max(len(rows), 1) * (ROW_H + ROW_GAP)
    return WIDTH, top + body + len(legend(view.labels)) * LEGEND_LINE + MARGIN


def render_page(view: StandingsView, page: int = 0) -> Image.Image:
    """One page of the standings as a picture."""
    pages = page_rows(len(view.rows), view.final)
    if not 0 <= page < len(pages):
        raise ValueError(f"the standings have {len(pages)} page(s), not a page {page + 1}")
    labels = view.labels
    image, draw = canvas(*size(view, page), PANEL)
    inner = WIDTH - 2 * MARGIN
    when = [view.kind.strip()]
    when.append(labels.final if view.final else labels.round.format(n=view.round, m=view.rounds))
    if len(pages) > 1:
        when.append(labels.page.format(n=page + 1, m=len(pages)))
    heading(draw, labels.title, view.number, view.name, " · ".join(w for w in when if w))
    top = HEADER
    if view.final and page == 0:
        podium.draw(draw, top, view.rows, labels)
        top += podium.height(view.rows)
    edges = _right_edges(view)
    _keys(draw, top, edges, labels)
    top += KEYS_H
    for index in pages[page]:
        _row(draw, top, index, view.rows[index], edges, labels)
        top += ROW_H + ROW_GAP
    face = text.font(LEAST)
    for line in legend(labels):
        text.label(draw, (MARGIN, top + 4), line, face, TEXT_DIM, width=inner)
        top += LEGEND_LINE
    return image


def _keys(
    draw: ImageDraw.ImageDraw, top: int, edges: Sequence[float], labels: StandingsLabels
) -> None:
    """The columns' short headings over their right edges."""
    face = text.font(LEAST, True)
    middle = top + KEYS_H / 2
    for column, right, left in zip(columns(labels), edges[1:], edges, strict=False):
        room = right - left - COLUMN_GAP
        text.label(draw, (right, middle), column.key, face, TEXT_DIM, anchor="rm", width=room)


def marks(row: StandingRow, labels: StandingsLabels) -> str:
    """The words under a player's name: withdrawn, bye (× the count past one)."""
    found = [labels.withdrawn] if row.withdrawn else []
    if row.byes:
        found.append(labels.bye if row.byes == 1 else f"{labels.bye} ×{row.byes}")
    return " · ".join(found)


def _row(
    draw: ImageDraw.ImageDraw,
    top: int,
    index: int,
    row: StandingRow,
    edges: Sequence[float],
    labels: StandingsLabels,
) -> None:
    """One player's row: place badge, name (and marks), points, tie-breaks and games."""
    ground = PANEL if row.withdrawn else PANEL_ROW
    draw.rounded_rectangle((EDGE, top, WIDTH - EDGE, top + ROW_H), 10, fill=ground)
    middle = top + ROW_H / 2
    cx = EDGE + ROW_PAD + BADGE / 2
    medal = row.place <= 3
    badge = RANK_COLOURS[row.place - 1] if medal else PANEL_ROW if row.withdrawn else PANEL
    draw.ellipse((cx - BADGE / 2, middle - BADGE / 2, cx + BADGE / 2, middle + BADGE / 2), badge)
    number = text.font(NUMBER if row.place < 100 else LEAST, True)
    place = str(row.place)
    text.label(draw, (cx, middle), place, number, INK if medal else TEXT, anchor="mm")
    left = NAME_LEFT
    room = edges[0] - left
    name = text.clean(row.name, labels.player.format(n=index + 1))
    colour = TEXT_DIM if row.withdrawn else TEXT
    noted = marks(row, labels)
    face = text.font(NAME, True)
    if noted:
        text.label(draw, (left, top + 4), name, face, colour, width=room)
        note = text.font(LEAST)
        text.label(draw, (left, top + ROW_H - 6), noted, note, TEXT_DIM, anchor="ld", width=room)
    else:
        text.label(draw, (left, middle), name, face, colour, anchor="lm", width=room)
    for column, right in zip(columns(labels), edges[1:], strict=True):
        whole, part = column.faces()
        figures.draw(draw, right, middle, column.value(row), whole, part, TEXT)


def _sample() -> StandingsView:
    """Final standings of a dozen players with every kind of row (the first two tied), to fit
    the palette to."""
    rows = tuple(
        StandingRow(
            place=1 if n < 2 else n + 1,
            name=f"Zoë Ångström {n}",
            points=Fraction(36 - 3 * max(n, 1), 6),
            opponents_points=Fraction(200 - 7 * max(n, 1), 36),
            head_to_head=Fraction(1, 2) if n < 2 else None,
            game_score=400 - 13 * max(n, 1),
            games=6,
            byes=int(n % 5 == 4),
            withdrawn=n % 4 == 3,
        )
        for n in range(12)
    )
    return StandingsView(1, "Spring Cup", "Fish", 6, 6, rows, final=True)


@palette_store.kept("standings")
def standings_palette() -> list[Colour]:
    """The palette of every standings picture: the flat colours exact, the rest fitted to
    sample final standings."""
    sample = _sample()
    pages = [render_page(sample, page) for page in range(page_count(sample))]
    return palette.palette_colours(pages, FLAT_COLOURS, palette_store.MOST)


def draw_standings(view: StandingsView, page: int = 0) -> bytes:
    """PNG bytes of one page of the standings (the same view always gives the same bytes)."""
    return png.encode(render_page(view, page), standings_palette())


def standings_pages(view: StandingsView) -> tuple[bytes, ...]:
    """PNG bytes of every page of the standings, first page first."""
    return tuple(draw_standings(view, page) for page in range(page_count(view)))
