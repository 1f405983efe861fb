"""The numbered rules as records: parts, sections, rules and subrules in document order.

A numbered line opens a record; the lines right below a rule (no blank line between) continue its
text, and "Example:" lines add examples, even when an example stands in a paragraph of its own.
Part and section lines are titles and take no more lines.
A number that repeats an earlier one, or that goes back in the numbering, opens no record: the
line and the lines that belong to it are reported as skipped, with a diagnostic naming the line.
"""

from __future__ import annotations

from kb.model import Example, Rule
from kb.parse.cr.lines import Line
from kb.parse.cr.report import Report
from kb.parse.cr.rules import UNUSED_LETTERS, RuleNumber


class RuleTree:
    def __init__(self, report: Report):
        self.report = report
        self.rules: list[Rule] = []
        self._first_line: dict[str, int] = {}
        self._last: RuleNumber | None = None
        self._open: Rule | None = None
        self._open_example: Example | None = None
        # The line of a rejected number whose continuation and examples are skipped with it.
        self._rejected: int | None = None
        self._after_blank = True
        self._rule_count = 0
        # One warning for a run of stray paragraphs, not one per line.
        self._stray_reported = False

    @property
    def has_rules(self) -> bool:
        """Whether any rule or subrule was read (parts and sections alone may be a contents list)."""
        return self._rule_count > 0

    def has(self, rule_id: str) -> bool:
        return rule_id in self._first_line

    def starts_paragraph(self) -> bool:
        return self._after_blank

    def blank(self) -> None:
        self._after_blank = True

    def numbered(self, line: Line) -> bool:
        """Open the record a numbered line starts; False (and the line skipped) if it may not."""
        assert line.numbered is not None
        number, text = line.numbered.number, line.numbered.text
        self._after_blank = False
        self._open_example = None
        problem = self._rejection(number)
        if problem:
            self.report.skip(line, problem)
            self.report.error(line.number, problem)
            self._open, self._rejected = None, line.number
            return False
        self._check_fit(line, number)
        rule = Rule(
            id=number.id, kind=number.kind, parent=number.parent, text=text, release="",
            lang="en", source=self.report.source, line=line.number, end_line=line.number,
        )
        self.rules.append(rule)
        self._first_line[rule.id] = line.number
        # A part or section line is a title: text right below it is no part of it.
        is_rule = rule.kind in ("rule", "subrule")
        self._open = rule if is_rule else None
        self._rule_count += is_rule
        self._last, self._rejected = number, None
        self._stray_reported = False
        return True

    def example(self, line: Line) -> None:
        self._after_blank = False
        if self._rejected is not None:
            self.report.skip(line, f"example of the skipped line {self._rejected}")
            return
        if self._open is None:
            self.report.skip(line, "example outside any rule")
            self.report.warn(line.number, "example outside any rule")
            return
        rule = self._open
        example = Example(rule.id, len(rule.examples) + 1, line.example, line.number)
        rule.examples.append(example)
        rule.end_line = line.number
        self._open_example = example

    def text(self, line: Line) -> None:
        """A line that is neither numbered nor an example: the continuation of what is above it."""
        after_blank, self._after_blank = self._after_blank, False
        if self._rejected is not None and not after_blank:
            self.report.skip(line, f"continues the skipped line {self._rejected}")
            return
        if self._open is None or after_blank:
            self.report.skip(line, "text outside any rule")
            if not self._stray_reported:
                self.report.warn(line.number, "text that belongs to no rule (up to the next rule)")
                self._stray_reported = True
            self._open, self._open_example, self._rejected = None, None, None
            return
        if self._open_example is not None:
            example = self._open_example
            example.text = f"{example.text}\n{line.text}" if example.text else line.text
        else:
            rule = self._open
            rule.text = f"{rule.text}\n{line.text}" if rule.text else line.text
        self._open.end_line = line.number

    def close(self) -> None:
        """No more lines belong to the open record (a heading or the glossary follows)."""
        self._open, self._open_example, self._rejected = None, None, None
        self._after_blank = True

    def reset(self) -> list[Rule]:
        """Forget every record read so far and return them (they were a contents list)."""
        taken = self.rules
        self.__init__(self.report)
        return taken

    def _rejection(self, number: RuleNumber) -> str:
        rule_id = number.id
        if rule_id in self._first_line:
            return f"duplicate rule number {rule_id} (first at line {self._first_line[rule_id]})"
        if self._last is not None and not self._last < number:
            return f"rule number {rule_id} out of order (after {self._last.id})"
        return ""

    def _check_fit(self, line: Line, number: RuleNumber) -> None:
        if number.letter in UNUSED_LETTERS:
            self.report.warn(line.number, f"subrule letter {number.letter!r} is never used by the rules")
        parent = number.parent
        if parent is not None and parent not in self._first_line:
            self.report.warn(line.number, f"{number.id} has no {parent} above it")
        elif self._last is not None and not number.follows_directly(self._last):
            if number.kind in ("rule", "subrule") and self._last.kind in ("rule", "subrule"):
                self.report.warn(line.number, f"{number.id} follows {self._last.id}: numbers missing between them")
