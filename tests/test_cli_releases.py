"""Every command that reads the rules releases, facing a corpus where none can be read (no copy on
the release search path, `../shared/cr/` absent): one line per release (which, where it was looked
for, how to get it), one line saying that none can be read, exit 1, nothing on standard output."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import kb.corpus
import kb.examples.catalog  # noqa: F401 - imported before release_dirs is patched: their own names stay true
import kb.site.builder  # noqa: F401
import kb.store  # noqa: F401
from test_align_corpus import RELEASES, write_tiny_corpus
from test_cli_contract import LEAVES, _name, invoke

ROOT = Path(__file__).resolve().parents[1]

# What each command that needs the releases is run with; the commands that do not need them are
# listed apart, so that a new command has to be put in one or the other.
NEEDS_RELEASES = {
    "kb align": [],
    "kb cite": ["101.1"],
    "kb build": ["--no-search", "--out", "{tmp}/site"],
    "kb diff": ["2020-01-10", "2021-03-05"],
    "kb engine conformance": [],
    "kb example coverage": [],
    "kb export": ["{tmp}/export"],
    "kb graph": [],
    "kb history": ["101.1"],
    "kb path": ["101.1", "101.2"],
    "kb refs": ["101.1"],
    "kb rule": ["101.1"],
    "kb serve": ["--no-search", "--out", "{tmp}/site", "--port", "0", "--for", "1"],
    "kb text": ["--release", "2021-03-05"],
    "kb terms": [],
    "kb translations check-consistency": [],
    "kb translations check-terms": [],
    "kb translations export": ["{tmp}/rules.po"],
    "kb translations import": ["{tmp}/part-1.po"],
    "kb translations stats": [],
    "kb translations update": ["--release", "2021-03-05"],
}
READS_NO_RELEASE = {"kb example list", "kb example run", "kb fetch", "kb parse", "kb stats", "kb translations todo",
                    "kb translations check"}


def test_every_command_is_sorted_by_whether_it_needs_releases():
    assert set(NEEDS_RELEASES) | READS_NO_RELEASE == {_name(path) for path, _ in LEAVES}
    assert not set(NEEDS_RELEASES) & READS_NO_RELEASE


@pytest.fixture()
def no_release(tmp_path, monkeypatch):
    """The tiny corpus without its release files, `../shared/cr/` off the release search path (the
    tiny corpus's manifest has no checksums: a file of the same name there would be taken), and an
    empty folder in KB_RELEASES."""
    corpus = write_tiny_corpus(tmp_path / "corpus")
    shutil.rmtree(corpus / "cr")
    (tmp_path / "part-1.po").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    empty = tmp_path / "releases"
    empty.mkdir()
    shared = kb.corpus.PROJECT_ROOT.parent / "shared" / kb.corpus.RELEASE_FOLDER
    search_path = kb.corpus.release_dirs
    monkeypatch.setattr(kb.corpus, "release_dirs", lambda root=None: [f for f in search_path(root) if f != shared])
    monkeypatch.setenv("KB_CORPUS", str(corpus))
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    monkeypatch.setenv("KB_RELEASES", str(empty))
    return tmp_path


def _check_lines(stderr: str, tmp: Path) -> None:
    lines = stderr.splitlines()
    names = [f"cr/MagicCompRules-{iso}.txt" for iso in RELEASES]
    assert len(lines) == len(names) + 1, lines
    for name, line in zip(names, lines):
        assert line.startswith(f"kb: release {name} of {tmp / 'corpus' / 'manifest.toml'} is unavailable"), line
        assert str(tmp / "releases") in line and str(tmp / "corpus" / "cr") in line  # where it was looked for
        assert "kb fetch" in line  # how to get it
    assert lines[-1].startswith(f"kb: no rules release can be read: none of the {len(names)} rules releases")
    assert "min()" not in stderr and "internal error" not in stderr and "Traceback" not in stderr


@pytest.mark.parametrize("command", sorted(NEEDS_RELEASES))
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_no_release_at_all_is_told_release_by_release_and_exits_1(command, as_json, no_release):
    args = [*command.split()[1:], *(a.format(tmp=no_release) for a in NEEDS_RELEASES[command])]
    for _ in range(2):  # with no store yet, then with whatever the first run left in it
        result = invoke([*args, "--json"] if as_json else args)
        assert result.exit_code == 1, result.stderr
        assert result.stdout == ""
        _check_lines(result.stderr, no_release)
    assert not (no_release / "site").exists() and not (no_release / "export").exists()
    assert not (no_release / "rules.po").exists()


def test_a_manifest_without_releases_says_so_in_one_line(no_release):
    manifest = no_release / "corpus" / "manifest.toml"
    blocks = manifest.read_text(encoding="utf-8").split("[[file]]")
    manifest.write_text("[[file]]".join(b for b in blocks if 'kind = "cr"' not in b), encoding="utf-8")
    for args in (["rule", "101.1"], ["history", "101.1"], ["align"], ["example", "coverage"]):
        result = invoke(args)
        assert result.exit_code == 1
        assert result.stderr.splitlines() == [
            f"kb: {manifest} lists no rules release: add one with `kb fetch --latest` or `kb fetch URL`"
        ]


def test_a_manifest_with_one_release_says_that_one_is_not_available(no_release):
    manifest = no_release / "corpus" / "manifest.toml"
    blocks = manifest.read_text(encoding="utf-8").split("[[file]]")
    kept = [b for b in blocks if 'kind = "cr"' not in b or "2021-03-05" in b]
    manifest.write_text("[[file]]".join(kept), encoding="utf-8")
    result = invoke(["rule", "101.1"])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and "cr/MagicCompRules-2021-03-05.txt" in lines[0]
    assert lines[1].startswith(f"kb: no rules release can be read: the one rules release {manifest} lists is not")


def test_a_command_that_needs_no_release_still_answers(no_release):
    result = invoke(["stats", "--json"])
    assert result.exit_code == 0
    assert len(result.stderr.splitlines()) == len(RELEASES)  # each missing release, told


def test_from_a_copy_of_the_project_without_shared_beside_it(tmp_path):
    """End to end, as a user meets it: the project alone (no `../shared/`), nothing downloaded."""
    project = tmp_path / "project"
    shutil.copytree(ROOT / "kb", project / "kb", ignore=shutil.ignore_patterns("__pycache__"))
    corpus = write_tiny_corpus(project / "corpus")
    shutil.rmtree(corpus / "cr")
    (tmp_path / "releases").mkdir()
    env = {**os.environ, "PYTHONPATH": str(project), "KB_STORE": str(tmp_path / "store"),
           "KB_RELEASES": str(tmp_path / "releases")}
    env.pop("KB_CORPUS", None)
    done = subprocess.run([sys.executable, "-m", "kb", "rule", "100.1"], cwd=project, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == len(RELEASES) + 1
    assert all(f"{tmp_path / 'shared' / 'cr'}" in line for line in lines[:-1])  # looked for there too
    assert lines[-1].startswith("kb: no rules release can be read")
