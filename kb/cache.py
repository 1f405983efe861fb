"""The build cache: results of the costly steps of a build (a release parsed, a release's
references), kept under `.kb/cache/` and found again by what they were made from. (Diffs of two
releases are kept beside them, in `.kb/cache/diff/`, by `kb.history.DiffCache`, in the same kind of
entry.)

Each result is keyed by the SHA-256 of its inputs' bytes and by a hash of the code that makes it, so
a changed file or a changed parser, differ or reference finder is never answered from the cache.

The cache holds data, never code. An entry is one file: a header line of JSON naming what it is
(the entry format, the stage, the code's hash, the key it was made for, the payload's size and
SHA-256), then the payload, the result as JSON. An entry is used only when its header is the one
expected for that key, its payload has that size and checksum, and the payload reads as a value of
the stage's type, every field checked (`msgspec`, which builds only the types it is given). Any
other entry (cut short, a byte changed, made for another key, of another shape, a pickle, a
folder, a link or a device in its place) is never trusted: it is made again from the release, one
line on standard error names it and why, and the new entry is written over it (what is no file is
removed first). The checksum detects damage, not forgery: whoever can write the cache can write an
entry whose checksum matches, which is read as data of the stage's types, never run. Folders of other code versions are
removed when a build finishes with the current one.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import json
import os
import shutil
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

# The entry format: a change to it changes every folder name (`code_hash`), so older entries are
# never read, and are removed by `BuildCache.prune`.
FORMAT = 2
MAGIC = "kb build cache"
SUFFIX = ".entry"
# Far more than any result takes (a release parsed is about 2 MB): a larger file is no entry.
LARGEST = 1 << 28
# A half-written entry this old was left by a build that was killed (a build takes a minute).
LEFTOVER_SECONDS = 3600
# The code each kind of result depends on (paths inside the package).
STAGES: dict[str, tuple[str, ...]] = {
    "parse": ("model.py", "decode.py", "parse"),
    "refs": ("model.py", "decode.py", "parse", "refs.py"),
}
# What each kind of result is made again from, as the line about a damaged entry says it.
REMEDY = {"parse": "parsed again from the release", "refs": "found again in the release"}
_PACKAGE = Path(__file__).resolve().parent
# What `BuildCache.find` gives for a result it does not hold (None may be a result).
MISSING = object()


def stage_type(stage: str) -> Any:
    """The type of a stage's results: what its entries must read as."""
    from kb.model import CRDocument
    from kb.refs import Reference

    return {"parse": CRDocument, "refs": list[tuple[str, Reference]]}[stage]


def code_hash(stage: str) -> str:
    digest = hashlib.sha256(f"{stage}\0{FORMAT}".encode())
    for name in STAGES[stage]:
        path = _PACKAGE / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            if file.is_file():
                digest.update(file.relative_to(_PACKAGE).as_posix().encode())
                digest.update(file.read_bytes())
    return digest.hexdigest()[:20]


# -- entries -----------------------------------------------------------------------------------------


class EntryProblem(ValueError):
    """Why an entry on disk is not trusted (its reason is one phrase)."""


@functools.cache
def _decoder(kind: Any):
    import msgspec

    return msgspec.json.Decoder(kind)


def entry_bytes(header: dict[str, Any], value: Any) -> bytes:
    """An entry: `header` (with the payload's size and SHA-256 added) on one line, then `value` as JSON."""
    import msgspec

    payload = msgspec.json.encode(value)
    head = {"cache": MAGIC, "format": FORMAT, **header, "size": len(payload),
            "sha256": hashlib.sha256(payload).hexdigest()}
    return json.dumps(head, ensure_ascii=True, sort_keys=True).encode("ascii") + b"\n" + payload


def entry_value(data: bytes, header: dict[str, Any], kind: Any) -> Any:
    """The value an entry holds, when it is the entry `header` describes and reads as a `kind`;
    else `EntryProblem` saying why not."""
    import msgspec

    line, newline, payload = data.partition(b"\n")
    try:
        head = json.loads(line.decode("ascii")) if newline else None
    except (UnicodeDecodeError, ValueError, RecursionError):
        head = None
    if not isinstance(head, dict) or head.get("cache") != MAGIC:
        looks = "a pickle" if data[:1] == b"\x80" else "other data"
        raise EntryProblem(f"not a cache entry ({looks})")
    if head.get("format") != FORMAT:
        raise EntryProblem("an entry of another format")
    for name, expected in header.items():
        if head.get(name) != expected:
            raise EntryProblem(f"made for another {name} than its name says")
    size = head.get("size")
    if len(payload) != size:
        written = size if isinstance(size, int) else "another number"
        raise EntryProblem(f"{len(payload)} bytes where {written} were written (cut short or added to)")
    if hashlib.sha256(payload).hexdigest() != head.get("sha256"):
        raise EntryProblem("its checksum differs: the bytes are not those written")
    try:
        return _decoder(kind).decode(payload)
    except (msgspec.DecodeError, RecursionError) as err:  # ValidationError is a DecodeError too
        raise EntryProblem(f"not a {getattr(kind, '__name__', 'result')} ({err})") from None


def read_entry(path: Path, header: dict[str, Any], kind: Any) -> Any:
    """The value of the entry at `path` (see `entry_value`), or `MISSING` when there is none; an
    entry that cannot be read raises `EntryProblem`."""
    try:
        # Not blocking: a FIFO put in an entry's place is refused, not waited on.
        # Nor followed: a link in an entry's place is no entry, whatever it leads to.
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError as err:
        if err.errno in (errno.ENOENT, errno.ENOTDIR):
            return MISSING
        if err.errno == errno.ELOOP:
            raise EntryProblem("a symbolic link, not a file") from None
        raise EntryProblem(err.strerror or str(err)) from None
    info = os.fstat(handle)
    if not stat.S_ISREG(info.st_mode):
        os.close(handle)
        raise EntryProblem("a folder, not a file" if stat.S_ISDIR(info.st_mode)
                           else "not a regular file (a device, a FIFO, a socket)")
    with os.fdopen(handle, "rb") as stream:
        if info.st_size > LARGEST:
            raise EntryProblem(f"{info.st_size} bytes, more than any entry holds")
        try:
            data = stream.read()
        except OSError as err:
            raise EntryProblem(err.strerror or str(err)) from None
    return entry_value(data, header, kind)


def write_entry(path: Path, header: dict[str, Any], value: Any) -> None:
    """Write the entry whole or not at all (a file of its own, renamed into place); raises OSError.
    Whatever else holds the entry's name (a folder, a link, a FIFO) is removed first: it is no entry."""
    from kb.atomic import write_atomic

    data = entry_bytes(header, value)
    path.parent.mkdir(parents=True, exist_ok=True)
    _clear_wrong_kind(path)
    write_atomic(path, data)


def _clear_wrong_kind(path: Path) -> None:
    """Remove what holds an entry's name without being a regular file (a link is removed, never
    followed)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISDIR(info.st_mode):
        shutil.rmtree(path)
    elif not stat.S_ISREG(info.st_mode):
        os.unlink(path)


class Notices:
    """What a cache tells on standard error (or to `warn`): each entry it does not trust, and, once,
    that it cannot be written (after which it writes nothing more). `writable` False: the cache is
    read, never written (its store was found unwritable and has said so)."""

    def __init__(self, warn: Callable[[str], None] | None = None, writable: bool = True):
        self.warn = warn
        self.writable = writable

    def tell(self, line: str) -> None:
        if self.warn is not None:
            self.warn(line)
            return
        try:
            print(f"kb: {line}", file=sys.stderr)
        except (OSError, ValueError):
            pass

    def distrusted(self, path: Path, problem: EntryProblem, remedy: str) -> None:
        self.tell(f"warning: build cache entry {path}: {problem}; {remedy}")

    def unwritable(self, folder: Path, err: OSError) -> None:
        if self.writable:
            self.writable = False
            self.tell(f"warning: the build cache in {folder} cannot be written ({err.strerror or err}): "
                      "what it would keep is made again by every build")


class BuildCache:
    """`cache.get("parse", key, make)`: the cached result for `key`, or `make()` computed and kept.
    `folder` None makes a cache that keeps nothing."""

    def __init__(self, folder: Path | None, notices: Notices | None = None):
        self.folder = Path(folder) if folder is not None else None
        self.notices = notices or Notices()
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

    def _header(self, stage: str, key: str) -> dict[str, str]:
        self._stage_dir(stage)
        return {"stage": stage, "code": self._codes[stage], "key": key}

    def find(self, stage: str, key: str) -> Any:
        """The cached result for `key`, or `MISSING` (counted as a miss; an entry not trusted is
        told, and is written over by `keep`)."""
        if self.folder is None:
            self.misses += 1
            return MISSING
        path = self._path(stage, key)
        try:
            value = read_entry(path, self._header(stage, key), stage_type(stage))
        except EntryProblem as problem:
            self.notices.distrusted(path, problem, REMEDY.get(stage, "made again"))
            value = MISSING
        if value is MISSING:
            self.misses += 1
        else:
            self.hits += 1
        return value

    def keep(self, stage: str, key: str, value: Any) -> None:
        """Keep `value` as the result for `key` (nothing, for a cache without a folder or one that
        cannot be written)."""
        if self.folder is None or not self.notices.writable:
            return
        try:
            write_entry(self._path(stage, key), self._header(stage, key), value)
        except OSError as err:
            self.notices.unwritable(self.folder, err)

    def _path(self, stage: str, key: str) -> Path:
        return self._stage_dir(stage) / f"{hashlib.sha256(key.encode()).hexdigest()}{SUFFIX}"

    def prune(self) -> None:
        """Remove the folders of code versions other than the ones this cache has used, and what a
        killed build left half-written in the current ones."""
        if self.folder is None or not self.notices.writable or not self.folder.is_dir():
            return
        current = {f"{stage}-{code}" for stage, code in self._codes.items()}
        try:
            for child in self.folder.iterdir():
                stage = child.name.split("-", 1)[0]
                if child.is_dir() and stage in self._codes and child.name not in current:
                    shutil.rmtree(child, ignore_errors=True)
                elif child.name in current:
                    remove_leftovers(child)
        except OSError:
            pass


def remove_leftovers(folder: Path) -> None:
    """Remove what writers killed long ago left half-written in `folder` (kb's temporary files and
    folders, `kb.atomic`; not what one running now writes)."""
    from kb.atomic import remove_leftovers as remove

    remove(folder, older_than=LEFTOVER_SECONDS)


def file_key(path: Path | str, sha256: str) -> str:
    """What a parse depends on: the file's bytes, and the path its records name as their source."""
    return f"{sha256}\0{path}"
