"""The build cache: a release parsed once is found again by its content and the code's version, a
changed file or changed code is parsed again, and a damaged entry is made again, never trusted."""

from __future__ import annotations

from pathlib import Path

import pytest

import kb.cache
from kb.cache import BuildCache
from kb.knowledge import KnowledgeBase
from kb.model import to_data
from test_align_corpus import write_tiny_corpus


def entries(folder: Path, stage: str) -> list[Path]:
    return sorted(folder.glob(f"{stage}-*/*.entry"))


def same(a: KnowledgeBase, b: KnowledgeBase) -> None:
    assert a.releases == b.releases
    for release in a.releases:
        assert to_data(a.documents[release]) == to_data(b.documents[release])
    assert a._part("references") == b._part("references")
    assert [to_data(x) for x in a.alignment] == [to_data(x) for x in b.alignment]


@pytest.fixture()
def corpus(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "no releases here"))
    return write_tiny_corpus(tmp_path / "corpus")


def test_a_second_build_reads_the_cache_and_gives_the_same_knowledge_base(corpus, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    first = KnowledgeBase.build(corpus, cache=cache)
    assert len(entries(cache, "parse")) == 3 and len(entries(cache, "refs")) == 3
    calls = []
    original = BuildCache.keep

    def counting(self, stage, key, value):
        calls.append(stage)
        return original(self, stage, key, value)

    monkeypatch.setattr(BuildCache, "keep", counting)
    second = KnowledgeBase.build(corpus, cache=cache)
    monkeypatch.undo()
    assert calls == []  # nothing parsed or searched for references again
    same(first, second)
    same(first, KnowledgeBase.build(corpus))  # and the same as a build without a cache


def test_a_changed_release_is_parsed_again(corpus, tmp_path):
    cache = tmp_path / "cache"
    KnowledgeBase.build(corpus, cache=cache)
    release = corpus / "cr" / "MagicCompRules-2021-03-05.txt"
    release.write_bytes(release.read_bytes().replace(b"A Saga card has chapter abilities.", b"A Saga card has chapters."))
    rebuilt = KnowledgeBase.build(corpus, cache=cache)
    assert rebuilt.rule("701.1", "2021-03-05").text == "A Saga card has chapters."
    assert len(entries(cache, "parse")) == 4


def test_a_change_to_the_parser_parses_everything_again_and_drops_the_old_entries(corpus, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    KnowledgeBase.build(corpus, cache=cache)
    before = {p.parent.name for p in entries(cache, "parse")}
    real = kb.cache.code_hash
    monkeypatch.setattr(kb.cache, "code_hash", lambda stage: "another-parser" if stage == "parse" else real(stage))
    KnowledgeBase.build(corpus, cache=cache)
    after = {p.parent.name for p in entries(cache, "parse")}
    assert after == {"parse-another-parser"} and not before & after


def test_a_damaged_entry_is_made_again(corpus, tmp_path):
    cache = tmp_path / "cache"
    first = KnowledgeBase.build(corpus, cache=cache)
    for entry in entries(cache, "parse"):
        entry.write_bytes(entry.read_bytes()[:100])
    same(first, KnowledgeBase.build(corpus, cache=cache))


def test_a_cache_that_cannot_be_written_costs_only_time(corpus, tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("x", encoding="utf-8")
    built = KnowledgeBase.build(corpus, cache=blocker / "cache")
    assert built.releases == ["2020-01-10", "2020-06-20", "2021-03-05"]


def test_the_store_keeps_its_cache(corpus, tmp_path):
    store = tmp_path / "store"
    KnowledgeBase.load(corpus, store)
    assert entries(store / "cache", "parse")


def test_diffs_are_kept_beside_the_parse_results(corpus, tmp_path):
    cache = tmp_path / "cache"
    first = KnowledgeBase.build(corpus, cache=cache)
    assert len(list((cache / "diff").rglob("*.entry"))) == 2  # one per pair of consecutive releases
    second = KnowledgeBase.build(corpus, cache=cache)
    for old, new in zip(first.releases, first.releases[1:]):
        a, b = first.diff(old, new), second.diff(old, new)
        assert (a.entries, a.mapping, a.unchanged) == (b.entries, b.mapping, b.unchanged)
