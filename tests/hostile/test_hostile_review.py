"""Hostile cases beyond the first suite: a server that redirects to an address carrying a user name
and password, and an import signalled between its commit and its last rename. Each ends in one line, and the user's files stay as they were."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_catalog_support import signals_as_default  # noqa: E402
from test_hostile_fetch import SECRET, corpus, kb, one_line, server, snapshot  # noqa: E402,F401

# -- kb fetch ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["127.0.0.1", "127.0.0.1:{port}", "127.0.0.1:99999"])
def test_a_redirect_to_an_address_with_a_password_is_refused_without_saying_it(server, corpus, where):
    # http.client reads "alice:PASSWORD@127.0.0.1" as a host and a port, and its error said the password.
    where = where.format(port=server.httpd.server_port)
    server.routes["/r"] = (302, {"Location": f"http://alice:{SECRET}@{where}/MagicCompRules%2020260306.txt"}, b"")
    before = snapshot(corpus)
    line = one_line(kb("fetch", server.url("/r"), "--timeout", "10"), 1)
    assert SECRET not in line and "alice" not in line, line
    assert "user name and password" in line and "127.0.0.1" in line, line
    assert [path for path, _ in server.seen] == ["/r"]  # nothing followed, no credentials sent
    assert snapshot(corpus) == before


# -- an import stopped by a signal between its commit and its last rename -----------------------------

# A child that replaces the catalogs of a copy of the corpus through the journal, and signals itself
# (as Ctrl-C, `kill` or a closed terminal would) once the first catalog is renamed into place.
SIGNALLED = """
import os, signal, sys
from pathlib import Path
import kb.corpus_write as w
root, number = Path(sys.argv[1]), int(sys.argv[2])
names = sorted(p.name for p in (root / "po").iterdir())
def hook(step):
    if step == f"renamed {names[0]}":
        os.kill(os.getpid(), number)
w.STEP_HOOK = hook
with w.corpus_lock(root):
    w.replace_files(root / "po", {n: b"new " + n.encode() for n in names})
"""


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_after_the_commit_waits_for_the_last_rename(tmp_path, number):
    from hostile_catalog_support import PROJECT

    po = tmp_path / "corpus" / "po"
    po.mkdir(parents=True)
    for name in ("glossary.po", "part-1.po", "part-2.po", "part-3.po"):
        (po / name).write_bytes(b"old " + name.encode())
    run = subprocess.run([sys.executable, "-c", SIGNALLED, str(tmp_path / "corpus"), str(int(number))],
                         cwd=PROJECT, env={**os.environ, "PYTHONPATH": str(PROJECT)}, capture_output=True,
                         timeout=60, text=True, preexec_fn=signals_as_default)
    assert run.returncode != 0  # the signal still acts, once the files are all in place
    # All new, with no journal or staged file a `git checkout` of what changed could make lasting.
    assert {p.name: p.read_bytes() for p in po.iterdir()} == {
        name: b"new " + name.encode() for name in ("glossary.po", "part-1.po", "part-2.po", "part-3.po")}


# -- kb parse ----------------------------------------------------------------------------------------


def test_parse_of_a_closed_standard_input_is_one_line_not_an_internal_error():
    from hostile_catalog_support import PROJECT

    run = subprocess.run([sys.executable, "-m", "kb", "parse", "-"], cwd=PROJECT, stdin=None,
                         env={**os.environ, "PYTHONPATH": str(PROJECT)}, capture_output=True, text=True,
                         timeout=60, preexec_fn=lambda: os.close(0))
    assert run.returncode == 2, run.stderr
    assert run.stderr.splitlines() == ["kb: -: standard input is closed; nothing to read"], run.stderr
    assert run.stdout == ""


# -- a journal that leads out of the catalogs' folder -------------------------------------------------


ELSEWHERE = ".kb-tmp-0123456789abcdef-elsewhere"
STAGED_2 = ".kb-tmp-fedcba9876543210-part-2.po"


@pytest.mark.parametrize("plan", [
    [{"target": "part-1.po", "staged": ELSEWHERE}],  # a link to a file outside
    [{"target": "part-2.po", "staged": STAGED_2},  # a good move, then a bad one
     {"target": "part-1.po", "staged": ELSEWHERE}],
    [{"target": "..", "staged": STAGED_2}],
    [{"target": ".kb-write.lock", "staged": STAGED_2}],
])
def test_a_journal_is_never_followed_out_of_the_folder(tmp_path, plan):
    import json

    from kb import corpus_write

    po = tmp_path / "corpus" / "po"
    po.mkdir(parents=True)
    outside = tmp_path / "secret.txt"
    outside.write_bytes(b"not a catalog")
    (po / "part-1.po").write_bytes(b"old 1")
    (po / "part-2.po").write_bytes(b"old 2")
    (po / STAGED_2).write_bytes(b"new 2")
    (po / ELSEWHERE).symlink_to(outside)
    (po / corpus_write.JOURNAL).write_text(json.dumps({"journal": 1, "files": plan}))
    with pytest.raises(corpus_write.JournalError, match="nothing done"):
        corpus_write.recover(po)
    assert (po / "part-1.po").read_bytes() == b"old 1" and not (po / "part-1.po").is_symlink()
    assert (po / "part-2.po").read_bytes() == b"old 2"
    assert outside.read_bytes() == b"not a catalog"


# -- a store put inside the corpus --------------------------------------------------------------------


@pytest.mark.parametrize("inside", ["po", "po/store", ".", "cr"])
def test_a_store_inside_the_corpus_is_refused_before_anything_is_written(tmp_path, monkeypatch, inside):
    from click.testing import CliRunner

    from kb.cli.main import cli
    from test_align_corpus import write_tiny_corpus

    root = write_tiny_corpus(tmp_path / "corpus")
    (root / "po").mkdir(exist_ok=True)
    (root / "cr").mkdir(exist_ok=True)
    monkeypatch.setenv("KB_CORPUS", str(root))
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "no releases here"))
    monkeypatch.setenv("KB_STORE", str(root / inside))
    before = snapshot(root)
    names = sorted(p.relative_to(root) for p in root.rglob("*"))
    result = CliRunner().invoke(cli, ["rule", "100.1"])
    line = one_line(result, 2)
    assert "KB_STORE" in line and "outside" in line, line
    assert snapshot(root) == before and sorted(p.relative_to(root) for p in root.rglob("*")) == names


def test_help_is_still_shown_with_a_store_inside_the_corpus(monkeypatch, tmp_path):
    from click.testing import CliRunner

    from kb.cli.main import cli

    monkeypatch.setenv("KB_STORE", str(tmp_path))
    monkeypatch.setenv("KB_CORPUS", str(tmp_path))
    result = CliRunner().invoke(cli, ["rule", "--help"])
    assert result.exit_code == 0 and "Usage" in result.output


# -- an export into a folder that is not there ---------------------------------------------------------


def test_a_catalog_written_into_a_missing_folder_is_named_as_given(tmp_path):
    from kb.atomic import write_atomic as write_atomically

    target = tmp_path / "no such folder" / "part-1.po"
    with pytest.raises(FileNotFoundError) as caught:
        write_atomically(target, b"msgid \"\"\nmsgstr \"\"\n")
    assert caught.value.filename == str(target)  # not the temporary ".kb-tmp-XXXX-part-1.po"
    assert not target.parent.exists()


# -- a catalog kept as a link -------------------------------------------------------------------------


def test_a_catalog_that_is_a_link_is_neither_replaced_nor_left_behind(tmp_path):
    from kb import corpus_write

    po = tmp_path / "corpus" / "po"
    po.mkdir(parents=True)
    kept = tmp_path / "elsewhere" / "part-1.po"
    kept.parent.mkdir()
    kept.write_bytes(b"old 1")
    (po / "part-1.po").symlink_to(kept)
    (po / "part-2.po").write_bytes(b"old 2")
    with corpus_write.corpus_lock(tmp_path / "corpus"):
        with pytest.raises(OSError, match="symbolic link") as caught:
            corpus_write.replace_files(po, {"part-2.po": b"new 2", "part-1.po": b"new 1"})
    assert caught.value.filename == str(po / "part-1.po")
    assert (po / "part-1.po").is_symlink() and kept.read_bytes() == b"old 1"
    assert (po / "part-2.po").read_bytes() == b"old 2"  # all or nothing
    assert sorted(p.name for p in po.iterdir()) == ["part-1.po", "part-2.po"]


def test_fetch_into_a_corpus_whose_manifest_is_a_link_changes_nothing(server, corpus, tmp_path):
    from test_hostile_fetch import ADDED, RELEASE
    from test_fetch import NEW

    kept = tmp_path / "my-manifest.toml"
    kept.write_bytes((corpus / "manifest.toml").read_bytes())
    (corpus / "manifest.toml").unlink()
    (corpus / "manifest.toml").symlink_to(kept)
    before, manifest = snapshot(corpus), kept.read_bytes()
    server.routes[RELEASE] = (200, {}, NEW)
    line = one_line(kb("fetch", server.url(RELEASE), "--timeout", "10"), 1)
    assert "symbolic link" in line, line
    assert (corpus / "manifest.toml").is_symlink() and kept.read_bytes() == manifest
    after = {name: data for name, data in snapshot(corpus).items() if name != ".kb-write.lock"}
    assert after == before and not (corpus / ADDED).exists()
