"""Exports: every table in every format, the graph in GraphML and JSON, the same bytes every time."""

from __future__ import annotations

import csv
import json

import networkx as nx
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from kb.cli.main import cli
from kb.export import ExportError, export
from kb.knowledge import KnowledgeBase
from test_align_corpus import write_tiny_corpus


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return write_tiny_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture(scope="module")
def kb(corpus) -> KnowledgeBase:
    return KnowledgeBase.build(corpus)


@pytest.fixture(scope="module")
def everything(kb, tmp_path_factory):
    out = tmp_path_factory.mktemp("export")
    return out, export(kb, out)


def test_every_file(everything):
    out, written = everything
    names = sorted(p.name for p in written)
    tables = ["alignment", "examples", "glossary", "history", "records", "section_titles", "terminology"]
    expected = sorted([f"{t}.{f}" for t in tables for f in ("csv", "json", "parquet")] + ["graph.graphml", "graph.json"])
    assert names == expected
    assert all(p.parent == out for p in written)


def test_same_knowledge_base_same_bytes(kb, everything, tmp_path):
    out, written = everything
    again = export(kb, tmp_path)
    assert [p.name for p in again] == [p.name for p in written]
    for first, second in zip(written, again):
        assert first.read_bytes() == second.read_bytes(), first.name


def test_a_separate_build_gives_the_same_bytes(corpus, everything, tmp_path):
    out, written = everything
    rebuilt = KnowledgeBase.build(corpus)
    again = export(rebuilt, tmp_path, formats=["csv", "json"], what=["alignment", "history", "graph"])
    for path in again:
        assert path.read_bytes() == (out / path.name).read_bytes(), path.name


def test_alignment_in_three_formats_says_the_same(everything):
    out, _ = everything
    with (out / "alignment.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    from_json = json.loads((out / "alignment.json").read_text(encoding="utf-8"))
    from_parquet = pq.read_table(out / "alignment.parquet").to_pylist()
    assert [r["es_id"] for r in rows] == [r["es_id"] for r in from_json] == [r["es_id"] for r in from_parquet]
    assert [r["status"] for r in rows] == [r["status"] for r in from_json]
    drifted = next(r for r in from_json if r["es_id"] == "801.2a")
    assert isinstance(drifted["evidence"], list) and drifted["evidence"]
    assert drifted["es_source"] == "wiki/es-jugador-activo.txt"
    assert "es_record" not in rows[0]


def test_history_export(everything):
    out, _ = everything
    rows = json.loads((out / "history.json").read_text(encoding="utf-8"))
    moved = [r for r in rows if r["status"] == "moved" and r["old_id"] == "701.1a"]
    assert moved == [
        {"old_release": "2020-06-20", "new_release": "2021-03-05", "position": moved[0]["position"], "status": "moved",
         "kind": "subrule", "old_id": "701.1a", "new_id": "702.1a", "words": [], "similarity": 1.0,
         "example_changes": []}
    ]
    assert all(r["kind"] for r in rows)


def test_graph_export(everything):
    out, _ = everything
    graph = nx.read_graphml(out / "graph.graphml")
    assert graph.has_node("cr:2021-03-05:702.1a")
    data = json.loads((out / "graph.json").read_text(encoding="utf-8"))
    translates = [e for e in data["edges"] if e["type"] == "translates"]
    assert {(e["source"], e["target"]) for e in translates} >= {("es:cr:2020-06-20:702.1a", "cr:2021-03-05:702.1a")}
    sources = {n["source"] for n in data["nodes"] if "source" in n}
    assert all(not s.startswith("/") for s in sources)


def test_choices(kb, tmp_path):
    written = export(kb, tmp_path, formats=["parquet"], what=["terminology"])
    assert sorted(p.name for p in written) == ["section_titles.parquet", "terminology.parquet"]
    assert export(kb, tmp_path / "g", formats=["csv"], what=["graph"])[0].name == "graph.graphml"


def test_bad_requests(kb, tmp_path):
    with pytest.raises(ExportError, match="unknown format"):
        export(kb, tmp_path, formats=["xml"])
    with pytest.raises(ExportError, match="unknown export"):
        export(kb, tmp_path, what=["everything"])
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(ExportError, match="not a folder"):
        export(kb, blocker)


def test_export_command(corpus, tmp_path):
    env = {"KB_CORPUS": str(corpus), "KB_STORE": str(tmp_path / "store")}
    runner = CliRunner()
    result = runner.invoke(cli, ["export", "--format", "csv", "--what", "alignment", str(tmp_path / "out")], env=env)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "alignment.csv").is_file()
    assert not (tmp_path / "out" / "alignment.json").exists()
    bad = runner.invoke(cli, ["export", "--format", "xml", str(tmp_path / "out")], env=env)
    assert bad.exit_code == 2
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    blocked = runner.invoke(cli, ["export", str(tmp_path / "afile")], env=env)
    assert blocked.exit_code == 2 and "not a folder" in blocked.output
