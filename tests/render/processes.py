"""Code run by a fresh interpreter: cold caches and its own hash seed, as in a drawing process
started after a restart."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def in_a_new_process(code: str, hash_seed: str) -> str:
    """What ``code`` prints when a new interpreter with ``hash_seed`` runs it in the project."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
