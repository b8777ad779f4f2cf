"""Compile the search modules with mypyc (bot/native.py says which, and when they are used).

python -m bot.build_native     # compile when the sources changed (``make`` runs it)
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import warnings
from pathlib import Path

from bot.native import BUILD, FINGERPRINT, GROUP, MODULES, PROJECT, fingerprint, ready, source


def compile_modules(build: Path = BUILD) -> None:
    """Compile ``MODULES`` into ``build`` with mypyc (a C compiler is needed), then record the
    fingerprint; the build is swapped in whole, so a failed one leaves the last one as it was."""
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    compiled_from = fingerprint()  # before compiling: an edit meanwhile makes the build stale
    fresh = build.with_name(build.name + ".new")
    shutil.rmtree(fresh, ignore_errors=True)
    with tempfile.TemporaryDirectory() as temp:
        cwd = Path.cwd()
        os.chdir(PROJECT)
        try:
            # setuptools reads the project's own pyproject.toml on the way, and warns that its
            # support for it is in beta: nothing this build depends on.
            warnings.filterwarnings("ignore", module="setuptools")
            extensions = mypycify(
                [str(source(m).relative_to(PROJECT)) for m in MODULES],
                opt_level="3",
                group_name=GROUP,
                # One C file per module, compiled on every core at once (build_ext -j).
                multi_file=True,
                target_dir=str(Path(temp) / "c"),
            )
            setup(
                name=GROUP,
                ext_modules=extensions,
                script_args=[
                    *("-q", "build_ext", "-j", str(os.cpu_count() or 1)),
                    *("-b", str(fresh), "-t", str(Path(temp) / "o")),
                ],
            )
        finally:
            os.chdir(cwd)
    (fresh / FINGERPRINT).write_text(compiled_from + "\n")
    shutil.rmtree(build, ignore_errors=True)
    fresh.rename(build)


def main() -> None:
    """Compile when the build does not match the sources; say so either way."""
    if ready():
        print("compiled search modules: up to date")
        return
    print(f"compiling the search modules with mypyc into {BUILD} …", flush=True)
    try:
        compile_modules()
    except (Exception, SystemExit) as error:  # setuptools exits on a compiler error
        print(
            f"could not compile ({error}); the computer players run as plain Python, slower",
            file=sys.stderr,
        )
        return
    print("compiled search modules: built")


if __name__ == "__main__":
    main()
