"""An animated GIF of a whole game: one frame per view, as the caller replays the log.

All frames share one palette, without dithering, so flat colours stay flat and the GIF writer
only stores the part of each frame that changed; a full 4-player game stays far below Discord's
8 MiB upload limit. The palette starts with every flat colour the renderer draws with (seat
colours, highlights, card colours …), exactly, and fills the rest with colours fitted to the
anti-aliased edges of all frames. A palette fitted to a few frames lost the colours those
frames lack: a "show still to perform" ring came out in a seat's colour.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from io import BytesIO
from typing import Any

from PIL import Image

from render import fish, fish_results, ultimatum
from render.palette import palette_colours, palette_image
from render.style import PANEL, Colour

FRAME_MS = 700
LAST_FRAME_MS = 4000
Renderer = Callable[[Mapping[str, Any], Sequence[str], Mapping[str, str] | None], Image.Image]
RENDERERS: dict[str, Renderer] = {"fish": fish.render_image, "ultimatum": ultimatum.render_table}
#: The colours each kind of picture keeps exact in every frame.
FLAT_COLOURS: dict[str, tuple[Colour, ...]] = {
    "fish": fish_results.FLAT_COLOURS,  # the board's and the results picture's
    "ultimatum": ultimatum.FLAT_COLOURS,
}


def _game_shape(view: Mapping[str, Any]) -> tuple[object, ...]:
    """What every view of one game shares: its kind, players and iceberg."""
    return view.get("kind"), view.get("players"), view.get("width"), view.get("height")


def _aligned(
    kind: str,
    views: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    labels: Mapping[str, str] | None,
) -> list[Image.Image]:
    """One picture per view, all the same size: a party table is shown around the part of
    the iceberg the last view uses (the table only grows), and each picture is extended at
    the bottom to the tallest (a panel grows with the entertainers won)."""
    if kind == "ultimatum":
        frame = ultimatum.view_frame(views[-1])
        pictures = [ultimatum.render_table(view, names, labels, frame) for view in views]
    else:
        pictures = [_fish_picture(view, names, labels) for view in views]
    tallest = max(picture.height for picture in pictures)
    aligned = []
    for picture in pictures:
        if picture.height < tallest:
            whole = Image.new("RGB", (picture.width, tallest), PANEL)
            whole.paste(picture, (0, 0))
            picture = whole
        aligned.append(picture)
    return aligned


def _fish_picture(
    view: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str] | None
) -> Image.Image:
    """A Fish frame: the board, or for a finished game's view with its results the results
    picture (its board is empty, F-14: the results show where every floe went)."""
    if view.get("results"):
        return fish_results.render_image(view, names, labels)
    return fish.render_image(view, names, labels)


def animation(
    kind: str,
    views: Sequence[Mapping[str, Any]],
    *,
    names: Sequence[str],
    labels: Mapping[str, str] | None = None,
) -> bytes:
    """GIF bytes replaying a game, one frame per spectator view, looping forever; a finished
    Fish game's last view may carry its results (bot.games.fish.ending.results_view)."""
    if kind not in RENDERERS:
        raise ValueError(f"no replay for game kind {kind!r} (known: {', '.join(RENDERERS)})")
    if not views:
        raise ValueError("a replay needs at least one view")
    if any(view.get("hand") is not None for view in views):
        raise ValueError("a replay is made of spectator views: a view holds a player's hand")
    if any(_game_shape(view) != _game_shape(views[0]) for view in views):
        raise ValueError("all views of a replay must be of the same game")
    frames = _aligned(kind, views, names, labels)
    palette = palette_image(palette_colours(frames, FLAT_COLOURS[kind]))
    indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    durations = [FRAME_MS] * (len(indexed) - 1) + [LAST_FRAME_MS]
    buffer = BytesIO()
    indexed[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations,
        loop=0,
        optimize=True,  # lets Pillow mark unchanged pixels transparent in each frame
        disposal=1,
    )
    return buffer.getvalue()
