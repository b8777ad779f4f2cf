"""U-21: while the new entertainer is being laid, the table picture draws it both ways it may
lie (upright and turned, U-2), on a line of its own under the piles, so the mover sees which
way its dots point before choosing."""

from __future__ import annotations

from PIL import Image, ImageChops

from render import cards, ultimatum
from render.style import PANEL
from render.ultimatum_footer import FOOTER, LAYING, SHOW_CARD, footer_height
from render.ultimatum_metrics import ROW_GAP
from render.ultimatum_panel import gone_height
from tests.render.games import ultimatum_in_phase


def _on_panel(face: Image.Image) -> Image.Image:
    ground = Image.new("RGB", face.size, PANEL)
    ground.paste(face, (0, 0), face)
    return ground


def _found_at(line: Image.Image, face: Image.Image) -> list[int]:
    """The left edges at which ``face`` lies in ``line`` (a strip exactly as tall as it)."""
    return [
        x
        for x in range(line.width - face.width + 1)
        if not ImageChops.difference(line.crop((x, 0, x + face.width, face.height)), face).getbbox()
    ]


def test_the_card_to_lay_is_drawn_upright_and_turned() -> None:
    game = ultimatum_in_phase(3, seed=0, phase="entertainer")
    assert game is not None
    view = game.view(None)
    laying = view["entertainer_to_lay"]
    image = ultimatum.render_table(view, ["a", "b", "c"]).convert("RGB")
    top = image.height - gone_height(len(view["removed"])) - footer_height(view)
    mid = top + (FOOTER - ROW_GAP) // 2 + LAYING
    line = image.crop((0, mid - SHOW_CARD // 2, image.width, mid - SHOW_CARD // 2 + SHOW_CARD))
    upright = _found_at(line, _on_panel(cards.entertainer(laying, SHOW_CARD)))
    turned = _found_at(line, _on_panel(cards.entertainer(laying, SHOW_CARD, True)))
    assert len(upright) == 1 and len(turned) == 1 and upright[0] < turned[0]


def test_the_line_is_there_only_while_an_entertainer_is_laid() -> None:
    game = ultimatum_in_phase(3, seed=0, phase="entertainer")
    assert game is not None
    view = game.view(None)
    playing = {**view, "phase": "play", "entertainer_to_lay": None}
    assert footer_height(view) == FOOTER + LAYING and footer_height(playing) == FOOTER
    laying = ultimatum.render_table(view, ["a", "b", "c"])
    other = ultimatum.render_table(playing, ["a", "b", "c"])
    assert laying.height - other.height == LAYING
