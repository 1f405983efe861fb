"""The package outside the engine and the examples imports one way: no circle among its modules,
every `import` counted (at module level, inside a function, or only for type annotations under
`if TYPE_CHECKING:`; relative ones resolved). Within that, the knowledge base's modules and the
site's data and view models keep their layers: the rule card above the facade, the facade above its
build, the build above what the knowledge base holds; the view models above the site's data, the
data above the word-by-word merge (for these, imports made only for type annotations do not count)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest
from test_engine_import_graph import _runtime_imports

KB = Path(__file__).resolve().parent.parent / "kb"
# Owned apart, each with its own test of its imports (tests/test_engine_import_graph.py for the engine).
APART = ("kb.engine", "kb.examples")

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


def _module_of(path: Path) -> str:
    parts = path.relative_to(KB.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _apart(module: str) -> bool:
    return any(module == top or module.startswith(top + ".") for top in APART)


def _every_import(module: str, path: Path, modules: set[str]) -> dict[str, set[str]]:
    """The kb modules `module` (the file `path`) imports anywhere in its text -> the names it takes
    from each (empty for a plain `import` or a module taken whole). `from P import m` where `P.m` is
    a module is an import of `P.m`; the package `P` itself is loaded on the way, as for every
    submodule, and is not counted then."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    found.setdefault(alias.name, set())
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:
                    found.setdefault(f"{source}.{alias.name}", set())
                elif source in modules:
                    found.setdefault(source, set()).add(alias.name)
    return found


def package_graph() -> nx.DiGraph:
    """The modules of kb outside the engine and the examples, an edge from each to each it imports
    (its `names`: what it takes)."""
    files = {_module_of(path): path for path in sorted(KB.rglob("*.py"))}
    graph = nx.DiGraph()
    for module, path in files.items():
        if _apart(module):
            continue
        graph.add_node(module)
        for imported, names in _every_import(module, path, set(files)).items():
            if imported != module and not _apart(imported):
                graph.add_edge(module, imported, names=names)
    return graph


def _circle(graph: nx.DiGraph, cycle: list[str]) -> str:
    steps = []
    for module, imported in zip(cycle, cycle[1:] + cycle[:1]):
        names = sorted(graph.edges[module, imported]["names"])
        steps.append(f"{module} -> {imported}" + (f" ({', '.join(names)})" if names else ""))
    return "; ".join(steps)


def test_the_package_outside_the_engine_imports_without_a_circle():
    graph = package_graph()
    assert {"kb.knowledge", "kb.store", "kb.site.sitedata", "kb.site.views", "kb.cli.main"} <= set(graph)
    assert graph.number_of_edges() > 200
    circles = sorted(nx.simple_cycles(graph), key=len)
    if circles:
        pytest.fail(f"{len(circles)} import circles, the shortest first: " + " | ".join(_circle(graph, c) for c in circles[:5]))


def test_only_the_command_line_imports_the_site():
    """The site is made last, from the knowledge base: nothing below it (the documents of the
    releases, the store, the translations) reaches up into it."""
    graph = package_graph()
    above = ("kb.site", "kb.cli", "kb.__main__")
    upward = sorted(f"{module} -> {imported}" for module, imported in graph.edges
                    if imported.startswith("kb.site") and not module.startswith(above))
    assert not upward


def test_the_reader_sees_imports_inside_functions_type_checking_blocks_and_relative_ones(tmp_path):
    package = tmp_path / "kb"
    (package / "site").mkdir(parents=True)
    for name in ("__init__.py", "a.py", "b.py", "site/__init__.py", "site/c.py", "site/d.py"):
        (package / name).write_text("", encoding="utf-8")
    (package / "a.py").write_text("def f():\n    from kb.b import g\n", encoding="utf-8")
    (package / "site" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import D\nfrom .. import a\n", encoding="utf-8")
    modules = {"kb", "kb.a", "kb.b", "kb.site", "kb.site.c", "kb.site.d"}
    assert _every_import("kb.a", package / "a.py", modules) == {"kb.b": {"g"}}
    assert _every_import("kb.site.c", package / "site" / "c.py", modules) == {"kb.site.d": {"D"}, "kb.a": set()}
