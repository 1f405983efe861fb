"""Work shared out among worker processes forked from this one.

The workers are forked, so they read what this process holds (releases parsed, their diffs) as it
stands in memory instead of receiving it; each sends back only its results. Where processes cannot
be forked, or a worker fails, `forked_map` gives None and the caller does the work itself: the
result is the same either way.

No worker outlives the command that started it. Each dies with its parent however the parent ends
(on Linux the kernel kills it when the parent dies, `PR_SET_PDEATHSIG`; everywhere a watchdog thread
ends it within a fraction of a second of seeing its parent gone); it lets go of the parent's standard
input, output and error at once, so a pipeline (`kb rule 101.4 | head`) never waits on it; and the
parent ends every worker it started when its own work ends early (an error, Ctrl-C, SIGTERM).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import wait
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# How often a worker looks whether its parent is still there (seconds).
WATCH_INTERVAL = 0.2
# How long the parent waits for a worker it has told to end before it kills it (seconds).
END_GRACE = 0.5


def default_workers() -> int:
    """One worker per processor this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def stretches(items: Sequence[T], parts: int) -> list[list[T]]:
    """`items` cut into at most `parts` runs of neighbours, as even as can be (a worker given
    neighbouring releases reads each once for the two diffs it is in)."""
    parts = max(1, min(parts, len(items)))
    size, extra = divmod(len(items), parts)
    runs, start = [], 0
    for part in range(parts):
        end = start + size + (part < extra)
        runs.append(list(items[start:end]))
        start = end
    return [run for run in runs if run]


# prctl's option asking the kernel to send a signal to this process when its parent ends.
PR_SET_PDEATHSIG = 1


def _linux_prctl() -> Callable[..., int] | None:
    """Linux's `prctl`, or None on another system (or where it cannot be reached)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def die_with_parent(parent: int, by_the_kernel: bool = True) -> None:
    """In a worker: end it as soon as the process `parent` ends, however that ends. `by_the_kernel`
    False where the worker was forked from a thread other than the main one: the kernel's signal
    comes when that thread ends, which may be long before its process does; the watchdog alone acts."""
    prctl = _linux_prctl() if by_the_kernel else None
    if prctl is not None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # without it, the watchdog below still ends it

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(1)
            time.sleep(WATCH_INTERVAL)

    if os.getppid() != parent:
        os._exit(1)  # the parent ended before the kernel was asked to tell
    threading.Thread(target=watch, name="kb-watch-parent", daemon=True).start()


def ends_with_this_process() -> Callable[[], None]:
    """For `subprocess`'s `preexec_fn`: the command started is killed when this process ends (Linux,
    `PR_SET_PDEATHSIG`), and takes Ctrl-C as any command does, even when this process is a worker,
    which leaves Ctrl-C to its parent (a command inherits the signals its starter ignores)."""
    prctl = _linux_prctl()

    def before_the_command() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        if prctl is not None:
            prctl(PR_SET_PDEATHSIG, signal.SIGKILL)

    return before_the_command


def let_go_of_terminal() -> None:
    """In a worker: standard input, output and error point at /dev/null, so that the reader of a
    pipe the parent writes into sees its end when the parent ends, not when the workers do."""
    try:
        null = os.open(os.devnull, os.O_RDWR)
    except OSError:
        return
    for fd in (0, 1, 2):
        try:
            os.dup2(null, fd)
        except OSError:
            pass
    os.close(null)


def _worker(task: Callable[[Any], Any], items: Sequence[Any], parent: int, main_thread: bool, results) -> None:
    die_with_parent(parent, by_the_kernel=main_thread)
    let_go_of_terminal()
    # Ctrl-C reaches the whole process group: the parent decides, and ends the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A collection pass would walk, and so copy into this process, every object the parent holds.
    gc.disable()
    try:
        outcome = ("done", [task(item) for item in items])
    except BaseException as err:  # noqa: BLE001 - told to the parent, which does the work itself
        outcome = ("failed", f"{type(err).__name__}: {err}")
    try:
        results.send(outcome)
    except Exception as err:  # noqa: BLE001 - a result that cannot be sent
        results.send(("failed", f"{type(err).__name__}: {err}"))
    results.close()


def forked_map(task: Callable[[T], R], items: Sequence[T], workers: int) -> list[R] | None:
    """`[task(item) for item in items]`, made in up to `workers` forked processes, each given a run
    of neighbouring items; None when there is nothing to share (fewer than two workers or items),
    processes cannot be forked here, or a worker failed."""
    if workers < 2 or len(items) < 2:
        return None
    return forked_begin(task, items, workers)()


def forked_begin(task: Callable[[T], R], items: Sequence[T], workers: int) -> Callable[[], list[R] | None]:
    """`forked_map`'s work begun in up to `workers` forked processes while this one goes on with
    other work: the call returned waits for it and gives `[task(item) for item in items]`, or None
    (no worker, nothing to do, no fork here, or a worker failed: the caller then does the work).
    The workers see this process as it stood when this was called. Whatever ends this process's
    wait (an exception, Ctrl-C) ends the workers too; the call's `end()` ends them without waiting,
    for a caller whose own work failed before it came to wait."""
    if workers < 1 or not items or "fork" not in multiprocessing.get_all_start_methods():
        return _NoCrew()
    return _Crew(task, stretches(items, workers))


class _NoCrew:
    """No worker: nothing to wait for, the caller does the work."""

    def __call__(self) -> None:
        return None

    def end(self) -> None:
        pass


class _Crew:
    """Forked workers, one per run of items, each sending its run's results through a pipe of its own."""

    def __init__(self, task: Callable[[Any], Any], runs: list[list[Any]]):
        context = multiprocessing.get_context("fork")
        main_thread = threading.current_thread() is threading.main_thread()
        self.processes: list[Any] = []
        self.pipes: list[Any] = []
        try:
            for run in runs:
                receiver, sender = context.Pipe(duplex=False)
                process = context.Process(target=_worker, args=(task, run, os.getpid(), main_thread, sender),
                                          name="kb-worker", daemon=True)
                process.start()
                sender.close()  # only the worker holds it: its end shows as the pipe's end here
                self.processes.append(process)
                self.pipes.append(receiver)
        except BaseException:  # noqa: BLE001 - a worker that cannot start costs time, never the result
            self.end()
            self.processes = []

    def __call__(self) -> list[Any] | None:
        return self.results()

    def results(self) -> list[Any] | None:
        if not self.processes or len(self.processes) != len(self.pipes):
            self.end()
            return None
        made: list[list[Any] | None] = [None] * len(self.pipes)
        waiting = {pipe: index for index, pipe in enumerate(self.pipes)}
        try:
            while waiting:
                for pipe in wait(list(waiting)):
                    index = waiting.pop(pipe)
                    try:
                        status, value = pipe.recv()
                    except (EOFError, OSError):
                        return None  # the worker died without a word
                    if status != "done":
                        return None
                    made[index] = value
            return [result for run in made for result in run]
        except Exception:  # noqa: BLE001 - a broken worker costs time, never the result
            return None
        finally:
            self.end()

    def end(self) -> None:
        """End every worker still running and let go of its pipe (a worker that has sent its results
        has nothing more to do)."""
        for process in self.processes:
            if process.is_alive():
                process.terminate()
        for process in self.processes:
            process.join(END_GRACE)
            if process.is_alive():
                process.kill()
                process.join(END_GRACE)
        for pipe in self.pipes:
            pipe.close()
