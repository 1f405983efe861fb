"""Writing the corpus safely: one writer at a time, and several files replaced all or none.

The lock. Every command that writes the corpus (`kb translations import`, the manifest entry
`kb fetch` adds) holds an exclusive `flock` on `.kb-write.lock` in the corpus folder while it reads
what it will change and writes it. A second writer waits for it, `$KB_LOCK_WAIT` seconds at most
(default 5), then gives up in one line: nothing it was asked to write is lost without a word. The
lock goes with the process, however it ends, so a killed writer never leaves it held.

The journal. `replace_files` writes every new file beside the old one under kb's temporary name
(`.kb-tmp-<random>-part-1.po`, `kb.atomic`) and syncs it, then commits by renaming a journal into place
(`.kb-journal.json`, listing each staged file and the file it replaces), then renames the staged files
over the old ones and removes the journal. Killed before the journal is in place, the old files are
all there, untouched; killed after, the journal says how to finish. `recover` (which the next writer,
and every command that loads the knowledge base, runs) completes a journal it finds, or removes the
staged files of a run that never committed, and says which in one line.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from kb import atomic

LOCK_FILE = ".kb-write.lock"
WAIT_ENV = "KB_LOCK_WAIT"
DEFAULT_WAIT = 5.0
JOURNAL = ".kb-journal.json"

STEP_HOOK: Callable[[str], None] | None = None
"""Called with the name of each step of `replace_files` and `recover` ("staged part-1.po",
"journal", "committed", "renamed part-1.po", "done"); tests use it to stop a writer between two
steps. None in normal use."""


class CorpusBusy(RuntimeError):
    """Another command holds the corpus's write lock for longer than this one would wait."""


class JournalError(RuntimeError):
    """A journal left by an interrupted write that cannot be read or followed."""


def lock_wait() -> float:
    """How long a writer waits for the lock: `$KB_LOCK_WAIT` seconds (a number, 0 or more)."""
    value = os.environ.get(WAIT_ENV, "").strip()
    if not value:
        return DEFAULT_WAIT
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 86400:
        raise ValueError(f"{WAIT_ENV}={value}: expected a number of seconds from 0 to 86400")
    return seconds


_held: dict[str, int] = {}


@contextlib.contextmanager
def corpus_lock(root: Path | str, wait: float | None = None) -> Iterator[Path]:
    """Hold the corpus's write lock (`root/.kb-write.lock`) for the block; wait for it up to `wait`
    seconds (default `lock_wait()`), else raise `CorpusBusy`. Taken again by the process that holds
    it, it is simply held on."""
    root = Path(root)
    path = root / LOCK_FILE
    key = os.path.realpath(path)
    if key in _held:
        _held[key] += 1
        try:
            yield path
        finally:
            _held[key] -= 1
        return
    wait = lock_wait() if wait is None else wait
    try:
        with atomic.file_lock(path, wait=wait):
            _held[key] = 1
            try:
                yield path
            finally:
                del _held[key]
    except atomic.LockBusy:
        raise CorpusBusy(
            f"{root}: another command is writing the corpus (it holds {path.name}); waited "
            f"{wait:g} s ({WAIT_ENV} sets how long); nothing written"
        ) from None


def _step(name: str) -> None:
    if STEP_HOOK is not None:
        STEP_HOOK(name)


def replace_files(folder: Path | str, contents: dict[str, bytes]) -> list[Path]:
    """Replace (or create) each file `contents` names in `folder` with its bytes, all or none (see the
    module's documentation). Call it with the corpus lock held. An error before the commit (a full
    disk) removes what was staged and leaves every old file as it was."""
    folder = Path(folder)
    if not contents:
        return []
    for name in contents:
        if not name or "/" in name or name.startswith("."):
            raise ValueError(f"{name!r}: not a file name of {folder}")
        if (folder / name).is_symlink():  # a rename would put a file in the link's place, not in its file's
            raise OSError(errno.EPERM, f"a symbolic link (to {os.readlink(folder / name)}), which a write "
                          "would replace by a file, leaving the file it leads to as it was", str(folder / name))
    folder.mkdir(parents=True, exist_ok=True)
    staged: list[tuple[Path, BinaryIO]] = []
    committed = False
    try:
        plan = []
        for name, data in contents.items():
            staged.append(atomic.open_scratch(folder / name, data))
            plan.append({"target": name, "staged": staged[-1][0].name})
            _step(f"staged {name}")
        journal = json.dumps({"journal": 1, "files": plan}, indent=1).encode("utf-8")
        staged.append(atomic.open_scratch(folder / JOURNAL, journal, 0o644))
        _step("journal")
        with _interrupts_held():
            os.replace(staged[-1][0], folder / JOURNAL)
            committed = True
            atomic.sync_folder(folder)
            _step("committed")
            return _roll_forward(folder)
    finally:
        for scratch, stream in staged:
            stream.close()
            if not committed:
                with contextlib.suppress(OSError):
                    scratch.unlink()


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM, SIGHUP and SIGQUIT wait until the block ends, and then act as they would
    have: from the commit to the last rename takes a few renames, and stopped between them the files
    would be a mix of old and new until the next command, which a user looking meanwhile (`git
    status`, `git checkout` of what changed) could make lasting. Only SIGKILL leaves that to the
    journal. (Signals can be caught in the main thread only; elsewhere the block holds nothing.)"""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    before = {}
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        if signal.getsignal(number) not in (signal.SIG_IGN, None):  # None: a handler not set from Python
            before[number] = signal.signal(number, lambda received, _frame: arrived.append(received))
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
        for number in dict.fromkeys(arrived):
            signal.raise_signal(number)


def _roll_forward(folder: Path) -> list[Path]:
    """Finish the journal of `folder`: rename each staged file still there over its target (a file
    already renamed is skipped), then remove the journal."""
    journal = folder / JOURNAL
    plan = json.loads(journal.read_bytes())
    moves = [(str(item["target"]), str(item["staged"])) for item in plan["files"]]
    for target, staged in moves:  # all checked before any is followed
        _check_move(journal, folder, target, staged)
    done = []
    for target, staged in moves:
        if os.path.lexists(folder / staged):
            os.replace(folder / staged, folder / target)
            _step(f"renamed {target}")
        done.append(folder / target)
    atomic.sync_folder(folder)
    journal.unlink()
    atomic.sync_folder(folder)
    _step("done")
    return done


def _check_move(journal: Path, folder: Path, target: str, staged: str) -> None:
    """`ValueError` unless the journal's move of `staged` over `target` is one `replace_files` makes:
    two plain names of `folder` (no `..`, no hidden target), the staged one a regular file, never a
    link or a folder, so that no file from outside the folder is ever put in a catalog's place."""
    import stat

    for name in (target, staged):
        if not name or "/" in name or "\0" in name or name in (".", ".."):
            raise ValueError(f"names a file outside its folder ({target!r}, {staged!r})")
    if target.startswith(".") or not atomic.is_temporary(staged):
        raise ValueError(f"names files no write makes ({target!r}, {staged!r})")
    try:
        mode = os.lstat(folder / staged).st_mode
    except FileNotFoundError:
        return  # renamed already
    if not stat.S_ISREG(mode):
        raise ValueError(f"{staged!r} is not a regular file (a link, a folder, ...), which no write makes")


def _leftovers(folder: Path) -> list[Path]:
    """Temporary files of a writer that stopped (kb's own temporary names only, `kb.atomic`)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(folder / n for n in names if atomic.is_temporary(n))


def pending(folder: Path | str) -> bool:
    """Whether `folder` holds a journal or temporary files left by a writer (cheap: one listing)."""
    folder = Path(folder)
    return (folder / JOURNAL).exists() or bool(_leftovers(folder))


def recover(folder: Path | str) -> str | None:
    """Complete the journal left in `folder`, or remove the files staged by a run that never
    committed; one line saying which, or None when there was nothing to do. Call it with the corpus
    lock held."""
    folder = Path(folder)
    line = None
    if (folder / JOURNAL).exists():
        try:
            done = _roll_forward(folder)
        except (ValueError, KeyError, TypeError) as err:
            raise JournalError(f"{folder / JOURNAL}: an interrupted write's journal cannot be read ({err}); "
                               "nothing done") from None
        line = (f"{folder}: completed a write interrupted after its commit "
                f"({len(done)} file{'s' if len(done) != 1 else ''} replaced: "
                f"{', '.join(p.name for p in done)})")
    stray = _leftovers(folder)
    for path in stray:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    if stray and line is None:
        line = (f"{folder}: rolled back a write interrupted before its commit ({len(stray)} temporary "
                f"file{'s' if len(stray) != 1 else ''} removed; the files are as they were)")
    if stray:
        atomic.sync_folder(folder)
    return line


def settle(root: Path | str, folder: Path | str, say: Callable[[str], None]) -> None:
    """For a command about to read the corpus at `root`: `recover` `folder` if a writer left it
    unfinished, saying what was done in one line. A writer at work there is left to finish; a corpus
    this process cannot write is told, once, and read as it is."""
    folder = Path(folder)
    if not pending(folder):
        return
    try:
        with corpus_lock(root):
            line = recover(folder)
    except CorpusBusy:
        return
    except JournalError as err:
        say(str(err))
        return
    except (OSError, ValueError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        say(f"{folder}: a write interrupted there is left unfinished: {reason}")
        return
    if line:
        say(line)
