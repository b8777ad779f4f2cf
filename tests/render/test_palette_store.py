"""The fitted palettes are kept on disk: read back when their sources are unchanged, fitted
again when they changed or the store is damaged, and what the store holds is what fitting gives
in another process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from render import fish, fish_results, tournament_signup, tournament_standings, ultimatum
from render.draw import warm
from render.palette_store import STORE, KeptPalette, fingerprint, read
from render.style import Colour
from tests.render.processes import in_a_new_process

PALETTES = {
    "board": fish.board_palette,
    "results": fish_results.results_palette,
    "table": ultimatum.table_palette,
    "hand": ultimatum.hand_palette,
    "standings": tournament_standings.standings_palette,
    "sign-up": tournament_signup.signup_palette,
}
FRESH_FITS = """
import json
from tests.render.test_palette_store import PALETTES
print(json.dumps({name: kept.fit() for name, kept in PALETTES.items()}))
"""
COLOURS: list[Colour] = [(1, 2, 3), (40, 50, 60), (255, 255, 255)]


class Fits:
    """A fitting function that counts its calls."""

    def __init__(self, colours: list[Colour] = COLOURS) -> None:
        self.colours = colours
        self.calls = 0

    def __call__(self) -> list[Colour]:
        self.calls += 1
        return list(self.colours)


def project(root: Path) -> Path:
    """A small project tree with a file in each kind of source and one outside them."""
    for name, text in {
        "render/fish.py": "DRAW = 1\n",
        "bot/games/fish/rules.py": "FLOES = 60\n",
        "bot/tournaments/swiss.py": "ROUNDS = 5\n",
        "data/fonts/DejaVuSans.ttf": "glyphs",
        "data/ultimatum.toml": "cards = 64\n",
        "bot/cogs/game.py": "COMMAND = 'new'\n",
    }.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_every_palette_kept_is_what_fitting_gives_in_another_process() -> None:
    warm()
    for name, kept in PALETTES.items():
        assert kept.path().parent == STORE and kept.path().name.startswith(f"{name}-")
        assert kept.path().exists(), name
    output = in_a_new_process(FRESH_FITS, hash_seed="7")
    fresh = json.loads(output)
    for name, kept in PALETTES.items():
        assert read(kept.path()) == [tuple(colour) for colour in fresh[name]], name
        assert kept().getpalette() == [c for colour in fresh[name] for c in colour], name


def test_a_palette_is_fitted_once_then_read_by_every_later_process(tmp_path: Path) -> None:
    fits = Fits()
    first = KeptPalette("board", fits, store=tmp_path / "store", project=project(tmp_path))
    assert first().getpalette() == [1, 2, 3, 40, 50, 60, 255, 255, 255]
    assert first() is first() and fits.calls == 1
    # Another process: a new palette object with the same sources, whose fitting would fail.
    later = KeptPalette("board", fail, store=tmp_path / "store", project=tmp_path)
    assert later().getpalette() == first().getpalette()
    assert [p.name for p in (tmp_path / "store").iterdir()] == [first.path().name]


def fail() -> list[Colour]:
    raise AssertionError("fitted although a palette was kept")


@pytest.mark.parametrize(
    "edited",
    [
        "render/fish.py",
        "bot/games/fish/rules.py",
        "bot/tournaments/swiss.py",
        "data/fonts/DejaVuSans.ttf",
        "data/ultimatum.toml",
    ],
)
def test_an_edited_source_changes_the_fingerprint(tmp_path: Path, edited: str) -> None:
    root = project(tmp_path)
    before = fingerprint(root)
    (root / "bot/cogs/game.py").write_text("COMMAND = 'start'\n")
    (root / "render/__pycache__").mkdir()
    (root / "render/__pycache__/fish.cpython-311.pyc").write_bytes(b"compiled")
    assert fingerprint(root) == before  # neither drawn from nor a source
    (root / edited).write_text((root / edited).read_text() + "# changed\n")
    assert fingerprint(root) != before


def test_a_palette_kept_for_other_sources_is_fitted_again_and_replaced(tmp_path: Path) -> None:
    store = tmp_path / "store"
    store.mkdir()
    older = store / "board-0123456789abcdef0123456789abcdef.json"
    older.write_text(json.dumps([[9, 9, 9]]))
    other_kind = store / "board-big-0123456789abcdef0123456789abcdef.json"
    other_kind.write_text(json.dumps([[8, 8, 8]]))
    fits = Fits()
    kept = KeptPalette("board", fits, store=store, project=project(tmp_path / "project"))
    assert kept().getpalette() == [1, 2, 3, 40, 50, 60, 255, 255, 255] and fits.calls == 1
    assert sorted(p.name for p in store.iterdir()) == sorted([kept.path().name, other_kind.name])


@pytest.mark.parametrize(
    "damage",
    [
        "[[1, 2, 3], [4, 5",
        "{}",
        "[]",
        "[[1, 2]]",
        "[[256, 0, 0]]",
        '[["1", 2, 3]]',
        "[[1.5, 2, 3]]",
        "[[true, 2, 3]]",
    ],
)
def test_a_damaged_palette_file_is_fitted_again_and_mended(tmp_path: Path, damage: str) -> None:
    fits = Fits()
    kept = KeptPalette("hand", fits, store=tmp_path / "store", project=project(tmp_path))
    kept.path().parent.mkdir()
    kept.path().write_text(damage)
    assert kept().getpalette() == [1, 2, 3, 40, 50, 60, 255, 255, 255] and fits.calls == 1
    assert read(kept.path()) == COLOURS


def test_a_store_that_cannot_be_written_is_passed_over(tmp_path: Path) -> None:
    blocked = tmp_path / "store"
    blocked.write_text("a file where the store's folder would be")
    fits = Fits()
    kept = KeptPalette("results", fits, store=blocked, project=project(tmp_path))
    assert kept().getpalette() == [1, 2, 3, 40, 50, 60, 255, 255, 255] and fits.calls == 1
    assert blocked.read_text() == "a file where the store's folder would be"
