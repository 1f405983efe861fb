"""The engine's modules import one way: no circle in the imports, counting every import a module
makes: at module level, inside functions and under ``typing.TYPE_CHECKING`` (an import made only
for annotations still ties the module to the one it names). The floor of plain data and helpers
is imported by the parts of the game, the parts by the game, the game by the package and the card
library; a part reaches another through the game at run time (``self.game.zones``), never by
importing it. The engine imports nothing of the rest of the package."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ENGINE = Path(__file__).resolve().parent.parent / "kb" / "engine"
ROOT = ENGINE.parent.parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    relative = Path(*name.split("."))
    return (ROOT / relative).with_suffix(".py").exists() or (ROOT / relative / "__init__.py").exists()


def _runtime_imports(tree: ast.AST) -> list[str]:
    """The kb modules a module imports when it runs, outside ``if TYPE_CHECKING:`` blocks."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.ImportFrom) and child.module and child.level == 0 and child.module.startswith("kb"):
                found.append(child.module)
                found.extend(f"{child.module}.{a.name}" for a in child.names if _is_module(f"{child.module}.{a.name}"))
            elif isinstance(child, ast.Import):
                found.extend(a.name for a in child.names if a.name.startswith("kb"))
            visit(child)

    visit(tree)
    return found


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute name of the module a ``from ... import`` reads, relative levels resolved."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def all_imports(tree: ast.AST, module: str, is_package: bool = False) -> list[str]:
    """Every kb module a module names in an import: at module level, inside functions, under
    ``if TYPE_CHECKING:``, absolute or relative."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = _resolve(node, module, is_package)
            if not source.startswith("kb"):
                continue
            found.append(source)
            found.extend(f"{source}.{a.name}" for a in node.names if _is_module(f"{source}.{a.name}"))
        elif isinstance(node, ast.Import):
            found.extend(a.name for a in node.names if a.name.startswith("kb"))
    return found


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for path in sorted(ENGINE.rglob("*.py")):
        module = _module_name(path)
        graph.add_node(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for imported in all_imports(tree, module, path.name == "__init__.py"):
            if imported != module and not module.startswith(imported + "."):  # a package's own parent
                graph.add_edge(module, imported)
    return graph


def import_circles(graph: nx.DiGraph) -> list[list[str]]:
    """The strongly connected components of more than one module, largest first, each sorted."""
    components = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    return sorted(components, key=lambda c: (-len(c), c))


def _describe(graph: nx.DiGraph, component: list[str]) -> str:
    inside = graph.subgraph(component)
    short = [name.removeprefix("kb.engine.") for name in component]
    return f"{len(component)} modules, {inside.number_of_edges()} arrows: {', '.join(short)}"


def test_the_import_reader_sees_every_kind_of_import():
    source = (
        "from typing import TYPE_CHECKING\n"
        "from kb.engine.errors import EngineError\n"
        "from . import objects\n"
        "from .players import Player\n"
        "if TYPE_CHECKING:\n"
        "    from kb.engine.game import Game\n"
        "def later():\n"
        "    import kb.engine.stack\n"
        "    from ..engine.zones import Zones\n"
    )
    found = set(all_imports(ast.parse(source), "kb.engine.example"))
    assert {"kb.engine.errors", "kb.engine.objects", "kb.engine.players", "kb.engine.game",
            "kb.engine.stack", "kb.engine.zones"} <= found
    assert not {name for name in found if not name.startswith("kb")}


def test_a_circle_is_found_and_named():
    graph = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "f"), ("f", "e")])
    assert import_circles(graph) == [["a", "b", "c"], ["e", "f"]]


def test_the_engine_imports_one_way():
    graph = import_graph()
    assert graph.number_of_nodes() > 30
    circles = import_circles(graph)
    assert not circles, f"{len(circles)} import circles: " + " | ".join(_describe(graph, c) for c in circles)


def part_modules() -> set[str]:
    """The modules that hold a part of the game: a class deriving `kb.engine.part.GamePart`."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.ClassDef) and any(ast.unparse(base) == "GamePart" for base in node.bases) for node in tree.body):
            found.add(_module_name(path))
    return found


def _above_the_game(module: str) -> bool:
    """The package, the card library and the games of other formats (subclasses of `Game`)."""
    return module in ("kb.engine", "kb.engine.game") or module.startswith(("kb.engine.cards", "kb.engine.variants"))


def test_a_part_imports_no_other_part():
    graph, parts = import_graph(), part_modules()
    assert len(parts) > 30
    crossings = sorted((u, v) for u, v in graph.edges if u in parts and v in parts)
    assert not crossings, f"{len(crossings)} parts import another part: {crossings}"


def test_the_floor_below_the_parts_imports_none_of_them():
    graph, parts = import_graph(), part_modules()
    rising = sorted((u, v) for u, v in graph.edges if u not in parts and not _above_the_game(u) and v in parts)
    assert not rising, f"{len(rising)} modules of the floor import a part: {rising}"


def test_only_what_is_above_the_game_imports_it():
    graph = import_graph()
    assert sorted(u for u in graph.predecessors("kb.engine.game") if not _above_the_game(u)) == []


def test_the_engine_imports_nothing_of_the_rest_of_the_package():
    outside = {(u, v) for u, v in import_graph().edges() if not v.startswith("kb.engine")}
    assert not outside


def test_objects_and_rules_concerns_never_import_the_game_or_the_card_library():
    graph = import_graph()
    low = ["kb.engine.objects", "kb.engine.players", "kb.engine.stack", "kb.engine.decisions", "kb.engine.mana", "kb.engine.errors"]
    for module in low:
        reached = nx.descendants(graph, module)
        assert "kb.engine.game" not in reached and "kb.engine.cards" not in reached, module
