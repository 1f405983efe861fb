"""The state machine that walks a rules file line by line.

The document runs intro -> contents -> rules -> glossary -> credits -> notices; each state has
one handler that decides what a classified line means there, and every line ends up in a record
or in the skipped list with its reason.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import operator
from collections import deque
from collections.abc import Callable, Iterable, Iterator

from kb.model import CRDocument, Decoding
from kb.parse.cr.contents import contents_entries, glued_entries
from kb.parse.cr.credits import NOTICE_REASON, is_notice
from kb.parse.cr.dates import EffectiveDate, read_effective_date
from kb.parse.cr.glossary import Glossary
from kb.parse.cr.lines import _SHORT as _DATE_MAX, Line, LineKind, classify
from kb.parse.cr.normalize import _BOM_AS_CP1252, clean, only_trimmed
from kb.parse.cr.report import Report, skipped_entry
from kb.parse.cr.rules import HEADING_TITLE_MAX, SECTION_LINE
from kb.parse.cr.tree import RuleTree
from kb.parse.cr.wrapping import is_hard_wrapped, unwrap


class State(enum.Enum):
    INTRO = "intro"
    CONTENTS = "contents"
    RULES = "rules"
    GLOSSARY = "glossary"
    CREDITS = "credits"
    NOTICES = "notices"


# States where the effective-date statement is only text.
_NO_DATES = frozenset((State.RULES, State.GLOSSARY))
# The order of skipped lines and diagnostics.
_LINE = operator.attrgetter("line")
# States whose lines are read by a loop of their own.
_OWN_LOOPS = frozenset((State.RULES, State.GLOSSARY))


class Reader:
    def __init__(self, source: str, ascii_trimmed: bool = False):
        """`ascii_trimmed`: whether the text holds no ASCII character `clean` changes (see
        `normalize.ascii_lines_only_trimmed`)."""
        self.report = Report(source, ascii_trimmed)
        self.tree = RuleTree(self.report)
        self.glossary = Glossary(self.report)
        self.intro: list[str] = []
        self.contents: list[tuple[str, str]] = []
        self.credits: list[str] = []
        self.effective: EffectiveDate | None = None
        self.effective_line = 0
        self.state = State.INTRO
        self.regions: list[list] = [[State.INTRO.value, 1, 0]]
        self._contents_ids: set[str] = set()
        # The last line the introduction read (0: none yet), to tell a paragraph's first line.
        self._intro_last = 0
        # The handler of a classified line in the current state, for the states without a loop of
        # their own (see `read`), looked up once per change of state rather than once per line.
        self._handler = _HANDLERS[State.INTRO]
        self._dates = True

    def read(self, lines: Iterable[str]) -> int:
        """Read the raw lines of a file, in order; returns how many there were. A run of blank lines
        is one skipped entry and one event for the state, whatever its length. The rules and the
        glossary, nine lines in ten, are read by loops of their own (`RuleTree.read_lines`,
        `Glossary.read_lines`) that take the common cases without building a `Line`."""
        numbered = enumerate(lines, 1)
        number, rest = 0, None
        while rest is None:  # each loop returns early, with no rest, only on entering another state
            state = self.state
            if state is State.RULES:
                number, rest = self.tree.read_lines(numbered, number, self._rules_other)
            elif state is State.GLOSSARY:
                number, rest = self.glossary.read_lines(numbered, number, self._glossary_other)
            else:
                number, rest = self._read_lines(numbered, number)
        blank_from, blank_raw = rest
        if blank_from:
            self.report.skipped.append(
                skipped_entry(self.report.source, blank_from, "blank", blank_raw, number if number > blank_from else 0)
            )
        return number

    def _read_lines(self, lines: Iterator[tuple[int, str]], number: int) -> tuple[int, tuple[int, str] | None]:
        """Read lines in the states without a loop of their own, until one with a loop of its own
        is entered; returns what `RuleTree.read_lines` returns."""
        source, add_skipped, ascii_trimmed = self.report.source, self.report.skipped.append, self.report.ascii_trimmed
        blank_from, blank_raw = 0, ""
        for number, raw in lines:
            # Most lines are printable and need only trimming (see `clean`).
            text = raw.strip() if (raw.isascii() and (ascii_trimmed or only_trimmed(raw))
                                   or raw.isprintable() and not raw.startswith(_BOM_AS_CP1252)) else clean(raw)
            if not text:
                if not blank_from:
                    blank_from, blank_raw = number, raw
                continue
            if blank_from:
                last = number - 1
                add_skipped(skipped_entry(source, blank_from, "blank", blank_raw, last if last > blank_from else 0))
                blank_from = 0
            state = self.state
            if state is State.CONTENTS and self._section_entry(text):
                continue
            if state is State.NOTICES and not text[0].isdigit() and (
                len(text) >= _DATE_MAX or read_effective_date(text) is None
            ):
                # What `_notices` does with a line that is no effective date and no rule.
                add_skipped(skipped_entry(source, number, NOTICE_REASON, raw))
                continue
            self._handler(self, classify(number, raw, text, self._dates))
            if self.state in _OWN_LOOPS:
                return number, None
        return number, (blank_from, blank_raw)

    def _section_entry(self, text: str) -> bool:
        """Take a contents line that lists one section not listed yet ("101. The Magic Golden
        Rules"), as `_contents` would; False (nothing done) for any other line."""
        match = SECTION_LINE.match(text)
        if match is None:
            return False
        section_id, title = match.groups()
        if (len(title) > HEADING_TITLE_MAX or section_id in self._contents_ids
                or (len(text) > 8 and glued_entries(text))):
            return False
        self.contents.append((section_id, title))
        self._contents_ids.add(section_id)
        return True

    # -- states ---------------------------------------------------------------------------------

    def _rules_other(self, number: int, raw: str, text: str) -> bool:
        """A line of the rules that `RuleTree.read_lines` does not take itself; False once the
        rules are over."""
        self._rules(classify(number, raw, text, False))
        return self.state is State.RULES

    def _glossary_other(self, number: int, raw: str, text: str) -> bool:
        """A line of the glossary that `Glossary.read_lines` does not take itself; False once the
        glossary is over."""
        self._glossary(classify(number, raw, text, False))
        return self.state is State.GLOSSARY

    def _intro(self, line: Line) -> None:
        kind = line.kind
        seen_text = self._intro_last > 0
        after_blank = not seen_text or self._intro_last != line.number - 1
        self._intro_last = line.number
        if kind is LineKind.BLANK:
            self.report.skip(line, "blank")
        elif kind is LineKind.EFFECTIVE:
            self._effective_date(line)
        elif kind is LineKind.HEADING and line.heading != "Questions?":
            self.report.skip(line, f"heading: {line.heading}")
            following = {"Contents": State.CONTENTS, "Glossary": State.GLOSSARY, "Credits": State.CREDITS}
            if line.heading in following:
                self._enter(following[line.heading], line.number + 1)
        elif kind is LineKind.NUMBERED and after_blank:
            # The rules (or a contents list with no heading) begin; a numbered line inside an
            # intro paragraph is a list item of that paragraph.
            self._enter(State.RULES, line.number)
            self._rules(line)
        elif not seen_text and "comprehensive rules" in line.text.lower():
            self.report.skip(line, "document title")
        else:
            if kind is LineKind.MALFORMED:
                self.report.warn(line.number, "line in the introduction starts like a rule number the numbering cannot give")
            self.intro.append(line.text)

    def _contents(self, line: Line) -> None:
        kind = line.kind
        if kind is LineKind.BLANK:
            self.report.skip(line, "blank")
            return
        if kind is LineKind.EFFECTIVE:
            self._effective_date(line)
            return
        if kind is LineKind.HEADING:
            self.report.skip(line, f"contents entry: {line.heading}")
            return
        entries = contents_entries(line.numbered, line.text) if kind is not LineKind.EXAMPLE else []
        if entries and entries[0][0] in self._contents_ids:
            self._enter(State.RULES, line.number)
            self._rules(line)
        elif entries:
            self.contents.extend(entries)
            self._contents_ids.update(entry_id for entry_id, _ in entries)
        elif kind is LineKind.NUMBERED:
            self._enter(State.RULES, line.number)
            self._rules(line)
        else:
            self.report.skip(line, "contents: not a part or section entry")
            self.report.warn(line.number, "line in the contents that names no part or section")

    def _rules(self, line: Line) -> None:
        kind, tree = line.kind, self.tree
        if kind is LineKind.BLANK:
            self.report.skip(line, "blank")
            tree.blank()
        elif kind is LineKind.NUMBERED:
            number = line.numbered.number
            if number.kind == "part" and not tree.starts_paragraph():
                # "2. ..." right under a rule's text is a list item of that text, not part 2.
                tree.text(line)
            elif number.kind in ("part", "section") and tree.has(number.id) and not tree.has_rules:
                self._rules_were_contents(line)
            else:
                tree.numbered(line)
        elif kind is LineKind.EXAMPLE:
            tree.example(line)
        elif kind is LineKind.MALFORMED:
            tree.malformed(line)
        elif kind is LineKind.HEADING and line.heading in ("Glossary", "Credits"):
            if tree.rules and not tree.has_rules:
                # Parts and sections with no rule yet: a contents list without its heading.
                self.report.skip(line, f"contents entry: {line.heading}")
                return
            tree.close()
            self.report.skip(line, f"heading: {line.heading}")
            if line.heading == "Credits":
                self.report.warn(line.number, "credits follow the rules with no glossary between")
                self._enter(State.CREDITS, line.number + 1)
            else:
                self._enter(State.GLOSSARY, line.number + 1)
        else:
            tree.text(line)

    def _glossary(self, line: Line) -> None:
        if line.kind is LineKind.BLANK:
            self.report.skip(line, "blank")
            self.glossary.blank()
        elif line.kind is LineKind.HEADING and line.heading == "Credits":
            self.glossary.close()
            self.report.skip(line, "heading: Credits")
            self._enter(State.CREDITS, line.number + 1)
        else:
            if self.glossary.at_term() and (line.kind is LineKind.MALFORMED or self._stray_rule(line)):
                self.report.warn(line.number, "a glossary term that starts like a rule number (a rule out of place?)")
            self.glossary.line(line)

    def _credits(self, line: Line) -> None:
        if line.kind is LineKind.BLANK:
            self.report.skip(line, "blank")
        elif line.kind is LineKind.EFFECTIVE:
            self._enter(State.NOTICES, line.number)
            self._effective_date(line)
        elif is_notice(line.text) or self._stray_rule(line):
            self._enter(State.NOTICES, line.number)
            self._notices(line)
        else:
            self.credits.append(line.text)

    def _notices(self, line: Line) -> None:
        if line.kind is LineKind.BLANK:
            self.report.skip(line, "blank")
        elif line.kind is LineKind.EFFECTIVE:
            self._effective_date(line)
        elif self._stray_rule(line):
            self.report.skip(line, "numbered rule after the credits")
            self.report.warn(line.number, "numbered rule after the credits (files joined?)")
        else:
            self.report.skip(line, NOTICE_REASON)

    # -- helpers --------------------------------------------------------------------------------

    @staticmethod
    def _stray_rule(line: Line) -> bool:
        if line.kind is LineKind.MALFORMED:
            return True
        return line.kind is LineKind.NUMBERED and line.numbered.number.kind in ("rule", "subrule")

    def _effective_date(self, line: Line) -> None:
        found = line.effective
        if self.effective is None:
            self.effective, self.effective_line = found, line.number
            self.report.release = found.iso
            self.report.skip(line, "effective date")
            if found.problem:
                self.report.warn(line.number, found.problem)
            return
        self.report.skip(line, "effective date (repeated)")
        if found.iso != self.effective.iso:
            self.report.warn(
                line.number,
                f"effective date {found.written} differs from {self.effective.written} "
                f"(line {self.effective_line})",
            )

    def _enter(self, state: State, first_line: int) -> None:
        self.regions[-1][2] = first_line - 1
        self.regions.append([state.value, first_line, 0])
        self.state = state
        self._handler = _HANDLERS.get(state, self._handler)
        self._dates = state not in _NO_DATES

    def _rules_were_contents(self, line: Line) -> None:
        """The parts and sections read so far were a contents list with no "Contents" heading:
        they become `contents`, and the rules start again at this line."""
        region = self.regions[-1]
        region[0] = State.CONTENTS.value
        listed = self.tree.reset()
        self.contents.extend((rule.id, rule.text) for rule in listed)
        self._contents_ids.update(rule.id for rule in listed)
        # Warnings about those headings were about a list, not about rules.
        self.report.diagnostics = [
            d for d in self.report.diagnostics
            if d.level == "error" or not region[1] <= d.line < line.number
        ]
        self._enter(State.RULES, line.number)
        self.tree.numbered(line)

    # -- result ---------------------------------------------------------------------------------

    def document(self, source: str, decoding: Decoding, line_count: int) -> CRDocument:
        self.tree.close()
        self.glossary.close()
        self.regions[-1][2] = line_count
        self._final_checks(line_count)
        if is_hard_wrapped(self.tree.rules):
            joined = unwrap(self.tree.rules, self.glossary.entries)
            decoding = dataclasses.replace(decoding, notes=(
                *decoding.notes, f"hard-wrapped: {joined:,} line breaks joined into their paragraphs",
            ))
        release = self.effective.iso if self.effective else ""
        if release:
            _date_undated(self.tree.rules, release)
            _date_undated(self.glossary.entries, release)
        return CRDocument(
            source=source,
            release=release,
            effective=self.effective.written if self.effective else "",
            decoding=decoding,
            line_count=line_count,
            intro=self.intro,
            contents=self.contents,
            rules=self.tree.rules,
            glossary=self.glossary.entries,
            credits=self.credits,
            skipped=sorted(self.report.skipped, key=_LINE),
            diagnostics=sorted(self.report.diagnostics, key=_LINE),
            regions=self._final_regions(),
        )

    def _final_regions(self) -> list[tuple[str, int, int]]:
        regions: list[tuple[str, int, int]] = []
        for name, first, last in self.regions:
            if first > last:
                continue
            if regions and regions[-1][0] == name:
                regions[-1] = (name, regions[-1][1], last)
            else:
                regions.append((name, first, last))
        return regions

    def _final_checks(self, line_count: int) -> None:
        report, tree = self.report, self.tree
        if self.effective is None:
            report.warn(1, 'no effective date ("These rules are effective as of ...") in the file')
        if not tree.has_rules:
            report.error(line_count, "no numbered rules in the file")
        elif self.state is State.RULES:
            report.warn(line_count, "the file ends inside the numbered rules: no glossary or credits (cut short?)")
        elif self.state is State.GLOSSARY:
            report.warn(line_count, "the file ends inside the glossary: no credits (cut short?)")
        if not tree.has_rules:
            return
        titles = {rule.id: rule for rule in tree.titles}
        missing = [entry_id for entry_id, _ in self.contents if entry_id not in titles]
        if missing:
            shown = ", ".join(missing[:8]) + (", ..." if len(missing) > 8 else "")
            report.warn(line_count, f"{len(missing)} parts or sections in the contents are not in the rules: {shown}")
        for entry_id, title in self.contents:
            rule = titles.get(entry_id)
            if rule is not None and rule.text != title:
                report.warn(rule.line, f"{entry_id} is titled {rule.text!r} here but {title!r} in the contents")


# Each state's handler, for the states without a loop of their own: plain functions, not methods
# bound to the reader, so that the reader holds no reference to itself and is freed (with every
# record it made that the caller does not keep) as soon as the caller lets it go, without waiting
# for the cycle collector.
_HANDLERS: dict[State, Callable[[Reader, Line], None]] = {
    State.INTRO: Reader._intro,
    State.CONTENTS: Reader._contents,
    State.CREDITS: Reader._credits,
    State.NOTICES: Reader._notices,
}


def _date_undated(records: list, release: str) -> None:
    """Date the records made before the effective date was read: they carry "" (`Report.release`)
    and come first, as records are made in the order of the lines."""
    undated = 0
    for record in records:
        if record.release == release:
            break
        undated += 1
    if undated:
        _set_each(records[:undated], "release", release)


def _set_each(records: list, name: str, value: object) -> None:
    """`setattr(record, name, value)` for every record, in one pass of C code."""
    deque(map(setattr, records, itertools.repeat(name), itertools.repeat(value)), maxlen=0)
