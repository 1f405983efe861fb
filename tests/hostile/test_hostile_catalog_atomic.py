"""An import is all or nothing across every catalog it touches: killed at every step of its commit
and at random moments, or stopped by a full disk, it leaves all the old catalogs or all the new ones,
and the next command finishes or undoes what was left, in one line, leaving no temporary file."""

from __future__ import annotations

import errno
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostile_catalog_support import PROJECT, REAL_CORPUS, kb_env, run_kb, snapshot, tiny_catalogs
from kb import corpus_write
from kb.cli.common import settle_corpus
from kb.cli.main import cli
from kb.translations import import_catalog

# A child that replaces the real catalogs through the journal, and, when told a step, kills itself
# (SIGKILL: nothing of Python runs after it) as that step is reached.
CHILD = """
import os, signal, sys, time
from pathlib import Path
import kb.corpus_write as w
root, new, kill_at = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
def hook(step):
    if step == kill_at:
        os.kill(os.getpid(), signal.SIGKILL)
w.STEP_HOOK = hook
contents = {p.name: p.read_bytes() for p in sorted(new.iterdir())}
print("go", flush=True)
started = time.monotonic()
try:
    with w.corpus_lock(root):
        w.replace_files(root / "po", contents)
except OSError as err:
    print(f"failed: {err.strerror}", flush=True)
    sys.exit(1)
print(f"done {time.monotonic() - started:.4f}", flush=True)
"""


@pytest.fixture()
def real(tmp_path):
    """A corpus folder holding a copy of the real catalogs, and a new version of each of them."""
    root = tmp_path / "corpus"
    shutil.copytree(REAL_CORPUS / "po", root / "po")
    old = snapshot(root / "po")
    new_dir = tmp_path / "new"
    new_dir.mkdir()
    new = {}
    for name, data in old.items():
        new[name] = data.replace(b"# Spanish translation", b"# Spanish translation (revised)", 1)
        (new_dir / name).write_bytes(new[name])
    return root, new_dir, old, new


def child(root: Path, new_dir: Path, kill_at: str = "", limit: int | None = None) -> subprocess.Popen:
    def limited() -> None:
        if limit is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.Popen([sys.executable, "-c", CHILD, str(root), str(new_dir), kill_at], cwd=PROJECT,
                            env={**os.environ, "PYTHONPATH": str(PROJECT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=limited)


def settled(root: Path, capsys, monkeypatch) -> list[str]:
    """What the next command says on standard error as it settles the corpus at `root`."""
    monkeypatch.setenv("KB_CORPUS", str(root))
    capsys.readouterr()
    settle_corpus()
    return capsys.readouterr().err.strip().splitlines()


def assert_clean(root: Path) -> None:
    assert sorted(p.name for p in (root / "po").iterdir()) == sorted(REAL_NAMES)


REAL_NAMES = [p.name for p in (REAL_CORPUS / "po").iterdir()]
STEPS = ([f"staged {n}" for n in sorted(REAL_NAMES)] + ["journal", "committed"]
         + [f"renamed {n}" for n in sorted(REAL_NAMES)] + ["done"])


def test_a_kill_at_every_step_leaves_all_old_or_all_new(real, capsys, monkeypatch):
    root, new_dir, old, new = real
    committed = False
    for step in STEPS:
        committed = committed or step == "committed"
        (root / "po").mkdir(exist_ok=True)
        for name, data in old.items():
            (root / "po" / name).write_bytes(data)
        run = child(root, new_dir, step)
        out, err = run.communicate(timeout=60)
        assert run.returncode == -signal.SIGKILL, (step, out, err)
        lines = settled(root, capsys, monkeypatch)
        assert snapshot(root / "po") == (new if committed else old), step
        assert_clean(root)
        if step == "done":
            assert lines == []  # the journal was gone already: nothing to say
        else:
            assert len(lines) == 1, (step, lines)
            assert ("completed" if committed else "rolled back") in lines[0]
        assert settled(root, capsys, monkeypatch) == []  # said once, then nothing is left


def test_a_kill_at_random_moments_leaves_all_old_or_all_new(real, capsys, monkeypatch):
    root, new_dir, old, new = real
    run = child(root, new_dir)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 0, err
    duration = float(out.split()[-1])
    chance = random.Random(26)
    outcomes = []
    for _ in range(12):
        for name, data in old.items():
            (root / "po" / name).write_bytes(data)
        run = child(root, new_dir)
        assert run.stdout.readline().strip() == "go"
        time.sleep(chance.uniform(0, duration * 1.2))
        run.kill()
        run.communicate(timeout=60)
        lines = settled(root, capsys, monkeypatch)
        state = snapshot(root / "po")
        assert state in (old, new)
        assert_clean(root)
        assert len(lines) <= 1
        outcomes.append("new" if state == new else "old")
    assert set(outcomes) <= {"old", "new"}


def test_a_full_disk_leaves_the_old_catalogs(real):
    """Files may grow to 300 kB, less than part-7.po: its staging fails with EFBIG, as on a full disk."""
    root, new_dir, old, _new = real
    run = child(root, new_dir, limit=300_000)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 1 and "failed: File too large" in out, (out, err)
    assert snapshot(root / "po") == old
    assert_clean(root)


# -- through the command, on a small corpus ------------------------------------------------------------


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    base = tmp_path_factory.mktemp("tiny")
    pristine, kb, catalogs = tiny_catalogs(base, {
        "first": {"100.1": "Estas reglas.", "801.2": "Cada jugador."},
        "second": {"100.1": "Estas reglas de Magic.", "801.2": "Todo jugador."},
    })
    return base, pristine, catalogs["first"], catalogs["second"], kb


@pytest.fixture()
def corpus(tiny, tmp_path):
    base, pristine, first, _second, kb = tiny
    corpus = Path(shutil.copytree(pristine, tmp_path / "corpus"))
    assert import_catalog(first, kb, corpus_root=corpus).written
    return corpus, kb_env(corpus, base / "store")


@pytest.mark.parametrize("step, outcome", [("staged part-8.po", "old"), ("renamed part-1.po", "new")])
def test_an_import_killed_mid_commit_is_settled_by_the_next_command(tiny, corpus, step, outcome):
    corpus, env = corpus
    old = snapshot(corpus / "po")
    hook = f"import kb.corpus_write as w, os\nw.STEP_HOOK = lambda s: s == {step!r} and os.kill(os.getpid(), 9)"
    killed = run_kb(["translations", "import", str(tiny[3]), "--replace"], env, prelude=hook)
    assert killed.returncode == -9
    assert any(p.name.startswith(".") for p in (corpus / "po").iterdir())  # something is left over
    after = run_kb(["translations", "stats", "--json"], env)
    assert after.returncode == 0, after.stderr
    [line] = [x for x in after.stderr.splitlines() if "interrupted" in x]
    assert ("completed" if outcome == "new" else "rolled back") in line
    state = snapshot(corpus / "po")
    assert sorted(state) == sorted(old) and all(not name.startswith(".") for name in state)
    texts = b"".join(state.values())
    if outcome == "old":
        assert state == old
    else:
        assert b"Estas reglas de Magic." in texts and b"Todo jugador." in texts and b"Cada jugador." not in texts


def test_a_full_disk_in_the_command_is_one_line_and_changes_nothing(tiny, corpus, monkeypatch):
    corpus, env = corpus
    old = snapshot(corpus / "po")
    real_write = corpus_write.atomic.open_scratch
    calls = []

    def disk_fills(target, data, mode=None):
        if target.parent != corpus / "po":  # the store's own files are written as usual
            return real_write(target, data, mode)
        calls.append(target)
        if len(calls) == 2:
            def half_then_full(stream):
                stream.write(data[: len(data) // 2])  # half of it made it to the disk
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real_write(target, half_then_full, mode)
        return real_write(target, data, mode)

    monkeypatch.setattr(corpus_write.atomic, "open_scratch", disk_fills)
    result = CliRunner().invoke(cli, ["translations", "import", str(tiny[3]), "--replace"], env=env)
    assert result.exit_code == 1
    [line] = result.stderr.strip().splitlines()
    assert "No space left on device" in line and "as they were" in line
    assert len(calls) == 2
    assert snapshot(corpus / "po") == old
    assert all(not p.name.startswith(".") for p in (corpus / "po").iterdir())


def test_a_journal_that_cannot_be_read_is_told_and_followed_by_nothing(tiny, corpus):
    corpus, env = corpus
    old = snapshot(corpus / "po")
    (corpus / "po" / corpus_write.JOURNAL).write_text('{"journal": 1, "files": [{"target": "../manifest.toml"', "utf-8")
    before = snapshot(corpus / "po")
    result = CliRunner().invoke(cli, ["translations", "import", str(tiny[3]), "--replace"], env=env)
    assert result.exit_code == 1
    said = [line for line in result.stderr.splitlines() if ".kb-journal.json" in line]
    assert said and all("cannot be read" in line for line in said)
    assert result.stderr.strip().splitlines()[-1].startswith("kb: ")
    assert snapshot(corpus / "po") == before and {k: v for k, v in before.items() if not k.startswith(".")} == old


@pytest.fixture()
def small_disk(tmp_path):
    """A 4 MB file system of its own (tmpfs), where the real catalogs fit once but not twice."""
    where = tmp_path / "small-disk"
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(where)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode(errors='replace').strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], capture_output=True, timeout=30)


def test_a_full_file_system_leaves_the_old_catalogs(real, small_disk):
    _root, new_dir, old, _new = real
    root = small_disk / "corpus"
    shutil.copytree(REAL_CORPUS / "po", root / "po")
    run = child(root, new_dir)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 1 and "failed: No space left on device" in out, (out, err)
    assert snapshot(root / "po") == old
    assert_clean(root)
