"""The Parquet store: what it holds comes back unchanged, the same build gives the same bytes, a
changed corpus makes it stale, and one rule is answered from it without pandas or networkx."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kb import store as stored
from kb.knowledge import KnowledgeBase
from kb.rulecard import card_from_store, card_of
from kb.model import to_data
from test_align_corpus import write_tiny_corpus

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return write_tiny_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture(scope="module")
def built(corpus) -> KnowledgeBase:
    return KnowledgeBase.build(corpus)


@pytest.fixture(scope="module")
def saved(built, tmp_path_factory) -> Path:
    return built.save(tmp_path_factory.mktemp("store") / "kb")


@pytest.fixture()
def reopened(saved, corpus) -> KnowledgeBase:
    return KnowledgeBase.from_store(saved, corpus)


def test_manifest_and_tables(saved, corpus):
    manifest = json.loads((saved / "manifest.json").read_text(encoding="utf-8"))
    assert set(manifest["tables"]) == set(stored.TABLES)
    assert manifest["releases"] == ["2020-01-10", "2020-06-20", "2021-03-05"]
    assert manifest["fingerprint"] == stored.corpus_fingerprint(corpus)
    assert set(manifest["fingerprint"]["files"]) == {
        "manifest.toml", "cr/MagicCompRules-2020-01-10.txt", "cr/MagicCompRules-2020-06-20.txt",
        "cr/MagicCompRules-2021-03-05.txt", "wiki/es-jugador-activo.txt",
    }
    assert stored.is_current(saved, corpus)


def test_round_trip(built, reopened):
    assert reopened.releases == built.releases
    for release in built.releases:
        assert to_data(reopened.documents[release]) == to_data(built.documents[release])
    assert [to_data(p) for p in reopened.pages] == [to_data(p) for p in built.pages]
    assert [to_data(a) for a in reopened.alignment] == [to_data(a) for a in built.alignment]
    for old, new in zip(built.releases, built.releases[1:]):
        a, b = built.diff(old, new), reopened.diff(old, new)
        assert (a.entries, a.mapping, a.unchanged) == (b.entries, b.mapping, b.unchanged)
    assert reopened.terminology() == built.terminology()
    assert reopened.section_titles() == built.section_titles()
    assert reopened.history("702.1a") == built.history("702.1a")
    assert reopened.refs_in("702.1b") == built.refs_in("702.1b")
    assert reopened.translation_stats() == built.translation_stats()


def test_tables_are_read_when_needed(reopened):
    reader = reopened._loader.reader
    assert reader._tables == {}
    reopened.spanish("702.1a")
    read = {name for name, _ in reader._tables}
    assert "alignment" in read and "references" not in read and "history" not in read


def test_same_build_same_bytes(built, saved, tmp_path):
    again = built.save(tmp_path / "again")
    for name in stored.TABLES:
        assert (saved / f"{name}.parquet").read_bytes() == (again / f"{name}.parquet").read_bytes(), name


def test_paths_are_relative_to_the_corpus(saved):
    reader = stored.StoreReader(saved)
    sources = {row["source"] for row in reader.rows("records", ["source"])}
    assert sources == {
        "cr/MagicCompRules-2020-01-10.txt", "cr/MagicCompRules-2020-06-20.txt", "cr/MagicCompRules-2021-03-05.txt",
        "wiki/es-jugador-activo.txt",
    }


def test_a_changed_corpus_makes_the_store_stale(built, tmp_path):
    corpus = write_tiny_corpus(tmp_path / "corpus")
    path = built.save(tmp_path / "store", stored.corpus_fingerprint(corpus))
    assert stored.is_current(path, corpus)
    page = corpus / "wiki" / "es-jugador-activo.txt"
    page.write_text(page.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert not stored.is_current(path, corpus)
    rebuilt = KnowledgeBase.load(corpus, path)
    assert stored.is_current(path, corpus)
    assert rebuilt.releases == built.releases


def test_an_incomplete_or_damaged_store_is_stale(built, corpus, tmp_path):
    path = built.save(tmp_path / "store")
    (path / "history.parquet").unlink()
    assert not stored.is_current(path, corpus)
    (path / "manifest.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(stored.StoreError):
        stored.read_manifest(path)
    assert not stored.is_current(path, corpus)
    assert not stored.is_current(tmp_path / "nothing here", corpus)


def test_a_code_change_makes_the_store_stale(corpus, monkeypatch):
    before = stored.corpus_fingerprint(corpus)
    monkeypatch.setattr(stored, "code_hash", lambda: "another build")
    assert stored.corpus_fingerprint(corpus) != before


def test_store_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("KB_STORE", str(tmp_path / "elsewhere"))
    assert stored.store_dir() == tmp_path / "elsewhere"
    monkeypatch.delenv("KB_STORE")
    assert stored.store_dir() == PROJECT / ".kb"


@pytest.mark.parametrize(
    "rule_id, release, lang",
    [("702.1a", None, "es"), ("702.1a", None, "en"), ("101.1", None, "es"), ("700.1", None, "es"),
     ("801.2", "2020-01-10", "es"), ("701.1b", "2020-06-20", "en")],
)
def test_the_store_answers_a_rule_like_the_knowledge_base(built, saved, corpus, rule_id, release, lang):
    assert card_from_store(saved, rule_id, release, lang, corpus) == card_of(built, rule_id, release, lang)


def test_rule_from_store_errors(saved, corpus):
    from kb.knowledge import UnknownReleaseError, UnknownRuleError

    with pytest.raises(UnknownRuleError):
        card_from_store(saved, "999.9", None, "en", corpus)
    with pytest.raises(UnknownReleaseError):
        card_from_store(saved, "101.1", "1999-01-01", "en", corpus)


def test_kb_rule_from_a_cold_start_imports_neither_pandas_nor_networkx(corpus, tmp_path):
    store = tmp_path / "store"
    KnowledgeBase.load(corpus, store)
    program = (
        "import sys\n"
        "from kb.cli.main import cli\n"
        "try:\n"
        "    cli(['rule', '702.1a', '--lang', 'es'], standalone_mode=False)\n"
        "finally:\n"
        "    heavy = [m for m in ('pandas', 'networkx', 'mkdocs', 'kb.graph') if m in sys.modules]\n"
        "    print('HEAVY', heavy)\n"
    )
    env = {**os.environ, "KB_CORPUS": str(corpus), "KB_STORE": str(store)}
    done = subprocess.run([sys.executable, "-c", program], env=env, capture_output=True, text=True, cwd=PROJECT)
    assert done.returncode == 0, done.stderr
    assert "Exilia cada objeto en la pila" in done.stdout
    assert "HEAVY []" in done.stdout


def test_a_store_that_cannot_be_written_does_not_stop_a_load(corpus, tmp_path):
    blocker = tmp_path / "not a folder"
    blocker.write_text("x", encoding="utf-8")
    said = []
    kb = KnowledgeBase.load(corpus, blocker / "store", warn=said.append)
    assert kb.spanish("702.1a") is not None
    assert len(said) == 1 and "cannot be written" in said[0] and "is a file, not a folder" in said[0]


@pytest.mark.parametrize("damage", ["truncated", "swapped", "manifest"])
def test_a_damaged_store_is_rebuilt_and_said(built, corpus, tmp_path, damage, capsys):
    path = built.save(tmp_path / "store", stored.corpus_fingerprint(corpus))
    records = path / "records.parquet"
    if damage == "truncated":
        records.write_bytes(records.read_bytes()[: records.stat().st_size // 2])
    elif damage == "swapped":
        records.write_bytes((path / "examples.parquet").read_bytes())
    else:
        (path / "manifest.json").write_text("[]", encoding="utf-8")
    problem = stored.store_problem(path, corpus)
    assert problem not in (None, "absent", "stale")
    said: list[str] = []
    kb = KnowledgeBase.load(corpus, path, warn=said.append)
    assert len(said) == 1 and "cannot be read" in said[0] and "rebuilding it from the corpus" in said[0]
    assert kb.rule("702.1a").text == built.rule("702.1a").text
    assert stored.is_current(path, corpus)
    assert stored.StoreReader(path).rows("records", ["id"])


def test_a_damaged_store_is_rebuilt_from_the_command_line(built, corpus, tmp_path):
    store = tmp_path / "store"
    built.save(store, stored.corpus_fingerprint(corpus))
    (store / "records.parquet").write_bytes(b"PAR1 cut short")
    env = {**os.environ, "KB_CORPUS": str(corpus), "KB_STORE": str(store), "PYTHONPATH": str(PROJECT)}
    for command in (["rule", "702.1a"], ["align", "--json"]):
        done = subprocess.run([sys.executable, "-m", "kb", *command], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        if command[0] == "rule":
            assert "records.parquet" in done.stderr and "rebuilding" in done.stderr
            assert len(done.stderr.strip().splitlines()) == 1
        else:
            assert done.stderr == ""
    assert stored.is_current(store, corpus)
