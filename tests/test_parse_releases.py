"""Every official release since 2003 (all of them in ../shared/cr/) through the rules parser: each is
recognised as a rules text, its records agree with a plain count made here without the parser, every
line is in a record or reported, and the known traps of the old releases are read and reported."""

from __future__ import annotations

import re

import pytest

from kb.decode import read_text
from kb.ingest import parse_text, sniff_kind
from kb.model import CRDocument
from kb.parse.cr import RuleNumber, check_accounting

from shared_releases import release_files

RELEASES = release_files()


@pytest.fixture(scope="module")
def parsed() -> dict[str, tuple[str, CRDocument]]:
    """Each release decoded and parsed once, as `kb parse` does it (kind detected)."""
    documents = {}
    for published, path in RELEASES.items():
        text, decoding = read_text(path)
        documents[published] = (text, parse_text(text, str(path), decoding=decoding))
    return documents


# -- an independent count ------------------------------------------------------------------------
# Straight from the lines, no state machine: the rules run from the part heading just above the
# first "100.1" to the "Glossary" heading after it; a record starts a line, unless the line above
# breaks off at "rule" (a hard-wrapped "See rule / 419.8 ..."); a glossary entry is a block of
# lines between blank lines.

_PART = re.compile(r"[1-9]\.\s+[^\d\s]")
_SECTION = re.compile(r"[1-9]\d\d\.\s+[^\d\s]")
_NUMBER = re.compile(r"[1-9]\d\d\.\s?\d+([a-z]?)\.?(?:\s|$|(?=[A-Z]))")
_EXAMPLE = re.compile(r"Examples?\s*:")


def _plain_lines(text: str) -> list[str]:
    return [
        re.sub("[\u00a0\u2002\u2003\u2009\t]", " ", line).replace("\ufeff", "").strip()
        for line in re.split(r"\r\n|\r|\n", text)
    ]


def plain_count(text: str) -> dict[str, int]:
    lines = _plain_lines(text)
    first_rule = next(i for i, line in enumerate(lines) if re.match(r"100\.1\.?\s", line))
    start = max(i for i in range(first_rule) if _PART.match(lines[i]))
    glossary = next(i for i in range(first_rule, len(lines)) if lines[i] == "Glossary")
    credits = next((i for i in range(glossary, len(lines)) if lines[i] == "Credits"), len(lines))
    counts = dict.fromkeys(("parts", "sections", "rules", "subrules", "examples", "glossary"), 0)
    for i in range(start, glossary):
        line, above = lines[i], lines[i - 1]
        if above and (above.endswith(" rule") or _PART.match(line)):
            continue
        if _PART.match(line):
            counts["parts"] += 1
        elif _SECTION.match(line):
            counts["sections"] += 1
        elif match := _NUMBER.match(line):
            counts["subrules" if match[1] else "rules"] += 1
        elif _EXAMPLE.match(line):
            counts["examples"] += 1
    counts["glossary"] = sum(
        1 for i in range(glossary + 1, credits) if lines[i] and not lines[i - 1]
    )
    return counts


# -- every release ------------------------------------------------------------------------------


def test_all_releases_are_there():
    assert len(RELEASES) == 110
    assert min(RELEASES) == "2003-03-15" and max(RELEASES) == "2026-01-16"


@pytest.mark.parametrize("published", sorted(RELEASES))
def test_release_is_a_rules_text_with_its_date(parsed, published):
    text, doc = parsed[published]
    assert sniff_kind(text) == "cr"
    assert isinstance(doc, CRDocument)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", doc.release)
    assert doc.effective and doc.intro and doc.contents
    assert any(note.startswith("hard-wrapped") for note in doc.decoding.notes) == (published in HARD_WRAPPED)


@pytest.mark.parametrize("published", sorted(RELEASES))
def test_release_counts_agree_with_a_plain_count(parsed, published):
    text, doc = parsed[published]
    expected = plain_count(text)
    counts = {name: value for name, value in doc.counts().items() if name in expected}
    assert counts == expected
    assert counts["rules"] > 250 and counts["subrules"] > 250 and counts["glossary"] > 30


@pytest.mark.parametrize("published", sorted(RELEASES))
def test_every_line_is_in_a_record_or_reported(parsed, published):
    _, doc = parsed[published]
    assert check_accounting(doc) == []
    assert [name for name, _, _ in doc.regions][:4] == ["intro", "contents", "rules", "glossary"]


@pytest.mark.parametrize("published", sorted(RELEASES))
def test_records_are_unique_and_point_at_their_lines(parsed, published):
    text, doc = parsed[published]
    lines = _plain_lines(text)
    ids = [rule.id for rule in doc.rules]
    assert len(ids) == len(set(ids))
    errors = {d.line for d in doc.diagnostics if d.level == "error"}
    warned = {d.line for d in doc.diagnostics}
    previous = None
    for rule in doc.rules:
        number = RuleNumber.parse(rule.id)
        assert number.kind == rule.kind and number.parent == rule.parent
        line = lines[rule.line - 1]
        # The line starts with the number, or a warning names it (a slip read as another number).
        assert re.sub(r"\s", "", line).startswith(rule.id.split("-")[0]) or rule.line in warned, (rule.id, line)
        if published in HARD_WRAPPED:
            # The paragraph starts with its first line (a word broken at a hyphen goes on past it).
            head = "".join(line.split()[1:])
            assert "".join(rule.text.split()).startswith(head), (rule.id, line)
        else:
            assert rule.text.split("\n")[0] in line
        if previous is not None and not previous < number:
            assert rule.line in errors or previous.copy, (previous.id, rule.id)
        if not number.copy and rule.line not in errors:
            previous = number
        for example in rule.examples:
            assert _EXAMPLE.match(lines[example.line - 1])
            assert rule.line < example.line <= rule.end_line


def test_only_the_known_slips_are_errors(parsed):
    errors = {
        published: [(d.line, d.message) for d in doc.diagnostics if d.level == "error"]
        for published, (_, doc) in parsed.items()
    }
    assert {published for published, found in errors.items() if found} == {
        "2008-10-01", "2009-09-04", "2009-10-01",
    }
    assert errors["2008-10-01"] == [
        (837, "'306.b' looks like a rule number but the numbering has no such number; "
              "the line and its continuation are skipped"),
        (839, "rule number 306.1c out of order (after 306.3a): kept where it stands"),
    ]


# -- the traps, one by one ------------------------------------------------------------------------


HARD_WRAPPED = ("2003-10-01", "2003-12-01", "2004-02-01")
# The release written a paragraph per line that is closest to each hard-wrapped one.
UNWRAPPED_NEIGHBOUR = {"2003-10-01": "2003-07-01", "2003-12-01": "2003-07-01", "2004-02-01": "2004-10-01"}


@pytest.mark.parametrize("published", HARD_WRAPPED)
def test_hard_wrapped_releases(parsed, published):
    text, doc = parsed[published]
    rule = doc.rule("100.2")
    assert "\n" not in rule.text and rule.text.startswith("In constructed play")
    assert '(see rule 420, "State-Based Effects")' in doc.rule("215.1").text
    # A wrapped line that starts with a number is text of the rule above, and says so.
    wrapped = [d for d in doc.diagnostics if "is read as part of the text of 413.2d" in d.message]
    assert len(wrapped) == 1
    assert " 103.4. If a player must make more than one choice" in doc.rule("413.2d").text
    if published != "2004-02-01":
        assert 'See rule 419.8 "Sources of Damage."' in doc.rule("200.9c").text
    assert not [d for d in doc.diagnostics if d.level == "error"]
    assert any(note.startswith("hard-wrapped: ") for note in doc.decoding.notes)


@pytest.mark.parametrize("published", HARD_WRAPPED)
def test_hard_wrapped_text_reads_as_the_releases_written_a_paragraph_per_line(parsed, published):
    """Where a rule, an example or a definition has the same words in the nearest release written a
    paragraph per line, the hard-wrapped release gives the same paragraphs."""
    _, doc = parsed[published]
    _, neighbour = parsed[UNWRAPPED_NEIGHBOUR[published]]

    def paragraphs(document):
        found = {}
        for rule in document.rules:
            found[rule.id] = rule.text.split("\n")
            found.update({f"{rule.id} example {e.number}": e.text.split("\n") for e in rule.examples})
        found.update({f"glossary {entry.term}": entry.senses for entry in document.glossary})
        return found

    ours, theirs = paragraphs(doc), paragraphs(neighbour)
    same_words = [key for key in ours if key in theirs and " ".join(ours[key]).split() == " ".join(theirs[key]).split()]
    rules = [key for key in same_words if not key.startswith("glossary ")]
    definitions = [key for key in same_words if key.startswith("glossary ")]
    assert len(rules) > 600 and len(definitions) > 200
    assert [key for key in rules if ours[key] != theirs[key]] == []
    # A definition's last line can end a sentence close to the full width, where nothing tells a
    # paragraph's end from a wrap: most, not all, are told apart.
    apart = [key for key in definitions if ours[key] == theirs[key]]
    assert len(apart) >= 0.9 * len(definitions)


def test_terms_run_into_their_first_sense_are_split_and_reported(parsed):
    # 2021-06-09 lost the line break after eleven terms with numbered senses ("Ability1. Text ...").
    _, doc = parsed["2021-06-09"]
    glossary = {entry.term: entry for entry in doc.glossary}
    assert not [term for term in glossary if "1." in term]
    assert glossary["Ability"].senses[0] == "1. Text on an object that explains what that object does or can do."
    assert glossary["Ability"].senses[1].startswith("2. An activated or triggered ability on the stack.")
    glued = [d for d in doc.diagnostics if "runs into its first sense" in d.message]
    assert len(glued) == 11 and {d.level for d in glued} == {"warning"}


def test_old_numbering(parsed):
    _, doc = parsed["2003-03-15"]
    assert [(r.id, r.text) for r in doc.rules[:2]] == [("1", "The Game"), ("100", "General")]
    assert doc.effective == "March 15, 2003" and doc.release == "2003-03-15"
    _, new = parsed["2009-07-11"]
    assert new.rule("1").text == "The Game" and new.rule("2").text == "Parts of a Card"


def test_misnamed_release_is_read_by_its_date_and_reported(parsed):
    _, doc = parsed["2006-06-01"]
    assert doc.release == "2004-06-01"
    clash = [d for d in doc.diagnostics if "named for 2006-06-01" in d.message]
    assert len(clash) == 1 and clash[0].line == 3 and "June 1, 2004" in clash[0].message


def test_truncated_release_is_reported(parsed):
    _, doc = parsed["2013-02-01"]
    assert doc.glossary[-1].term == "Attack Multiple Players"
    assert any("ends inside the glossary" in d.message for d in doc.diagnostics)
    assert [name for name, _, _ in doc.regions] == ["intro", "contents", "rules", "glossary"]


@pytest.mark.parametrize("published", ["2009-09-04", "2009-10-01"])
def test_duplicate_number_keeps_both_records(parsed, published):
    _, doc = parsed[published]
    first, second = doc.rule("702.30d"), doc.rule("702.30d-2")
    assert first.text.startswith("Objects with more than one kicker cost")
    assert second.text.startswith("If part of a spell's ability has its effect only if")
    assert (second.kind, second.parent) == ("subrule", "702.30")
    assert any(
        d.level == "error" and d.line == second.line and "kept as 702.30d-2" in d.message
        for d in doc.diagnostics
    )


def test_typo_in_a_number_keeps_every_record(parsed):
    _, doc = parsed["2010-06-18"]
    assert doc.rule("505.5").text.startswith("Third, the active player gets priority")
    assert doc.rule("505.5a").text.startswith("The main phase is the only phase")
    assert doc.rule("505.5b").parent == "505.5"
    slip = [d for d in doc.diagnostics if d.line == doc.rule("505.5").line]
    assert len(slip) == 1 and "505.54 read as 505.5" in slip[0].message


def test_other_slips_in_numbers(parsed):
    _, doc = parsed["2006-10-01"]
    assert doc.rule("423.2b").text.startswith("If an effect instructs more than one player to draw cards in a")
    assert doc.rule("423.3").kind == "rule"
    _, doc = parsed["2006-05-01"]
    assert [doc.rule(f"510.{n}").parent for n in range(1, 7)] == ["510"] * 6
    _, doc = parsed["2005-08-01"]
    assert doc.rule("606.8b").text.startswith("Players win and lose the game only as a team")
    assert len(doc.rule("606.8b").examples) == 3


def test_irregular_separators_letters_and_examples(parsed):
    _, doc = parsed["2023-04-14"]
    assert doc.rule("901.4").text.startswith("All plane and phenomenon cards")
    _, doc = parsed["2026-01-16"]
    assert doc.rule("606.5").text.startswith("If the total cost to activate a loyalty ability")
    assert doc.rule("704.5k").id and doc.rule("704.5m").id
    assert not any(rule.id.endswith(("l", "o")) for rule in doc.rules if rule.kind == "subrule")
    assert max(len(rule.examples) for rule in doc.rules) == 4
    assert len(doc.rule("701.67b").examples) == 1
