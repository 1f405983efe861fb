"""How far the reference rules engine (`kb.engine`) goes, rule by rule: the conformance map.

Every numbered rule and subrule of parts 1 to 8 of a release of the rules gets one status:

- ``modelled``: at least one test or executable example checks it. Tests say which rules they
  check with the marker ``@pytest.mark.rules("704.5j", "704.3")`` (on a test, on a class, or as a
  module's ``pytestmark``): the claim is that the test fails if the engine applies that rule
  wrongly. Executable examples (``examples/``) check the rules of their ``rules`` front matter.
- ``refused``: no test, but the engine detects the situation and raises ``NotModelledError``
  naming the rule (found by reading the engine's source, every ``NotModelledError(...)`` call).
- ``outside``: the rule is not about the state of a game (deck construction, tournaments, the
  printed card, ...); `OUTSIDE` keeps the reason, by ranges of rules.
- ``not modelled``: none of these. Never counted as modelled.

The markers and the refusals are read with `ast`, without running anything: the map is made
from the project's checkout (``tests/`` beside ``kb/``, or ``$KB_TESTS``). Where it is absent,
only the examples count and `ConformanceMap.tests_found` is false.

>>> from kb.conformance import rules_of_marker_call
>>> import ast
>>> rules_of_marker_call(ast.parse('pytest.mark.rules("704.5j", "704.3")').body[0].value)
('704.5j', '704.3')
"""

from __future__ import annotations

import ast
import functools
import os
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from kb.corpus import PROJECT_ROOT

STATUSES = ("modelled", "refused", "outside", "not modelled")
PARTS = tuple(str(n) for n in range(1, 9))

# Rules that are not about the state of a game, by ranges in the order of the rules (first and
# last included, each a rule or subrule of the current release), with the reason in English and
# in Spanish.
OUTSIDE: tuple[tuple[str, str, str, str], ...] = (
    ("100.2", "100.2d", "deck construction: what a deck is made of before the game",
     "construcción de mazos: de qué se compone un mazo antes de la partida"),
    ("100.3", "100.3", "the physical items (coins, dice) a game needs",
     "los objetos físicos (monedas, dados) que necesita una partida"),
    ("100.4", "100.5", "sideboards and deck sizes: deck construction",
     "banquillos y tamaños de mazo: construcción de mazos"),
    ("100.6", "100.6b", "tournaments and where to find them", "los torneos y dónde encontrarlos"),
    ("100.7", "100.7", "casual-only printed features the rules themselves don't cover",
     "rasgos impresos para el juego informal que las reglas no cubren"),
    ("107.9", "107.10", "printed icons with no game function", "iconos impresos sin función en el juego"),
    ("108.1", "108.1", "where a card's wording is looked up (the Oracle reference)",
     "dónde se consulta el texto de una carta (la referencia Oracle)"),
    ("108.2a", "108.2a", "the size and back of physical cards", "el tamaño y el dorso de las cartas físicas"),
    ("203.1", "203.1", "the illustration, which has no effect on game play", "la ilustración, que no afecta al juego"),
    ("206.1", "206.2", "the expansion symbol and rarity as printed", "el símbolo de expansión y la rareza impresos"),
    ("206.4", "206.5", "which printings a constructed deck may use, and where sets are listed",
     "qué impresiones puede usar un mazo construido y dónde se listan las ediciones"),
    ("207.2", "207.2d", "reminder text, flavor text, ability words and flavor words, which have no game function",
     "texto recordatorio, texto de ambientación, palabras de habilidad y de ambientación, sin función en el juego"),
    ("207.3", "207.3", "decorative icons in the text box", "iconos decorativos del cuadro de texto"),
    ("213.1", "213.1g", "information printed below the text box, with no effect on game play",
     "información impresa bajo el cuadro de texto, sin efecto en el juego"),
    ("713.1", "713.2c", "what a physical substitute card looks like", "cómo es una carta sustituta física"),
    ("722.5b", "722.5b", "decisions outside the game: those of the tournament rules",
     "decisiones fuera de la partida: las de las reglas de torneo"),
)


# A rule number in a message: "704.5j", "613.1f", "612"; "106.8–106.11" and "704.5d–i" are ranges.
_RULE = re.compile(r"(?<![\d.\w])(\d{3}(?:\.\d+[a-z]?)?)(?:\s*[–-]\s*(\d{3}\.\d+[a-z]?|\d+[a-z]?|[a-z]))?(?![\d\w])")
_RULE_ID = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")


class ConformanceError(ValueError):
    """The conformance map cannot be made (no rules given, a broken test file, ...)."""


@dataclass(frozen=True)
class Evidence:
    """A test or an executable example that checks a rule: ``ref`` is the test's node id
    (``tests/test_engine_sba.py::test_legend_rule``) or the example's name."""

    kind: str  # "test" or "example"
    ref: str
    path: str
    line: int

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "ref": self.ref, "path": self.path, "line": self.line}


@dataclass(frozen=True)
class Refusal:
    """One ``NotModelledError(...)`` in the engine's source and the rules it names. A refusal
    given ``rules=()`` is a limit of the engine (too many choices to weigh, a game's history
    from before it was set up), not a rule left out: `limit` is true."""

    rules: tuple[str, ...]
    path: str
    line: int
    message: str
    limit: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"rules": list(self.rules), "path": self.path, "line": self.line, "message": self.message, "limit": self.limit}


@dataclass(frozen=True)
class Marker:
    """One rule named by a rules marker (or by an example), where it was found."""

    rule: str
    evidence: Evidence


@dataclass(frozen=True)
class RuleConformance:
    """The status of one rule, with what backs it."""

    rule: str
    part: str
    section: str
    status: str
    tests: tuple[Evidence, ...] = ()
    refusals: tuple[Refusal, ...] = ()
    reason: str | None = None
    reason_es: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "section": self.section,
            "status": self.status,
            "tests": [e.to_dict() for e in self.tests],
            "refusals": [r.to_dict() for r in self.refusals],
            "reason": self.reason,
            "reason_es": self.reason_es,
        }


@dataclass
class ConformanceMap:
    """Every rule and subrule of parts 1 to 8 of one release, with its status."""

    release: str
    entries: list[RuleConformance] = field(default_factory=list)
    tests_found: bool = True
    unknown_markers: list[Marker] = field(default_factory=list)
    unknown_refusals: list[tuple[str, Refusal]] = field(default_factory=list)
    unnamed_refusals: list[Refusal] = field(default_factory=list)
    limits: list[Refusal] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._by_rule = {e.rule: e for e in self.entries}

    def get(self, rule: str) -> RuleConformance | None:
        return self._by_rule.get(rule)

    def counts(self, key: str = "part") -> dict[str, dict[str, int]]:
        """``{part or section: {status: count}}`` (every status present, zeros included), and
        ``"all"`` for the whole map."""
        table: dict[str, Counter] = {}
        for entry in self.entries:
            table.setdefault(getattr(entry, key), Counter())[entry.status] += 1
            table.setdefault("all", Counter())[entry.status] += 1
        return {group: {s: counts.get(s, 0) for s in STATUSES} for group, counts in sorted(table.items(), key=_group_order)}

    def filtered(self, section: str | None = None, status: str | None = None) -> ConformanceMap:
        """The same map narrowed to one part ("7") or section ("704") and/or one status."""
        entries = [
            e
            for e in self.entries
            if (section is None or e.part == section or e.section == section)
            and (status is None or e.status == status)
        ]
        return ConformanceMap(self.release, entries, self.tests_found, self.unknown_markers, self.unknown_refusals, self.unnamed_refusals, self.limits)

    def to_dict(self) -> dict[str, object]:
        return {
            "release": self.release,
            "tests_found": self.tests_found,
            "counts": {"parts": self.counts("part"), "sections": {k: v for k, v in self.counts("section").items() if k != "all"}},
            "rules": [e.to_dict() for e in self.entries],
            "unknown_markers": [{"rule": m.rule, **m.evidence.to_dict()} for m in self.unknown_markers],
            "unknown_refusals": [{"rule": r, **ref.to_dict()} for r, ref in self.unknown_refusals],
            "unnamed_refusals": [r.to_dict() for r in self.unnamed_refusals],
            "limits": [r.to_dict() for r in self.limits],
        }


def _group_order(item):
    group = item[0]
    return (group == "all", int(group) if group.isdigit() else 0, group)


# ---------------------------------------------------------------------------------- the markers


def folder_of_tests() -> Path:
    """``$KB_TESTS`` if set, else the ``tests/`` folder of the project (as ``$KB_EXAMPLES`` is for
    the examples)."""
    return Path(os.environ.get("KB_TESTS", PROJECT_ROOT / "tests"))


def rules_of_marker_call(node: ast.AST) -> tuple[str, ...] | None:
    """The rules of ``pytest.mark.rules(...)`` / ``mark.rules(...)``, or ``None`` when `node` is
    not such a call. An argument that is not a string literal raises `ConformanceError`."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if not (isinstance(func, ast.Attribute) and func.attr == "rules"):
        return None
    owner = func.value
    if not (
        (isinstance(owner, ast.Attribute) and owner.attr == "mark")
        or (isinstance(owner, ast.Name) and owner.id == "mark")
    ):
        return None
    rules = []
    for arg in node.args:
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            raise ConformanceError(f"line {node.lineno}: a rules marker takes rule numbers as string literals")
        rules.append(arg.value)
    return tuple(rules)


def _marker_rules(nodes: Iterable[ast.AST]) -> list[str]:
    found: list[str] = []
    for node in nodes:
        elements = node.elts if isinstance(node, (ast.List, ast.Tuple)) else [node]
        for element in elements:
            rules = rules_of_marker_call(element)
            if rules:
                found.extend(rules)
    return found


def _pytestmark(body: list[ast.stmt]) -> list[str]:
    values = [
        statement.value
        for statement in body
        if isinstance(statement, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in statement.targets)
    ]
    return _marker_rules(values)


def marked_tests(folder: Path | str | None = None) -> list[Marker]:
    """Every rule named by a rules marker in ``test_*.py`` under `folder` (default: `folder_of_tests`),
    once per test function it applies to."""
    folder = Path(folder) if folder else folder_of_tests()
    markers: list[Marker] = []
    for path in sorted(folder.rglob("test_*.py")):
        relative = path.relative_to(folder.parent).as_posix()
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (SyntaxError, UnicodeDecodeError) as err:
            raise ConformanceError(f"{relative}: cannot be read: {err}") from None
        try:
            module_rules = _pytestmark(tree.body)
            markers.extend(_markers_in(tree.body, relative, relative, module_rules))
        except ConformanceError as err:
            raise ConformanceError(f"{relative}: {err}") from None
    return markers


def _markers_in(body, relative: str, prefix: str, inherited: list[str]) -> list[Marker]:
    found: list[Marker] = []
    for node in body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            rules = inherited + _marker_rules(node.decorator_list) + _pytestmark(node.body)
            found.extend(_markers_in(node.body, relative, f"{prefix}::{node.name}", rules))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            rules = inherited + _marker_rules(node.decorator_list)
            evidence = Evidence("test", f"{prefix}::{node.name}", relative, node.lineno)
            found.extend(Marker(rule, evidence) for rule in dict.fromkeys(rules))
    return found


def example_markers(examples=None) -> list[Marker]:
    """Every rule of the ``rules`` front matter of the executable examples."""
    if examples is None:
        from kb.examples.catalog import catalog, examples_dir

        # Like tests/, the examples are read from the checkout; without them none count.
        examples = catalog() if examples_dir().is_dir() else []
    markers = []
    for example in examples:
        given = getattr(example, "path", None) or f"examples/{example.name}.md"
        try:
            path = Path(given).resolve().relative_to(PROJECT_ROOT).as_posix()
        except ValueError:
            path = Path(given).name
        evidence = Evidence("example", example.name, path, 1)
        markers.extend(Marker(rule, evidence) for rule in dict.fromkeys(example.rules))
    return markers


# --------------------------------------------------------------------------------- the refusals


def engine_refusals(engine_dir: Path | str | None = None) -> list[Refusal]:
    """Every ``NotModelledError(...)`` call in the engine's source, with the rules it names:
    its ``rules=`` argument, else the rule numbers in its message (as the exception does)."""
    engine_dir = Path(engine_dir) if engine_dir else PROJECT_ROOT / "kb" / "engine"
    refusals = []
    for path in sorted(engine_dir.rglob("*.py")):
        relative = path.relative_to(engine_dir.parent.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name != "NotModelledError":
                continue
            message = _literal_text(node.args[0]) if node.args else ""
            keyword = next((k.value for k in node.keywords if k.arg == "rules"), None)
            rules = _literal_rules(keyword) if keyword is not None else tuple(message_rules(message))
            limit = keyword is not None and not rules
            refusals.append(Refusal(rules, relative, node.lineno, message, limit))
    return refusals


def _literal_text(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{…}" for v in node.values)
    return ""


def _literal_rules(node: ast.AST) -> tuple[str, ...]:
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return ("?",)
    return (value,) if isinstance(value, str) else tuple(v for v in value if isinstance(v, str))


def message_rules(message: str) -> list[str]:
    """The rules a message names, ranges kept as ``"first–last"``.

    >>> message_rules("adding {C} is not modelled (106.8–106.11); nor 704.5d–i, nor rule 612")
    ['106.8–106.11', '704.5d–704.5i', '612']
    """
    found = []
    for first, last in _RULE.findall(message):
        if not last:
            found.append(first)
        elif re.fullmatch(r"\d{3}\.\d+[a-z]?", last):
            found.append(f"{first}–{last}")
        elif re.fullmatch(r"[a-z]", last) and first[-1].isalpha():
            found.append(f"{first}–{first[:-1]}{last}")
        else:
            found.append(first)
    return found


def _expand(rule: str, order: dict[str, int], ids: list[str]) -> list[str]:
    if "–" not in rule:
        return [rule]
    first, last = rule.split("–")
    if first in order and last in order and order[first] <= order[last]:
        return ids[order[first] : order[last] + 1]
    return [first, last]


# ------------------------------------------------------------------------------------- the map


def outside_reason(rule: str, order: dict[str, int]) -> tuple[str, str] | None:
    """The reason of `OUTSIDE` whose range holds `rule`, in English and in Spanish, if any."""
    position = order.get(rule)
    if position is None:
        return None
    for first, last, reason, reason_es in OUTSIDE:
        if first in order and last in order and order[first] <= position <= order[last]:
            return reason, reason_es
    return None


@functools.lru_cache(maxsize=1)
def current_document():
    """The newest release of the rules in the corpus, parsed (`kb.model.CRDocument`)."""
    from kb.examples.coverage import newest_release_path
    from kb.parse.cr import parse_cr

    return parse_cr(newest_release_path())


def current_rules() -> tuple[str, list[tuple[str, str]]]:
    """The newest release of the rules in the corpus: its name and its ``(id, kind)`` pairs."""
    document = current_document()
    return document.release, [(r.id, r.kind) for r in document.rules]


def conformance_map(
    rules: Iterable[tuple[str, str]] | None = None,
    release: str = "",
    tests_folder: Path | str | None = None,
    examples=None,
    engine_dir: Path | str | None = None,
) -> ConformanceMap:
    """The conformance map of `rules` (``(id, kind)`` pairs of one release, in order; default:
    the newest release in the corpus) against the markers of the tests in `tests_folder`
    (default: `folder_of_tests`), the executable examples and the refusals in the
    engine's source. Markers and refusals naming a rule that `rules` lacks are listed apart
    (`ConformanceMap.unknown_markers`, `ConformanceMap.unknown_refusals`)."""
    if rules is None:
        release, rules = current_rules()
    rules = list(rules)
    if not rules:
        raise ConformanceError("no rules to map")
    ids = [rule_id for rule_id, _ in rules]
    order = {rule_id: position for position, rule_id in enumerate(ids)}
    tests_path = Path(tests_folder) if tests_folder else folder_of_tests()
    tests_found = tests_path.is_dir()
    markers = (marked_tests(tests_path) if tests_found else []) + example_markers(examples)
    result = ConformanceMap(release, tests_found=tests_found)

    evidence: dict[str, list[Evidence]] = {}
    for marker in markers:
        if marker.rule in order:
            evidence.setdefault(marker.rule, []).append(marker.evidence)
        else:
            result.unknown_markers.append(marker)
    refused: dict[str, list[Refusal]] = {}
    for refusal in engine_refusals(engine_dir):
        if refusal.limit:
            result.limits.append(refusal)
        elif not refusal.rules:
            result.unnamed_refusals.append(refusal)
        for named in refusal.rules:
            for rule in _expand(named, order, ids):
                if rule in order:
                    refused.setdefault(rule, []).append(refusal)
                else:
                    result.unknown_refusals.append((rule, refusal))

    for rule_id, kind in rules:
        if kind not in ("rule", "subrule") or rule_id[:1] not in PARTS:
            continue
        tests = tuple(sorted(set(evidence.get(rule_id, ())), key=lambda e: (e.kind != "test", e.ref)))
        refusals = tuple(refused.get(rule_id, ()))
        reason = outside_reason(rule_id, order)
        if tests:
            status = "modelled"
        elif refusals:
            status = "refused"
        elif reason:
            status = "outside"
        else:
            status = "not modelled"
        result.entries.append(
            RuleConformance(
                rule_id, rule_id[0], rule_id[:3], status, tests, refusals,
                *(reason if status == "outside" else (None, None)),
            )
        )
    result.__post_init__()
    return result


def is_rule_id(text: str) -> bool:
    return bool(_RULE_ID.match(text))
