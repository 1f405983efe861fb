"""Work made in forked worker processes is the work made in one process, whatever the number of
workers (neighbour diffs, references), and a failing worker only costs time."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_releases import release_files

from kb.history import DiffCache, History
from kb.parse.cr import parse_cr
from kb.workers import forked_begin, forked_map, stretches


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


def _fails(pair):
    raise RuntimeError(f"no diff of {pair}")


def test_a_failing_worker_leaves_the_diffs_to_the_caller(documents, monkeypatch):
    pairs = [(a.release, b.release) for a, b in zip(documents, documents[1:])]
    assert forked_map(_fails, pairs, 2) is None
    alone = History(documents).consecutive()
    asked = []

    def broken(task, pairs, workers):
        asked.append(len(pairs))
        return None

    monkeypatch.setattr("kb.workers.forked_map", broken)
    assert History(documents).consecutive(workers=2) == alone
    assert asked == [len(alone)]


def test_one_worker_or_one_item_is_left_to_the_caller():
    assert forked_map(_fails, [1], 4) is None
    assert forked_map(_fails, [1, 2], 1) is None


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(), max_size=40), st.integers(min_value=2, max_value=5))
def test_results_come_back_in_the_order_of_the_items(items, workers):
    made = forked_map(lambda n: n * 2, items, workers)
    assert made == ([n * 2 for n in items] if len(items) >= 2 else None)


def test_references_found_in_workers_are_those_found_here(documents, monkeypatch):
    from kb.cache import BuildCache
    from kb.knowledge_build import _begin_references
    from kb.refs import document_references
    from kb.workers import default_workers

    by_release = {doc.release: doc for doc in documents}
    keys = {release: release for release in by_release}
    here = {release: list(document_references(doc)) for release, doc in by_release.items()}
    assert _begin_references(by_release, keys, BuildCache(None), default_workers())() == here
    monkeypatch.setattr("kb.workers.forked_begin", lambda task, items, workers: lambda: None)
    assert _begin_references(by_release, keys, BuildCache(None), default_workers())() == here


def test_references_begun_before_other_work_are_those_found_here(documents):
    from kb.cache import BuildCache
    from kb.knowledge_build import _begin_references
    from kb.refs import document_references

    by_release = {doc.release: doc for doc in documents}
    keys = {release: release for release in by_release}
    here = {release: list(document_references(doc)) for release, doc in by_release.items()}
    for workers in (0, 1, 3):
        gathered = _begin_references(by_release, keys, BuildCache(None), workers)
        assert gathered() == here


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(), max_size=30), st.integers(min_value=1, max_value=4))
def test_work_begun_in_workers_comes_back_in_order_while_this_process_goes_on(items, workers):
    pending = forked_begin(lambda n: n * 3, items, workers)
    meanwhile = sum(range(10_000))  # this process is free while the workers run
    assert meanwhile == 49_995_000
    assert pending() == ([n * 3 for n in items] if items else None)


def test_work_begun_with_no_worker_or_a_failing_one_is_left_to_the_caller():
    assert forked_begin(_fails, [1, 2, 3], 2)() is None
    assert forked_begin(lambda n: n, [1, 2], 0)() is None


def test_releases_parsed_in_workers_are_those_parsed_here_and_kept(monkeypatch, tmp_path):
    from kb.cache import BuildCache
    from kb.corpus import read_corpus
    from kb.knowledge_build import _parse_releases

    files = release_files()
    wanted = {path.name for path in [files[d] for d in list(files)[:2] + list(files)[-2:]]}
    releases = [entry for entry in read_corpus().files if entry.kind == "cr" and entry.path.name in wanted]
    assert len(releases) == 4
    here = [parse_cr(entry.path) for entry in releases]
    kept = BuildCache(tmp_path / "cache")
    made = _parse_releases(releases, kept, 2)
    assert [doc for _, doc in made] == here
    assert kept.misses == 4
    # Found again in the cache, in the same order, with no worker begun.
    monkeypatch.setattr("kb.workers.forked_map", lambda *args: pytest.fail("a release parsed again"))
    again = BuildCache(tmp_path / "cache")
    assert _parse_releases(releases, again, 2) == made
    assert again.hits == 4
    # A worker that fails leaves the parsing to this process.
    monkeypatch.setattr("kb.workers.forked_map", lambda *args: None)
    assert [doc for _, doc in _parse_releases(releases, BuildCache(None), 2)] == here


def _slowly(n):
    import time

    time.sleep(60)
    return n


def test_work_begun_in_workers_can_be_ended_without_waiting_for_it():
    import time

    pending = forked_begin(_slowly, [1, 2], 2)
    workers = list(getattr(pending, "processes", []))
    assert workers and all(worker.is_alive() for worker in workers)
    start = time.monotonic()
    pending.end()
    assert not any(worker.is_alive() for worker in workers)
    assert time.monotonic() - start < 10
    forked_begin(_slowly, [], 2).end()  # nothing begun: nothing to end


def _start_a_long_command(folder) -> None:
    """In a worker: start a command that would run a minute, tell its process id, then wait for it."""
    import subprocess
    from pathlib import Path

    from kb.workers import ends_with_this_process

    command = subprocess.Popen(["sleep", "60"], preexec_fn=ends_with_this_process())
    (Path(folder) / "pid").write_text(str(command.pid))
    command.wait()


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="reads /proc")
def test_a_command_a_worker_starts_ends_with_the_worker_and_takes_ctrl_c(tmp_path):
    import signal
    import time
    from pathlib import Path

    pending = forked_begin(_start_a_long_command, [tmp_path], 1)
    deadline = time.monotonic() + 30
    while not (tmp_path / "pid").is_file() and time.monotonic() < deadline:
        time.sleep(0.05)
    pid = int((tmp_path / "pid").read_text())
    status = Path(f"/proc/{pid}/status").read_text()
    ignored = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")), 16)
    # The worker leaves Ctrl-C to its parent; the command it starts does not.
    assert not ignored & (1 << (signal.SIGINT - 1))
    pending.end()

    def alive() -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return False
        return state != "Z"

    deadline = time.monotonic() + 10
    while alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive()
