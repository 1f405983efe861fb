"""What a build may touch and what it leaves behind: it writes only inside an output folder that is
new, empty or a previous build's; two builds of one folder take turns; an interrupted build leaves
the previous site whole; workers end with the build; and the site is the same bytes wherever the
checkout lives."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from checks import tree_digest
from click.testing import CliRunner
from conftest import fake_kb
from fakes import fake_examples

from kb.cli.main import cli
from kb.corpus import PROJECT_ROOT
from kb.site import build_site
from kb.site.output import MARKER, OutputFolderError, check_output_folder

TESTS = Path(__file__).parent


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PROJECT_ROOT), env.get("PYTHONPATH", "")) if p)
    env.update(extra)
    return env


# A build of the fake knowledge base in another process, slowed down in its builder stage so that
# it can be interrupted there.
_FAKE_BUILD = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, {tests!r})
    from conftest import fake_kb
    from fakes import fake_examples
    from pathlib import Path
    import kb.site.build as build
    slow = float(sys.argv[3])
    real = build.run_builder
    def run_builder(*args, **kwargs):
        print("building", flush=True)
        time.sleep(slow)
        return real(*args, **kwargs)
    build.run_builder = run_builder
    tmp = Path(sys.argv[1])
    build.build_site(fake_kb(tmp), Path(sys.argv[2]), examples=fake_examples(), search=False)
    print("done", flush=True)
    """
).format(tests=str(TESTS))


def _start_fake_build(tmp: Path, out: Path, slow: float) -> subprocess.Popen:
    tmp.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-c", _FAKE_BUILD, str(tmp), str(out), str(slow)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
        # As a terminal's Ctrl-C finds it, even where the test runner was started with it ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@pytest.mark.parametrize("out", ["", "."])
def test_the_project_root_is_refused_and_left_alone(out):
    before = tree_digest(PROJECT_ROOT / "site")
    config = (PROJECT_ROOT / "mkdocs.yml").read_bytes()
    cwd = os.getcwd()
    os.chdir(PROJECT_ROOT)
    try:
        result = CliRunner().invoke(cli, ["build", "--out", out])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("kb: ")
    assert tree_digest(PROJECT_ROOT / "site") == before
    assert (PROJECT_ROOT / "mkdocs.yml").read_bytes() == config


def test_a_folder_that_is_not_a_build_is_refused(tmp_path):
    mine = tmp_path / "mine"
    (mine / "docs").mkdir(parents=True)
    (mine / "docs" / "notes.md").write_text("my notes")
    (mine / "mkdocs.yml").write_text("site_name: mine\n")
    result = CliRunner().invoke(cli, ["build", "--out", str(mine)])
    assert result.exit_code == 2
    assert "not empty" in result.output
    assert (mine / "docs" / "notes.md").read_text() == "my notes"
    assert (mine / "mkdocs.yml").read_text() == "site_name: mine\n"
    with pytest.raises(OutputFolderError):
        build_site(fake_kb(tmp_path), mine, examples=None, search=False)
    assert sorted(p.name for p in mine.iterdir()) == ["docs", "mkdocs.yml"]


def test_a_previous_build_is_replaced_and_nothing_is_written_outside(tmp_path):
    out = tmp_path / "parent" / "out"
    (tmp_path / "parent").mkdir()
    first = build_site(fake_kb(tmp_path), out, examples=None, search=False)
    assert (out / MARKER).is_file()
    again = build_site(fake_kb(tmp_path), out, examples=None, search=False)
    assert tree_digest(first.site_dir) == tree_digest(again.site_dir)
    assert sorted(p.name for p in (tmp_path / "parent").iterdir()) == ["out"]
    assert sorted(p.name for p in out.iterdir()) == sorted([MARKER, "docs", "mkdocs.yml", "site"])
    assert check_output_folder(out) == out


def test_an_empty_folder_is_accepted(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert check_output_folder(empty) == empty


def test_two_builds_of_one_folder_take_turns(tmp_path):
    out = tmp_path / "out"
    first = _start_fake_build(tmp_path / "a", out, slow=3)
    assert first.stdout.readline().strip() == "building"
    second = _start_fake_build(tmp_path / "b", out, slow=0)
    out1, err1 = first.communicate(timeout=120)
    out2, err2 = second.communicate(timeout=120)
    assert first.returncode == 0, err1
    assert second.returncode == 0, err2
    assert "WARNING" not in err1 + err2
    assert (out / "site" / "cr" / "101" / "index.html").is_file()
    assert not [p for p in out.iterdir() if p.name.startswith(".kb-tmp-")]


def test_an_interrupted_build_leaves_the_previous_site_whole(tmp_path):
    out = tmp_path / "out"
    build_site(fake_kb(tmp_path), out, examples=fake_examples(), search=False)
    before = tree_digest(out / "site")
    proc = _start_fake_build(tmp_path / "b", out, slow=30)
    assert proc.stdout.readline().strip() == "building"
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    assert proc.returncode != 0
    assert tree_digest(out / "site") == before
    assert not [p for p in out.iterdir() if p.name.startswith(".kb-")  and p.name != MARKER]


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.slow
def test_workers_end_when_the_build_is_killed(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "kb", "build", "--out", str(tmp_path / "out"), "--no-search"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_env(),
    )
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(workers) < 1 and proc.poll() is None:
        workers = _children(proc.pid)
        time.sleep(0.05)
    if not workers:
        proc.kill()
        pytest.skip("the build started no worker process (no executable examples, or one CPU)")
    time.sleep(0.3)
    workers = _children(proc.pid) or workers
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.1)
    assert [w for w in workers if _alive(w)] == []


def _copy_unless_gone(source: str, target: str) -> None:
    """Copy a file of the project, unless it is gone by the time it is read: a temporary file of a
    command another test (of another worker) is running, never an input of the build."""
    try:
        shutil.copy2(source, target)
    except FileNotFoundError:
        if os.path.exists(source):
            raise


@pytest.mark.slow
def test_the_same_bytes_wherever_the_checkout_lives(real_site, tmp_path):
    """A copy of the project at another path builds the same site, byte for byte, as this one."""
    root = tmp_path / "elsewhere" / "deeper" / "kb-copy"
    shutil.copytree(
        PROJECT_ROOT, root,
        ignore=shutil.ignore_patterns(".git", "build", "test-artifacts", "__pycache__", ".pytest_cache", "*.egg-info",
                                      ".hypothesis"),
        copy_function=_copy_unless_gone,
    )
    shared = PROJECT_ROOT.parent / "shared"
    if shared.exists():
        (root.parent / "shared").symlink_to(shared)
    env = _env(PYTHONPATH=str(root), KB_STORE=str(root / ".kb"))
    env.pop("KB_EXAMPLES", None)
    proc = subprocess.run([sys.executable, "-m", "kb", "build", "--out", str(root / "build")],
                          capture_output=True, text=True, env=env, cwd=root)
    assert proc.returncode == 0, proc.stderr[-2000:]
    site = root / "build" / "site"
    first, second = tree_digest(real_site.site_dir), tree_digest(site)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []
    assert not any(str(tmp_path) in p.read_text(encoding="utf-8") for p in site.rglob("*.html"))
