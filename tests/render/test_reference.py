"""The committed reference pictures still match what the renderer draws.

Pixels are compared with a small tolerance, not bytes, so that another FreeType or zlib build
does not fail the test while any visible change to a picture does. After an intended change,
rebuild them with ``.venv/bin/python -m tests.render.reference_pictures`` and look at them.
"""

from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image, ImageChops, ImageSequence

from tests.render.reference_pictures import FOLDER, PICTURES


def frames(data: bytes) -> list[Image.Image]:
    """Every frame of a PNG or GIF as RGB."""
    return [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(BytesIO(data)))]


def changed_share(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels that differ by more than a faint anti-aliasing shade."""
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 40 else 0)
    histogram = diff.histogram()
    return histogram[255] / (a.width * a.height)


@pytest.mark.parametrize("file_name", sorted(PICTURES))
def test_reference_picture_matches(file_name: str) -> None:
    """Each kind of picture looks as committed (fewer than 0.5 % of pixels visibly changed)."""
    committed = frames((FOLDER / file_name).read_bytes())
    fresh = frames(PICTURES[file_name]())
    assert len(fresh) == len(committed)
    for old, new in zip(committed, fresh, strict=True):
        assert new.size == old.size
        assert changed_share(old, new) < 0.005


def test_the_comparison_notices_a_change() -> None:
    """A picture with a patch painted over it is not accepted (so the test above can fail)."""
    original = frames((FOLDER / "party_table.png").read_bytes())[0]
    changed = original.copy()
    changed.paste((255, 0, 0), (100, 100, 200, 200))
    assert changed_share(original, changed) > 0.005
