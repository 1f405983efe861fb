"""Work shared out among worker processes forked from this one.

The workers are forked, so they read what this process holds (releases parsed, their diffs) as it
stands in memory instead of receiving it; each sends back only its results. Where processes cannot
be forked, or a worker fails, `forked_map` gives None and the caller does the work itself: the
result is the same either way.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# What the forked workers run on each item: set by the parent just before it forks them.
_TASK: Callable[[Any], Any] | None = None


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


def _run_stretch(items: Sequence[Any]) -> list[Any]:
    # A collection pass would walk, and so copy into this process, every object the parent holds.
    gc.disable()
    assert _TASK is not None
    return [_TASK(item) for item in items]


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
    The workers see this process as it stood when this was called."""
    global _TASK
    if workers < 1 or not items or "fork" not in multiprocessing.get_all_start_methods():
        return lambda: None
    _TASK = task
    pool = None
    try:
        runs = stretches(items, workers)
        pool = ProcessPoolExecutor(max_workers=len(runs), mp_context=multiprocessing.get_context("fork"))
        # With fork, the pool starts every worker at the first submission, before its own thread.
        futures = [pool.submit(_run_stretch, run) for run in runs]
    except Exception:  # noqa: BLE001 - a broken worker costs time, never the result
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        return lambda: None
    finally:
        _TASK = None

    def results() -> list[R] | None:
        try:
            return [result for future in futures for result in future.result()]
        except Exception:  # noqa: BLE001
            return None
        finally:
            pool.shutdown(cancel_futures=True)

    return results
