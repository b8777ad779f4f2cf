"""The computer players' hot modules compiled to C by mypyc, used only while they match the source.

The Fish searches spend their time in plain Python loops over ints (bitboards) and tree nodes;
mypyc compiles those same typed modules to C, in which the Fish tree search makes
about twice the iterations a second, so a decision searches that much further in its budget.
The build lives outside the source tree (``BUILD``, in the virtual environment) beside a
fingerprint of the sources it was compiled from. ``install`` serves the compiled modules only
while the fingerprint matches the sources as they are now: after an edit, or with
``AI_COMPILED=false``, or where no C compiler was at hand, the very same modules run as Python,
slower and otherwise identical.

The compiling itself is bot/build_native.py's (``make`` runs it).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from bot.fingerprint import digest

PROJECT = Path(__file__).resolve().parent.parent
#: Where the compiled modules and their fingerprint live.
BUILD = PROJECT / ".venv" / "native"
#: The modules compiled: the Fish searches' inner loops and what they call on every step, the
#: tree and rewards both searches share, and the Ultimatum search's quick values, where its
#: playouts spend most of their time. Not the Ultimatum evaluation and rules: the benchmark's
#: former hard player runs on them and gained more from them than hard did (README, "Compiled").
MODULES = (
    "bot.ai.tree",
    "bot.ai.rewards",
    "bot.ai.fish_position",
    "bot.ai.fish_reach",
    "bot.ai.fish_eval",
    "bot.ai.fish_territory",
    "bot.ai.fish_rollout",
    "bot.ai.fish_search",
    "bot.ai.fish_alphabeta",
    "bot.ai.fish_mcts",
    "bot.ai.ultimatum_fast",
    "bot.games.fish.geometry",
)
#: The folders whose sources the compiled modules import (the computer players and the rules).
DEPENDED_ON = ("bot/ai", "bot/games")
#: The name of the library the compiled modules share (mypyc's group).
GROUP = "penguin_native"
FINGERPRINT = "fingerprint"
#: The environment variable that turns the compiled modules off ("false", "0", "no", "off").
SWITCH = "AI_COMPILED"


def source(module: str, project: Path = PROJECT) -> Path:
    """The Python file of ``module``."""
    return project.joinpath(*module.split(".")).with_suffix(".py")


def fingerprint(project: Path = PROJECT, modules: Sequence[str] = MODULES) -> str:
    """What a build must have been compiled from: this Python, the modules compiled and every
    source in ``DEPENDED_ON`` (mypyc compiles against the types and constants of what a module
    imports, so an edit there makes the build stale too)."""
    files = {source(module, project) for module in modules}
    for folder in DEPENDED_ON:
        files.update(project.joinpath(folder).rglob("*.py"))
    return digest(project, files, sys.version, *modules)


def wanted() -> bool:
    """Whether the compiled modules are to be used (``AI_COMPILED``, on unless turned off)."""
    return os.environ.get(SWITCH, "true").strip().lower() not in {"false", "0", "no", "off"}


def ready(build: Path = BUILD, project: Path = PROJECT, modules: Sequence[str] = MODULES) -> bool:
    """Whether ``build`` holds a compilation of the sources exactly as they are now."""
    try:
        built = (build / FINGERPRINT).read_text().strip()
    except OSError:
        return False
    return built == fingerprint(project, modules)


class CompiledFinder:
    """An import finder that serves ``modules`` (and their shared library) from ``build``."""

    def __init__(self, build: Path, modules: Sequence[str]) -> None:
        self.build = build
        self.names = {*modules, f"{GROUP}__mypyc"}

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The compiled module's spec, or None to leave ``name`` to the usual finders."""
        if name not in self.names:
            return None
        stem = self.build.joinpath(*name.split("."))
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            file = stem.with_name(stem.name + suffix)
            if file.exists():
                return importlib.util.spec_from_file_location(name, file)
        return None


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a build rather than from its Python source."""
    loader = getattr(module.__spec__, "loader", None)
    return isinstance(loader, importlib.machinery.ExtensionFileLoader)


def install(build: Path = BUILD) -> bool:
    """Serve the compiled modules from now on when they are wanted and match the sources;
    whether they will be."""
    if not wanted() or not ready(build):
        return False
    if not any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, CompiledFinder(build, MODULES))
    return True
