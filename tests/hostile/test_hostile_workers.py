"""No process outlives its command: when a command that shares its work among forked workers
(`kb.workers`) is killed (SIGKILL, SIGTERM), interrupted (SIGINT) or fails, its workers end within a
second or two, and a pipeline reading its output is never kept waiting by them."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
PROJECT = TESTS.parent
sys.path.insert(0, str(TESTS))
from hostile_catalog_support import signals_as_default  # noqa: E402
# Seconds a worker may take to end after its parent did (the promise is one; the machine may be busy).
ENDS_WITHIN = 2.0

# A command whose workers would each run for a minute: it says "ready" once they have started.
SLOW_WORKERS = """
import os, sys, time
from kb.workers import forked_begin

pending = forked_begin(lambda item: time.sleep(60), [1, 2, 3, 4], 2)
print("ready", flush=True)
if sys.argv[1] == "wait":
    pending()
elif sys.argv[1] == "fail":
    time.sleep(1)  # while the test sees the workers
    raise SystemExit("the work failed before its results were asked for")
"""


def processes() -> list[tuple[int, str, int, int]]:
    """(pid, state, parent pid, process group) of every process, from /proc/PID/stat."""
    table = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit():
                stat = (entry / "stat").read_text()
                state, ppid, pgrp = stat[stat.rindex(")") + 2:].split()[:3]
                table.append((int(entry.name), state, int(ppid), int(pgrp)))
        except OSError:
            continue  # ended while the table was read
    return table


def living_in_group(group: int) -> list[int]:
    """The processes of process group `group` that are not zombies."""
    return [pid for pid, state, _, pgrp in processes() if pgrp == group and state != "Z"]


def children_of(parent: int) -> list[int]:
    return [pid for pid, state, ppid, _ in processes() if ppid == parent and state != "Z"]


def wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def start(argument: str, **kwargs) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    return subprocess.Popen([sys.executable, "-c", SLOW_WORKERS, argument], cwd=PROJECT, env=env,
                            start_new_session=True, stdin=subprocess.DEVNULL, preexec_fn=signals_as_default,
                            **kwargs)


def ready(process: subprocess.Popen) -> None:
    assert process.stdout.readline().strip() == b"ready"
    assert wait_until(lambda: len(children_of(process.pid)) >= 2, 10), "the workers did not start"


@pytest.fixture()
def cleanup():
    """Whatever a failing test leaves in its process groups is killed."""
    groups: list[int] = []
    yield groups
    for group in groups:
        try:
            os.killpg(group, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sent", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_the_workers_end_with_their_parent(sent, cleanup):
    process = start("wait", stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    cleanup.append(process.pid)
    ready(process)
    os.kill(process.pid, sent)
    process.wait(timeout=10)
    assert wait_until(lambda: not living_in_group(process.pid), ENDS_WITHIN), living_in_group(process.pid)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_pipeline_never_waits_on_the_workers(cleanup):
    process = start("wait", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    cleanup.append(process.pid)
    ready(process)
    os.kill(process.pid, signal.SIGKILL)
    began = time.monotonic()
    for stream in (process.stdout, process.stderr):  # as `| head` or `2>&1 | head` reads them
        waited = ENDS_WITHIN - (time.monotonic() - began)
        readable, _, _ = select.select([stream], [], [], max(waited, 0.01))
        assert readable and stream.read() == b"", "a worker still holds the pipe"
    process.wait(timeout=10)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_command_that_fails_before_asking_for_its_results_ends_its_workers(cleanup):
    process = start("fail", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    cleanup.append(process.pid)
    ready(process)
    began = time.monotonic()
    process.wait(timeout=30)
    assert time.monotonic() - began < 5, "the command waited for its workers to finish their work"
    assert process.returncode == 1
    assert wait_until(lambda: not living_in_group(process.pid), ENDS_WITHIN), living_in_group(process.pid)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_kb_rule_killed_while_it_builds_leaves_no_worker(tmp_path, cleanup):
    """The real command, building the knowledge base with its workers (an empty store), killed."""
    from shared_releases import release_files

    if len(release_files()) < 3:
        pytest.skip("needs the releases in ../shared/cr")
    env = {**os.environ, "PYTHONPATH": str(PROJECT), "KB_STORE": str(tmp_path / "store")}
    process = subprocess.Popen([sys.executable, "-m", "kb", "rule", "101.4"], cwd=PROJECT, env=env,
                               start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    cleanup.append(process.pid)
    try:
        if not wait_until(lambda: children_of(process.pid) or process.poll() is not None, 120):
            pytest.fail("kb rule started no worker in two minutes")
        if process.poll() is not None:
            pytest.skip("kb rule finished without workers (a single processor)")
        os.kill(process.pid, signal.SIGKILL)
        began = time.monotonic()
        readable, _, _ = select.select([process.stdout], [], [], ENDS_WITHIN)
        assert readable and process.stdout.read() == b"", "a worker still holds the pipe"
        assert wait_until(lambda: not living_in_group(process.pid), ENDS_WITHIN - (time.monotonic() - began)), \
            living_in_group(process.pid)
    finally:
        process.kill()
        process.wait(timeout=10)


def _slowly_doubled(item: int) -> int:
    time.sleep(1)
    return item * 2


def test_work_begun_from_a_thread_that_ends_is_still_done():
    """The kernel's signal comes when the forking thread ends: work begun from a thread that ends
    before its results are asked for goes on (only the watchdog ends those workers)."""
    import threading

    from kb.workers import forked_begin

    begun: dict = {}

    def begin() -> None:
        begun["pending"] = forked_begin(_slowly_doubled, [1, 2, 3, 4], 2)
        time.sleep(0.5)  # the workers are at work when this thread ends

    thread = threading.Thread(target=begin)
    thread.start()
    thread.join()
    assert begun["pending"]() == [2, 4, 6, 8]
