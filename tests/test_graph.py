"""The cross-reference graph: nodes, edges, queries, exports, and the command-line faces of this area."""

from __future__ import annotations

import json
from functools import lru_cache

import networkx as nx
import pytest
from click.testing import CliRunner

from kb.cli.main import cli
from kb.corpus import load_manifest
from kb.graph import (
    NoPath,
    UnknownNode,
    alignment_pairs,
    broken_edges,
    build_graph,
    neighbourhood,
    node_link_data,
    page_node,
    path,
    path_steps,
    refs_in,
    refs_out,
    rule_node,
    summary,
    write_graphml,
    write_node_link,
)
from kb.ingest import parse_corpus_file
from kb.model import CRDocument, Decoding, Example, GlossaryEntry, Quote, Rule, Stamp, WikiPage
from kb.refs import document_references

R = "2026-01-16"


def rule(rule_id: str, kind: str, parent: str | None, text: str, release: str = R, lang: str = "en",
         examples: tuple[str, ...] = ()) -> Rule:
    made = Rule(rule_id, kind, parent, text, release, lang, f"{lang}-{release}.txt", 1)  # type: ignore[arg-type]
    made.examples = [Example(rule_id, n, t, 2) for n, t in enumerate(examples, 1)]
    return made


def english(release: str = R) -> CRDocument:
    return CRDocument(
        source=f"/somewhere/MagicCompRules-{release}.txt",
        release=release,
        effective=release,
        decoding=Decoding("utf-8", False, {"LF": 1}),
        line_count=20,
        rules=[
            rule("1", "part", None, "Game Concepts", release),
            rule("101", "section", "1", "The Magic Golden Rules", release),
            rule("101.1", "rule", "101", "See rule 101.2 and section 8.", release),
            rule("101.2", "rule", "101", "Some text (see rule 102.1).", release,
                 examples=("Example: as rule 101.1 says, and rule 999.9 does not.",)),
            rule("101.2a", "subrule", "101.2", "Nothing cited.", release),
            rule("102", "section", "1", "Players", release),
            rule("102.1", "rule", "102", "A player is one of the people in the game.", release),
            rule("8", "part", None, "Multiplayer Rules", release),
        ],
        glossary=[GlossaryEntry("Player", ["One of the people in the game. See rule 102.1."], release, "en", "x", 9)],
    )


def spanish_page() -> WikiPage:
    stamp = Stamp("(7 junio, 2024)", "2024-06-07", None, None)
    other_stamp = Stamp("(19 enero 2018)", "2018-01-19", None, None)
    return WikiPage(
        source="/wiki/es-jugador.txt",
        lang="es",
        title="Jugador",
        decoding=Decoding("utf-8", False, {"LF": 1}),
        line_count=10,
        quotes=[
            Quote("cr", stamp, 3, rules=[
                rule("102", "section", None, "Jugadores", "2024-06-07", "es"),
                rule("102.1", "rule", "102", "Un jugador es una persona (ver la regla 101.2 y la regla 102).",
                     "2024-06-07", "es"),
            ]),
            Quote("cr", other_stamp, 8, rules=[
                rule("810.7", "rule", None, "Usa las reglas de combate (ver la regla 805.10).", "2018-01-19", "es"),
            ]),
            Quote("glossary", stamp, 9, glossary=[
                GlossaryEntry("Jugador", ["Una de las personas. Ver la regla 102."], "2024-06-07", "es", "p", 9),
            ]),
        ],
    )


@pytest.fixture()
def graph() -> nx.MultiDiGraph:
    return build_graph([english(), english("2024-06-07")], [spanish_page()],
                       [("es:cr:2024-06-07:102.1", "cr:2024-06-07:102.1", "aligned")])


def edges(graph, u, v) -> list[str]:
    return sorted(d["type"] for d in graph.get_edge_data(u, v, default={}).values())


def test_nodes_are_namespaced_and_typed(graph) -> None:
    assert graph.nodes["cr:2026-01-16:101.2a"]["type"] == "subrule"
    assert graph.nodes["cr:2026-01-16:1"]["type"] == "part"
    assert graph.nodes["example:2026-01-16:101.2#ex1"]["type"] == "example"
    assert graph.nodes["glossary:2026-01-16:Player"]["type"] == "glossary"
    assert graph.nodes["page:es-jugador"]["type"] == "page"
    assert graph.nodes["es:cr:2024-06-07:102.1"]["lang"] == "es"
    assert graph.nodes["cr:2026-01-16:101.2"]["key"] == "101.2"
    # The file name, never the machine's path to it.
    assert graph.nodes["cr:2026-01-16:101.2"]["source"] == "MagicCompRules-2026-01-16.txt"


def test_edges_of_each_type(graph) -> None:
    assert edges(graph, "cr:2026-01-16:1", "cr:2026-01-16:101") == ["contains"]
    assert edges(graph, "cr:2026-01-16:101.2", "cr:2026-01-16:101.2a") == ["contains"]
    assert edges(graph, "cr:2026-01-16:101.1", "cr:2026-01-16:8") == ["refers-to"]
    assert edges(graph, "example:2026-01-16:101.2#ex1", "cr:2026-01-16:101.2") == ["exemplifies"]
    assert edges(graph, "example:2026-01-16:101.2#ex1", "cr:2026-01-16:101.1") == ["refers-to"]
    assert edges(graph, "glossary:2026-01-16:Player", "cr:2026-01-16:102.1") == ["defines"]
    assert edges(graph, "page:es-jugador", "es:cr:2024-06-07:102.1") == ["quotes"]
    assert edges(graph, "page:es-jugador", "es:glossary:2024-06-07:Jugador") == ["quotes"]
    assert edges(graph, "es:cr:2024-06-07:102", "es:cr:2024-06-07:102.1") == ["contains"]
    assert edges(graph, "es:cr:2024-06-07:102.1", "cr:2024-06-07:102.1") == ["translates"]
    assert edges(graph, "cr:2024-06-07:102.1", "es:cr:2024-06-07:102.1") == ["translates"]
    data = graph.get_edge_data("cr:2026-01-16:101.1", "cr:2026-01-16:101.2")[0]
    assert (data["surface"], data["start"], data["end"]) == ("101.2", 9, 14)


def test_spanish_references_resolve_to_spanish_then_english_records(graph) -> None:
    # "ver la regla 102": the page quotes the Spanish 102 itself.
    assert edges(graph, "es:cr:2024-06-07:102.1", "es:cr:2024-06-07:102") == ["refers-to"]
    # "ver la regla 101.2": only the English release has it.
    assert edges(graph, "es:cr:2024-06-07:102.1", "cr:2024-06-07:101.2") == ["refers-to"]


def test_broken_and_unresolvable_references_are_kept(graph) -> None:
    broken = [(u, v) for u, v, _ in broken_edges(graph)]
    assert ("example:2026-01-16:101.2#ex1", "cr:2026-01-16:999.9") in broken
    assert graph.nodes["cr:2026-01-16:999.9"]["broken"] is True
    # A release the corpus lacks: the target cannot be checked, so it is a placeholder, not broken.
    placeholder = graph.nodes["es:cr:2018-01-19:805.10"]
    assert placeholder.get("placeholder") is True and not placeholder.get("broken")
    assert edges(graph, "es:cr:2018-01-19:810.7", "es:cr:2018-01-19:805.10") == ["refers-to"]


def test_refs_out_and_in(graph) -> None:
    out = refs_out(graph, "cr:2026-01-16:101.1")
    assert [(r["target"], r["surface"]) for r in out] == [("cr:2026-01-16:101.2", "101.2"), ("cr:2026-01-16:8", "8")]
    into = refs_in(graph, "cr:2026-01-16:102.1")
    assert [(r["source"], r["type"]) for r in into] == [
        ("cr:2026-01-16:101.2", "refers-to"),
        ("glossary:2026-01-16:Player", "defines"),
    ]
    assert refs_out(graph, "cr:2026-01-16:999.9") == []
    with pytest.raises(UnknownNode):
        refs_in(graph, "cr:2026-01-16:555.5")


def test_path(graph) -> None:
    nodes = path(graph, "cr:2026-01-16:101.1", "cr:2026-01-16:102.1")
    assert nodes == ["cr:2026-01-16:101.1", "cr:2026-01-16:101.2", "cr:2026-01-16:102.1"]
    assert [s["type"] for s in path_steps(graph, nodes)] == ["refers-to", "refers-to"]
    assert path(graph, "cr:2026-01-16:101.1", "cr:2026-01-16:101.2a", directed=True) == [
        "cr:2026-01-16:101.1", "cr:2026-01-16:101.2", "cr:2026-01-16:101.2a",
    ]
    with pytest.raises(NoPath):
        path(graph, "cr:2026-01-16:102.1", "cr:2026-01-16:101.1", directed=True)
    with pytest.raises(NoPath):
        path(graph, "cr:2026-01-16:101.1", "cr:2024-06-07:101.1")


def test_neighbourhood(graph) -> None:
    near = neighbourhood(graph, "cr:2026-01-16:101.2a", radius=1)
    assert set(near.nodes) == {"cr:2026-01-16:101.2a", "cr:2026-01-16:101.2"}
    wider = neighbourhood(graph, "cr:2026-01-16:101.2a", radius=2)
    assert {"cr:2026-01-16:101", "cr:2026-01-16:102.1", "example:2026-01-16:101.2#ex1"} <= set(wider.nodes)
    assert neighbourhood(graph, "cr:2026-01-16:101.2a", radius=0).number_of_nodes() == 1


def test_alignment_pairs_from_records() -> None:
    class Pair:
        def __init__(self, es, en, status, english_release=None):
            self.es, self.en, self.status, self.english_release = es, en, status, english_release

    es = rule("717.1", "rule", "717", "Algunas cartas...", "2019-08-23", "es")
    en = rule("717.1", "rule", "717", "Some cards...", "2019-10-04", "en")
    pairs = alignment_pairs([Pair(es, en, "moved", "2019-10-04"), Pair(es, None, "unmatched")])
    assert pairs == [("es:cr:2019-08-23:717.1", "cr:2019-10-04:717.1", "moved")]


def test_exports_are_the_same_bytes_whatever_the_input_order(tmp_path) -> None:
    one = build_graph([english(), english("2024-06-07")], [spanish_page()])
    two = build_graph([english("2024-06-07"), english()], [spanish_page()])
    write_graphml(one, tmp_path / "one.graphml")
    write_graphml(two, tmp_path / "two.graphml")
    write_node_link(one, tmp_path / "one.json")
    write_node_link(two, tmp_path / "two.json")
    assert (tmp_path / "one.graphml").read_bytes() == (tmp_path / "two.graphml").read_bytes()
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes()
    back = nx.read_graphml(tmp_path / "one.graphml", force_multigraph=True)
    assert set(back.nodes) == set(one.nodes)
    assert back.number_of_edges() == one.number_of_edges()
    data = json.loads((tmp_path / "one.json").read_text(encoding="utf-8"))
    assert [n["id"] for n in data["nodes"]] == sorted(one.nodes)
    assert data == node_link_data(one)


# --- the corpus ----------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def corpus_2026() -> tuple[CRDocument, nx.MultiDiGraph]:
    entry = next(e for e in load_manifest() if e.kind == "cr" and e.published == "2026-01-16")
    doc = parse_corpus_file(entry)
    pages = [parse_corpus_file(e) for e in load_manifest() if e.kind == "wiki"]
    return doc, build_graph([doc], pages)


def test_graph_of_2026_holds_every_reference() -> None:
    doc, graph = corpus_2026()
    counts = summary(graph)
    assert counts["edges"]["refers-to"] + counts["edges"]["defines"] >= len(list(document_references(doc)))
    english_refs = sum(
        1 for u, _, d in graph.edges(data=True) if d["type"] in ("refers-to", "defines") and u.count(":") == 2
        and not u.startswith("page:") and ":2026-01-16:" in u
    )
    assert english_refs == len(list(document_references(doc)))
    into = [r["source"] for r in refs_in(graph, rule_node(R, "805.10"))]
    assert "cr:2026-01-16:810.7" in into
    assert [v for _, v, _ in broken_edges(graph) if v.startswith("cr:2026-01-16:")] == ["cr:2026-01-16:110.10"]
    assert page_node("en-player") in graph
    assert edges(graph, "page:en-player", "cr:2024-06-07:102.1") == ["quotes"]


# --- the commands --------------------------------------------------------------------------------

def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_kb_history_json() -> None:
    result = run("history", "723.1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ids"]["2019-10-04"] == "717.1"
    assert data["ids"]["2019-08-23"] == "716.1"
    # With every release in the corpus, the rule's last move (722.1 to 723.1) came on 2025-07-25; the
    # releases after it left it unchanged.
    last_move = [e for e in data["events"] if e["status"] == "moved"][-1]
    assert (last_move["release"], last_move["old_id"], last_move["new_id"]) == ("2025-07-25", "722.1", "723.1")
    assert data["events"][-1]["status"] == "unchanged"


def test_kb_history_refuses_an_unknown_rule_in_one_line() -> None:
    result = run("history", "999.9")
    assert result.exit_code == 2
    assert result.output.strip() == "kb: release 2026-01-16 has no rule 999.9"


def test_kb_diff_only_moved() -> None:
    result = run("diff", "2019-08-23", "2019-10-04", "--only", "moved", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {e["status"] for e in data["entries"]} == {"moved"}
    assert {"old_id": "716", "new_id": "717"}.items() <= next(e for e in data["entries"] if e["old_id"] == "716").items()
    assert data["counts"]["moved"] == len(data["entries"])


def test_kb_diff_names_the_releases_it_knows() -> None:
    result = run("diff", "2019-08-23", "1999-01-01")
    assert result.exit_code == 2
    assert "no release '1999-01-01' in the corpus; known:" in result.output
    # A release may also be named by the date of its file.
    assert run("diff", "2017-09-25", "2018-07-13", "--json").exit_code == 0


def test_kb_refs_both_ways() -> None:
    result = run("refs", "805.10", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert "cr:2026-01-16:810.7" in [r["source"] for r in data["in"]]
    result = run("refs", "810.7")
    assert "cr:2026-01-16:805.10  \"805.10\"" in result.output


def test_kb_refs_spanish() -> None:
    # The page on ending the turn numbers the rule 717.1 (as 2019-10-04 does); today it is 723.1, and in
    # 2019-08-23, the release the page names, 716.1: the Spanish is found by the id of the release asked.
    for args, node in ((("723.1",), "es:cr:2026-01-16:723.1"),
                       (("716.1", "--release", "2019-08-23"), "es:cr:2019-08-23:716.1")):
        result = run("refs", *args, "--lang", "es", "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["node"] == node and data["quoted_by"] == ["page:es-finalizar-el-turno"]
        assert [(r["target"].rsplit(":", 1)[1], r["surface"]) for r in data["out"]] == [("608", "608")]
    # 717.1 of today is another rule (Attractions), translated in the team's catalog.
    data = json.loads(run("refs", "717.1", "--lang", "es", "--json").output)
    assert (data["release"], data["quoted_by"]) == ("2026-01-16", []) and data["text"].startswith("Atracción")


def test_kb_path() -> None:
    result = run("path", "810.7", "805", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["nodes"] == ["cr:2026-01-16:810.7", "cr:2026-01-16:805.10", "cr:2026-01-16:805"]
    assert run("path", "810.7", "999.9").exit_code == 2
