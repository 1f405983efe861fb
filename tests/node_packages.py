"""The npm packages package-lock.json pins (Pyodide for the site, axe-core for the browser tests),
installed into the project's node_modules/ by `npm ci`, as `kb build` installs Pyodide: the tests
read them from there and never fetch a package of their own."""

from __future__ import annotations

import fcntl
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from kb.corpus import PROJECT_ROOT


def _locked_packages() -> dict[str, str]:
    """The packages package-lock.json pins at the top of node_modules/, with their versions."""
    try:
        lock = json.loads((PROJECT_ROOT / "package-lock.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    prefix = "node_modules/"
    return {name.removeprefix(prefix): entry.get("version", "") for name, entry in lock.get("packages", {}).items()
            if name.startswith(prefix) and "/node_modules/" not in name[len(prefix):]}


def _installed_version(package: str) -> str | None:
    try:
        manifest = PROJECT_ROOT / "node_modules" / package / "package.json"
        return json.loads(manifest.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError):
        return None


def install_node_packages() -> str | None:
    """`npm ci` unless node_modules/ holds every package package-lock.json pins, at its version: the
    same install `kb build` makes for Pyodide, under the same lock. Returns None when done, else one
    line saying why the packages cannot be had."""
    wanted = _locked_packages()
    if all(_installed_version(name) == version for name, version in wanted.items()):
        return None
    npm = shutil.which("npm")
    if npm is None:
        return "npm is not installed"
    with open(PROJECT_ROOT / ".kb-npm.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if all(_installed_version(name) == version for name, version in wanted.items()):
            return None
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--prefer-offline"], cwd=PROJECT_ROOT,
                              capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        return f"npm ci failed: {(proc.stderr.strip().splitlines() or ['no output'])[-1]}"
    return None


def node_package_file(package: str, name: str) -> Path:
    """A file of an npm package package-lock.json pins (installed by `npm ci` if need be); the test
    that asks is skipped, with the reason, when npm cannot install it."""
    path = PROJECT_ROOT / "node_modules" / package / name
    if _installed_version(package) != _locked_packages().get(package) or not path.is_file():
        problem = install_node_packages()
        if problem is not None or not path.is_file():
            pytest.skip(f"{package} is not installed in node_modules/ ({problem or 'npm ci did not install it'})")
    return path
