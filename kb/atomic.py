"""Files written whole or not at all, the temporary files that takes, and file locks: the one place
every part of kb that writes a file goes through.

    write_atomic(path, data)               # a temporary file beside `path`, synced, renamed over it
    with staged(path, data) as scratch:    # the same, renamed by the caller (several files at once)
        ...
    with file_lock(folder / ".lock", wait=5):  # one holder at a time, `LockBusy` after 5 s
        ...

A temporary file is named `.kb-tmp-<16 hex digits>-NAME` beside the file it becomes (NAME cut to
fit a file name), made with `O_EXCL`, private until written, and locked by its writer until it is
renamed. `remove_leftovers` removes only such files: the fixed prefix, the random part of exactly
that form, a regular file (or, for `temporary_folder`, a folder) owned by this user, untouched for a
while, and locked by no one; a user's `.notes.txt.bak.tmp` or `.rules.po.1.tmp` is never taken for
one.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO, Union

TEMP_PREFIX = ".kb-tmp-"
_TEMP_NAME = re.compile(r"\.kb-tmp-[0-9a-f]{16}-")
_NAME_BYTES = 255
LEFTOVER_SECONDS = 10.0
"""A temporary file younger than this may be one a writer has just made and not yet locked."""

Content = Union[bytes, Callable[[BinaryIO], None]]


class LockBusy(OSError):
    """Another holder kept a lock for longer than the caller would wait."""


def temporary_name(name: str) -> str:
    """A new temporary name for a file to be called `name`: `.kb-tmp-<random>-NAME`, NAME shortened
    (never split inside a character) so that the whole fits a file name."""
    head = f"{TEMP_PREFIX}{secrets.token_hex(8)}-"
    room = _NAME_BYTES - len(head)
    tail = name.encode("utf-8", "surrogateescape")[:room].decode("utf-8", "ignore") or "file"
    return head + tail


def is_temporary(name: str) -> bool:
    """Whether `name` has the form only `temporary_name` gives."""
    return _TEMP_NAME.match(name) is not None


def new_file_mode(target: Path) -> int:
    """The mode `target` has, or the one a new file gets (0666 less the umask)."""
    try:
        return os.stat(target).st_mode & 0o7777
    except (FileNotFoundError, NotADirectoryError):
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _named(err: OSError, path: Path) -> OSError:
    """`err` told of `path`, the file asked for, rather than of a temporary name the user never gave."""
    return type(err)(err.errno, err.strerror or str(err), os.fspath(path)) if err.errno else err


def open_scratch(target: Path, data: Content, mode: int | None = None) -> tuple[Path, BinaryIO]:
    """`data` in a new temporary file beside `target`, flushed to disk, with `mode` (default: the one
    `target` has, or a new file's); returned open and locked, which tells it from a leftover until it
    is renamed and closed. Raises OSError named by `target`."""
    target = Path(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _attempt in range(100):
        scratch = target.with_name(temporary_name(target.name))
        try:
            handle = os.open(scratch, flags, 0o600)
            break
        except FileExistsError:
            continue
        except OSError as err:
            raise _named(err, target) from None
    else:
        raise FileExistsError(errno.EEXIST, "no free name for a temporary file", os.fspath(target))
    stream = os.fdopen(handle, "wb")
    try:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX)
        if isinstance(data, (bytes, bytearray, memoryview)):
            stream.write(data)
        else:
            data(stream)
        stream.flush()
        os.fsync(stream.fileno())
        os.fchmod(stream.fileno(), new_file_mode(target) if mode is None else mode)
    except BaseException as err:
        stream.close()
        scratch.unlink(missing_ok=True)
        if isinstance(err, OSError):
            raise _named(err, target) from None
        raise
    return scratch, stream


@contextlib.contextmanager
def staged(target: Path | str, data: Content, mode: int | None = None) -> Iterator[Path]:
    """A synced temporary file holding `data` beside `target`, for the block to rename; removed at
    the end of the block if it is still there (the block failed, or chose not to rename it)."""
    scratch, stream = open_scratch(Path(target), data, mode)
    try:
        yield scratch
    finally:
        stream.close()
        scratch.unlink(missing_ok=True)


def sync_folder(folder: Path | str) -> None:
    """Put the renames made in `folder` on disk (where the file system can)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def write_atomic(path: Path | str, data: Content, mode: int | None = None) -> Path:
    """Write `data` to `path` whole or not at all: an interrupted write leaves the file as it was.
    The file keeps its mode (a new one gets a new file's). Raises OSError named by `path`."""
    path = Path(path)
    with staged(path, data, mode) as scratch:
        try:
            os.replace(scratch, path)
        except OSError as err:
            raise _named(err, path) from None
    sync_folder(path.parent)
    return path


def temporary_folder(parent: Path | str, name: str) -> Path:
    """A new, empty folder in `parent` under a temporary name (for a build's work)."""
    parent = Path(parent)
    for _attempt in range(100):
        folder = parent / temporary_name(name)
        try:
            folder.mkdir(mode=0o700)
            return folder
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free name for a temporary folder", os.fspath(parent))


def remove_leftovers(folder: Path | str, older_than: float = LEFTOVER_SECONDS) -> list[Path]:
    """Remove from `folder` the temporary files and folders killed writers left: only names of
    `temporary_name`'s form, owned by this user, untouched for `older_than` seconds, and (a file)
    locked by no writer. The paths removed; whatever cannot be removed is left."""
    folder = Path(folder)
    try:
        names = [n for n in os.listdir(folder) if is_temporary(n)]
    except OSError:
        return []
    removed = []
    now = time.time()
    for name in sorted(names):
        path = folder / name
        try:
            info = os.lstat(path)
            if info.st_uid != os.getuid() or now - info.st_mtime < older_than:
                continue
            if stat.S_ISDIR(info.st_mode):
                shutil.rmtree(path)
            elif stat.S_ISREG(info.st_mode):
                handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a live writer holds it
                    os.unlink(path)
                finally:
                    os.close(handle)
            else:
                continue
        except OSError:
            continue
        removed.append(path)
    return removed


@contextlib.contextmanager
def file_lock(path: Path | str, wait: float | None = None,
              on_wait: Callable[[], None] | None = None) -> Iterator[int]:
    """Hold an exclusive lock on the file `path` (made if missing) for the block; yields its
    descriptor. Held already by another process: `on_wait()` is called once, then the lock is waited
    for, forever when `wait` is None, else `wait` seconds before `LockBusy`. The lock goes with the
    process however it ends."""
    path = Path(path)
    handle = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        if not _try_lock(handle):
            if on_wait is not None:
                on_wait()
            if wait is None:
                fcntl.flock(handle, fcntl.LOCK_EX)
            else:
                deadline = time.monotonic() + wait
                delay = 0.01
                while not _try_lock(handle):
                    if time.monotonic() >= deadline:
                        raise LockBusy(errno.EWOULDBLOCK, f"held by another command (waited {wait:g} s)",
                                       os.fspath(path))
                    time.sleep(delay)
                    delay = min(delay * 2, 0.2)
        yield handle
    finally:
        os.close(handle)  # closing the last descriptor lets go of the lock


def _try_lock(handle: int) -> bool:
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError as err:
        if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise
