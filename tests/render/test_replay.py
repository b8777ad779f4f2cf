"""The animated replay: one frame per view, small enough for Discord, never holding a hand."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageSequence

from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from render import fish, palette, replay, ultimatum
from render.table_frame import WIDTH as TABLE_WIDTH
from tests.render.games import LONG_NAMES, decode, fish_game
from tests.turns import whose_turn

LIMIT = 8 * 2**20  # Discord's upload limit without boosts


def full_game_views(kind: str, seed: int) -> list[dict[str, Any]]:
    """Spectator views after every action of a whole random 4-player game, as a replay sees it."""
    game: FishGame | UltimatumGame = (
        FishGame.new(4, seed=seed) if kind == "fish" else UltimatumGame.new(players=4, seed=seed)
    )
    rng = random.Random(seed)
    views = [game.view(None)]
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
        views.append(game.view(None))
    return views


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
def test_a_full_four_player_game_fits_the_upload_limit(kind: str) -> None:
    """F-14 / U-24: a whole game, one frame per view, ≤ 8 MiB, looping, frames of the board."""
    views = full_game_views(kind, seed=7)
    data = replay.animation(kind, views, names=LONG_NAMES)
    assert len(data) <= LIMIT
    gif = decode(data, "GIF")
    assert gif.n_frames == len(views)  # type: ignore[attr-defined]
    if kind == "fish":
        assert gif.size == fish.size(4)
    else:  # the part of the iceberg the last view uses, the tallest panel
        whole = [
            ultimatum.render_table(view, LONG_NAMES, frame=ultimatum.view_frame(views[-1]))
            for view in views
        ]
        assert gif.size == (TABLE_WIDTH, max(image.height for image in whole))
    assert gif.info.get("loop") == 0


def test_frames_show_the_game_as_it_was() -> None:
    """Each frame is the board picture of its view (up to the shared 255-colour palette)."""
    views = [fish_game(2, seed=4, actions=n).view(None) for n in (0, 8, 20)]
    gif = decode(replay.animation("fish", views, names=["Ann", "Bob"]), "GIF")
    for frame, view in zip(ImageSequence.Iterator(gif), views, strict=True):
        still = fish.render_image(view, ["Ann", "Bob"])
        shown = frame.convert("RGB")
        x, y = (round(v) for v in fish.centre("A1"))
        pixel = shown.getpixel((x, round(y - 0.3 * fish.R)))
        assert isinstance(pixel, tuple)
        expected = still.getpixel((x, round(y - 0.3 * fish.R)))
        assert isinstance(expected, tuple)
        assert max(abs(a - b) for a, b in zip(pixel, expected, strict=True)) < 24


def changed_colours(still: Image.Image, frame: Image.Image) -> set[tuple[int, int, int]]:
    """The colours of ``still`` at every pixel that ``frame`` shows differently."""
    bands = ImageChops.difference(still, frame).split()
    changed = bands[0]
    for band in bands[1:]:
        changed = ImageChops.lighter(changed, band)
    mask = changed.point(lambda v: 255 if v else 0)
    hidden = Image.composite(still, Image.new("RGB", still.size, (1, 2, 3)), mask)
    colours = {colour for _, colour in hidden.getcolors(1 << 16) or []}
    return {(c[0], c[1], c[2]) for c in colours if isinstance(c, tuple)} - {(1, 2, 3)}


def test_highlights_keep_their_exact_colours_in_every_frame() -> None:
    """The shared palette was fitted to three frames, so a colour only other frames show came
    out as its nearest neighbour: in this game the "show still to perform" ring turned into
    seat 3's colour and the new entertainer's cyan pale blue. Now every flat colour of the
    table (seats, highlights, cards) comes out exactly where the single picture has it."""
    views = full_game_views("ultimatum", seed=7)
    gif = decode(replay.animation("ultimatum", views, names=LONG_NAMES), "GIF")
    shown = ultimatum.view_frame(views[-1])  # a replay shows the part the last view uses
    rare = {ultimatum.PENDING: 0, ultimatum.NEW_ENTERTAINER: 0, ultimatum.SHOWN: 0}
    for index, view in enumerate(views):
        last = view.get("last") or {}
        if not (view["pending_shows"] or last.get("shows") or last.get("entertainers_laid")):
            continue
        gif.seek(index)
        still = ultimatum.render_table(view, LONG_NAMES, frame=shown)
        frame = gif.convert("RGB").crop((0, 0, *still.size))
        assert not changed_colours(still, frame) & set(ultimatum.FLAT_COLOURS), index
        counts = {colour: pixels for pixels, colour in still.getcolors(1 << 16) or []}
        for colour in rare:
            rare[colour] += counts.get(colour, 0)
    assert all(rare.values()), f"the game shows every highlight: {rare}"


def test_every_flat_colour_comes_out_as_itself() -> None:
    """Pillow maps a colour to the palette entry nearest its 4 × 4 × 4 block: no fitted colour
    and no other flat colour may be nearer than the flat colour itself."""
    for kind, view in (
        ("fish", fish_game(2, seed=3, actions=10).view(None)),
        ("ultimatum", UltimatumGame.new(players=4, seed=7).view(None)),
    ):
        frame = replay.RENDERERS[kind](view, ["a", "b", "c", "d"][: view["players"]], None)
        colours = palette.palette_colours([frame], replay.FLAT_COLOURS[kind])
        assert len(colours) <= palette.PALETTE_SIZE
        flat = list(dict.fromkeys(replay.FLAT_COLOURS[kind]))
        strip = Image.new("RGB", (len(flat), 1))
        strip.putdata(flat)
        onto = palette.palette_image(colours)
        mapped = strip.quantize(palette=onto, dither=Image.Dither.NONE).convert("RGB")
        assert mapped.tobytes() == strip.tobytes(), kind


def test_replay_is_deterministic() -> None:
    """The same views give the same bytes."""
    views = [fish_game(3, seed=2, actions=n).view(None) for n in (0, 5, 12)]
    assert replay.animation("fish", views, names=["a", "b", "c"]) == replay.animation(
        "fish", list(views), names=["a", "b", "c"]
    )


def test_bad_replays_are_refused() -> None:
    """Unknown kinds, no views and views with a hand are errors with a clear message."""
    view = UltimatumGame.new(players=2, seed=1).view(0)
    with pytest.raises(ValueError, match="chess"):
        replay.animation("chess", [view], names=["a", "b"])
    with pytest.raises(ValueError, match="at least one"):
        replay.animation("ultimatum", [], names=["a", "b"])
    with pytest.raises(ValueError, match="hand"):
        replay.animation("ultimatum", [view], names=["a", "b"])
