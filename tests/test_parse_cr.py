"""The Comprehensive Rules parser against every release in the corpus, small invented texts in the
file's format, and bad input."""

from __future__ import annotations

import gc
import json
import re
import weakref

import pytest

from kb.decode import read_text, split_lines
from kb.model import to_data
from kb.parse.cr import (
    RuleNumber,
    RuleNumberError,
    check_accounting,
    line_owners,
    parse_cr,
    parse_cr_text,
    rule_sort_key,
)
from kb.parse.cr.dates import read_effective_date

from shared_releases import release_files

RELEASES = release_files()

# Counted by hand-checked greps over each decoded file (numbered lines between the second
# "1. Game Concepts" and the second "Glossary", blank-separated blocks between the second
# "Glossary" and the second "Credits"), with the irregular lines looked at one by one:
# "606.5 If", "901.4.All", "119.1d. In", "702.124h." (2023) are rules and subrules like the others.
EXPECTED = {
    # published: (parts, sections, rules, subrules, examples, glossary, lines, effective ISO date)
    "2017-09-25": (9, 129, 918, 1320, 244, 534, 6845, "2017-09-29"),
    "2018-07-13": (9, 130, 934, 1366, 243, 544, 6991, "2018-07-13"),
    "2019-08-23": (9, 131, 958, 1409, 245, 560, 7180, "2019-08-23"),
    "2019-10-04": (9, 132, 965, 1421, 248, 562, 7230, "2019-10-04"),
    "2023-04-14": (9, 142, 1090, 1752, 274, 656, 8478, "2023-04-14"),
    "2024-06-07": (9, 144, 1117, 1850, 278, 683, 8823, "2024-06-07"),
    "2026-01-16": (9, 146, 1157, 1957, 276, 725, 9258, "2026-01-16"),
}

_parsed: dict[str, object] = {}
_decoded: dict[str, tuple] = {}


def parsed(published: str):
    if published not in _parsed:
        _parsed[published] = parse_cr(RELEASES[published])
    return _parsed[published]


def decoded(published: str):
    # Decoding a Windows-1252 release is slow (every line is tried as UTF-8 first): do it once.
    if published not in _decoded:
        _decoded[published] = read_text(RELEASES[published])
    return _decoded[published]


def test_the_releases_with_hand_checked_figures_are_there():
    assert set(EXPECTED) <= set(RELEASES)


# -- every release -----------------------------------------------------------------------------


@pytest.mark.parametrize("published", sorted(EXPECTED))
def test_release_counts(published):
    doc = parsed(published)
    parts, sections, rules, subrules, examples, glossary, lines, iso = EXPECTED[published]
    counts = doc.counts()
    assert (counts["parts"], counts["sections"], counts["rules"], counts["subrules"]) == (
        parts, sections, rules, subrules,
    )
    assert counts["examples"] == examples
    assert counts["glossary"] == glossary
    assert doc.line_count == lines
    assert doc.release == iso
    assert all(rule.release == iso and rule.lang == "en" for rule in doc.rules)
    assert all(entry.release == iso for entry in doc.glossary)


@pytest.mark.parametrize("published", sorted(EXPECTED))
def test_release_counts_agree_with_a_plain_scan(published):
    """An independent count straight from the decoded lines, with no state machine."""
    doc = parsed(published)
    text, _ = decoded(published)
    lines = [line.strip() for line in split_lines(text)]
    body = [i for i, line in enumerate(lines) if line == "1. Game Concepts"][1]
    glossary, credits = [i for i, line in enumerate(lines) if line == "Glossary"][1], None
    credits = [i for i, line in enumerate(lines) if line == "Credits"][1]
    rules = lines[body:glossary]
    assert sum(bool(re.match(r"\d\d\d\.\d+(\.|\s)", line)) for line in rules) == doc.counts()["rules"]
    assert sum(bool(re.match(r"\d\d\d\.\d+[a-z](\.|\s)", line)) for line in rules) == doc.counts()["subrules"]
    assert sum(bool(re.match(r"\d\d\d\. ", line)) for line in rules) == doc.counts()["sections"]
    assert sum(line.startswith("Example:") for line in rules) == doc.counts()["examples"]
    blocks = re.split(r"\n\s*\n", "\n".join(lines[glossary + 1 : credits]).strip())
    assert len(blocks) == doc.counts()["glossary"]


@pytest.mark.parametrize("published", sorted(EXPECTED))
def test_ids_unique_parents_present_document_order(published):
    doc = parsed(published)
    ids = [rule.id for rule in doc.rules]
    assert len(ids) == len(set(ids))
    known = set(ids)
    for rule in doc.rules:
        assert rule.parent is None if rule.kind == "part" else rule.parent in known, rule.id
        assert RuleNumber.parse(rule.id).kind == rule.kind
    keys = [rule_sort_key(rule_id) for rule_id in ids]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert [rule.line for rule in doc.rules] == sorted(rule.line for rule in doc.rules)


@pytest.mark.parametrize("published", sorted(EXPECTED))
def test_every_line_is_accounted_for(published):
    doc = parsed(published)
    assert check_accounting(doc) == []
    owners = line_owners(doc)
    assert sorted(owners) == list(range(1, doc.line_count + 1))
    assert [name for name, _, _ in doc.regions] == [
        "intro", "contents", "rules", "glossary", "credits", "notices",
    ]


@pytest.mark.parametrize("published", sorted(EXPECTED))
def test_records_point_at_their_lines(published):
    doc = parsed(published)
    text, _ = decoded(published)
    lines = split_lines(text)
    for rule in doc.rules:
        line = lines[rule.line - 1].strip()
        assert line.startswith(rule.id), (rule.id, line)
        assert rule.line <= rule.end_line
        for example in rule.examples:
            assert lines[example.line - 1].lstrip().startswith("Example:")
            assert example.rule == rule.id and not example.text.startswith("Example")
            assert rule.line < example.line <= rule.end_line
        assert [e.number for e in rule.examples] == list(range(1, len(rule.examples) + 1))
    for entry in doc.glossary:
        assert lines[entry.line - 1].strip() == entry.term
        assert entry.senses, entry.term


@pytest.mark.parametrize("published", sorted(EXPECTED))
def test_contents_front_matter_and_back_matter(published):
    doc = parsed(published)
    parts, sections = EXPECTED[published][:2]
    assert len(doc.contents) == parts + sections
    assert [entry_id for entry_id, _ in doc.contents if len(entry_id) == 1] == list("123456789")
    titles = {rule.id: rule.text for rule in doc.rules if rule.kind in ("part", "section")}
    assert dict(doc.contents) == titles
    assert read_effective_date(f"These rules are effective as of {doc.effective}").iso == EXPECTED[published][-1]
    assert doc.intro and all("effective as of" not in line for line in doc.intro)
    assert any("Richard Garfield" in line for line in doc.credits)
    assert not any(line.startswith("Published by") for line in doc.credits)
    reasons = {item.reason for item in doc.skipped}
    assert {"document title", "effective date", "effective date (repeated)", "blank"} <= reasons
    notices = [item.text for item in doc.skipped if item.reason.startswith("publisher")]
    assert any(text.startswith("Published by Wizards of the Coast") for text in notices)


def test_diagnostics_on_the_corpus_are_only_real_gaps():
    for published in EXPECTED:
        doc = parsed(published)
        messages = [d.message for d in doc.diagnostics]
        if published == "2023-04-14":
            # The official text goes from 712.3 straight to 712.3d.
            assert messages == ["712.3d follows 712.3: numbers missing between them"]
        else:
            assert messages == [], published


# -- what the 2026-01-16 release says --------------------------------------------------------------


def test_part_section_rule_subrule_shapes():
    doc = parsed("2026-01-16")
    part, section, rule, subrule = (doc.rule(i) for i in ("1", "100", "100.1", "100.1a"))
    assert (part.kind, part.parent, part.text) == ("part", None, "Game Concepts")
    assert (section.kind, section.parent, section.text) == ("section", "1", "General")
    assert (rule.kind, rule.parent) == ("rule", "100")
    assert rule.text.startswith("These Magic rules apply to any Magic game")
    assert (subrule.kind, subrule.parent, subrule.text) == (
        "subrule", "100.1", "A two-player game is a game that begins with only two players.",
    )
    assert doc.rule("702.100a").parent == "702.100"
    assert (doc.rule("704.5k").line, doc.rule("704.5m").line) < (doc.rule("704.5m").line, 10**6)


def test_irregular_numbers_are_rules_like_the_others():
    doc = parsed("2026-01-16")
    assert doc.rule("606.5").text.startswith("If the total cost to activate a loyalty ability")
    assert doc.rule("119.1d").kind == "subrule"
    assert doc.rule("119.1d").text.startswith("In a two-player Brawl game")
    assert doc.rule("901.4").text.startswith("All plane and phenomenon cards")


def test_example_in_a_paragraph_of_its_own_belongs_to_the_rule_above():
    doc = parsed("2026-01-16")
    rule = doc.rule("701.67b")
    assert len(rule.examples) == 1
    example = rule.examples[0]
    assert example.text.startswith("Spirit Water Revival is a spell")
    assert example.line == rule.line + 2 == rule.end_line
    assert doc.rule("701.67c").examples == []


def test_continuation_lines_join_with_newlines():
    doc = parsed("2026-01-16")
    rule = doc.rule("205.4c")
    first, second = rule.text.split("\n")
    assert first.startswith("Any land with the supertype “basic” is a basic land.")
    assert second.startswith("Cards printed in sets prior to the Eighth Edition core set")
    assert rule.end_line == rule.line + 1
    old = parsed("2017-09-25").rule("810.7b")
    assert old.text.count("\n") == 2
    assert old.text.split("\n")[2].startswith("All other cases in which the “defending player”")


def test_examples_are_not_capped():
    doc = parsed("2026-01-16")
    most = max(doc.rules, key=lambda r: len(r.examples))
    assert len(most.examples) == 4
    assert [e.id for e in most.examples][-1] == f"{most.id}#ex4"


def test_glossary_entries():
    doc = parsed("2026-01-16")
    entries = {entry.term: entry for entry in doc.glossary}
    ability = entries["Ability"]
    assert ability.senses == [
        "1. Text on an object that explains what that object does or can do.",
        "2. An activated or triggered ability on the stack. This kind of ability is an object.",
        "See rule 113, “Abilities,” and section 6, “Spells, Abilities, and Effects.”",
    ]
    assert ability.text == "\n".join(ability.senses)
    assert "Active Player, Nonactive Player Order" in entries
    assert entries["Active Player, Nonactive Player Order"].senses[0].startswith("A system that determines")
    assert len(entries["Play"].senses) == 5
    assert len(entries["Move"].senses) == 2
    assert doc.glossary[0].term == "Abandon"
    assert doc.glossary[-1].term == "Zone-Change Triggers"
    assert doc.glossary[-1].line == 9216


# -- invented texts in the format ------------------------------------------------------------------

HEAD = "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of March 3, 2027.\n\n"


def test_old_layout_current_as_of_indented_lines_and_contact_back_matter():
    text = (
        "Magic: The Gathering Comprehensive Rules\n\nThese rules are current as of October 1, 2005.\n\n"
        "Introduction\n\nSome words.\n\n \nContents\n\n1. The Game\n100. General\n\nGlossary\n\nCredits\n\n"
        "Questions?\n \n1. The Game\n\n100. General\n\n"
        "100.1. First rule.\n Example: An indented example.\n\n"
        "100.1a\u00a0A subrule after a no-break space.\n     Its indented second line.\n\n"
        "100.1b. A subrule written with a dot.\n\n"
        "Glossary\n\nType\nThe word has two meanings:\n     1. One meaning.\n     2. Another.\n\n"
        "Credits\n\nGame Design: Someone\n\nThese rules are current as of October 1, 2005.\n\n"
        "Published by a publisher.\n \nQuestions?\nContact the office nearest you.\n"
    )
    doc = parse_cr_text(text, "old.txt")
    assert (doc.release, doc.effective) == ("2005-10-01", "October 1, 2005")
    assert doc.contents == [("1", "The Game"), ("100", "General")]
    assert [r.id for r in doc.rules] == ["1", "100", "100.1", "100.1a", "100.1b"]
    assert doc.rule("100.1").examples[0].text == "An indented example."
    assert doc.rule("100.1a").text == "A subrule after a no-break space.\nIts indented second line."
    assert doc.rule("100.1b").text == "A subrule written with a dot."
    assert doc.glossary[0].senses == ["The word has two meanings:", "1. One meaning.", "2. Another."]
    assert doc.credits == ["Game Design: Someone"]
    assert doc.intro == ["Some words."]
    assert doc.diagnostics == []
    assert check_accounting(doc) == []
    back = [s.text for s in doc.skipped if s.reason.startswith("publisher")]
    assert back == ["Published by a publisher.", "Questions?", "Contact the office nearest you."]


def test_contents_list_without_its_heading():
    text = HEAD + "1. Game Concepts\n100. General\n101. Players\nGlossary\nCredits\n\n" + (
        "1. Game Concepts\n\n100. General\n\n100.1. A rule.\n\n101. Players\n\n101.1. Another.\n"
    )
    doc = parse_cr_text(text, "noheading.txt")
    assert doc.contents == [("1", "Game Concepts"), ("100", "General"), ("101", "Players")]
    assert [r.id for r in doc.rules] == ["1", "100", "100.1", "101", "101.1"]
    assert doc.rule("1").line == 11
    assert check_accounting(doc) == []
    assert [d.message for d in doc.diagnostics] == [
        "the file ends inside the numbered rules: no glossary or credits (cut short?)"
    ]


def test_contents_entries_glued_together_are_cut_apart():
    text = HEAD + "Contents\n\n1. The Game100. General101. Starting the Game\n\n2. Cards200. General\n\n" + (
        "1. The Game\n\n100. General\n\n100.1. Rule.\n\n101. Starting the Game\n\n101.1. Rule.\n\n"
        "2. Cards\n\n200. General\n\n200.1. Rule.\n"
    )
    doc = parse_cr_text(text, "glued.txt")
    assert doc.contents == [
        ("1", "The Game"), ("100", "General"), ("101", "Starting the Game"), ("2", "Cards"), ("200", "General"),
    ]
    assert len(doc.rules) == 8
    assert check_accounting(doc) == []


def test_a_number_inside_text_or_a_list_item_is_no_rule():
    text = HEAD + (
        "1. Game Concepts\n\n100. General\n\n"
        "100.1. A rule that lists:\n1. a first item,\n2. a second item, and see rule 100.2.\n\n"
        "100.2. Next rule mentions 100.3. in passing.\n"
    )
    doc = parse_cr_text(text, "list.txt")
    assert [r.id for r in doc.rules] == ["1", "100", "100.1", "100.2"]
    assert doc.rule("100.1").text == "A rule that lists:\n1. a first item,\n2. a second item, and see rule 100.2."


def test_rule_number_alone_takes_its_text_from_the_next_line():
    doc = parse_cr_text(HEAD + "1. Game Concepts\n\n100. General\n\n100.1.\nThe text.\n", "alone.txt")
    assert doc.rule("100.1").text == "The text."


def test_duplicate_and_out_of_order_numbers_keep_their_records_and_are_errors():
    text = HEAD + (
        "1. Game Concepts\n\n100. General\n\n"
        "100.1. First.\n\n100.2. Second.\n\n"
        "100.1. Again first.\ncontinued.\nExample: of the duplicate.\n\n"
        "100.1b Goes back.\n\n100.3. Third.\nExample: kept.\n"
    )
    doc = parse_cr_text(text, "dup.txt")
    assert [r.id for r in doc.rules] == ["1", "100", "100.1", "100.2", "100.1-2", "100.1b", "100.3"]
    assert doc.rule("100.1").text == "First."
    again = doc.rule("100.1-2")
    assert (again.kind, again.parent, again.line, again.end_line) == ("rule", "100", 13, 15)
    assert again.text == "Again first.\ncontinued." and again.examples[0].text == "of the duplicate."
    assert doc.rule("100.1b").text == "Goes back."
    errors = [(d.line, d.message) for d in doc.diagnostics if d.level == "error"]
    assert errors == [
        (13, "duplicate rule number 100.1 (first at line 9): kept as 100.1-2"),
        (17, "rule number 100.1b out of order (after 100.2): kept where it stands"),
    ]
    # The misplaced records do not move the numbering: 100.3 follows 100.2 with no warning.
    assert not [d for d in doc.diagnostics if d.line == 19]
    assert doc.rule("100.3").examples[0].text == "kept."
    assert check_accounting(doc) == []


def test_a_slip_in_a_number_is_read_as_the_number_that_fits():
    text = HEAD + (
        "1. Game Concepts\n\n100. General\n\n100.1. A.\n\n100.2. B.\n\n100.23. C.\n\n"
        "100.3a D.\n\n100.3b E.\n\n101. Next\n\n110.1. F.\n\n101.1a G.\n"
    )
    doc = parse_cr_text(text, "slips.txt")
    assert [r.id for r in doc.rules] == [
        "1", "100", "100.1", "100.2", "100.3", "100.3a", "100.3b", "101", "101.1", "101.1a",
    ]
    warnings = {d.line: d.message for d in doc.diagnostics}
    assert warnings[13].startswith("rule number 100.23 read as 100.3, the number that follows 100.2")
    assert warnings[21].startswith("rule number 110.1 read as 101.1, the number that follows 101")
    assert set(warnings) == {13, 21, 24}  # 24: the file ends inside the rules
    assert check_accounting(doc) == []


def test_a_number_the_numbering_cannot_give_is_reported_and_kept():
    for bad in ("101.4aaaaaaaa Deep subrule text.", "100.1aaaaaaaa.", "101.99999999999999999999.", "101.b Text."):
        text = HEAD + f"1. Game Concepts\n\n100. General\n\n100.1. A.\n\n{bad}\nmore of it.\n\n100.2. B.\n"
        doc = parse_cr_text(text, "bad.txt")
        assert [r.id for r in doc.rules] == ["1", "100", "100.1", "100.2"], bad
        assert doc.rule("100.1").text == "A."
        errors = [(d.line, d.level) for d in doc.diagnostics if "looks like a rule number" in d.message]
        assert errors == [(11, "error")], bad
        skipped = {s.line: (s.reason, s.text) for s in doc.skipped if s.reason != "blank"}
        assert skipped[11] == (f"not a rule number: {bad.split()[0]!r}", bad)
        assert skipped[12] == ("continues the skipped line 11", "more of it.")
        assert check_accounting(doc) == []


def test_a_wrapped_line_that_starts_with_a_number_stays_in_the_text():
    text = HEAD + (
        "1. Game Concepts\n\n100. General\n\n100.1. A rule that refers to a source. See rule\n"
        '419.8 "Sources of Damage."\n\n100.2. The next one, see rule\n100.3. And it goes on.\n\n'
        "100.3. Third.\n100.4. Fourth, right below.\n"
    )
    doc = parse_cr_text(text, "wrapped.txt")
    assert [r.id for r in doc.rules] == ["1", "100", "100.1", "100.2", "100.3", "100.4"]
    assert doc.rule("100.1").text == 'A rule that refers to a source. See rule\n419.8 "Sources of Damage."'
    assert doc.rule("100.2").text == "The next one, see rule\n100.3. And it goes on."
    warnings = {d.line: d.message for d in doc.diagnostics}
    assert warnings[10].startswith("419.8 starts the line but is read as part of the text of 100.1 above it")
    assert warnings[13].startswith("100.3 starts the line but is read as part of the text of 100.2 above it")
    assert set(warnings) == {10, 13, 17}  # 17: the file ends inside the rules


def test_a_space_inside_a_number_is_read_and_reported():
    text = HEAD + "1. Game Concepts\n\n100. General\n\n100.1. A.\n\n100. 1a B.\n\n100. 5 cards\n"
    doc = parse_cr_text(text, "spaced.txt")
    assert [r.id for r in doc.rules] == ["1", "100", "100.1", "100.1a"]
    assert doc.rule("100.1a").text == "B."
    messages = {d.line: d.message for d in doc.diagnostics}
    assert messages[11] == "rule number written '100. 1a', read as 100.1a"
    assert "looks like a rule number" in messages[13]


def test_missing_parent_and_gaps_are_reported():
    text = HEAD + "1. Game Concepts\n\n100. General\n\n100.1. A.\n\n100.3. C.\n\n101.2a Orphan.\n"
    doc = parse_cr_text(text, "gaps.txt")
    messages = [(d.line, d.message) for d in doc.diagnostics]
    assert (11, "100.3 follows 100.1: numbers missing between them") in messages
    assert (13, "101.2a has no 101.2 above it") in messages
    assert doc.rule("101.2a").parent == "101.2"


def test_effective_dates():
    assert read_effective_date("These rules are effective as of January 16, 2026.").iso == "2026-01-16"
    assert read_effective_date("These rules are current as of March 15, 2003.").iso == "2003-03-15"
    assert read_effective_date("These rules are effective as of Sept. 9, 2019.").iso == "2019-09-09"
    assert read_effective_date("These rules are effective as of 7 June 2024.").iso == "2024-06-07"
    assert read_effective_date("Effective as of June 7, 2024").written == "June 7, 2024"
    assert read_effective_date("Effective: June 7, 2024").iso == "2024-06-07"
    assert read_effective_date("These rules apply to any game.") is None
    bad = read_effective_date("These rules are effective as of February 30, 2026.")
    assert bad.iso == "" and "February 30, 2026" in bad.problem
    doc = parse_cr_text("These rules are effective as of Brumaire 3, 2026.\n", "bad-month.txt")
    assert (doc.release, doc.effective) == ("", "Brumaire 3, 2026")
    assert any("Brumaire" in d.message and d.line == 1 for d in doc.diagnostics)


def test_a_second_effective_date_that_differs_is_reported():
    text = HEAD + "100.1. A.\n\nGlossary\n\nCredits\n\nThese rules are effective as of May 1, 2027.\n"
    doc = parse_cr_text(text, "two-dates.txt")
    assert doc.release == "2027-03-03"
    assert any(d.line == 11 and "May 1, 2027 differs" in d.message for d in doc.diagnostics)


def test_rule_sort_key_and_numbers():
    ids = ["100.10", "2", "100.2", "100.1a", "100", "1", "100.1", "200", "100.1b", "702.100a", "702.99"]
    assert sorted(ids, key=rule_sort_key) == [
        "1", "100", "100.1", "100.1a", "100.1b", "100.2", "100.10", "2", "200", "702.99", "702.100a",
    ]
    assert sorted(["704.5p", "704.5k", "704.5m", "704.5n"], key=rule_sort_key) == [
        "704.5k", "704.5m", "704.5n", "704.5p",
    ]
    assert RuleNumber.parse("704.5m").follows_directly(RuleNumber.parse("704.5k"))
    assert RuleNumber.parse("704.5p").follows_directly(RuleNumber.parse("704.5n"))
    assert not RuleNumber.parse("704.5n").follows_directly(RuleNumber.parse("704.5k"))
    assert repr(RuleNumber.parse("100.1a")) == "RuleNumber.parse('100.1a')"
    for bad in ("", "10", "1000", "100.1A", "100.", "x"):
        with pytest.raises(RuleNumberError):
            RuleNumber.parse(bad)
    assert issubclass(RuleNumberError, ValueError)


def test_line_numbers_follow_split_lines_for_bare_cr_files():
    text = HEAD.replace("\n", "\r") + "1. Game Concepts\r\r100. General\r\r100.1. A.\r\n100.1a B.\r"
    doc = parse_cr_text(text, "cr.txt")
    assert doc.line_count == len(split_lines(text)) == 11
    assert [(r.id, r.line) for r in doc.rules] == [("1", 5), ("100", 7), ("100.1", 9), ("100.1a", 10)]


def test_same_input_same_output():
    text, decoding = decoded("2019-08-23")
    first = json.dumps(to_data(parse_cr_text(text, "a", decoding)), ensure_ascii=False)
    second = json.dumps(to_data(parse_cr_text(text, "a", decoding)), ensure_ascii=False)
    assert first == second


# -- bad input ------------------------------------------------------------------------------------


def _errors(doc):
    return [d for d in doc.diagnostics if d.level == "error"]


def test_empty_text():
    doc = parse_cr_text("", "empty.txt")
    assert (doc.line_count, doc.rules, doc.glossary, doc.release) == (1, [], [], "")
    assert [s.reason for s in doc.skipped] == ["blank"]
    assert [d.message for d in _errors(doc)] == ["no numbered rules in the file"]
    assert check_accounting(doc) == []


def test_binary_file_gives_diagnostics_not_a_traceback(tmp_path):
    path = tmp_path / "binary.txt"
    path.write_bytes(bytes(range(256)) * 40)
    doc = parse_cr(path)
    assert doc.decoding.encoding == "utf-8 (damaged)"
    first = doc.diagnostics[0]
    assert (first.source, first.line, first.level) == (str(path), 1, "error")
    assert "NUL" in first.message
    assert check_accounting(doc) == []


def test_file_with_no_effective_date():
    text, _ = decoded("2026-01-16")
    text = text.replace("These rules are effective as of January 16, 2026.", "")
    doc = parse_cr_text(text, "nodate.txt")
    assert (doc.release, doc.effective) == ("", "")
    assert len(doc.rules) == 9 + 146 + 1157 + 1957
    assert all(rule.release == "" for rule in doc.rules)
    assert [(d.line, d.message[:20]) for d in doc.diagnostics] == [(1, "no effective date (\"")]
    assert check_accounting(doc) == []


def test_file_cut_in_the_middle_of_a_rule():
    text, _ = decoded("2026-01-16")
    cut = text[: text.index("702.19b") + 40]
    doc = parse_cr_text(cut, "cut.txt")
    last = doc.rules[-1]
    assert last.id == "702.19b" and len(last.text) == 32
    assert doc.glossary == [] and doc.credits == []
    messages = [d.message for d in doc.diagnostics]
    assert any("ends inside the numbered rules" in m for m in messages)
    assert any(m.startswith("50 parts or sections in the contents are not in the rules: 703") for m in messages)
    assert check_accounting(doc) == []


def test_file_cut_in_the_middle_of_the_glossary():
    text, _ = decoded("2026-01-16")
    cut = text[: text.rindex("\rVanguard\r") + 30]
    doc = parse_cr_text(cut, "cutg.txt")
    assert len(doc.rules) == 9 + 146 + 1157 + 1957
    assert doc.glossary[-1].term == "Vanguard"
    assert doc.glossary[-1].senses == ["1. A casual variant"]
    assert any("ends inside the glossary" in d.message for d in doc.diagnostics)
    assert check_accounting(doc) == []


def test_random_text_and_a_huge_single_line():
    for text in ("x" * 5_000_000, "100.1. " + "y" * 5_000_000, "9" * 5_000_000, "\u00a0\ufeff\r\r\n\x0c"):
        doc = parse_cr_text(text, "odd.txt")
        assert doc.line_count == len(split_lines(text))
        assert check_accounting(doc) == []
        assert doc.diagnostics


def test_stray_text_is_reported_once_per_run():
    text = HEAD + "1. Game Concepts\n\n100. General\n\n100.1. A.\n\nstray one\n\nstray two\n\n100.2. B.\n"
    doc = parse_cr_text(text, "stray.txt")
    stray = [s.line for s in doc.skipped if s.reason == "text outside any rule"]
    assert stray == [11, 13]
    assert [d.line for d in doc.diagnostics if "belongs to no rule" in d.message] == [11]
    assert doc.rule("100.1").text == "A."


def test_text_right_under_a_part_or_section_title_is_not_the_title():
    text = "100. General\nMagic: The Gathering Comprehensive Rules\n\n100.1. A rule.\n"
    doc = parse_cr_text(text, "title.txt")
    assert doc.rule("100").text == "General"
    assert [(s.line, s.reason) for s in doc.skipped if s.reason != "blank"] == [(2, "text outside any rule")]
    assert check_accounting(doc) == []


def test_odd_spaces_and_marks_around_numbers():
    text = HEAD + "1.\u00a0Game Concepts\n\n\ufeff100.\u2002General\n\n100.1.\tA rule\u00a0with a no-break space.\n"
    doc = parse_cr_text(text, "spaces.txt")
    assert [(r.id, r.text) for r in doc.rules] == [
        ("1", "Game Concepts"), ("100", "General"), ("100.1", "A rule with a no-break space."),
    ]


def test_a_numbered_list_inside_the_introduction_stays_there():
    text = HEAD + "Introduction\n\nThis document has two parts:\n1. The rules\n2. The glossary\n\n" + (
        "Contents\n\n1. Game Concepts\n100. General\n\n1. Game Concepts\n\n100. General\n\n100.1. A rule.\n"
    )
    doc = parse_cr_text(text, "intro-list.txt")
    assert doc.intro == ["This document has two parts:", "1. The rules", "2. The glossary"]
    assert [r.id for r in doc.rules] == ["1", "100", "100.1"]
    assert check_accounting(doc) == []


def test_a_document_let_go_is_freed_at_once_without_the_cycle_collector():
    # Nothing the reader builds refers back to it, so the records a caller drops go with it by
    # reference counting alone, not after the next full collection.
    text = "Comprehensive Rules\n\n1. Game Concepts\n\n100. General\n\n100.1. Text.\n\nExample: One.\n"
    enabled = gc.isenabled()
    gc.disable()
    try:
        doc = parse_cr_text(text, "x.txt")
        rule = weakref.ref(doc.rule("100.1"))
        example = weakref.ref(doc.rule("100.1").examples[0])
        del doc
        assert rule() is None and example() is None
    finally:
        if enabled:
            gc.enable()
