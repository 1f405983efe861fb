"""The knowledge base's modules and the site's data and view models import one way: the rule card
above the facade, the facade above its build, the build above what the knowledge base holds; the
view models above the site's data, the data above the word-by-word merge. Every import that runs
counts (at module level or inside a function); those made only for type annotations do not."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest
from test_engine_import_graph import _runtime_imports

KB = Path(__file__).resolve().parent.parent / "kb"

LAYERS = {
    "knowledge base": ["kb.rulecard", "kb.knowledge", "kb.knowledge_build", "kb.contents"],
    "site": ["kb.site.views", "kb.site.sitedata", "kb.site.diff_markup"],
}


def _path(module: str) -> Path:
    return KB.parent.joinpath(*module.split(".")).with_suffix(".py")


def _imports(module: str) -> set[str]:
    return set(_runtime_imports(ast.parse(_path(module).read_text(encoding="utf-8"))))


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_each_module_imports_only_those_below_it(layer):
    order = LAYERS[layer]
    graph = nx.DiGraph()
    for module in order:
        graph.add_node(module)
        for imported in _imports(module) & set(order):
            graph.add_edge(module, imported)
    assert nx.is_directed_acyclic_graph(graph), list(nx.simple_cycles(graph))
    for module, imported in graph.edges:
        assert order.index(imported) > order.index(module), f"{module} imports {imported}, which is above it"


def test_the_store_and_what_the_knowledge_base_holds_do_not_import_the_facade():
    for module in ("kb.store", "kb.contents", "kb.knowledge_build"):
        assert not {m for m in _imports(module) if m in ("kb.knowledge", "kb.rulecard")}, module


def test_the_site_data_asks_no_view_model():
    assert "kb.site.views" not in _imports("kb.site.sitedata")
    assert not {m for m in _imports("kb.site.diff_markup") if m in ("kb.site.views", "kb.site.sitedata")}
