"""The team's catalogs say one thing one way: card text quoted in a rule reads as Spanish cards print
it, and a term the rules use many times is never written two ways. Each test names a class of
wording, not one entry: a new entry that falls back into it fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kb.translations.files import po_files
from kb.translations.pofile import read_po_file

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
QUOTED = re.compile(r"“([^“”]*)”")


@pytest.fixture(scope="module")
def spanish() -> dict[str, str]:
    return {e.context: " ".join(e.msgstr.split()) for p in po_files(CORPUS) for e in read_po_file(p).entries
            if e.context and e.msgstr}


def _quoted(texts: dict[str, str]):
    for context, text in texts.items():
        for match in QUOTED.finditer(text):
            yield context, match.group(1)


def test_quoted_card_text_prevents_damage_as_cards_print_it(spanish):
    # Cards print the imperative "prevén" ("prevén ese daño"); "previene" is the rules' own narration.
    wrong = [(c, q) for c, q in _quoted(spanish) if re.search(r"\bpreviene\b", q)]
    assert wrong == []
    assert "prevén N de ese daño" in spanish["702.64a"]


def test_quoted_card_text_says_instead_as_cards_print_it(spanish):
    # "instead" on Spanish cards is "en vez de eso"; "en su lugar" stays for the rules' own prose.
    wrong = [(c, q) for c, q in _quoted(spanish) if "en su lugar" in q.lower()]
    assert wrong == []


def test_renown_is_gained_as_its_reminder_text_says(spanish):
    wrong = {c: t for c, t in spanish.items() if re.search(r"\badquier\w* prestigio", t)}
    assert wrong == {}
    assert "gana prestigio”" in spanish["702.112a"]


@pytest.mark.parametrize("one, other", [
    ("acciones basadas en el turno", "acciones basadas en turno"),
    ("significado en las reglas", "significado de reglas"),
])
def test_a_term_is_written_one_way(spanish, one, other):
    assert sum(one in t.lower() for t in spanish.values()) > 5
    assert [c for c, t in spanish.items() if other in t.lower()] == []


def test_the_planar_types_are_not_said_to_be_named_in_english_where_the_english_does_not(spanish):
    assert "con su nombre en inglés" not in spanish["205.3n"]
