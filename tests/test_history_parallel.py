"""Neighbour diffs made in worker processes are the diffs made in one process, whatever the
number of workers, and a failing worker only costs time."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shared_releases import release_files

from kb.history import DiffCache, History
from kb.history.parallel import diff_in_workers, stretches
from kb.parse.cr import parse_cr


@given(st.integers(min_value=0, max_value=300), st.integers(min_value=1, max_value=12))
def test_stretches_cover_every_pair_once_in_order(count, parts):
    pairs = [(str(i), str(i + 1)) for i in range(count)]
    runs = stretches(pairs, parts)
    assert [pair for run in runs for pair in run] == pairs
    assert len(runs) <= parts and all(runs)
    if runs:
        assert max(map(len, runs)) - min(map(len, runs)) <= 1


@pytest.fixture(scope="module")
def documents():
    """Releases on both sides of the 2009 renumbering, and recent ones."""
    files = release_files()
    chosen = [d for d in files if "2008-08-01" <= d <= "2010-07-01"][:5] + list(files)[-4:]
    return [parse_cr(files[d]) for d in chosen]


@pytest.mark.parametrize("workers", [2, 3, 16])
def test_the_workers_make_the_same_diffs(documents, workers):
    alone = History(documents).consecutive()
    assert History(documents).consecutive(workers=workers) == alone


def test_diffs_in_the_cache_are_not_made_again(documents, tmp_path):
    cache = DiffCache(tmp_path / "diff")
    first = History(documents, cache=cache).consecutive(workers=2)
    assert cache.misses == len(first)
    again = DiffCache(tmp_path / "diff")
    assert History(documents, cache=again).consecutive(workers=2) == first
    assert again.hits == len(first) and again.misses == 0


def _fails(old, new):
    raise RuntimeError(f"no diff of {old} and {new}")


def test_a_failing_worker_leaves_the_diffs_to_the_caller(documents, monkeypatch):
    pairs = [(a.release, b.release) for a, b in zip(documents, documents[1:])]
    assert diff_in_workers(pairs, _fails, 2) is None
    alone = History(documents).consecutive()
    asked = []

    def broken(pairs, diff, workers):
        asked.append(len(pairs))
        return None

    monkeypatch.setattr("kb.history.parallel.diff_in_workers", broken)
    assert History(documents).consecutive(workers=2) == alone
    assert asked == [len(alone)]


def test_one_worker_or_one_pair_is_made_here(documents):
    pairs = [(documents[0].release, documents[1].release)]
    assert diff_in_workers(pairs, _fails, 4) is None
    assert diff_in_workers(pairs * 2, _fails, 1) is None
