"""The engine's modules import one way: no circle in the imports that run (at module level or
inside functions). Imports made only for type annotations (under ``typing.TYPE_CHECKING``) never
run and are left out. The engine imports nothing of the rest of the package."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ENGINE = Path(__file__).resolve().parent.parent / "kb" / "engine"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    relative = Path(*name.split("."))
    root = ENGINE.parent.parent
    return (root / relative).with_suffix(".py").exists() or (root / relative / "__init__.py").exists()


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


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for path in sorted(ENGINE.rglob("*.py")):
        module = _module_name(path)
        graph.add_node(module)
        for imported in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if imported != module and not module.startswith(imported + "."):  # a package's own parent
                graph.add_edge(module, imported)
    return graph


def test_the_engine_imports_one_way():
    graph = import_graph()
    assert graph.number_of_nodes() > 30
    cycles = list(nx.simple_cycles(graph))
    assert not cycles, f"import circles: {[' -> '.join(c + [c[0]]) for c in cycles[:5]]}"


def test_the_engine_imports_nothing_of_the_rest_of_the_package():
    outside = {(u, v) for u, v in import_graph().edges() if not v.startswith("kb.engine")}
    assert not outside


def test_objects_and_rules_concerns_never_import_the_game_or_the_card_library():
    graph = import_graph()
    low = ["kb.engine.objects", "kb.engine.players", "kb.engine.stack", "kb.engine.decisions", "kb.engine.mana", "kb.engine.errors"]
    for module in low:
        reached = nx.descendants(graph, module)
        assert "kb.engine.game" not in reached and "kb.engine.cards" not in reached, module
