"""An animated GIF of a whole game: one frame per view, as the caller replays the log.

All frames share one palette, without dithering, so flat colours stay flat and the GIF writer
only stores the part of each frame that changed; a full 4-player game stays far below Discord's
8 MiB upload limit. The palette starts with every flat colour the renderer draws with (seat
colours, highlights, card colours …), exactly, and fills the rest with colours fitted to the
anti-aliased edges of all frames. A palette fitted to a few frames lost the colours those
frames lack: a "show still to perform" ring came out in a seat's colour.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from io import BytesIO
from typing import Any

from PIL import Image

from render import fish, ultimatum
from render.style import Colour

FRAME_MS = 700
LAST_FRAME_MS = 4000
#: One index short of 256, so that the GIF writer has a free index for transparency.
PALETTE_SIZE = 255
MAX_COLOURS = 1 << 16  # distinct colours counted per frame (a table has a few thousand)
KMEANS = 3  # rounds refining the fitted colours: the mean error of an edge pixel drops by a third
Renderer = Callable[[Mapping[str, Any], Sequence[str], Mapping[str, str] | None], Image.Image]
RENDERERS: dict[str, Renderer] = {"fish": fish.render_image, "ultimatum": ultimatum.render_table}
#: The colours each kind of picture keeps exact in every frame.
FLAT_COLOURS: dict[str, tuple[Colour, ...]] = {
    "fish": fish.FLAT_COLOURS,
    "ultimatum": ultimatum.FLAT_COLOURS,
}


def _slot(colour: Colour) -> Colour:
    """The colour Pillow looks up for ``colour`` when it maps a picture onto a palette.

    Pillow caches the nearest palette entry per 4 × 4 × 4 block of colours and computes it for
    the block's lowest corner (the colour with the two low bits of each channel cleared); the
    lowest index wins a tie.
    """
    r, g, b = colour
    return r & ~3, g & ~3, b & ~3


def _distance(a: Colour, b: Colour) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True))


def _fitted(frames: Sequence[Image.Image], exact: set[Colour], count: int) -> list[Colour]:
    """``count`` colours fitted to the other colours of every frame (median cut, refined by a
    few rounds of k-means).

    Every frame counts, so that a colour seen in only a few of them still finds a near colour
    in the palette; each colour weighs its average number of pixels per frame, so the sample
    is about one frame large however long the game.
    """
    seen: Counter[Colour] = Counter()
    for frame in frames:
        colours = frame.getcolors(MAX_COLOURS) or (
            frame.quantize(PALETTE_SIZE).convert("RGB").getcolors(PALETTE_SIZE) or []
        )  # a frame of more colours than we count: its own 255-colour summary
        for pixels, colour in colours:
            if isinstance(colour, tuple):  # always, for an RGB frame
                rgb = (colour[0], colour[1], colour[2])
                if rgb not in exact:
                    seen[rgb] += pixels
    if not seen:
        return []
    sample = b"".join(bytes(colour) * -(-pixels // len(frames)) for colour, pixels in seen.items())
    strip = Image.frombytes("RGB", (len(sample) // 3, 1), sample)
    fitted = strip.quantize(colors=count, method=Image.Quantize.MEDIANCUT, kmeans=KMEANS)
    raw = fitted.getpalette() or []
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, min(len(raw), 3 * count), 3)]


def palette_colours(frames: Sequence[Image.Image], exact: Sequence[Colour]) -> list[Colour]:
    """The shared palette: the ``exact`` colours first, then fitted ones for everything else.

    A colour is left out where Pillow would map an exact colour before it to it instead (it lies
    at least as near that colour's lookup block as the colour itself), so every exact colour
    comes out of the GIF as itself. An exact colour that is itself such a near twin of an
    earlier one (a shade apart) is left out too: it comes out as that twin.
    """
    kept: list[Colour] = []
    reach: list[tuple[Colour, int]] = []  # each kept colour's lookup block and its distance

    def add(colour: Colour, owns_its_block: bool) -> None:
        slot, own = _slot(colour), _distance(colour, _slot(colour))
        if colour in kept or any(_distance(colour, s) <= d for s, d in reach):
            return
        if owns_its_block and any(_distance(other, slot) <= own for other in kept):
            return
        kept.append(colour)
        reach.append((slot, own))

    for colour in exact:
        add(colour, owns_its_block=True)
    if len(kept) > PALETTE_SIZE // 2:
        raise ValueError(f"{len(kept)} exact colours leave too few for the anti-aliased edges")
    for colour in _fitted(frames, set(exact), PALETTE_SIZE - len(kept)):
        add(colour, owns_its_block=False)
    return kept


def _palette_image(colours: Sequence[Colour]) -> Image.Image:
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in colours for channel in colour])
    return image


def animation(
    kind: str,
    views: Sequence[Mapping[str, Any]],
    *,
    names: Sequence[str],
    labels: Mapping[str, str] | None = None,
) -> bytes:
    """GIF bytes replaying a game, one frame per spectator view, looping forever."""
    if kind not in RENDERERS:
        raise ValueError(f"no replay for game kind {kind!r} (known: {', '.join(RENDERERS)})")
    if not views:
        raise ValueError("a replay needs at least one view")
    if any(view.get("hand") is not None for view in views):
        raise ValueError("a replay is made of spectator views: a view holds a player's hand")
    render = RENDERERS[kind]
    frames = [render(view, names, labels) for view in views]
    if any(frame.size != frames[0].size for frame in frames):
        raise ValueError("all views of a replay must be of the same game (same picture size)")
    palette = _palette_image(palette_colours(frames, FLAT_COLOURS[kind]))
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
