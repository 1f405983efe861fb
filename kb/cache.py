"""The build cache: results of the costly steps of a build (a release parsed, a release's
references), kept under `.kb/cache/` and found again by what they were made from. (Diffs of two
releases are kept beside them, in `.kb/cache/diff/`, by `kb.history.DiffCache`.)

Each result is keyed by the SHA-256 of its inputs' bytes and by a hash of the code that makes it, so
a changed file or a changed parser, differ or reference finder is never answered from the cache. A
cache entry is a pickle written by this package into the user's own build folder; one that cannot
be read is ignored (and rebuilt), never trusted. Folders of other code versions are removed when
a build finishes with the current one.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

# The code each kind of result depends on (paths inside the package).
STAGES: dict[str, tuple[str, ...]] = {
    "parse": ("model.py", "decode.py", "parse"),
    "refs": ("model.py", "decode.py", "parse", "refs.py"),
}
_PACKAGE = Path(__file__).resolve().parent
# What `BuildCache.find` gives for a result it does not hold (None may be a result).
MISSING = object()


def code_hash(stage: str) -> str:
    digest = hashlib.sha256(stage.encode())
    for name in STAGES[stage]:
        path = _PACKAGE / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            if file.is_file():
                digest.update(file.relative_to(_PACKAGE).as_posix().encode())
                digest.update(file.read_bytes())
    return digest.hexdigest()[:20]


class BuildCache:
    """`cache.get("parse", key, make)`: the cached result for `key`, or `make()` computed and kept.
    `folder` None makes a cache that keeps nothing."""

    def __init__(self, folder: Path | None):
        self.folder = Path(folder) if folder is not None else None
        self._codes: dict[str, str] = {}
        self.hits = 0
        self.misses = 0

    def _stage_dir(self, stage: str) -> Path:
        if stage not in self._codes:
            self._codes[stage] = code_hash(stage)
        return self.folder / f"{stage}-{self._codes[stage]}"

    def get(self, stage: str, key: str, make: Callable[[], T]) -> T:
        found = self.find(stage, key)
        if found is not MISSING:
            return found
        value = make()
        self.keep(stage, key, value)
        return value

    def find(self, stage: str, key: str) -> Any:
        """The cached result for `key`, or `MISSING` (counted as a miss)."""
        if self.folder is None:
            self.misses += 1
            return MISSING
        try:
            with open(self._path(stage, key), "rb") as stream:
                value = pickle.load(stream)
            self.hits += 1
            return value
        except FileNotFoundError:
            pass
        except Exception:  # a cache entry cut short or from elsewhere: made again, not trusted
            pass
        self.misses += 1
        return MISSING

    def keep(self, stage: str, key: str, value: Any) -> None:
        """Keep `value` as the result for `key` (nothing, for a cache without a folder)."""
        if self.folder is not None:
            self._put(self._path(stage, key), value)

    def _path(self, stage: str, key: str) -> Path:
        return self._stage_dir(stage) / f"{hashlib.sha256(key.encode()).hexdigest()}.pickle"

    def _put(self, path: Path, value: Any) -> None:
        """Write the entry whole or not at all; a cache that cannot be written only costs time."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, scratch = tempfile.mkstemp(prefix=".writing-", dir=path.parent)
        except OSError:
            return
        try:
            with os.fdopen(handle, "wb") as stream:
                pickle.dump(value, stream, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(scratch, path)
        except Exception:
            Path(scratch).unlink(missing_ok=True)

    def prune(self) -> None:
        """Remove the folders of code versions other than the ones this cache has used."""
        if self.folder is None or not self.folder.is_dir():
            return
        current = {f"{stage}-{code}" for stage, code in self._codes.items()}
        for child in self.folder.iterdir():
            stage = child.name.split("-", 1)[0]
            if child.is_dir() and stage in self._codes and child.name not in current:
                shutil.rmtree(child, ignore_errors=True)


def file_key(path: Path | str, sha256: str) -> str:
    """What a parse depends on: the file's bytes, and the path its records name as their source."""
    return f"{sha256}\0{path}"
