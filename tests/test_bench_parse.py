"""The parse bench's remake: the records it times are the parsed document's own, made anew."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from kb.parse.cr import parse_cr_text

ROOT = Path(__file__).resolve().parents[1]

TEXT = """Magic: The Gathering Comprehensive Rules

These rules are effective as of January 16, 2026.

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.

Example: An example of rule 100.1.

100.1a A two-player game is a game that begins with only two players.

100.1a Written twice.

Glossary

Ability
Text on an object that explains what that object does.

Credits

Magic: The Gathering Original Game Design: Richard Garfield
"""


def _bench():
    spec = importlib.util.spec_from_file_location("bench_parse", ROOT / "bench" / "bench_parse.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_remade_records_are_the_documents_records_made_anew():
    doc = parse_cr_text(TEXT, "MagicCompRules-2026-01-16.txt")
    assert doc.rules[-1].id == "100.1a-2" and doc.diagnostics and doc.skipped and doc.glossary
    assert any(rule.examples for rule in doc.rules)
    made = _bench().records_maker(doc)()
    originals = [*doc.rules, *doc.glossary, *doc.skipped, *doc.diagnostics]
    assert made == originals
    assert all(new is not old for new, old in zip(made, originals))
    # The examples are made anew too, not shared with the document.
    examples = [example for rule in doc.rules for example in rule.examples]
    remade_examples = [example for rule in made[: len(doc.rules)] for example in rule.examples]
    assert remade_examples == examples
    assert all(new is not old for new, old in zip(remade_examples, examples))
