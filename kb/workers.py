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
    global _TASK
    if workers < 2 or len(items) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    _TASK = task
    try:
        runs = stretches(items, workers)
        with ProcessPoolExecutor(max_workers=len(runs), mp_context=multiprocessing.get_context("fork")) as pool:
            return [result for run in pool.map(_run_stretch, runs) for result in run]
    except Exception:  # noqa: BLE001 - a broken worker costs time, never the result
        return None
    finally:
        _TASK = None
