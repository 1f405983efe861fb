"""The KnowledgeBase facade over the small corpus of test_align_corpus (and a few questions to the real
corpus): releases and rules, history, references both ways, Spanish texts, glossary, terminology,
graph, coverage, and the `kb rule` / `kb align` / `kb terms` commands."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import cli
from kb.knowledge import (
    CorpusError,
    KnowledgeBase,
    UnknownReleaseError,
    UnknownRuleError,
)
from kb.rulecard import NO_TRANSLATION, card_of
from test_align_corpus import write_tiny_corpus


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return write_tiny_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture(scope="module")
def kb(corpus) -> KnowledgeBase:
    return KnowledgeBase.build(corpus)


@pytest.fixture()
def env(corpus, tmp_path):
    return {"KB_CORPUS": str(corpus), "KB_STORE": str(tmp_path / "store")}


def test_releases_oldest_first(kb):
    assert kb.releases == ["2020-01-10", "2020-06-20", "2021-03-05"]
    assert kb.newest == "2021-03-05"
    assert set(kb.documents) == set(kb.releases)
    assert [p.title for p in kb.pages] == ["Jugador activo"]


def test_rules_and_errors(kb):
    assert kb.rule("702.1a").text.startswith("Exile every object")
    assert kb.rule("701.1a", "2020-01-10").release == "2020-01-10"
    assert [r.id for r in kb.sections()] == ["100", "101", "700", "701", "702", "800", "801"]
    assert [r.id for r in kb.rules("2020-06-20")][:3] == ["1", "100", "100.1"]
    with pytest.raises(UnknownRuleError) as error:
        kb.rule("702.1a", "2020-01-10")
    assert isinstance(error.value, KeyError) and isinstance(error.value, LookupError)
    assert str(error.value) == "release 2020-01-10 has no rule 702.1a"
    with pytest.raises(UnknownReleaseError):
        kb.rule("100.1", "1999-01-01")


def test_history_and_diff(kb):
    events = kb.history("702.1a")
    assert [(e.release, e.status, e.old_id, e.new_id) for e in events] == [
        ("2020-01-10", "present", None, "701.1a"),
        ("2020-06-20", "unchanged", "701.1a", "701.1a"),
        ("2021-03-05", "moved", "701.1a", "702.1a"),
    ]
    assert kb.trace("701.1a", "2020-01-10") == {"2020-01-10": "701.1a", "2020-06-20": "701.1a", "2021-03-05": "702.1a"}
    diff = kb.diff("2020-06-20", "2021-03-05")
    assert diff.mapping["701.1a"] == "702.1a"
    assert [e.new_id for e in diff.added] == ["701", "701.1"]
    with pytest.raises(UnknownRuleError):
        kb.history("999.9")


def test_references_both_ways(kb):
    assert [r.target for r in kb.refs_out("702.1a")] == ["702.1b"]
    assert kb.refs_in("702.1b") == ["702.1a"]
    assert kb.refs_in("702.1b", "2020-01-10") == []
    assert kb.refs_in("101.1") == []
    assert [r.target for r in kb.refs_out("702.1a", lang="es")] == ["702.1b"]
    # 101.1 reads the same in every release: its Spanish (and what it cites) carries to the first.
    assert [r.target for r in kb.refs_out("101.1", "2020-01-10", lang="es")] == ["100.1"]
    assert kb.refs_out("100.1", "2020-01-10", lang="es") == []
    with pytest.raises(ValueError):
        kb.refs_out("101.1", lang="fr")


def test_spanish_texts(kb):
    spanish = kb.spanish("101.1")
    assert spanish.status == "exact" and spanish.origin == "wiki"
    assert spanish.page_title == "Jugador activo"
    assert spanish.stamp.date == "2021-03-05"
    assert spanish.newest_id == "101.1" and spanish.changed_since is False
    assert kb.spanish("801.1").english_release == "2020-01-10"
    assert kb.spanish("100.1") is None
    statuses = sorted({a.status for a in kb.alignment})
    assert statuses == ["drifted", "exact", "nearest", "renumbered", "unmatched"]


def test_glossary(kb):
    assert [g.term for g in kb.glossary("en")] == ["Active Player", "End the Turn", "Team Variant"]
    assert [g.term for g in kb.glossary("es")] == ["Jugador activo"]
    assert [g.term for g in kb.glossary("es", "2020-01-10")] == []
    pairs = kb.glossary_pairs()
    assert [(es.term, en.term, en.release) for es, en in pairs] == [("Jugador activo", "Active Player", "2021-03-05")]
    with pytest.raises(ValueError):
        kb.glossary("fr")


def test_terminology(kb):
    terms = {(t.es, t.en, t.kind) for t in kb.terminology()}
    assert ("jugador activo", "active player", "term-pair") in terms
    assert ("Jugador activo", "Active Player", "glossary") in terms
    assert kb.section_titles_es() == {}


def test_translation_stats(kb):
    stats = kb.translation_stats()
    assert (stats["702"].records, stats["702"].translated, stats["702"].untranslated) == (4, 4, 0)
    # 801.2 was rewritten after the Spanish was made: its Spanish is behind (fuzzy).
    assert (stats["801"].records, stats["801"].translated, stats["801"].fuzzy) == (3, 2, 1)
    assert stats["101"].translated == 2 and stats["101"].untranslated == 1
    assert stats["700"].with_spanish == 0
    assert all(s.records == s.translated + s.fuzzy + s.untranslated for s in stats.values())


def test_graph_links_spanish_to_english(kb):
    graph = kb.graph
    edges = [(u, v, d["status"]) for u, v, d in graph.edges(data=True) if d["type"] == "translates"]
    assert ("es:cr:2020-06-20:702.1a", "cr:2021-03-05:702.1a", "renumbered") in edges


def test_cards(kb):
    card = card_of(kb, "702.1a", lang="es")
    assert card.spanish.id_es == "702.1a" and card.refs_out == ["702.1b"] and card.notice is None
    assert card.spanish.source == "wiki/es-jugador-activo.txt"
    assert kb.spanish("702.1a").source == str(kb.corpus_root / "wiki" / "es-jugador-activo.txt")
    lonely = card_of(kb, "700.1", lang="es")
    assert lonely.spanish is None and lonely.notice.startswith(NO_TRANSLATION)
    old = card_of(kb, "801.2", "2020-01-10", "es")
    assert old.spanish.status == "drifted"


def test_load_builds_once_then_reads_the_store(corpus, tmp_path, monkeypatch):
    store = tmp_path / "store"
    first = KnowledgeBase.load(corpus, store)
    assert (store / "manifest.json").is_file()

    def no_parsing(*args, **kwargs):
        raise AssertionError("a current store is not rebuilt")

    monkeypatch.setattr("kb.parse.cr.parse_cr", no_parsing)
    second = KnowledgeBase.load(corpus, store)
    assert second.releases == first.releases
    assert second.spanish("702.1a") == first.spanish("702.1a")


def test_rule_command(env):
    runner = CliRunner()
    result = runner.invoke(cli, ["rule", "702.1a", "--lang", "es"], env=env)
    assert result.exit_code == 0, result.output
    assert "Exilia cada objeto en la pila" in result.output
    assert "status: renumbered" in result.output
    assert "2020-06-20 this rule is 701.1a" in result.output
    # The source is named within the corpus, wherever the corpus lies.
    assert "source: wiki (Jugador activo, wiki/es-jugador-activo.txt)" in result.output
    data = json.loads(runner.invoke(cli, ["rule", "702.1a", "--json"], env=env).stdout)
    assert data["refs_out"] == ["702.1b"] and data["spanish"] is None
    spanish = json.loads(runner.invoke(cli, ["rule", "702.1a", "--lang", "es", "--json"], env=env).stdout)["spanish"]
    assert spanish["source"] == "wiki/es-jugador-activo.txt"
    lonely = runner.invoke(cli, ["rule", "700.1", "--lang", "es"], env=env)
    assert NO_TRANSLATION in lonely.output
    missing = runner.invoke(cli, ["rule", "999.9"], env=env)
    assert missing.exit_code == 2
    assert missing.output.strip() == "kb: release 2021-03-05 has no rule 999.9"
    bad = runner.invoke(cli, ["rule", "101.1", "--release", "1999-01-01"], env=env)
    assert bad.exit_code == 2 and "no release 1999-01-01" in bad.output


def test_align_and_terms_commands(env):
    runner = CliRunner()
    result = runner.invoke(cli, ["align", "--json"], env=env)
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert {r["es_id"]: r["status"] for r in rows}["801.2a"] == "drifted"
    only = json.loads(runner.invoke(cli, ["align", "--status", "unmatched", "--json"], env=env).stdout)
    assert [r["es_id"] for r in only] == ["801.9"]
    table = runner.invoke(cli, ["align", "--page", "es-jugador-activo", "--evidence"], env=env).output
    assert "renumbered" in table and "- stamp" in table
    unknown = runner.invoke(cli, ["align", "--page", "nothing"], env=env)
    assert unknown.exit_code == 2
    terms = runner.invoke(cli, ["terms", "active player", "--json"], env=env)
    assert {t["kind"] for t in json.loads(terms.stdout)} == {"term-pair", "glossary"}
    assert runner.invoke(cli, ["terms", "no such term"], env=env).exit_code == 2  # an unknown lookup, as everywhere


def test_every_command_has_help():
    runner = CliRunner()
    for name in ("rule", "align", "terms", "export"):
        result = runner.invoke(cli, [name, "--help"])
        assert result.exit_code == 0 and "Usage:" in result.output


def test_a_release_without_its_date_takes_the_manifest_date(tmp_path):
    root = write_tiny_corpus(tmp_path / "corpus")
    path = root / "cr" / "MagicCompRules-2020-06-20.txt"
    text = path.read_text(encoding="utf-8").replace("These rules are effective as of June 20, 2020.", "")
    path.write_text(text, encoding="utf-8")
    kb = KnowledgeBase.build(root)
    assert kb.releases == ["2020-01-10", "2020-06-20", "2021-03-05"]
    messages = [d.message for d in kb.documents["2020-06-20"].diagnostics]
    assert "release 2020-06-20 taken from the corpus manifest" in messages
    manifest = root / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('release = "June 20, 2020"', 'release = "?"'),
                        encoding="utf-8")
    with pytest.raises(CorpusError, match="MagicCompRules-2020-06-20.txt: no effective date"):
        KnowledgeBase.build(root)


def test_two_files_of_one_release(tmp_path):
    root = write_tiny_corpus(tmp_path / "corpus")
    copy = root / "cr" / "again.txt"
    copy.write_bytes((root / "cr" / "MagicCompRules-2020-01-10.txt").read_bytes())
    with (root / "manifest.toml").open("a", encoding="utf-8") as handle:
        handle.write('\n[[file]]\npath = "cr/again.txt"\nkind = "cr"\nlang = "en"\ntitle = "t"\nrelease = "x"\n')
    with pytest.raises(CorpusError, match="release 2020-01-10 is already given"):
        KnowledgeBase.build(root)
