"""The cross-reference graph: every part, section, rule, example and glossary entry of every release,
the wiki pages quoting them, and the links between them.

Node ids are strings namespaced by release and language:

    cr:2026-01-16:101.4              a part, section, rule or subrule (English)
    example:2026-01-16:101.4#ex1     an example of a rule
    glossary:2026-01-16:Active Player
    page:es-jugador                  a wiki page (named after its file)
    es:cr:2024-06-07:101.4           a Spanish record (es:example:..., es:glossary:... likewise)

Every node has a `type` (part, section, rule, subrule, example, glossary, page) and a `key` (the
rule id, example id, term or page name). Every edge has a
`type`: contains (part -> section -> rule -> subrule), refers-to (a rule or example -> what it
cites, with the surface text), example-refers-to (a rule -> what its examples cite, with the
example's id), defines (a glossary entry -> the rule it cites), quotes (a page ->
a record it quotes), exemplifies (an example -> its rule), translates (Spanish <-> English, from an
alignment made elsewhere). A reference to an id its release lacks points at a node with
`broken=True`; one whose release is not loaded at all (a page quoting a release the corpus lacks)
points at a node with `placeholder=True`. Nothing cited is left out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import networkx as nx

from kb.model import CRDocument, GlossaryEntry, Rule, WikiPage
from kb.refs import find_references, kind_of

REFERENCE_EDGES = ("refers-to", "example-refers-to", "defines")
PATH_EDGES = ("refers-to", "contains")


class GraphQueryError(ValueError):
    """A query the graph cannot answer."""


class UnknownNode(GraphQueryError):
    """A node id that is not in the graph."""


class NoPath(GraphQueryError):
    """Two nodes that no chain of edges joins."""


def _prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}:"


def rule_node(release: str, rule_id: str, lang: str = "en") -> str:
    return f"{_prefix(lang)}cr:{release}:{rule_id}"


def example_node(release: str, example_id: str, lang: str = "en") -> str:
    return f"{_prefix(lang)}example:{release}:{example_id}"


def glossary_node(release: str, term: str, lang: str = "en") -> str:
    return f"{_prefix(lang)}glossary:{release}:{term}"


def page_node(page: WikiPage | str) -> str:
    name = page if isinstance(page, str) else Path(page.source).stem
    return f"page:{name}"


_NODE = re.compile(r"^(?:(?P<lang>[a-z]{2}):)?(?P<space>cr|example|glossary):(?P<release>[^:]+):(?P<key>.+)$")


def parse_node(node: str) -> dict[str, str] | None:
    """The parts of a record's node id: lang, space (cr, example, glossary), release, key."""
    match = _NODE.match(node)
    if not match:
        return None
    return {"lang": match["lang"] or "en", "space": match["space"], "release": match["release"], "key": match["key"]}


class _Builder:
    def __init__(self) -> None:
        self.graph = nx.MultiDiGraph()
        # The releases whose full text is loaded, per language: only there is a missing id "broken".
        self.full_releases: set[tuple[str, str]] = set()
        self.contains: list[tuple[str, str]] = []
        # (edge type, citing node, release, reference, language of the citing text[, example id])
        self.citations: list[tuple] = []

    def add_record_node(self, node: str, **attrs: Any) -> bool:
        """Add a node unless already there; True if it was added."""
        if node in self.graph:
            return False
        if attrs.get("source"):
            # The file name, not its path: the same files elsewhere give the same graph.
            attrs["source"] = Path(attrs["source"]).name
        self.graph.add_node(node, **{k: v for k, v in attrs.items() if v is not None})
        return True

    def add_document(self, doc: CRDocument) -> None:
        lang = doc.lang or "en"
        self.full_releases.add((lang, doc.release))
        for rule in doc.rules:
            self.add_rule(rule, doc.release, lang, source=doc.source)
        for entry in doc.glossary:
            self.add_glossary(entry, doc.release, lang, source=doc.source)

    def add_rule(self, rule: Rule, release: str, lang: str, source: str, page: str | None = None) -> str:
        node = rule_node(release, rule.id, lang)
        added = self.add_record_node(
            node, type=rule.kind, key=rule.id, release=release, lang=lang, text=rule.text, source=source, line=rule.line
        )
        if page is not None:
            self.graph.add_edge(page, node, type="quotes")
        if not added:
            return node
        if rule.parent is not None:
            self.contains.append((rule_node(release, rule.parent, lang), node))
        for ref in find_references(rule.text, lang):
            self.citations.append(("refers-to", node, release, ref, lang))
        for example in rule.examples:
            ex_node = example_node(release, example.id, lang)
            if self.add_record_node(
                ex_node, type="example", key=example.id, release=release, lang=lang, text=example.text,
                source=source, line=example.line,
            ):
                self.graph.add_edge(ex_node, node, type="exemplifies")
                for ref in find_references(example.text, lang):
                    self.citations.append(("refers-to", ex_node, release, ref, lang))
                    # The rule refers to what its examples cite, too (offsets are the example's).
                    self.citations.append(("example-refers-to", node, release, ref, lang, example.id))
        return node

    def add_glossary(self, entry: GlossaryEntry, release: str, lang: str, source: str, page: str | None = None) -> str:
        node = glossary_node(release, entry.term, lang)
        added = self.add_record_node(
            node, type="glossary", key=entry.term, release=release, lang=lang, text=entry.text, source=source,
            line=entry.line,
        )
        if page is not None:
            self.graph.add_edge(page, node, type="quotes")
        if added:
            for ref in find_references(entry.text, lang):
                self.citations.append(("defines", node, release, ref, lang))
        return node

    def add_page(self, page: WikiPage) -> None:
        node = page_node(page)
        self.add_record_node(node, type="page", key=Path(page.source).stem, lang=page.lang, title=page.title,
                             source=page.source)
        for quote in page.quotes:
            if quote.document == "tr":
                continue  # the Tournament Rules are another document, with their own numbering
            for rule in quote.rules:
                self.add_rule(rule, rule.release, rule.lang, source=page.source, page=node)
            for entry in quote.glossary:
                self.add_glossary(entry, entry.release, entry.lang, source=page.source, page=node)

    def resolve(self, release: str, target: str, lang: str) -> str:
        """The node a reference to `target` from a `lang` text of `release` points at; made if absent."""
        own = rule_node(release, target, lang)
        if own in self.graph and not self.graph.nodes[own].get("broken"):
            return own
        english = rule_node(release, target, "en")
        if lang != "en" and english in self.graph and not self.graph.nodes[english].get("broken"):
            return english
        if (lang, release) in self.full_releases or ("en", release) in self.full_releases:
            node = own if (lang, release) in self.full_releases else english
            self.add_record_node(node, type=kind_of(target), key=target, release=release,
                                 lang=parse_node(node)["lang"], broken=True)  # type: ignore[index]
            return node
        self.add_record_node(own, type=kind_of(target), key=target, release=release, lang=lang, placeholder=True)
        return own

    def finish(self) -> nx.MultiDiGraph:
        # Edges are added once every record is in, so that a reference resolves to its record
        # whichever order the documents and pages came in.
        for parent, child in self.contains:
            if parent in self.graph:
                self.graph.add_edge(parent, child, type="contains")
        for kind, source, release, ref, lang, *example in self.citations:
            target = self.resolve(release, ref.target, lang)
            extra = {"example": example[0]} if example else {}
            self.graph.add_edge(source, target, type=kind, surface=ref.surface, start=ref.start, end=ref.end, **extra)
        self.contains.clear()
        self.citations.clear()
        return self.graph


def build_graph(
    docs: Iterable[CRDocument],
    pages: Iterable[WikiPage] = (),
    alignment: Iterable[tuple[str, str, str]] = (),
) -> nx.MultiDiGraph:
    """The graph of the releases `docs`, the wiki `pages` quoting them, and the `alignment` pairs
    (Spanish node, English node, status), which become `translates` edges both ways."""
    builder = _Builder()
    for doc in sorted(docs, key=lambda d: (d.lang or "en", d.release)):
        builder.add_document(doc)
    for page in sorted(pages, key=lambda p: p.source):
        builder.add_page(page)
    graph = builder.finish()
    for es, en, status in alignment:
        for node in (es, en):
            if node not in graph:
                graph.add_node(node, type="unknown", missing=True)
        graph.add_edge(es, en, type="translates", status=status)
        graph.add_edge(en, es, type="translates", status=status)
    return graph


# --- queries -------------------------------------------------------------------------------------

def _require(graph: nx.MultiDiGraph, node: str) -> None:
    if node not in graph:
        raise UnknownNode(f"no node {node!r} in the graph")


def natural_key(node: str) -> tuple:
    """Sort key putting 100.2 before 100.10 and 702.19b before 702.100a."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", node))


def refs_out(graph: nx.MultiDiGraph, node: str, types: Iterable[str] = REFERENCE_EDGES) -> list[dict[str, Any]]:
    """What `node` cites, in the order of the text: target, surface, start, end, edge type, broken."""
    _require(graph, node)
    wanted = set(types)
    found = [
        {"target": target, "surface": data.get("surface", ""), "start": data.get("start", -1),
         "end": data.get("end", -1), "type": data["type"], "broken": bool(graph.nodes[target].get("broken")),
         **({"example": data["example"]} if "example" in data else {})}
        for _, target, data in graph.out_edges(node, data=True)
        if data["type"] in wanted
    ]
    # The text's own references first, then each example's, in reading order.
    return sorted(found, key=lambda r: (r.get("example", ""), r["start"], natural_key(r["target"])))


def refs_in(graph: nx.MultiDiGraph, node: str, types: Iterable[str] = REFERENCE_EDGES) -> list[dict[str, Any]]:
    """What cites `node`: source, surface and edge type, sources in reading order."""
    _require(graph, node)
    wanted = set(types)
    found = [
        {"source": source, "surface": data.get("surface", ""), "start": data.get("start", -1), "type": data["type"]}
        for source, _, data in graph.in_edges(node, data=True)
        if data["type"] in wanted
    ]
    return sorted(found, key=lambda r: (natural_key(r["source"]), r["start"]))


def path(
    graph: nx.MultiDiGraph, a: str, b: str, types: Iterable[str] = PATH_EDGES, directed: bool = False
) -> list[str]:
    """A shortest chain of refers-to/contains edges from `a` to `b` (followed either way unless
    `directed`). Of several shortest chains, always the same one: neighbours are visited in natural
    order, never in the order of a hash (networkx's undirected view iterates a set)."""
    _require(graph, a)
    _require(graph, b)
    wanted = set(types)

    def neighbours(node: str) -> list[str]:
        found = {v for _, v, d in graph.out_edges(node, data=True) if d["type"] in wanted}
        if not directed:
            found |= {u for u, _, d in graph.in_edges(node, data=True) if d["type"] in wanted}
        return sorted(found, key=natural_key)

    came_from: dict[str, str | None] = {a: None}
    frontier = [a]
    while frontier and b not in came_from:
        following = []
        for node in frontier:
            for neighbour in neighbours(node):
                if neighbour not in came_from:
                    came_from[neighbour] = node
                    following.append(neighbour)
        frontier = following
    if b not in came_from:
        raise NoPath(f"no path from {a} to {b}")
    chain = [b]
    while chain[-1] != a:
        chain.append(came_from[chain[-1]])  # type: ignore[arg-type]
    return chain[::-1]


def path_steps(graph: nx.MultiDiGraph, nodes: list[str], types: Iterable[str] = PATH_EDGES) -> list[dict[str, Any]]:
    """Each step of a path: the edge type joining the nodes and whether it is followed forwards."""
    wanted = set(types)
    steps = []
    for u, v in zip(nodes, nodes[1:]):
        forward = [d for d in graph.get_edge_data(u, v, default={}).values() if d["type"] in wanted]
        backward = [d for d in graph.get_edge_data(v, u, default={}).values() if d["type"] in wanted]
        data, is_forward = (forward[0], True) if forward else (backward[0], False)
        steps.append({"from": u, "to": v, "type": data["type"], "forward": is_forward,
                      "surface": data.get("surface", "")})
    return steps


def neighbourhood(graph: nx.MultiDiGraph, node: str, radius: int = 1) -> nx.MultiDiGraph:
    """The nodes within `radius` edges of `node` (either direction) and the edges among them."""
    _require(graph, node)
    if radius < 0:
        raise GraphQueryError(f"radius must be 0 or more, not {radius}")
    nodes = nx.single_source_shortest_path_length(graph.to_undirected(as_view=True), node, cutoff=radius)
    return graph.subgraph(nodes).copy()


def broken_edges(graph: nx.MultiDiGraph) -> list[tuple[str, str, dict[str, Any]]]:
    """Every reference to an id its release lacks: (citing node, broken node, edge data)."""
    return sorted(
        ((u, v, d) for u, v, d in graph.edges(data=True) if graph.nodes[v].get("broken")),
        key=lambda e: (natural_key(e[0]), natural_key(e[1]), e[2].get("start", -1)),
    )


def summary(graph: nx.MultiDiGraph) -> dict[str, Any]:
    """Counts of nodes and edges by type."""
    nodes: dict[str, int] = {}
    for _, data in graph.nodes(data=True):
        nodes[data.get("type", "unknown")] = nodes.get(data.get("type", "unknown"), 0) + 1
    edges: dict[str, int] = {}
    for _, _, data in graph.edges(data=True):
        edges[data["type"]] = edges.get(data["type"], 0) + 1
    return {
        "nodes": dict(sorted(nodes.items())),
        "edges": dict(sorted(edges.items())),
        "broken": sum(1 for _, d in graph.nodes(data=True) if d.get("broken")),
        "placeholders": sum(1 for _, d in graph.nodes(data=True) if d.get("placeholder")),
    }


# --- export --------------------------------------------------------------------------------------

def _sorted_edges(graph: nx.MultiDiGraph) -> list[tuple[str, str, dict[str, Any]]]:
    return sorted(
        graph.edges(data=True),
        key=lambda e: (e[0], e[1], e[2]["type"], e[2].get("start", -1), json.dumps(e[2], sort_keys=True)),
    )


def node_link_data(graph: nx.MultiDiGraph) -> dict[str, Any]:
    """The graph as node-link data, nodes and edges sorted so the same graph gives the same bytes."""
    nodes = [{"id": node, **dict(sorted(graph.nodes[node].items()))} for node in sorted(graph.nodes)]
    edges = [
        {"source": u, "target": v, "key": i, **dict(sorted(d.items()))}
        for i, (u, v, d) in enumerate(_sorted_edges(graph))
    ]
    return {"directed": True, "multigraph": True, "graph": {}, "nodes": nodes, "edges": edges}


def node_link_text(graph: nx.MultiDiGraph) -> str:
    """Node-link JSON, one node or edge per line (readable in a diff, and written at C speed)."""
    data = node_link_data(graph)

    def block(items: list[dict[str, Any]]) -> str:
        return ",\n".join(json.dumps(item, ensure_ascii=False) for item in items)

    head = ", ".join(f"{json.dumps(k)}: {json.dumps(data[k])}" for k in ("directed", "multigraph", "graph"))
    return f'{{{head},\n"nodes": [\n{block(data["nodes"])}\n],\n"edges": [\n{block(data["edges"])}\n]}}\n'


def write_node_link(graph: nx.MultiDiGraph, path_: str | Path, overwrite: bool = False) -> None:
    """`node_link_text` written to `path_` through `kb.outputs` (never over a file the user owns)."""
    from kb.outputs import write_file

    write_file(path_, node_link_text(graph).encode("utf-8"), overwrite)


def graphml_writer(graph: nx.MultiDiGraph):
    """A function writing the graph as GraphML to a binary stream, nodes and edges in sorted order
    (edge ids numbered in that order)."""
    ordered = nx.MultiDiGraph()
    for node in sorted(graph.nodes):
        ordered.add_node(node, **dict(sorted(graph.nodes[node].items())))
    for i, (u, v, d) in enumerate(_sorted_edges(graph)):
        ordered.add_edge(u, v, key=str(i), **dict(sorted(d.items())))
    return lambda stream: nx.write_graphml(ordered, stream, encoding="utf-8", prettyprint=False)


def write_graphml(graph: nx.MultiDiGraph, path_: str | Path, overwrite: bool = False) -> None:
    """The graph as GraphML (`graphml_writer`) in `path_`, through `kb.outputs` (never over a file the
    user owns)."""
    from kb.outputs import write_file

    write_file(path_, graphml_writer(graph), overwrite)


def record_node(record: Rule | GlossaryEntry, release: str | None = None) -> str:
    """The node of a rule or glossary entry (of `release`, default its own)."""
    release = release or record.release
    if isinstance(record, GlossaryEntry):
        return glossary_node(release, record.term, record.lang)
    return rule_node(release, record.id, record.lang)


def alignment_pairs(alignments: Iterable[Any]) -> list[tuple[str, str, str]]:
    """(Spanish node, English node, status) for alignments carrying `es`, `en`, `status` and,
    optionally, `english_release` (the release whose English the Spanish translates)."""
    pairs = []
    for alignment in alignments:
        if alignment.en is None:
            continue
        english_release = getattr(alignment, "english_release", None) or alignment.en.release
        pairs.append((record_node(alignment.es), record_node(alignment.en, english_release), alignment.status))
    return pairs
