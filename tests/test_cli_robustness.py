"""Nothing destroyed, nothing lost: every command facing a bad manifest, a missing release, a path
that names no readable file or an output that cannot be written says so in one true line."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from test_align_corpus import write_tiny_corpus
from test_cli_contract import _no_traceback, _one_line, invoke

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tiny_store(tmp_path_factory):
    """A tiny corpus and its built store, for the commands that read the knowledge base."""
    from kb.knowledge import KnowledgeBase

    base = tmp_path_factory.mktemp("robust")
    corpus = write_tiny_corpus(base / "corpus")
    store = base / "store"
    KnowledgeBase.load(corpus, store, warn=lambda line: None)
    return corpus, store


@pytest.fixture()
def tiny_env(tiny_store, monkeypatch, tmp_path):
    corpus, store = tiny_store
    monkeypatch.setenv("KB_CORPUS", str(corpus))
    monkeypatch.setenv("KB_STORE", str(store))
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "no releases here"))
    return {"KB_CORPUS": str(corpus), "KB_STORE": str(store), "KB_RELEASES": str(tmp_path / "no releases here")}


def run_kb(*args: str, env: dict[str, str], stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kb", *args], cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT), **env}, timeout=600)


# --- kb parse: the true reason a path cannot be read ------------------------------------------------


def test_parse_of_an_unreadable_file_names_the_reason(monkeypatch, tmp_path):
    # The tests run as root, whom chmod 000 does not stop: the refusal is simulated at the system
    # call the command makes first (stat), as a folder without search permission gives it.
    target = tmp_path / "locked" / "rules.txt"
    real_stat = Path.stat

    def stat(self, *args, **kwargs):
        if self == target:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_stat(self, *args, **kwargs)

    monkeypatch.setattr(Path, "stat", stat)
    result = invoke(["parse", target])
    assert result.exit_code == 1
    assert _one_line(result) == f"kb: {target}: Permission denied"
    _no_traceback(result)


def test_parse_of_a_file_that_cannot_be_read_names_the_reason(monkeypatch, tmp_path):
    # As above: root opens any file, so the refusal is simulated where the file is opened.
    import builtins

    target = tmp_path / "rules.txt"
    target.write_text("100.1. A rule.\n", encoding="utf-8")
    real_open = builtins.open

    def refusing_open(file, *args, **kwargs):
        if str(file) == str(target):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    # pathlib opens through io.open, which is builtins.open under another name: refuse at both.
    monkeypatch.setattr(builtins, "open", refusing_open)
    monkeypatch.setattr(io, "open", refusing_open)
    result = invoke(["parse", target])
    assert result.exit_code == 1
    assert _one_line(result) == f"kb: {target}: Permission denied"


def test_parse_of_a_loop_of_links_says_so(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    result = invoke(["parse", tmp_path / "a"])
    assert result.exit_code == 2
    line = _one_line(result)
    assert str(tmp_path / "a") in line and "loop of symbolic links" in line and "no such file" not in line


def test_parse_of_an_empty_path_is_bad_usage_not_a_folder():
    result = invoke(["parse", ""])
    assert result.exit_code == 2
    line = _one_line(result)
    assert "empty" in line and "folder" not in line


def test_parse_through_a_file_is_no_such_file(tmp_path):
    (tmp_path / "plain").write_text("x\n", encoding="utf-8")
    result = invoke(["parse", tmp_path / "plain" / "x.txt"])
    assert result.exit_code == 2
    assert "no such file" in _one_line(result)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("args", [["parse", "corpus/wiki/es-pila.txt"], ["align"], ["align", "--json"],
                                  ["terms"], ["rule", "702.1a", "--lang", "es"]], ids=" ".join)
def test_an_output_that_cannot_be_written_is_one_line(args, tiny_env):
    with open("/dev/full", "w") as full:
        done = run_kb(*args, env=tiny_env, stdout=full)
    assert done.returncode == 1
    assert done.stderr == "kb: cannot write standard output: No space left on device\n"


# --- lookups that find nothing ----------------------------------------------------------------------


def test_an_unknown_term_is_bad_usage_like_every_unknown_lookup(tiny_env):
    result = invoke(["terms", "zzzz"])
    assert result.exit_code == 2
    assert "zzzz" in _one_line(result)
    assert invoke(["terms", "jugador activo"]).exit_code == 0


# --- the manifest ------------------------------------------------------------------------------------


def broken_corpus(tmp_path: Path, change) -> Path:
    corpus = write_tiny_corpus(tmp_path / "corpus")
    manifest = corpus / "manifest.toml"
    change(manifest)
    return corpus


COMMANDS = [["stats"], ["align"], ["rule", "101.1"], ["terms"], ["history", "101.1"], ["build", "--no-search"]]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_an_unknown_manifest_key_is_one_line_naming_it(args, tmp_path, monkeypatch):
    corpus = broken_corpus(tmp_path, lambda m: m.write_text(m.read_text(encoding="utf-8") + 'colour = "red"\n',
                                                            encoding="utf-8"))
    monkeypatch.setenv("KB_CORPUS", str(corpus))
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    if args[0] == "build":
        args = [*args, "--out", str(tmp_path / "out")]
    result = invoke(args)
    assert result.exit_code == 1
    line = _one_line(result)
    assert "manifest.toml" in line and "'colour'" in line and "internal error" not in line
    _no_traceback(result)


@pytest.mark.parametrize("args", COMMANDS[:3], ids=" ".join)
def test_a_utf16_manifest_is_one_line_naming_it(args, tmp_path, monkeypatch):
    corpus = broken_corpus(tmp_path, lambda m: m.write_bytes(m.read_text(encoding="utf-8").encode("utf-16")))
    monkeypatch.setenv("KB_CORPUS", str(corpus))
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    result = invoke(args)
    assert result.exit_code == 1
    line = _one_line(result)
    assert str(corpus / "manifest.toml") in line and "line 1" in line and "UTF-16" in line


def test_a_manifest_path_out_of_the_corpus_is_refused_and_never_read(tmp_path, monkeypatch):
    (tmp_path / "secret.txt").write_text("the user's secret\n", encoding="utf-8")

    def add(manifest: Path) -> None:
        manifest.write_text(manifest.read_text(encoding="utf-8") + '\n[[file]]\npath = "../secret.txt"\n'
                            'kind = "wiki"\nlang = "es"\ntitle = "Secreto"\nrelease = "r"\n', encoding="utf-8")

    corpus = broken_corpus(tmp_path, add)
    monkeypatch.setenv("KB_CORPUS", str(corpus))
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    result = invoke(["build", "--no-search", "--out", tmp_path / "out"])
    assert result.exit_code == 1
    assert "../secret.txt" in _one_line(result) and "leaves the corpus folder" in _one_line(result)
    out = tmp_path / "out"
    assert not out.exists() or not any("the user's secret" in p.read_text(encoding="utf-8", errors="replace")
                                       for p in out.rglob("*") if p.is_file())


def test_a_missing_release_is_told_once_and_the_rest_is_answered(tmp_path):
    def add(manifest: Path) -> None:
        manifest.write_text(manifest.read_text(encoding="utf-8") + '\n[[file]]\npath = "cr/MagicCompRules-2022-01-01.txt"\n'
                            'kind = "cr"\nlang = "en"\ntitle = "t"\nrelease = "January 1, 2022"\n', encoding="utf-8")

    corpus = broken_corpus(tmp_path, add)
    env = {"KB_CORPUS": str(corpus), "KB_STORE": str(tmp_path / "store"), "KB_RELEASES": str(tmp_path / "none")}
    for _ in range(2):  # building the store, then answering from it
        done = run_kb("rule", "101.1", env=env)
        assert done.returncode == 0, done.stderr
        lines = done.stderr.splitlines()
        assert len(lines) == 1
        assert "cr/MagicCompRules-2022-01-01.txt" in lines[0] and "kb fetch" in lines[0]
        assert "KB_RELEASES" in lines[0]


# --- text from the corpus or the user is printed, never obeyed by the terminal ----------------------


def test_control_characters_in_a_parsed_file_are_shown_not_sent(tmp_path):
    from test_align_corpus import cr_text

    hostile = cr_text("March 6, 2026", [("100", "General", [("100.1", "Retitled \x1b]0;PWNED\x07 and \x1b[31mred\x1b[0m.", [])])], [])
    path = tmp_path / "hostile.txt"
    path.write_text(hostile, encoding="utf-8")
    result = invoke(["parse", path, "--kind", "cr"])
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\\x1b]0;PWNED\\x07" in result.output


def test_control_characters_in_a_bad_argument_are_shown_not_sent(tiny_env):
    result = invoke(["history", "100.1\x1b[2J"])
    assert result.exit_code != 0
    assert "\x1b" not in result.output and "\\x1b[2J" in result.output
