"""Files a command writes where the user says (`kb graph --graphml`, `kb export`, `kb translations
export`, ...): written whole, and never over what the user owns.

    write_file("rules.graphml", data)                  # new, or one kb wrote there before
    write_file("rules.graphml", data, overwrite=True)  # over any regular file the user names
    write_files({out / "a.csv": a, out / "b.csv": b})  # all checked first, all or nothing

A destination is refused with `OutputRefused` (one line; the commands exit 2) when it is

- inside the corpus or a folder of the official releases (the manifest, the wiki pages, the
  catalogs, the releases): only the commands that keep the corpus write there;
- a file git tracks in the project (its code, documentation, tests), or inside `.git`;
- not a regular file: a folder, a device (`/dev/null`, `/dev/zero`), a FIFO, a socket;
- an existing file that kb did not write there, or that has changed since, unless `overwrite`
  (the commands' `--overwrite`).

A symbolic link is followed: what is checked, and written, is the file it leads to. Each file
written is remembered, with its SHA-256, in `outputs.json` in the store (`.kb/`, or `$KB_STORE`),
so that the next run of the command may replace it; a file edited since is the user's again. A store
that cannot be written only means the next run asks for `--overwrite`.

Writes are atomic: each file is written to a temporary file beside it, flushed to disk, and renamed
over the destination only once every file of the call is written. A failure (a full disk, an
interrupt) removes the temporary files and leaves every destination as it was; what a kill leaves
beside a destination is removed by the next write of it.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import BinaryIO

from kb import atomic
from kb.corpus import PROJECT_ROOT, corpus_dir, release_dirs, sha256_of
from kb.decode import file_kind

REGISTRY = "outputs.json"
_LOCK = "outputs.lock"
_REGISTRY_LIMIT = 5000  # files remembered at most; the oldest are forgotten first
_OVERWRITE_HINT = "give --overwrite to replace it"

Content = atomic.Content  # its bytes, or a function that writes them to a binary stream


class OutputRefused(ValueError):
    """A destination a command may not write (see the module's documentation); the message is one line."""


def _real(path: str | Path) -> Path:
    return Path(os.path.realpath(os.fspath(path)))


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _protected_folders() -> list[tuple[Path, str]]:
    """The folders no output goes into, with what they are."""
    folders = [(corpus_dir(), "the corpus"), (PROJECT_ROOT / "corpus", "the corpus")]
    folders += [(folder, "a folder of the official releases") for folder in release_dirs()]
    return [(_real(folder), what) for folder, what in folders]


def _protected(real: Path, shown: str | Path) -> None:
    """Refuse a destination inside the corpus, a releases folder or the project's `.git`."""
    for folder, what in _protected_folders():
        if _inside(real, folder):
            raise OutputRefused(f"{shown}: inside {what} ({folder}); choose a destination outside it")
    project = _real(PROJECT_ROOT)
    if _inside(real, project) and ".git" in real.relative_to(project).parts:
        raise OutputRefused(f"{shown}: inside the project's .git; choose another destination")


def tracked_by_git(real: Path) -> bool:
    """Whether git tracks `real` (an absolute path without links) in the project's checkout."""
    project = _real(PROJECT_ROOT)
    if not _inside(real, project) or real == project:
        return False
    try:
        done = subprocess.run(
            # safe.directory: a checkout owned by another user (a container's root) is still read.
            ["git", "-c", f"safe.directory={project}", "-C", str(project), "ls-files", "--error-unmatch", "--",
             str(real.relative_to(project))],
            capture_output=True, timeout=30, check=False,
        )
    except (OSError, subprocess.SubprocessError):  # no git, or no answer: nothing is known to be tracked
        return False
    return done.returncode == 0


def check_file(path: str | Path, overwrite: bool = False) -> Path:
    """The file a command may write for the destination `path` (its links followed), or
    `OutputRefused` saying why not (see the module's documentation)."""
    shown = os.fspath(path)
    if not shown.strip():
        raise OutputRefused("the destination is an empty name")
    real = _real(path)
    _protected(real, shown)
    info = check_regular(real, shown)
    if tracked_by_git(real):
        raise OutputRefused(f"{shown}: a file of the project (tracked by git); choose another destination")
    if info is not None and not overwrite and not made_by_kb(real, info):
        raise OutputRefused(f"{shown}: a file kb did not write (or one changed since); {_OVERWRITE_HINT}")
    return real


def check_regular(path: str | Path, shown: str | Path | None = None) -> os.stat_result | None:
    """The status of the file at `path` (its links followed), None if there is none; `OutputRefused`
    if it is a folder, a device, a FIFO or a socket, which a command neither reads as its own file
    nor replaces."""
    shown = path if shown is None else shown
    try:
        info = os.stat(path)
    except OSError as err:  # none there, or a path that cannot be reached: the write says why, if it fails
        if err.errno == errno.ELOOP:  # a link that leads nowhere but to links: a rename would replace it
            raise OutputRefused(f"{shown}: a loop of symbolic links; nothing is written to it") from None
        return None
    if not stat.S_ISREG(info.st_mode):
        raise OutputRefused(f"{shown}: {file_kind(info.st_mode) or 'not a regular file'}, not a regular file; nothing is written to it")
    return info


def check_files(paths: Iterable[str | Path], overwrite: bool = False) -> dict[Path, Path]:
    """`check_file` for each of `paths`, which must be distinct files: each destination (as given)
    with the file it writes."""
    targets: dict[Path, Path] = {}
    for path in paths:
        real = check_file(path, overwrite)
        twice = [given for given, other in targets.items() if other == real]
        if twice:
            raise OutputRefused(f"{path}: the same file as {twice[0]}; give each output its own")
        targets[Path(path)] = real
    return targets


def check_folder(folder: str | Path) -> Path:
    """The folder (its links followed) a command may write its files into, or `OutputRefused`: inside
    the corpus, a releases folder or `.git`, or something there that is not a folder. Each file is
    checked in turn by `check_file`."""
    shown = os.fspath(folder)
    if not shown.strip():
        raise OutputRefused("the output folder is an empty name")
    real = _real(folder)
    _protected(real, shown)
    try:
        info = os.stat(real)
    except OSError:  # none there, or a path that cannot be reached: making it says why, if it fails
        return real
    if not stat.S_ISDIR(info.st_mode):
        raise OutputRefused(f"{shown}: exists and is not a folder")
    return real


def write_file(path: str | Path, data: Content, overwrite: bool = False) -> Path:
    """Write `data` to `path` atomically, if `check_file` allows; the file written."""
    return write_files({Path(path): data}, overwrite)[0]


def write_files(contents: Mapping[Path, Content], overwrite: bool = False) -> list[Path]:
    """Write each file of `contents` atomically, all or none: every destination is checked before
    any is written, and the files are put in place only once all are written. The files written (the
    destinations, as given), in the order given."""
    targets = check_files(contents, overwrite)
    remove_leftovers(targets.values())
    scratches: list[tuple[Path, BinaryIO]] = []
    placed = 0
    try:
        for path, data in contents.items():
            try:
                scratches.append(atomic.open_scratch(targets[Path(path)], data))
            except OSError as err:  # named by the destination, not by a temporary file's name
                raise OSError(err.errno, err.strerror or str(err), os.fspath(path)) from None
        for real, (scratch, _stream) in zip(targets.values(), scratches):
            os.replace(scratch, real)
            placed += 1
    finally:
        for number, (scratch, stream) in enumerate(scratches):
            stream.close()  # which lets go of its lock
            if number >= placed:
                scratch.unlink(missing_ok=True)
    remember(targets.values())
    return list(targets)


def remove_leftovers(paths: Iterable[str | Path]) -> list[Path]:
    """Remove the temporary files killed writes left beside `paths` (see `kb.atomic.remove_leftovers`:
    only files of kb's own temporary names); the files removed."""
    removed: list[Path] = []
    for folder in dict.fromkeys(_real(path).parent for path in paths):
        removed += atomic.remove_leftovers(folder)
    return removed


# -- what kb wrote ---------------------------------------------------------------------------------


def _registry_folder() -> Path:
    return Path(os.environ.get("KB_STORE") or PROJECT_ROOT / ".kb")


def _read_registry() -> dict[str, dict]:
    try:
        data = json.loads((_registry_folder() / REGISTRY).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    return {k: v for k, v in files.items() if isinstance(v, dict)} if isinstance(files, dict) else {}


def made_by_kb(real: Path, info: os.stat_result | None = None) -> bool:
    """Whether the file `real` is as kb last wrote it there (same size, same SHA-256)."""
    entry = _read_registry().get(str(real))
    if entry is None:
        return False
    try:
        info = info or os.stat(real)
        return stat.S_ISREG(info.st_mode) and entry.get("size") == info.st_size and entry.get("sha256") == sha256_of(real)
    except OSError:
        return False


def remember(paths: Iterable[str | Path]) -> None:
    """Record `paths` (files just written) as kb's, so that the next run may replace them. Silent
    when the store cannot be written: the next run then asks for --overwrite."""
    folder = _registry_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with atomic.file_lock(folder / _LOCK):
            files = _read_registry()
            for path in paths:
                real = _real(path)
                files.pop(str(real), None)  # re-inserted last: the newest are kept
                files[str(real)] = {"size": real.stat().st_size, "sha256": sha256_of(real)}
            files = {k: v for k, v in files.items() if os.path.lexists(k)}
            files = dict(list(files.items())[-_REGISTRY_LIMIT:])
            text = json.dumps({"files": files}, indent=1, ensure_ascii=False) + "\n"
            atomic.write_atomic(folder / REGISTRY, text.encode("utf-8"))
    except OSError:
        pass
