"""The Spanish document of a release (`kb text --lang es`, the site's downloads) against its English
file, line by line: no line stays English where a catalog translates that very English, the
document's own lines (title, dates, headings, contents, credits) included, and each file says how
much of it is in Spanish."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from kb.documents import ReleaseSpanish, english_lines, matter_lines, spanish_effective_line
from kb.knowledge import KnowledgeBase
from kb.site.sitedata import SiteData

NEWEST = "2026-01-16"
PO = Path(__file__).resolve().parents[1] / "corpus" / "po"
# A rule's number, or "Example:", before the text a catalog translates.
PREFIX = re.compile(r"^\s*(?:\d+(?:\.\d+[a-z]?)?\.?\s+|Example:\s+)?")


@pytest.fixture(scope="module")
def spanish():
    kb = KnowledgeBase.load()
    return kb, ReleaseSpanish(SiteData.collect(kb))


def _translated_lines(release: str) -> tuple[dict[int, str], dict[str, str]]:
    """What the team's catalogs translate otherwise than word for word (fuzzy entries left out):
    each line of the English file an entry stands on (its reference), with the Spanish for it; and
    the document's own texts (which the catalogs place on no line), English → Spanish."""
    by_line: dict[int, str] = {}
    document: dict[str, str] = {}
    for path in sorted(PO.glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                if not message.id or not message.string or message.fuzzy:
                    continue
                english, spanish = str(message.id).split("\n"), str(message.string).split("\n")
                if len(english) != len(spanish):
                    continue
                if str(message.context).startswith("document:"):
                    document.update((en.strip(), es.strip()) for en, es in zip(english, spanish) if en.strip() != es.strip())
                    continue
                for where, line in message.locations:
                    if where.endswith(f"{release}.txt") and line:
                        for offset, (en, es) in enumerate(zip(english, spanish)):
                            if en.strip() != es.strip():
                                by_line[int(line) + offset] = es.strip()
    return by_line, document


def test_no_line_of_the_newest_release_stays_english_where_a_catalog_translates_it(spanish):
    kb, releases = spanish
    english = [line.rstrip("\r\n") for line in english_lines(kb, NEWEST)]
    lines = releases.text(kb, NEWEST).split("\n")[:-1]
    assert len(lines) == len(english)
    by_line, document = _translated_lines(NEWEST)
    assert len(by_line) > 4000 and len(document) > 15
    left = [(number, en) for number, (en, es) in enumerate(zip(english, lines), 1)
            if en.strip() and en == es and (number in by_line or PREFIX.sub("", en, count=1).strip() in document)]
    assert left == []
    # The document's own lines, which no rule holds, are among them: checked by name as well.
    assert lines[0] == "Reglas completas de Magic: The Gathering"
    assert "Estas reglas entran en vigor el 16 de enero de 2026." in lines[:6]
    assert {"Introducción", "Índice", "Glosario", "Créditos"} <= {line.strip() for line in lines}
    assert "1. Conceptos de juego" in lines and "Glosario" in lines[:200]


def test_a_rule_of_several_paragraphs_is_spanish_on_each_of_its_lines(spanish):
    kb, releases = spanish
    english = [line.rstrip("\r\n") for line in english_lines(kb, NEWEST)]
    lines = releases.text(kb, NEWEST).split("\n")
    doc = releases.documents[NEWEST]
    several = [r for r in doc.rules if "\n" in r.text]
    assert several, "the newest release has rules of several paragraphs"
    for rule in several:
        for offset in range(rule.text.count("\n") + 1):
            at = rule.line - 1 + offset
            assert lines[at] != english[at], (rule.id, offset)
            # Continuation lines keep the English file's indent.
            indent = english[at][: len(english[at]) - len(english[at].lstrip())]
            assert lines[at].startswith(indent)


def test_each_file_says_how_many_of_its_rules_are_in_spanish_and_the_count_is_what_it_holds(spanish):
    kb, releases = spanish
    for release in ("2004-02-01", "2010-06-18", "2019-10-04", NEWEST):
        document = releases.document(kb, release)
        english = [line.rstrip("\r\n") for line in english_lines(kb, release)]
        lines = document.text.split("\n")[:-1]
        assert len(lines) == len(english)
        doc = releases.documents[release]
        numbered = [r for r in doc.rules if r.kind in ("rule", "subrule")]
        assert document.rules == len(numbered)
        # Every rule counted as Spanish shows its Spanish's first paragraph on its line; every other
        # rule's line is the English file's.
        spanish_rules = 0
        for rule in numbered:
            found = releases.rule(release, rule)
            first = found[0].split("\n")[0].strip() if found else None
            if first and lines[rule.line - 1].rstrip().endswith(first):
                spanish_rules += 1
            else:
                assert lines[rule.line - 1] == english[rule.line - 1], (release, rule.id)
        assert spanish_rules == document.in_spanish
        note = lines[1]
        assert note.startswith("[") and "reglas" in note
        assert f"{document.in_spanish:,}".replace(",", ".") in note or document.in_spanish == document.rules
    old = releases.document(kb, "2010-06-18")
    assert old.in_spanish < old.rules and "el resto en el inglés oficial" in old.text.split("\n")[1]


def test_the_dates_line_in_spanish_in_both_of_its_forms():
    assert spanish_effective_line("These rules are effective as of January 16, 2026.") == \
        "Estas reglas entran en vigor el 16 de enero de 2026."
    assert spanish_effective_line("These rules are current as of October 1, 2004.") == \
        "Estas reglas están vigentes a 1 de octubre de 2004."
    assert spanish_effective_line("These rules are effective as of Smarch 40, 2026.") is None
    assert spanish_effective_line("100.1. These Magic rules apply") is None


class _Skip:
    def __init__(self, line, reason, text=""):
        self.line, self.reason, self.text = line, reason, text


class _Doc:
    def __init__(self, lines):
        self.regions = [("intro", 1, 5), ("contents", 6, 8)]
        self.skipped = [_Skip(1, "document title"), _Skip(3, "heading: Introduction"), _Skip(6, "heading: Contents")]
        self.rules = []


def test_a_document_line_stays_english_where_the_catalog_translates_another_english():
    lines = ["Magic Comprehensive Rules", "", "Introduction", "An older introduction.", "", "Contents",
             "1. Game Concepts", "100. General"]
    document_es = {
        "document:title": ("Reglas completas de Magic: The Gathering", "Magic: The Gathering Comprehensive Rules"),
        "document:Introduction": ("Introducción", "Introduction"),
        "document:intro#1": ("Una introducción.", "An introduction."),
        "document:Contents": ("Índice", "Contents"),
    }
    titles = {("1", "Game Concepts"): "Conceptos de juego"}
    out = matter_lines(lines, _Doc(lines), document_es, lambda rule_id, en: titles.get((rule_id, en)))
    assert out == {2: "Introducción", 5: "Índice", 6: "1. Conceptos de juego"}


def test_what_counting_a_share_found_is_what_the_document_uses(spanish):
    """The Spanish found for a rule while a release's share is counted is kept for its document: the
    same document, count and answers as from a `ReleaseSpanish` that made the document first."""
    kb, _ = spanish

    collected = SiteData.collect(kb)
    counted_first, made_first = ReleaseSpanish(collected), ReleaseSpanish(collected)
    for release in ("2004-02-01", "2019-10-04", NEWEST):
        share = counted_first.share(release)
        document = counted_first.document(kb, release)
        fresh = made_first.document(kb, release)
        assert document.text == fresh.text and share == (fresh.rules, fresh.in_spanish) == made_first.share(release)
        for rule in collected.documents[release].rules[:400]:
            answer = counted_first.rule(release, rule)
            assert answer == made_first._rule(release, rule)
            if answer is not None:
                answer[1].append("changed by a caller")
                assert counted_first.rule(release, rule) == made_first._rule(release, rule)
