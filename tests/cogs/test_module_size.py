"""Every module of the Discord layer (bot/cogs, bot/ui) does one job in at most 350 lines."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 350
MODULES = sorted([*(ROOT / "bot" / "cogs").rglob("*.py"), *(ROOT / "bot" / "ui").rglob("*.py")])


def test_the_discord_layer_has_modules_to_measure() -> None:
    """The glob finds the cogs and the ui, so the size check below cannot pass vacuously."""
    names = {path.relative_to(ROOT).as_posix() for path in MODULES}
    assert {"bot/cogs/ultimatum.py", "bot/cogs/lobby.py", "bot/ui/buttons.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_module_is_at_most_350_lines(path: Path) -> None:
    """A module over the limit is split by job, not squeezed."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= LIMIT, f"{path.relative_to(ROOT)} has {lines} lines (limit {LIMIT})"
