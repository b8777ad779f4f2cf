"""Shared palettes: the renderer's own flat colours kept exact, the rest fitted to its edges.

Every picture is a flat-coloured drawing with anti-aliased edges: a few dozen colours the
renderer paints with, and a few thousand shades where two of them meet. Mapped onto one palette
of 256 colours without dithering, it stores one byte a pixel instead of three and compresses to
less than half; the flat colours come out as themselves, the shades as their nearest fitted
colour. The still pictures use one fixed palette per kind of picture (fitted once per process
to sample pictures); an animated replay fits its own to all its frames.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image

from render.style import Colour

#: One index short of 256, so that the GIF writer has a free index for transparency.
PALETTE_SIZE = 255
MAX_COLOURS = 1 << 16  # distinct colours counted per picture (a table has a few thousand)
KMEANS = 3  # rounds refining the fitted colours: the mean error of an edge pixel drops by a third


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


def _fitted(pictures: Sequence[Image.Image], exact: set[Colour], count: int) -> list[Colour]:
    """``count`` colours fitted to the other colours of every picture (median cut, refined by a
    few rounds of k-means).

    Every picture counts, so that a colour seen in only a few of them still finds a near colour
    in the palette; each colour weighs its average number of pixels per picture, so the sample
    is about one picture large however many there are.
    """
    seen: Counter[Colour] = Counter()
    for picture in pictures:
        colours = picture.getcolors(MAX_COLOURS) or (
            picture.quantize(PALETTE_SIZE).convert("RGB").getcolors(PALETTE_SIZE) or []
        )  # a picture of more colours than we count: its own 255-colour summary
        for pixels, colour in colours:
            if isinstance(colour, tuple):  # always, for an RGB picture
                rgb = (colour[0], colour[1], colour[2])
                if rgb not in exact:
                    seen[rgb] += pixels
    if not seen:
        return []
    weight = len(pictures)
    sample = b"".join(bytes(colour) * -(-pixels // weight) for colour, pixels in seen.items())
    strip = Image.frombytes("RGB", (len(sample) // 3, 1), sample)
    fitted = strip.quantize(colors=count, method=Image.Quantize.MEDIANCUT, kmeans=KMEANS)
    raw = fitted.getpalette() or []
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, min(len(raw), 3 * count), 3)]


def palette_colours(
    pictures: Sequence[Image.Image], exact: Sequence[Colour], size: int = PALETTE_SIZE
) -> list[Colour]:
    """A palette of at most ``size`` colours: the ``exact`` colours first, then fitted ones
    for everything else.

    A colour is left out where Pillow would map an exact colour before it to it instead (it lies
    at least as near that colour's lookup block as the colour itself), so every exact colour
    comes out as itself. An exact colour that is itself such a near twin of an earlier one (a
    shade apart) is left out too: it comes out as that twin.
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
    if len(kept) > size // 2:
        raise ValueError(f"{len(kept)} exact colours leave too few for the anti-aliased edges")
    for colour in _fitted(pictures, set(exact), size - len(kept)):
        add(colour, owns_its_block=False)
    return kept


def palette_image(colours: Sequence[Colour]) -> Image.Image:
    """A 1 × 1 palette picture holding ``colours``, for ``Image.quantize(palette=…)``."""
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in colours for channel in colour])
    return image
