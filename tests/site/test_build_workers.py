"""The build's forked workers (the examples' runtime, the stored knowledge base, the files made from
the site's data): what they make is what the build makes without them, what they say is said, and
what they compiled is kept."""

from __future__ import annotations

import shutil
import sys
from functools import partial

from checks import tree_digest
from conftest import HOSTILE, HOSTILE_TITLE, fake_kb
from fakes import fake_examples

from kb.site import build_site
from kb.site.build import _finish, _said
from kb.site.bytecode import compiled
from kb.site.pyodide import runtime_for_runner
from kb.workers import forked_begin


def _fails(item):
    raise RuntimeError("this worker fails")


def test_workers_that_fail_leave_the_same_site(fake_site, tmp_path, monkeypatch):
    """Every worker of the build fails: the build makes their files itself, byte for byte."""
    failing = []

    def begin(task, items, workers):
        failing.append(task)
        return forked_begin(_fails, items, workers)

    monkeypatch.setattr("kb.site.build.forked_begin", begin)
    kb = fake_kb(tmp_path, {"101.4a": HOSTILE, "405": HOSTILE_TITLE})
    again = build_site(kb, tmp_path / "again", examples=fake_examples())
    assert len(failing) >= 2  # the data's files, and the runtime where Pyodide is installed
    first, second = tree_digest(fake_site.site_dir), tree_digest(again.site_dir)
    assert first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


def _speak(words: str) -> None:
    print(words, file=sys.stderr)


def test_what_a_worker_says_is_said_once_and_its_work_not_made_again(capfd):
    crew = forked_begin(partial(_said, partial(_speak, "kb: warning: could not store the build")), [None], 1)
    made_here = []
    _finish(crew, lambda: made_here.append(True))
    assert made_here == []
    assert capfd.readouterr().err == "kb: warning: could not store the build\n"


def test_work_no_worker_could_do_is_done_here(capfd):
    crew = forked_begin(_fails, [None], 1)
    made_here = []
    _finish(crew, lambda: made_here.append(True))
    assert made_here == [True]
    assert capfd.readouterr().err == ""


def test_the_bytecode_a_worker_compiled_is_kept(fake_site):
    """The runtime is made by a worker; the bytecode it compiled is this process's too, so the next
    build in it (the tests build several sites) does not start Pyodide again."""
    if shutil.which("node") is None or runtime_for_runner() is None:
        import pytest

        pytest.skip("no Node or no Pyodide here: the sources ship")
    assert compiled()
