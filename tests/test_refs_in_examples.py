"""References inside a rule's examples are the rule's references too (`kb refs`, `kb rule`, the
graph), and a lone subrule letter continues a list ("rules 608.3a and b")."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import cli
from kb.graph import build_graph, refs_in, refs_out
from kb.model import CRDocument, Decoding, Example, Rule
from kb.refs import find_references


@pytest.mark.parametrize(
    ("text", "lang", "targets"),
    [
        ("See rules 608.3a and b.", "en", ["608.3a", "608.3b"]),
        ("rules 702.19c, d, and e apply", "en", ["702.19c", "702.19d", "702.19e"]),
        ("Ver las reglas 608.3a y b.", "es", ["608.3a", "608.3b"]),
        # An article is no subrule letter, nor a letter out of order, nor one before a noun.
        ("rule 101.4a and a player", "en", ["101.4a"]),
        ("rule 100.2a and d cards", "en", ["100.2a"]),
        ("rules 608.3b and a", "en", ["608.3b"]),
    ],
)
def test_a_lone_letter_continues_a_list_of_subrules(text, lang, targets):
    assert [r.target for r in find_references(text, lang)] == targets


def _doc() -> CRDocument:
    rules = [
        Rule("704", "section", None, "State-Based Actions", "2026-01-16", "en", "x.txt", 1),
        Rule("704.5a", "subrule", "704", "A player with 0 or less life loses the game.", "2026-01-16", "en", "x.txt", 2),
        Rule("704.7", "rule", "704", "A single replacement effect will replace all of them.", "2026-01-16", "en",
             "x.txt", 3, examples=[Example("704.7", 1, "You'd lose the game due to rule 704.5a.", 4)]),
    ]
    return CRDocument("x.txt", "2026-01-16", "2026-01-16", Decoding("utf-8", False, {"LF": 1}), 4, rules=rules)


def test_the_graph_gives_a_rule_the_references_of_its_examples():
    graph = build_graph([_doc()])
    out = refs_out(graph, "cr:2026-01-16:704.7")
    assert [(r["target"], r.get("example")) for r in out] == [("cr:2026-01-16:704.5a", "704.7#ex1")]
    sources = {r["source"] for r in refs_in(graph, "cr:2026-01-16:704.5a")}
    assert "cr:2026-01-16:704.7" in sources


@pytest.mark.slow
@pytest.mark.parametrize(("rule", "target"), [("704.7", "704.5a"), ("113.6k", "702.55")])
def test_kb_refs_and_kb_rule_list_what_the_examples_cite(rule, target):
    runner = CliRunner()
    shown = runner.invoke(cli, ["refs", rule, "--json"])
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.stdout)
    assert any(r["target"].endswith(":" + target) and r.get("example") for r in data["out"])
    card = runner.invoke(cli, ["rule", rule])
    assert card.exit_code == 0 and "refers to: nothing" not in card.output and target in card.output
