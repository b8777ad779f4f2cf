"""A digest of source files, for what is built from them and kept until they change (the
compiled search modules, bot/native.py; the pictures' palettes, render/palette_store.py)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path


def digest(project: Path, files: Iterable[Path], *versions: str) -> str:
    """SHA-256 of ``versions`` (the tools' versions, say), then of every file's path within
    ``project`` and its bytes, in path order: a file renamed, edited, added or removed changes
    it."""
    sha = hashlib.sha256(" ".join(versions).encode())
    for file in sorted(set(files)):
        sha.update(str(file.relative_to(project)).encode())
        sha.update(file.read_bytes())
    return sha.hexdigest()
