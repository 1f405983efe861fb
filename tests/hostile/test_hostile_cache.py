"""The build cache holds data, never code: an entry planted (a pickle, a FIFO, a huge file), damaged
(a byte changed, cut short), made for another key or of another shape is never run nor trusted. It
is made again from the release, one line on standard error names it and why, and the right answer
comes out."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
PROJECT = TESTS.parent
sys.path.insert(0, str(TESTS))

from test_align_corpus import write_tiny_corpus  # noqa: E402

from kb.knowledge import KnowledgeBase  # noqa: E402
from kb.model import to_data  # noqa: E402

RULE = "A Saga card has chapter abilities."


def entries(cache: Path) -> list[Path]:
    """Every entry of the cache, of every stage, whatever its name ends with."""
    return sorted(p for p in cache.rglob("*") if p.is_file() and not p.name.startswith("."))


def parse_entries(cache: Path) -> list[Path]:
    return [p for p in entries(cache) if p.parent.name.startswith("parse-")]


def same(a: KnowledgeBase, b: KnowledgeBase) -> None:
    assert a.releases == b.releases
    for release in a.releases:
        assert to_data(a.documents[release]) == to_data(b.documents[release])
    assert a._part("references") == b._part("references")
    for old, new in zip(a.releases, a.releases[1:]):
        x, y = a.diff(old, new), b.diff(old, new)
        assert (x.entries, x.mapping, x.unchanged) == (y.entries, y.mapping, y.unchanged)


@pytest.fixture()
def corpus(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "no releases here"))
    return write_tiny_corpus(tmp_path / "corpus")


@pytest.fixture()
def cached(corpus, tmp_path):
    """A cache filled by one build, and what that build gave."""
    cache = tmp_path / "cache"
    first = KnowledgeBase.build(corpus, cache=cache, warn=lambda line: None)
    assert len(parse_entries(cache)) == 3 and len(entries(cache)) == 8  # 3 parses, 3 references, 2 diffs
    return cache, first


def rebuild(corpus: Path, cache: Path) -> tuple[KnowledgeBase, list[str]]:
    said: list[str] = []
    return KnowledgeBase.build(corpus, cache=cache, warn=said.append), said


class Planted:
    """Unpickling this creates the file `marker`: the proof that a pickle was run."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


def test_a_planted_pickle_is_never_run_and_every_entry_is_made_again(corpus, cached, tmp_path):
    cache, first = cached
    marker = tmp_path / "the pickle ran"
    planted = entries(cache)
    for entry in planted:
        entry.write_bytes(pickle.dumps(Planted(marker), protocol=pickle.HIGHEST_PROTOCOL))
    again, said = rebuild(corpus, cache)
    assert not marker.exists()
    same(first, again)
    for entry in planted:
        lines = [line for line in said if str(entry) in line]
        assert len(lines) == 1 and "pickle" in lines[0], (entry, said)
    assert len(said) == len(planted)
    # Written over with good entries: the next build trusts them and says nothing.
    assert rebuild(corpus, cache)[1] == []


def test_a_changed_byte_is_never_trusted(corpus, cached):
    cache, first = cached
    changed = 0
    for entry in parse_entries(cache):
        data = entry.read_bytes()
        if RULE.encode() in data:  # the same length: only a checksum tells
            entry.write_bytes(data.replace(RULE.encode(), RULE.replace("abilities", "abilitiez").encode()))
            changed += 1
    assert changed >= 1
    again, said = rebuild(corpus, cache)
    assert again.rule("701.1", "2021-03-05").text == RULE
    same(first, again)
    assert len(said) == changed and all("checksum" in line for line in said), said


@pytest.mark.parametrize("where", [0.0, 0.1, 0.5, 0.9, 1.0])
def test_one_flipped_bit_anywhere_is_found(corpus, cached, where):
    cache, first = cached
    for entry in entries(cache):
        data = bytearray(entry.read_bytes())
        data[min(int(len(data) * where), len(data) - 1)] ^= 0x01
        entry.write_bytes(bytes(data))
    again, said = rebuild(corpus, cache)
    same(first, again)
    assert len(said) == len(entries(cache)), said


def test_an_entry_cut_short_is_made_again(corpus, cached):
    cache, first = cached
    for entry in entries(cache):
        entry.write_bytes(entry.read_bytes()[: entry.stat().st_size // 2])
    again, said = rebuild(corpus, cache)
    same(first, again)
    assert len(said) == len(entries(cache)) and all("cut short" in line for line in said), said


def test_an_entry_of_another_shape_is_made_again(corpus, cached):
    from kb.cache import entry_bytes

    cache, first = cached
    for entry in parse_entries(cache):
        header = _header(entry)
        # A well-made entry for that key, with its checksum, whose payload is no parsed release.
        entry.write_bytes(entry_bytes(header, {"rules": "not a list", "release": 2021}))
    again, said = rebuild(corpus, cache)
    same(first, again)
    assert len(said) == 3 and all("not a CRDocument" in line for line in said), said


def test_an_entry_of_another_release_is_not_taken_for_this_one(corpus, cached):
    cache, first = cached
    one, other, _ = parse_entries(cache)
    other.write_bytes(one.read_bytes())
    again, said = rebuild(corpus, cache)
    same(first, again)
    assert len(said) == 1 and str(other) in said[0] and "another key" in said[0], said


def test_a_fifo_or_a_huge_file_in_place_of_an_entry_is_refused_without_waiting(corpus, cached, tmp_path):
    cache, _ = cached
    fifo, huge = parse_entries(cache)[:2]
    fifo.unlink()
    os.mkfifo(fifo)
    with open(huge, "r+b") as stream:
        stream.truncate(1 << 30)  # sparse: a gigabyte that takes no room
    program = (
        "from kb.knowledge import KnowledgeBase\n"
        f"kb = KnowledgeBase.build({str(corpus)!r}, cache={str(cache)!r})\n"
        "print(kb.rule('701.1', '2021-03-05').text)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120, env=env,
                          cwd=PROJECT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == RULE
    said = done.stderr.splitlines()
    assert any(str(fifo) in line and "not a regular file" in line for line in said), said
    assert any(str(huge) in line and "more than any entry" in line for line in said), said


def test_the_command_line_says_each_entry_once_and_answers(corpus, tmp_path):
    store = tmp_path / "store"
    env = {**os.environ, "KB_CORPUS": str(corpus), "KB_STORE": str(store), "PYTHONPATH": str(PROJECT)}

    def rule() -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "kb", "rule", "701.1", "--release", "2021-03-05"],
                              capture_output=True, text=True, timeout=120, env=env, cwd=PROJECT)

    assert rule().returncode == 0
    for table in store.iterdir():  # the store's tables gone, its cache kept: the next command rebuilds
        if table.is_file():
            table.unlink()
    marker = tmp_path / "the pickle ran"
    victim = parse_entries(store / "cache")[-1]
    victim.write_bytes(pickle.dumps(Planted(marker)))
    done = rule()
    assert done.returncode == 0, done.stderr
    assert RULE in done.stdout
    assert not marker.exists()
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("kb: ") and str(victim) in lines[0], lines
    assert "internal error" not in done.stderr


def _header(entry: Path) -> dict:
    head = json.loads(entry.read_bytes().partition(b"\n")[0])
    return {k: head[k] for k in ("stage", "code", "key")}


def test_a_diff_entry_nested_past_any_depth_is_refused(corpus, cached):
    """A payload whose checksum is right but which nests arrays a hundred thousand deep (where the
    diff keeps any JSON) is refused, not a crash of the reader."""
    from kb.cache import entry_bytes

    cache, first = cached
    for entry in [p for p in entries(cache) if p.parent.parent.name == "diff"]:
        header = json.loads(entry.read_bytes().partition(b"\n")[0])
        made = entry_bytes({k: header[k] for k in ("stage", "code", "key", "old", "new")}, None)
        deep = b"[" * 100_000 + b"]" * 100_000
        payload = b'{"old":"a","new":"b","entries":[],"mapping":{},"unchanged":0,"_lookups":{"x":' + deep + b"}}"
        head = json.loads(made.partition(b"\n")[0])
        head.update(size=len(payload), sha256=hashlib.sha256(payload).hexdigest())
        entry.write_bytes(json.dumps(head, sort_keys=True).encode() + b"\n" + payload)
    again, said = rebuild(corpus, cache)
    same(first, again)
    assert len(said) == 2 and all("not a ReleaseDiff" in line for line in said), said


@pytest.mark.parametrize("kind", ["folder", "link to an entry", "link to nowhere", "link to a folder", "fifo"])
def test_an_entry_of_the_wrong_kind_is_named_in_one_line_and_replaced(corpus, cached, tmp_path, kind):
    cache, first = cached
    entry = parse_entries(cache)[0]
    good = entry.read_bytes()
    elsewhere = tmp_path / "elsewhere.entry"
    elsewhere.write_bytes(good)  # a link to a good entry is still no entry of kb's
    entry.unlink()
    if kind == "folder":
        entry.mkdir()
        (entry / "3").write_text("inside", encoding="utf-8")
    elif kind == "link to an entry":
        entry.symlink_to(elsewhere)
    elif kind == "link to nowhere":
        entry.symlink_to(tmp_path / "nowhere")
    elif kind == "link to a folder":
        entry.symlink_to(tmp_path)
    else:
        os.mkfifo(entry)
    again, said = rebuild(corpus, cache)
    same(first, again)
    about = [line for line in said if str(entry) in line]
    assert len(about) == 1 and "\n" not in about[0], said
    assert entry.is_file() and not entry.is_symlink() and entry.read_bytes() == good  # replaced by the entry
    assert elsewhere.read_bytes() == good and tmp_path.is_dir()  # what a link led to is left
    _, quiet = rebuild(corpus, cache)
    assert not [line for line in quiet if str(entry) in line]
