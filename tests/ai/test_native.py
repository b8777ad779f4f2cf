"""The compiled search modules: served only while they match the sources, and deciding exactly
as the plain Python modules do."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import native
from bot.ai import fish_mcts, fish_players

PROJECT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def a_build(tmp_path: Path) -> tuple[Path, Path]:
    """A project with one module and a build holding a (stand-in) compilation of it."""
    project, build = tmp_path / "project", tmp_path / "build"
    (project / "pkg").mkdir(parents=True)
    (project / "pkg" / "floe.py").write_text("FISH = 3\n")
    (build / "pkg").mkdir(parents=True)
    (build / "pkg" / f"floe{SUFFIX}").write_bytes(b"")
    (build / native.FINGERPRINT).write_text(native.fingerprint(project, ["pkg.floe"]) + "\n")
    return project, build


def test_a_build_counts_only_while_its_sources_are_unchanged(tmp_path: Path) -> None:
    project, build = a_build(tmp_path)
    assert native.ready(build, project, ["pkg.floe"])
    (project / "pkg" / "floe.py").write_text("FISH = 2\n")
    assert not native.ready(build, project, ["pkg.floe"])
    assert not native.ready(tmp_path / "nothing built", project, ["pkg.floe"])


def test_an_edit_to_what_the_compiled_modules_import_makes_the_build_stale(
    tmp_path: Path,
) -> None:
    """The rules the searches import are not compiled, but compiled against: editing them
    counts as editing the compiled modules."""
    project, build = a_build(tmp_path)
    rules = project / "bot" / "games" / "fish" / "geometry.py"
    rules.parent.mkdir(parents=True)
    rules.write_text("ROWS = 8\n")
    (build / native.FINGERPRINT).write_text(native.fingerprint(project, ["pkg.floe"]))
    assert native.ready(build, project, ["pkg.floe"])
    rules.write_text("ROWS = 9\n")
    assert not native.ready(build, project, ["pkg.floe"])


def test_the_finder_serves_only_the_compiled_modules(tmp_path: Path) -> None:
    _, build = a_build(tmp_path)
    finder = native.CompiledFinder(build, ["pkg.floe", "pkg.catch"])
    spec = finder.find_spec("pkg.floe")
    assert spec is not None and spec.origin == str(build / "pkg" / f"floe{SUFFIX}")
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert finder.find_spec("pkg.penguin") is None  # not compiled: the usual finders' job
    assert finder.find_spec("pkg.catch") is None  # listed, but missing from the build


@pytest.mark.parametrize("setting", ["false", "0", "no", "off", " False "])
def test_ai_compiled_turns_the_compiled_modules_off(
    monkeypatch: pytest.MonkeyPatch, setting: str
) -> None:
    monkeypatch.setenv(native.SWITCH, setting)
    assert not native.wanted()
    assert not native.install()


def decisions(compiled: bool) -> tuple[list[str], bool]:
    """tests/ai/native_decisions.py's lines in a fresh process, and whether it ran compiled."""
    env = {**os.environ, native.SWITCH: "true" if compiled else "false"}
    out = subprocess.run(
        [sys.executable, "-m", "tests.ai.native_decisions"],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return out[:-1], json.loads(out[-1])["compiled"]


def test_compiled_and_plain_searches_decide_alike() -> None:
    """Fish evaluations, alpha-beta and tree search, Ultimatum values and search, at 2 and 4
    players: the same numbers and decisions to the last digit. ``make`` builds the compiled
    modules before the suite, so here they run compiled whenever a C compiler was at hand."""
    plain, plain_compiled = decisions(compiled=False)
    compiled, was_compiled = decisions(compiled=True)
    assert not plain_compiled
    assert was_compiled == native.ready()
    assert len(plain) == 12
    assert compiled == plain


def test_a_module_counts_as_compiled_only_when_loaded_from_the_build() -> None:
    """The players' module is never compiled; the tree search is whenever the build is ready
    (``make`` builds it before the suite) and nothing turned it off."""
    assert not native.compiled(fish_players)
    assert native.compiled(fish_mcts) == (native.ready() and native.wanted())
