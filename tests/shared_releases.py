"""Where the tests find the official rules releases: the folders of $KB_RELEASES (separated like
PATH) when it is set, else `../shared/cr/` beside the project. Never `corpus/cr/`: the project keeps
no copy of an official document."""

from __future__ import annotations

import os
import re
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]
_NAME = re.compile(r"MagicCompRules-(\d{4}-\d{2}-\d{2})\.txt")


def release_folders() -> list[Path]:
    configured = os.environ.get("KB_RELEASES")
    if configured:
        return [Path(folder) for folder in configured.split(os.pathsep) if folder]
    return [PROJECT_ROOT.parent / "shared" / "cr"]


def release_files() -> dict[str, Path]:
    """Every release found, by the date in its file name (the first folder wins)."""
    found: dict[str, Path] = {}
    for folder in release_folders():
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            match = _NAME.fullmatch(path.name)
            if match and match[1] not in found:
                found[match[1]] = path
    if not found:
        raise FileNotFoundError(
            f"no MagicCompRules-*.txt in {', '.join(map(str, release_folders()))}: "
            "the tests need the official releases (set KB_RELEASES or put them in ../shared/cr/)"
        )
    return dict(sorted(found.items()))


def release(published: str) -> Path:
    return release_files()[published]
