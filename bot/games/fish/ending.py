"""F-13: the last player on the ice, who then moves alone until they cannot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def alone_on_ice(kind: str, view: Mapping[str, Any]) -> bool:
    """Whether a Fish game (its view) is down to its last player (F-13): in the hunt, with
    everyone else out or resigned."""
    if kind != "fish" or view.get("phase") != "move" or view.get("to_move") is None:
        return False
    out = list(view.get("out") or [])
    resigned = list(view.get("resigned") or [False] * len(out))
    left = [s for s in range(len(out)) if not out[s] and not resigned[s]]
    return len(out) > 1 and len(left) == 1
