"""Pyodide, the CPython of the browser, from npm: the version package-lock.json pins, installed into
the project's node_modules/ by the build when it is missing (`npm ci`), and the files of it that a
run in the browser needs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from kb.atomic import file_lock
from kb.corpus import PROJECT_ROOT

PYODIDE_PACKAGE = "pyodide"
# What loadPyodide reads in a browser: the module, the interpreter, the standard library, the lock
# file (the site's is written without Pyodide's package list: no package of it is loaded).
STDLIB = "python_stdlib.zip"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB)
LOCK_FILE = "pyodide-lock.json"
NPM_TIMEOUT = 600


class RunnerUnavailable(RuntimeError):
    """Pyodide is not installed and could not be."""


# ---------------------------------------------------------------------------------------------
# Pyodide, from npm


def pyodide_dir() -> Path:
    """Where the npm package is: `$KB_PYODIDE` if set, else the project's node_modules."""
    return Path(os.environ.get("KB_PYODIDE") or PROJECT_ROOT / "node_modules" / PYODIDE_PACKAGE)


def _wanted_version() -> str | None:
    """The version package-lock.json pins, or None without a lock file."""
    try:
        lock = json.loads((PROJECT_ROOT / "package-lock.json").read_text(encoding="utf-8"))
        return lock["packages"][f"node_modules/{PYODIDE_PACKAGE}"]["version"]
    except (OSError, ValueError, KeyError):
        return None


def pyodide_version(folder: Path | None = None) -> str | None:
    """The version of the Pyodide installed in `folder`, or None if it is missing or incomplete."""
    folder = folder or pyodide_dir()
    try:
        version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return None
    if not all((folder / name).is_file() for name in (*PYODIDE_FILES, LOCK_FILE)):
        return None
    return version


def ensure_pyodide(say: Callable[[str], None] = lambda line: None) -> str:
    """Install the Pyodide that package-lock.json pins (`npm ci`) unless it is there; returns its
    version. Raises `RunnerUnavailable` with one line saying why when it cannot be had."""
    if os.environ.get("KB_PYODIDE"):
        version = pyodide_version()
        if version is None:
            raise RunnerUnavailable(f"$KB_PYODIDE={os.environ['KB_PYODIDE']} holds no Pyodide package")
        return version
    wanted = _wanted_version()
    version = pyodide_version()
    if version is not None and version == (wanted or version):
        return version
    npm = shutil.which("npm")
    if npm is None:
        raise RunnerUnavailable("npm is not installed, so Pyodide cannot be (apt-get install npm)")
    # Two builds at once install once: the second waits, then finds it installed.
    with file_lock(PROJECT_ROOT / ".kb-npm.lock"):
        version = pyodide_version()
        if version is not None and version == (wanted or version):
            return version
        say(f"installing Pyodide {wanted or ''} with npm (once)".replace("  ", " "))
        command = [npm, "ci" if wanted else "install", "--no-audit", "--no-fund", "--prefer-offline"]
        try:
            proc = subprocess.run(command, cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=NPM_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise RunnerUnavailable(f"npm did not install Pyodide within {NPM_TIMEOUT} s") from None
        version = pyodide_version()
        if proc.returncode != 0 or version is None:
            reason = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            raise RunnerUnavailable(f"npm could not install Pyodide: {reason}")
    return version


def runtime_for_runner() -> str | None:
    """The Pyodide version a build ships (installed first if need be), or None, said in one line on
    standard error, when it cannot be had: the site is then built without it, and its Run buttons
    say that the examples cannot run in this copy."""
    import sys

    say = (lambda line: print(f"kb build: {line}", file=sys.stderr)) if sys.stderr.isatty() else (lambda line: None)
    try:
        return ensure_pyodide(say)
    except RunnerUnavailable as err:
        print(f"kb build: the examples will not run in the browser: {err}", file=sys.stderr)
        return None
