"""The engine's conformance map (kb.conformance, `kb engine conformance`): every rule of parts 1-8
modelled with its tests, refused, outside the engine, or told as not modelled; markers and
refusals naming only rules that exist."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kb.conformance import (
    OUTSIDE,
    STATUSES,
    ConformanceError,
    conformance_map,
    current_rules,
    engine_refusals,
    marked_tests,
    message_rules,
)
from kb.corpus import PROJECT_ROOT
from kb.engine.errors import NotModelledError

RULES = [
    ("1", "part"),
    ("100", "section"),
    ("100.1", "rule"),
    ("100.1a", "subrule"),
    ("100.2", "rule"),
    ("100.2a", "subrule"),
    ("100.2b", "subrule"),
    ("104", "section"),
    ("104.1", "rule"),
    ("704", "section"),
    ("704.5", "rule"),
    ("704.5a", "subrule"),
    ("704.5b", "subrule"),
    ("704.5c", "subrule"),
    ("9", "part"),
    ("901", "section"),
    ("901.1", "rule"),
]


@pytest.fixture(scope="module")
def current():
    return current_rules()


@pytest.fixture(scope="module")
def the_map(current):
    release, rules = current
    return conformance_map(rules, release)


def _tree(tmp_path: Path, tests: dict[str, str], engine: dict[str, str]) -> tuple[Path, Path]:
    for name, text in tests.items():
        (tmp_path / "tests").mkdir(exist_ok=True)
        (tmp_path / "tests" / name).write_text(text)
    engine_dir = tmp_path / "kb" / "engine"
    engine_dir.mkdir(parents=True)
    for name, text in engine.items():
        (engine_dir / name).write_text(text)
    return tmp_path / "tests", engine_dir


def test_statuses_from_markers_refusals_and_ranges(tmp_path):
    tests_dir, engine_dir = _tree(
        tmp_path,
        {
            "test_a.py": (
                "import pytest\n"
                "pytestmark = pytest.mark.rules('704.5a')\n"
                "@pytest.mark.rules('100.1', '704.5c')\n"
                "def test_one(): pass\n"
                "class TestTwo:\n"
                "    pytestmark = [pytest.mark.slow, pytest.mark.rules('100.1a')]\n"
                "    def test_inner(self): pass\n"
                "def helper(): pass\n"
            )
        },
        {"x.py": "def f():\n    raise NotModelledError('the legend rule (704.5b) is not modelled')\n"},
    )
    found = conformance_map(RULES, "r", tests_folder=tests_dir, examples=[], engine_dir=engine_dir)
    status = {e.rule: e.status for e in found.entries}
    # Parts 1-8 only, rules and subrules only.
    assert set(status) == {"100.1", "100.1a", "100.2", "100.2a", "100.2b", "104.1", "704.5", "704.5a", "704.5b", "704.5c"}
    assert status["100.1"] == status["704.5c"] == status["100.1a"] == status["704.5a"] == "modelled"
    assert status["704.5b"] == "refused" and status["104.1"] == status["704.5"] == "not modelled"
    # 100.2-100.2d is deck construction in OUTSIDE; the range ends past these rules' end: only
    # rules named by both ends of a range are matched.
    assert [e.tests[0].ref for e in found.entries if e.rule == "100.1a"] == ["tests/test_a.py::TestTwo::test_inner"]
    assert {e.ref for e in found.get("704.5a").tests} == {"tests/test_a.py::test_one", "tests/test_a.py::TestTwo::test_inner"}
    assert found.counts()["all"] == {"modelled": 4, "refused": 1, "outside": 0, "not modelled": 5}


def test_an_outside_range_classifies_the_rules_it_spans(current):
    release, rules = current
    found = conformance_map(rules, release, tests_folder=Path("/nonexistent"), examples=[], engine_dir=PROJECT_ROOT / "kb" / "engine")
    assert not found.tests_found
    for rule in ("100.2", "100.2a", "100.2d", "100.6b", "213.1g"):
        assert found.get(rule).status == "outside" and found.get(rule).reason and found.get(rule).reason_es
    assert found.get("100.1").status != "outside"


def test_unknown_markers_and_refusals_are_listed_apart(tmp_path):
    tests_dir, engine_dir = _tree(
        tmp_path,
        {"test_b.py": "import pytest\n@pytest.mark.rules('704.5zz', '999.1')\ndef test_x(): pass\n"},
        {
            "y.py": (
                "raise NotModelledError('x', rules=('104.9',))\n"
                "raise NotModelledError('too many to weigh', rules=())\n"
                "raise NotModelledError(f'{name} is not modelled')\n"
            )
        },
    )
    found = conformance_map(RULES, "r", tests_folder=tests_dir, examples=[], engine_dir=engine_dir)
    assert sorted(m.rule for m in found.unknown_markers) == ["704.5zz", "999.1"]
    assert [rule for rule, _ in found.unknown_refusals] == ["104.9"]
    assert [r.message for r in found.limits] == ["too many to weigh"]
    assert [r.message for r in found.unnamed_refusals] == ["{…} is not modelled"]


def test_a_marker_with_a_non_literal_rule_is_refused(tmp_path):
    tests_dir, _ = _tree(tmp_path, {"test_c.py": "import pytest\nR='704.5a'\n@pytest.mark.rules(R)\ndef test_x(): pass\n"}, {})
    with pytest.raises(ConformanceError, match="test_c.py"):
        marked_tests(tests_dir)


def test_message_rules_reads_ranges():
    assert message_rules("(106.8–106.11)") == ["106.8–106.11"]
    assert message_rules("704.5d–i and 613.1f, layer 3, rule 612") == ["704.5d–704.5i", "613.1f", "612"]


def test_not_modelled_error_names_its_rules():
    assert NotModelledError("multikicker (702.33c) is not modelled").rules == ("702.33c",)
    assert NotModelledError("x", rules="704.5j").rule == "704.5j"
    assert NotModelledError("too many (702.1)", rules=()).rules == ()
    assert isinstance(NotModelledError("x"), ValueError)


# ----- the project's own map


def test_every_rule_called_modelled_has_a_test_or_an_example_that_exists(the_map):
    examples = {p.stem for p in (PROJECT_ROOT / "examples").glob("*.md")}
    for entry in the_map.entries:
        if entry.status == "modelled":
            assert entry.tests, entry.rule
        for evidence in entry.tests:
            if evidence.kind == "example":
                assert evidence.ref in examples
            else:
                path, _, name = evidence.ref.partition("::")
                assert f"def {name.split('::')[-1]}(" in (PROJECT_ROOT / path).read_text()


def test_every_marker_names_a_rule_of_the_current_release(the_map):
    assert [(m.rule, m.evidence.ref) for m in the_map.unknown_markers] == []


def test_every_refusal_names_a_rule_of_the_current_release_or_is_a_limit(the_map):
    assert [(rule, r.path, r.line) for rule, r in the_map.unknown_refusals] == []
    assert [(r.path, r.line) for r in the_map.unnamed_refusals] == []
    assert engine_refusals(), "the engine's refusals were not found"


def test_every_outside_range_is_made_of_rules_of_the_current_release(current):
    _, rules = current
    known = {rule_id for rule_id, _ in rules}
    for first, last, reason, reason_es in OUTSIDE:
        assert first in known and last in known and reason and reason_es, (first, last)


def test_every_rule_of_parts_one_to_eight_has_exactly_one_status(the_map, current):
    _, rules = current
    expected = [r for r, kind in rules if kind in ("rule", "subrule") and r[0] in "12345678"]
    assert [e.rule for e in the_map.entries] == expected
    assert all(e.status in STATUSES for e in the_map.entries)
    counts = the_map.counts()["all"]
    assert sum(counts.values()) == len(expected) and counts["modelled"] > 0


def _kb(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kb", *args], check=False, capture_output=True, text=True, cwd=PROJECT_ROOT,
                          env={**os.environ, **(env or {})})


def test_the_command_prints_the_map_and_its_json():
    text = _kb("engine", "conformance", "--section", "704")
    assert text.returncode == 0, text.stderr
    assert "704.5a" in text.stdout and "part 7" in text.stdout and "100.1" not in text.stdout
    data = json.loads(_kb("engine", "conformance", "--section", "7", "--status", "refused", "--json").stdout)
    assert data["rules"] and all(r["status"] == "refused" and r["rule"].startswith("7") and r["refusals"] for r in data["rules"])
    assert set(data["counts"]["parts"]["all"]) == set(STATUSES)


@pytest.mark.parametrize("args", [("--section", "99"), ("--section", "199"), ("--status", "bogus"), ("--section", "9")])
def test_bad_usage_is_one_line_and_exit_two(args):
    result = _kb("engine", "conformance", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1


def test_without_tests_the_command_says_so_and_counts_the_examples_only(tmp_path):
    result = _kb("engine", "conformance", "--section", "704", env={"KB_TESTS": str(tmp_path / "absent")})
    assert result.returncode == 0
    assert "no tests/ folder" in result.stderr and "test_engine" not in result.stdout
    data = json.loads(_kb("engine", "conformance", "--json", env={"KB_TESTS": str(tmp_path / "absent")}).stdout)
    assert data["tests_found"] is False
    assert all(e["kind"] == "example" for r in data["rules"] for e in r["tests"])
