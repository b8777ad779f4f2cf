"""Fitted palettes kept on disk, so that a drawing process reads them instead of fitting them.

Fitting the six still palettes (render.palette) draws a dozen sample pictures and takes a
second or two of CPU, and every drawing process of every bot process needs them all. They
depend only on the code and data the pictures are drawn from, so the first process to fit one
writes it to ``STORE`` under a fingerprint of those sources, and every later process with the
same sources reads it back. A palette whose sources changed is fitted again (a different
fingerprint names a different file); a store that cannot be read or written is passed over:
the palette is then fitted in memory, as it would be without a store.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import PIL
from PIL import Image, features

from bot.fingerprint import digest
from render.palette import palette_image
from render.style import Colour

PROJECT = Path(__file__).resolve().parent.parent
#: Where the fitted palettes are kept, beside the compiled search modules.
STORE = PROJECT / ".venv" / "palettes"
#: What the pictures are drawn from: the renderer, the games and tournaments it draws sample
#: pictures of (the only packages it may import), the fonts and the cards' data.
SOURCES = ("render", "bot/games", "bot/tournaments", "data/fonts", "data/ultimatum.toml")
#: The most colours a palette holds.
MOST = 256

Fit = Callable[[], list[Colour]]

#: Each project's fingerprint, worked out once per process: the code a process runs is the code
#: it started with, whatever changes on disk afterwards.
_FINGERPRINTS: dict[Path, str] = {}


def fingerprint(project: Path = PROJECT) -> str:
    """The sources' digest, with the Python, Pillow and FreeType versions (text is drawn by
    FreeType, and its anti-aliased edges are what a palette is fitted to)."""
    files: set[Path] = set()
    for name in SOURCES:
        path = project / name
        if path.is_dir():
            files.update(f for f in path.rglob("*") if f.is_file() and f.suffix != ".pyc")
        elif path.is_file():
            files.add(path)
    python = ".".join(map(str, sys.version_info[:2]))
    versions = (python, PIL.__version__, features.version("freetype2") or "")
    return digest(project, files, *versions)[:32]


def read(path: Path) -> list[Colour] | None:
    """The colours kept in ``path``, or None when it is missing or not a palette."""
    try:
        kept = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(kept, list) or not 0 < len(kept) <= MOST:
        return None
    colours: list[Colour] = []
    for colour in kept:
        if (
            not isinstance(colour, list)
            or len(colour) != 3
            or not all(type(c) is int and 0 <= c <= 255 for c in colour)
        ):
            return None
        colours.append((colour[0], colour[1], colour[2]))
    return colours


def write(path: Path, colours: list[Colour]) -> None:
    """Keep ``colours`` in ``path`` (whole or not at all: processes may read it meanwhile),
    and drop the palette's files of other fingerprints; a store that refuses is passed over."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", dir=path.parent, prefix=f".{path.name}.", delete=False
        ) as file:
            json.dump([list(colour) for colour in colours], file)
        os.replace(file.name, path)
        kind = path.name.rsplit("-", 1)[0]
        for older in path.parent.glob(f"{kind}-*.json"):
            if older != path and older.name.rsplit("-", 1)[0] == kind:
                older.unlink(missing_ok=True)
    except OSError:
        return


class KeptPalette:
    """One kind of picture's palette: fitted by ``fit`` once, then read from the store."""

    def __init__(self, name: str, fit: Fit, store: Path = STORE, project: Path = PROJECT) -> None:
        self.name = name
        self.fit = fit
        self.store = store
        self.project = project
        self._image: Image.Image | None = None

    def path(self) -> Path:
        """The file this palette is kept in for the sources this process was started with."""
        if self.project not in _FINGERPRINTS:
            _FINGERPRINTS[self.project] = fingerprint(self.project)
        return self.store / f"{self.name}-{_FINGERPRINTS[self.project]}.json"

    def __call__(self) -> Image.Image:
        """The palette picture (``Image.quantize(palette=…)``), the same for every call."""
        if self._image is None:
            path = self.path()
            colours = read(path)
            if colours is None:
                colours = self.fit()
                write(path, colours)
            self._image = palette_image(colours)
        return self._image


def kept(name: str) -> Callable[[Fit], KeptPalette]:
    """Decorate a palette's fitting function: the palette is kept under ``name``."""

    def decorate(fit: Fit) -> KeptPalette:
        return KeptPalette(name, fit)

    return decorate
