"""Diffs of neighbouring releases made in worker processes, one stretch of releases each.

The workers are forked from the process that holds the releases, so they read them as they stand in
memory instead of receiving them; each sends back only its diffs. Where processes cannot be forked,
or a worker fails, the caller makes the diffs itself: the result is the same either way.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

from kb.history.model import ReleaseDiff

# What the forked workers read: the function that diffs one pair of releases, set by the parent
# just before it forks them.
_DIFF: Callable[[str, str], ReleaseDiff] | None = None


def default_workers() -> int:
    """One worker per processor this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _diff_stretch(pairs: Sequence[tuple[str, str]]) -> list[ReleaseDiff]:
    # A collection pass would walk, and so copy into this process, every object of the releases.
    gc.disable()
    assert _DIFF is not None
    return [_DIFF(old, new) for old, new in pairs]


def stretches(pairs: Sequence[tuple[str, str]], parts: int) -> list[list[tuple[str, str]]]:
    """`pairs` cut into at most `parts` runs of consecutive pairs, as even as can be: each worker
    reads each release of its run once (a release read for one pair serves the next)."""
    parts = max(1, min(parts, len(pairs)))
    size, extra = divmod(len(pairs), parts)
    runs, start = [], 0
    for part in range(parts):
        end = start + size + (part < extra)
        runs.append(list(pairs[start:end]))
        start = end
    return [run for run in runs if run]


def diff_in_workers(pairs: Sequence[tuple[str, str]], diff: Callable[[str, str], ReleaseDiff],
                    workers: int) -> dict[tuple[str, str], ReleaseDiff] | None:
    """`diff(old, new)` for every pair, made in `workers` forked processes; None when processes
    cannot be forked here or a worker failed (the caller then makes them itself)."""
    global _DIFF
    if workers < 2 or len(pairs) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    _DIFF = diff
    try:
        runs = stretches(pairs, workers)
        with ProcessPoolExecutor(max_workers=len(runs), mp_context=multiprocessing.get_context("fork")) as pool:
            made = [diff for result in pool.map(_diff_stretch, runs) for diff in result]
    except Exception:  # noqa: BLE001 - a broken worker costs time, never the result
        return None
    finally:
        _DIFF = None
    return {(d.old, d.new): d for d in made}
