"""The loops that read the rules and the glossary take the common lines themselves, with the state
in local variables; every line they take must end exactly where the state's handler would put it.
Here each release, and generated text, is parsed twice: as shipped, and with those loops replaced
by one that hands every line to the handler (`classify` and `Reader._rules` / `Reader._glossary`),
and the two documents must be equal in every field."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.decode import read_text, split_lines
from kb.model import to_data
from kb.parse.cr import parse_cr_text
from kb.parse.cr.glossary import Glossary
from kb.parse.cr.normalize import clean
from kb.parse.cr.report import skipped_entry
from kb.parse.cr.tree import RuleTree

from shared_releases import release, release_files
from test_parse_cr_properties import FORMAT_ALPHABET, real_lines


def _every_line_to_the_handler(on_blank):
    def read_lines(self, lines, number, other):
        blank_from, blank_raw = 0, ""
        for number, raw in lines:
            text = clean(raw)
            if not text:
                if not blank_from:
                    blank_from, blank_raw = number, raw
                    on_blank(self)
                continue
            if blank_from:
                last = number - 1
                self.report.skipped.append(
                    skipped_entry(self.report.source, blank_from, "blank", blank_raw, last if last > blank_from else 0)
                )
                blank_from = 0
            if not other(number, raw, text):
                return number, None
        return number, (blank_from, blank_raw)

    return read_lines


def _both_ways(text: str, source: str = "generated.txt") -> tuple[dict, dict]:
    fast = to_data(parse_cr_text(text, source))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RuleTree, "read_lines", _every_line_to_the_handler(RuleTree.blank))
        patch.setattr(Glossary, "read_lines", _every_line_to_the_handler(Glossary.close))
        slow = to_data(parse_cr_text(text, source))
    return fast, slow


def test_the_slow_reader_really_is_another_path(monkeypatch):
    calls = []
    monkeypatch.setattr(RuleTree, "read_lines", _every_line_to_the_handler(lambda tree: calls.append(1)))
    parse_cr_text("Comprehensive Rules\n\n1. Game Concepts\n\n100. General\n\n100.1. Text.\n\n100.2. More.\n", "x.txt")
    assert calls


# Releases of each era: the first, old numbering with hard-wrapped lines, Windows-1252, UTF-16,
# CR line endings, and the newest.
@pytest.mark.parametrize("date", ["2003-03-15", "2004-02-01", "2007-09-07", "2011-04-01", "2017-09-25",
                                  "2022-11-18", "2026-01-16"])
def test_a_release_reads_the_same_either_way(date):
    text, _ = read_text(release(date))
    fast, slow = _both_ways(text, f"MagicCompRules-{date}.txt")
    assert fast == slow


def test_every_release_reads_the_same_either_way_in_counts():
    # Every release, in a cheaper form: counts, the lines of records and skipped runs, diagnostics.
    for name, path in sorted(release_files().items()):
        text, _ = read_text(path)
        fast, slow = _both_ways(text, name)
        for key in ("rules", "glossary", "skipped", "diagnostics", "regions", "line_count"):
            assert fast[key] == slow[key], (name, key)


HANDMADE = """Magic: The Gathering Comprehensive Rules

These rules are effective as of May 5, 2025.

Contents

1. Game Concepts
100. General

1. Game Concepts

100. General

100.1. These rules apply to any game of Magic, and this line runs long enough
to be continued by the next line, which is long enough as well.

100.1aaaa This number cannot be given by the numbering, and its text is long
and this line continues it, long enough to pass for a continuation of it.

100.1a. A subrule after the skipped line, right where the numbering gives it,
with its own continuation line, long enough to pass for one too.
Example: An example paragraph of the subrule, written on one line here.
And a line that continues the example, long enough to be taken as one.

100.1b A subrule written without a period after its letter.
100.1c A subrule right under the last one, with no blank line between them.

100.2. A rule whose text breaks off at the end, see rule
100.3. which the next line starts with a number.

100.4.

A paragraph of text after a blank line that belongs to no rule at all, long.

100.5l A subrule letter the rules never use, long enough to read as text.

100.5. The fifth rule.

100.7. A rule that leaves a number out, long enough to be a rule text line.

Glossary

Active Player
The player whose turn it is. See rule 102.1.

2HG
Shorthand for Two-Headed Giant.

Active Player
Again, a second time.

100.5a. A rule in the glossary
Text.

Credits

Lead Designer: Someone

Published by Wizards of the Coast LLC.
"""


@pytest.mark.parametrize("ending", ["\n", "\r", "\r\n"])
@pytest.mark.parametrize("cut", [None, 40, 60])
def test_handmade_corner_cases_read_the_same_either_way(ending, cut):
    lines = HANDMADE.split("\n")[:cut]
    fast, slow = _both_ways(ending.join(lines))
    assert fast == slow


SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.lists(FORMAT_ALPHABET, max_size=300).map("".join))
def test_text_made_of_the_format_s_pieces_reads_the_same_either_way(text):
    fast, slow = _both_ways(text)
    assert fast == slow


@SETTINGS
@given(st.data())
def test_a_mutated_release_reads_the_same_either_way(data):
    lines = list(real_lines())
    for _ in range(data.draw(st.integers(0, 10), label="mutations")):
        i = data.draw(st.integers(0, len(lines) - 1), label="at")
        op = data.draw(st.sampled_from(["drop", "blank", "duplicate", "swap", "join", "indent", "bom", "nbsp"]))
        j = data.draw(st.integers(0, len(lines) - 1), label="other")
        if op == "drop":
            del lines[i]
        elif op == "blank":
            lines.insert(i, data.draw(st.sampled_from(["", " ", "\t", "\u00a0"])))
        elif op == "duplicate":
            lines.insert(i, lines[j])
        elif op == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "join" and i + 1 < len(lines):
            lines[i : i + 2] = [lines[i] + " " + lines[i + 1]]
        elif op == "indent":
            lines[i] = "  " + lines[i] + "\t"
        elif op == "bom":
            lines[i] = "\u00ef\u00bb\u00bf" + lines[i]
        elif op == "nbsp":
            lines[i] = lines[i].replace(" ", "\u00a0", 1)
    text = data.draw(st.sampled_from(["\n", "\r", "\r\n"])).join(lines)
    assert split_lines(text) == lines or any("\r" in line or "\n" in line for line in lines)
    fast, slow = _both_ways(text)
    assert fast == slow


SECTIONS = """These rules are effective as of May 5, 2025.

1. Game Concepts

100. General

100.1. A rule of the first section, long enough to be a line of rule text here.

101. The Section That Follows Directly

101.1. A rule.
102. A Section Title Right Under A Rule Line With No Blank Line Between Them

104. A Section That Leaves One Out

104.1. A rule.

104. A Section Given Twice

103. A Section That Goes Back

105. A Title Far Too Long To Be A Title, Written Out At Length So That It Runs Past The Hundred Characters A Title May Hold

300. A Section Whose Part Is Missing

300.1. A rule.

2. Parts of a Card

200. A Section That Goes Back To The Start Of Its Part

Glossary

Term
Text.
"""


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
def test_section_titles_read_the_same_either_way(ending):
    fast, slow = _both_ways(SECTIONS.replace("\n", ending))
    assert fast == slow
    assert any(rule["id"] == "101" and rule["kind"] == "section" for rule in fast["rules"])
