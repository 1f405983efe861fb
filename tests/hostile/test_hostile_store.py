"""A store that cannot be written (a plain file, a dangling link, /dev/null, a read-only folder) is
said once, in one line on standard error, and the command still answers; what is read back from the
store is checked (its manifest's own checksum, its tables' columns) or rebuilt."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
PROJECT = TESTS.parent
sys.path.insert(0, str(TESTS))

from test_align_corpus import write_tiny_corpus  # noqa: E402

from kb import atomic  # noqa: E402
from kb import store as stored  # noqa: E402
from kb.knowledge import KnowledgeBase  # noqa: E402

RULE = "A Saga card has chapter abilities."


@pytest.fixture()
def corpus(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "no releases here"))
    return write_tiny_corpus(tmp_path / "corpus")


def kb_command(corpus: Path, store: Path | str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "KB_CORPUS": str(corpus), "KB_STORE": str(store), "PYTHONPATH": str(PROJECT),
           "KB_RELEASES": str(Path(corpus).parent / "no releases here")}
    return subprocess.run([sys.executable, "-m", "kb", *args], capture_output=True, text=True, timeout=120,
                          env=env, cwd=PROJECT, stdin=subprocess.DEVNULL)


def unwritable_store(kind: str, tmp_path: Path) -> tuple[Path | str, str]:
    """A store path that cannot be written, and what the line about it says it is."""
    if kind == "plain file":
        path = tmp_path / ".kb"
        path.write_text("not a folder", encoding="utf-8")
        return path, "is a file, not a folder"
    if kind == "dangling link":
        path = tmp_path / ".kb"
        path.symlink_to(tmp_path / "gone")
        return path, "which does not exist"
    if kind == "inside a file":
        (tmp_path / "file").write_text("x", encoding="utf-8")
        return tmp_path / "file" / ".kb", "is a file, not a folder"
    return "/dev/null", "is a device, not a folder"


@pytest.mark.parametrize("kind", ["plain file", "dangling link", "inside a file", "/dev/null"])
def test_a_store_that_cannot_be_written_is_said_once_and_the_command_answers(corpus, tmp_path, kind):
    store, what = unwritable_store(kind, tmp_path)
    before = Path(store).read_bytes() if kind == "plain file" else None
    for _ in range(2):  # every command says it, not only the first
        done = kb_command(corpus, store, "rule", "701.1", "--release", "2021-03-05")
        assert done.returncode == 0, done.stderr
        assert RULE in done.stdout
        lines = done.stderr.splitlines()
        assert len(lines) == 1, lines
        assert lines[0].startswith("kb: ") and "cannot be written" in lines[0] and what in lines[0], lines
        assert str(store) in lines[0]
    if before is not None:
        assert Path(store).read_bytes() == before  # the user's file is left as it was


def test_the_json_output_is_untouched_by_the_line(corpus, tmp_path):
    store, _ = unwritable_store("plain file", tmp_path)
    done = kb_command(corpus, store, "rule", "701.1", "--release", "2021-03-05", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["text"] == RULE
    assert len(done.stderr.splitlines()) == 1


def test_a_read_only_store_folder_is_said_once(corpus, tmp_path, monkeypatch):
    """A folder nothing can be created in (as a read-only mount or a folder of another user is: root
    writes through permission bits, so making a file there fails here by hand)."""
    store = tmp_path / "read-only"
    store.mkdir()

    def refused(target, *args, **kwargs):
        if Path(target).resolve().is_relative_to(store.resolve()):
            raise PermissionError(13, "Permission denied")
        return real(target, *args, **kwargs)

    real = atomic.open_scratch
    monkeypatch.setattr(atomic, "open_scratch", refused)
    said: list[str] = []
    kb = KnowledgeBase.load(corpus, store, warn=said.append)
    assert kb.rule("701.1", "2021-03-05").text == RULE
    lines = [line for line in said if "cannot be written" in line]
    assert len(lines) == 1 and "Permission denied" in lines[0] and str(store) in lines[0], said
    assert not any(store.rglob("*.entry"))


def test_a_cache_folder_that_cannot_be_written_is_said_once(corpus, tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    (store / "cache").write_text("in the way", encoding="utf-8")
    said: list[str] = []
    kb = KnowledgeBase.load(corpus, store, warn=said.append)
    assert kb.rule("701.1", "2021-03-05").text == RULE
    assert len(said) == 1 and "build cache" in said[0] and "cannot be written" in said[0], said
    assert stored.is_current(store, corpus)  # the store itself was written


def test_a_changed_manifest_is_not_trusted(corpus, tmp_path):
    store = tmp_path / "store"
    assert kb_command(corpus, store, "rule", "701.1").returncode == 0
    manifest = store / "manifest.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["releases"] = [r.replace("2021-03-05", "2021-03-06") for r in data["releases"]]
    manifest.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    done = kb_command(corpus, store, "rule", "701.1", "--release", "2021-03-05")
    assert done.returncode == 0, done.stderr
    assert RULE in done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "manifest.json" in lines[0] and "checksum" in lines[0], lines
    assert stored.is_current(store, corpus)


def test_a_table_of_other_columns_is_rebuilt_not_an_internal_error(corpus, tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    store = tmp_path / "store"
    assert kb_command(corpus, store, "rule", "701.1").returncode == 0
    records = store / "records.parquet"
    table = pq.read_table(records).drop_columns(["text"])
    pq.write_table(table, records)
    # The manifest made to agree, as other code writing the same store would.
    manifest = json.loads((store / "manifest.json").read_text(encoding="utf-8"))
    manifest["tables"]["records"].update(sha256=stored._sha256(records), size=records.stat().st_size)
    manifest["checksum"] = stored.manifest_checksum(manifest)
    (store / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert isinstance(table, pa.Table)
    done = kb_command(corpus, store, "rule", "701.1", "--release", "2021-03-05")
    assert done.returncode == 0, done.stderr
    assert RULE in done.stdout
    assert "internal error" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "records.parquet" in lines[0] and "columns" in lines[0], lines


def test_a_damaged_checksum_memo_is_not_trusted(corpus, tmp_path):
    """The store's memo of the releases' SHA-256 (by file stat) is read back checked: a digest of
    another shape is no digest, and the release is read again, not refused."""
    import hashlib
    import re

    from kb.corpus import read_corpus

    manifest = corpus / "manifest.toml"

    def with_sha256(match: re.Match) -> str:
        digest = hashlib.sha256((corpus / match.group(1)).read_bytes()).hexdigest()
        return f'{match.group(0)}sha256 = "{digest}"\n'

    manifest.write_text(re.sub(r'path = "(cr/[^"]+)"\n', with_sha256, manifest.read_text(encoding="utf-8")),
                        encoding="utf-8")
    memo = tmp_path / "checksums.json"
    assert not read_corpus(corpus, checksums=memo).unavailable
    known = json.loads(memo.read_text(encoding="utf-8"))
    assert len(known) == 3
    for key in known:
        known[key][1] = 12345
    memo.write_text(json.dumps(known), encoding="utf-8")
    assert not read_corpus(corpus, checksums=memo).unavailable


def test_what_a_killed_writer_left_long_ago_is_removed(corpus, tmp_path):
    store = tmp_path / "store"
    KnowledgeBase.load(corpus, store, warn=lambda line: None)
    stage = next((store / "cache").glob("parse-*"))
    old = [store / ".kb-tmp-0123456789abcdef-old", stage / ".kb-tmp-0123456789abcdef-old"]
    old[0].mkdir()
    (old[0] / "records.parquet").write_bytes(b"half")
    old[1].write_bytes(b"half an entry")
    fresh = [store / ".kb-tmp-fedcba9876543210-now", stage / ".kb-tmp-fedcba9876543210-now"]  # a writer at work now
    fresh[0].mkdir()
    fresh[1].write_bytes(b"being written")
    long_ago = time.time() - 2 * 3600
    for path in old:
        os.utime(path, (long_ago, long_ago))
    (store / "manifest.json").unlink()  # the next load rebuilds and writes the store
    KnowledgeBase.load(corpus, store, warn=lambda line: None)
    assert not any(path.exists() for path in old)
    assert all(path.exists() for path in fresh)
