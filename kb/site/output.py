"""The output folder of a build: claimed only if it is empty or a previous build's, locked while a
build runs, and filled by swapping in a complete build made beside it.

A build writes nothing outside its output folder. It works in a folder of kb's temporary name
(`OUT/.kb-tmp-<random>-build/`, `kb.atomic`) and, once the whole site is there, moves `docs/`, `site/` and `mkdocs.yml` into place: an interrupted or failed
build leaves the previous site as it was. `OUT/.kb-build` marks the folder as a build's and is
the lock two builds of the same folder share (the second waits for the first).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.atomic import file_lock, is_temporary, remove_leftovers, temporary_folder

MARKER = ".kb-build"
# What the build in the folder was made from (see `kb.site.stamp`).
STAMP = ".kb-stamp.json"
# What a build puts in its folder: anything else there means the folder is someone else's.
OWN_NAMES = {"docs", "site", "mkdocs.yml", MARKER, STAMP}
_MARKER_TEXT = "This folder holds the output of `kb build`; the next build replaces docs/, site/ and mkdocs.yml.\n"


class OutputFolderError(ValueError):
    """The output folder cannot be used: it is not empty and not a previous build's."""


def _previous_build(folder: Path) -> bool:
    if (folder / MARKER).is_file():
        return True
    # A build from before the marker existed: its configuration says who wrote it.
    config = folder / "mkdocs.yml"
    try:
        head = config.read_text(encoding="utf-8")[:200]
    except OSError:
        return False
    names = {p.name for p in folder.iterdir() if not is_temporary(p.name)}
    return head.startswith("# Written by `kb build`") and names <= OWN_NAMES


def check_output_folder(out: Path | str) -> Path:
    """The absolute output folder, if a build may write there; raises OutputFolderError if not."""
    text = str(out)
    if not text.strip():
        raise OutputFolderError("the output folder is an empty name")
    folder = Path(os.path.abspath(text))
    from kb.outputs import OutputRefused, check_folder

    try:
        check_folder(text)  # never inside the corpus, a releases folder or .git
    except OutputRefused as err:
        raise OutputFolderError(str(err)) from None
    if folder.exists() and not folder.is_dir():
        raise OutputFolderError(f"{out}: exists and is not a folder")
    if folder.is_dir():
        names = [p.name for p in folder.iterdir()]
        if names and not _previous_build(folder):
            raise OutputFolderError(
                f"{out}: the folder is not empty and holds no previous build; choose an empty or new folder"
            )
    from kb.corpus import PROJECT_ROOT

    root = Path(os.path.abspath(PROJECT_ROOT))
    if folder == root or folder in root.parents:
        raise OutputFolderError(f"{out}: the output folder cannot be the project or hold it")
    return folder


@contextmanager
def locked_output(folder: Path, on_wait: Callable[[], None] | None = None) -> Iterator[Path]:
    """Hold the build lock of `folder` (created if needed); waits for a build already holding it."""
    folder.mkdir(parents=True, exist_ok=True)
    marker = folder / MARKER
    with file_lock(marker, on_wait=on_wait):
        if marker.read_text(encoding="utf-8", errors="replace") != _MARKER_TEXT:
            marker.write_text(_MARKER_TEXT, encoding="utf-8")  # the lock's own file: not replaced, or it would be another lock
        remove_leftovers(folder, older_than=0)  # what an interrupted build left (no other is at work: the lock is ours)
        yield folder


def work_folder(folder: Path) -> Path:
    """A fresh folder inside `folder` for one build's files."""
    return temporary_folder(folder, "build")


def swap_in(work: Path, folder: Path, names: tuple[str, ...] = ("docs", "site", "mkdocs.yml")) -> None:
    """Move the finished build's `names` from `work` into `folder`, replacing the previous ones."""
    old = temporary_folder(folder, "replaced")
    for name in names:
        target = folder / name
        if target.exists() or target.is_symlink():
            os.replace(target, old / name)
        os.replace(work / name, target)
    shutil.rmtree(old, ignore_errors=True)
    shutil.rmtree(work, ignore_errors=True)


def write_files(files: dict[str, bytes], site_dir: Path | str) -> dict[str, int]:
    """Write each file of `files` (its path under `site_dir` -> its bytes); each path with its size."""
    sizes = {}
    for name, raw in files.items():
        path = Path(site_dir) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        sizes[name] = len(raw)
    return sizes


def move_tree_into(upper: Path, lower: Path, *, files_replace_folders: bool = False) -> None:
    """Every file under `upper` moved to the same place under `lower`, over any file there, a folder
    `lower` lacks moved whole; `upper` is removed. A file of `upper` where `lower` has a folder
    replaces that folder if `files_replace_folders`, else raises `OSError`, as a folder of
    `upper` where `lower` has a file always does."""
    for path in sorted(Path(upper).iterdir()):
        target = Path(lower) / path.name
        if path.is_dir() and target.is_dir():
            move_tree_into(path, target, files_replace_folders=files_replace_folders)
        else:
            if files_replace_folders and target.is_dir():
                shutil.rmtree(target)
            os.replace(path, target)
    Path(upper).rmdir()
