"""The sign-up post's picture: a tournament's settings and who has joined, readable on a phone.

The settings come as lines of words (label and value) already in the reader's language, so the
caller decides what to state (kind, format, table size, rounds, days per round, the game's
options, rated or not, the closing time). The entrants are numbered in the order they joined
and read down one, two or three columns: one column up to 8 names, two up to 24, three beyond
(64 names make 22 lines, one phone screen tall).
"""

from __future__ import annotations

import math
from fractions import Fraction

from PIL import Image, ImageDraw

from render import palette, palette_store, png, text
from render.common import canvas
from render.ratings_layout import MARGIN, WIDTH, wrap
from render.style import PANEL, PANEL_ROW, TEXT, TEXT_DIM, Colour
from render.tournament_look import FLAT_COLOURS, HEADER, LEAST, heading
from render.tournament_views import Setting, SignUpView

SETTING, ENTRANTS, NAME = 20, 22, 20
SETTING_LINE = 34
PANEL_PAD = 12
NAME_LINE = 30
GAP = 16
#: The settings' labels take at most this share of the panel; their values the rest.
LABEL_SHARE = Fraction(9, 20)


def name_columns(count: int) -> int:
    """How many columns the entrants' names fill."""
    return 1 if count <= 8 else 2 if count <= 24 else 3


def _layout(settings: tuple[Setting, ...]) -> tuple[float, list[list[str]]]:
    """The width of the settings' labels and each value's lines (a long value takes two)."""
    if not settings:
        return 0.0, []
    face = text.font(SETTING)
    inner = WIDTH - 2 * MARGIN
    widest = max(text.length(setting.label, face) for setting in settings)
    label_w = min(widest, float(inner * LABEL_SHARE))
    room = inner - label_w - GAP
    bold = text.font(SETTING, True)
    return label_w, [wrap(setting.value, bold, room, lines=2) or [""] for setting in settings]


def _nobody(view: SignUpView) -> list[str]:
    """The lines saying that no one has joined yet."""
    return wrap(view.labels.nobody, text.font(NAME), WIDTH - 2 * MARGIN, lines=2)


def size(view: SignUpView) -> tuple[int, int]:
    """Width and height of the picture."""
    _, values = _layout(view.settings)
    lines = sum(len(value) for value in values)
    settings = PANEL_PAD * 2 + lines * SETTING_LINE if values else 0
    count = len(view.entrants)
    names = math.ceil(count / name_columns(count)) if count else len(_nobody(view))
    return WIDTH, HEADER + settings + GAP + ENTRANTS + 14 + names * NAME_LINE + MARGIN


def render_image(view: SignUpView) -> Image.Image:
    """The sign-up picture."""
    labels = view.labels
    image, draw = canvas(*size(view), PANEL)
    inner = WIDTH - 2 * MARGIN
    under = " · ".join(words for words in (view.kind.strip(), view.status.strip()) if words)
    heading(draw, labels.title, view.number, view.name, under)
    top = HEADER
    if view.settings:
        top = _settings(draw, top, view.settings) + GAP
    else:
        top += GAP
    count = len(view.entrants)
    face = text.font(ENTRANTS, True)
    text.label(draw, (MARGIN, top), labels.entrants.format(n=count), face, TEXT, width=inner)
    top += ENTRANTS + 14
    if not count:
        for line in _nobody(view):
            text.label(draw, (MARGIN, top), line, text.font(NAME), TEXT_DIM)
            top += NAME_LINE
        return image
    _names(draw, top, view)
    return image


def _settings(draw: ImageDraw.ImageDraw, top: int, settings: tuple[Setting, ...]) -> int:
    """The settings panel, label left and value beside it; returns where it ends."""
    label_w, values = _layout(settings)
    bottom = top + 2 * PANEL_PAD + sum(len(value) for value in values) * SETTING_LINE
    draw.rounded_rectangle((MARGIN / 2, top, WIDTH - MARGIN / 2, bottom), 12, fill=PANEL_ROW)
    label_face, value_face = text.font(SETTING), text.font(SETTING, True)
    value_x = MARGIN + label_w + GAP
    y = top + PANEL_PAD + SETTING_LINE / 2
    for setting, lines in zip(settings, values, strict=True):
        text.label(
            draw, (MARGIN, y), setting.label, label_face, TEXT_DIM, anchor="lm", width=label_w
        )
        for line in lines:
            text.label(draw, (value_x, y), line, value_face, TEXT, anchor="lm")
            y += SETTING_LINE
    return bottom


def _names(draw: ImageDraw.ImageDraw, top: int, view: SignUpView) -> None:
    """Every entrant, numbered in joining order, reading down the columns."""
    count = len(view.entrants)
    columns = name_columns(count)
    per_column = math.ceil(count / columns)
    column_w = (WIDTH - 2 * MARGIN) / columns
    number_face, name_face = text.font(LEAST), text.font(NAME)
    number_w = text.length(f"{count}.", number_face) + 8
    for index, name in enumerate(view.entrants):
        column, line = divmod(index, per_column)
        left = MARGIN + column * column_w
        y = top + line * NAME_LINE + NAME_LINE / 2
        number = f"{index + 1}."
        text.label(draw, (left + number_w - 8, y), number, number_face, TEXT_DIM, anchor="rm")
        shown = text.clean(name, view.labels.player.format(n=index + 1))
        room = column_w - number_w - 10
        text.label(draw, (left + number_w, y), shown, name_face, TEXT, anchor="lm", width=room)


def _sample() -> SignUpView:
    """A sign-up of a dozen names with every kind of line, to fit the palette to."""
    settings = tuple(Setting(f"Setting {n}", f"Value {n}") for n in range(6))
    names = tuple(f"Zoë Ångström {n}" for n in range(12))
    return SignUpView(1, "Spring Cup", "Fish", "Sign-up closes soon", settings, names)


@palette_store.kept("sign-up")
def signup_palette() -> list[Colour]:
    """The palette of every sign-up picture: the flat colours exact, the rest fitted to a
    sample sign-up."""
    return palette.palette_colours([render_image(_sample())], FLAT_COLOURS, palette_store.MOST)


def draw_sign_up(view: SignUpView) -> bytes:
    """PNG bytes of the sign-up picture (the same view always gives the same bytes)."""
    return png.encode(render_image(view), signup_palette())
