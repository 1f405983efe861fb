"""The numbered rules as records: parts, sections, rules and subrules in document order.

A numbered line opens a record; the lines right below a rule (no blank line between) continue its
text, and "Example:" lines add examples, even when an example stands in a paragraph of its own.
Part and section lines are titles and take no more lines.

No numbered line is lost and none is taken silently:
- a number the numbering does not give next, right below a rule's text, is a wrapped line of that
  text when the text above breaks off mid-sentence ("... See rule" / "419.8 ...") or the number
  does not fit where it stands; it stays in the text, with a warning naming the line;
- a number that does not fit but would with one slip undone (two digits swapped, a digit too many,
  another section's number: "432.2b" after 423.2a, "505.54." after 505.4) is read as the number
  that fits, with a warning that says what was read;
- a number already taken keeps its record under a copy mark ("702.30d-2"), a number that goes
  back keeps its record where it stands; both are errors naming the line;
- a line that looks like a rule number the numbering cannot give ("101.4aaaa ...") opens no
  record: it and the lines that continue it are skipped, with an error naming the line.
"""

from __future__ import annotations

import re

from collections.abc import Callable, Iterator

from kb.model import Example, Rule, Skipped
from kb.parse.cr.lines import _EXAMPLE, _HEADING_MAX, Line
from kb.parse.cr.normalize import _BOM_AS_CP1252, clean, only_trimmed
from kb.parse.cr.report import Report
from kb.parse.cr.rules import HEADING_TITLE_MAX, SECTION_LINE, SUBRULE_LETTERS, UNUSED_LETTERS, RuleNumber

# Text that breaks off where a rule number would continue it: "See rule", "rules 409.1b and".
_DANGLING = re.compile(r"(?:\b(?:rules?|see|and|or|of|through|to|in|under)|[,(\u2013\u2014-])$", re.IGNORECASE)
_SHOWN = 60
_NEXT_LETTER = dict(zip(SUBRULE_LETTERS, SUBRULE_LETTERS[1:]))
# The most digits a rule number has (`RULE_START`): a successor past it is no rule number.
_LAST_RULE = 999


def _successors(number: RuleNumber) -> tuple[str | None, str | None, int]:
    """What the numbering gives right after `number`, for the fast path: the id of the next
    subrule of the same rule (None if none), the id of the next rule of the same section (None
    past the last rule number) and that rule's number (sections and parts are rare and take the
    general path)."""
    if number.kind == "section":
        return None, f"{number.section}.1", 1
    if number.kind == "rule" or number.kind == "subrule":
        following = number.rule + 1
        rule = f"{number.section}.{following}" if following <= _LAST_RULE else None
        if number.kind == "rule":
            return f"{number.id}a", rule, following
        after = _NEXT_LETTER.get(number.letter)
        return (f"{number.section}.{number.rule}{after}" if after else None), rule, following
    return None, None, 0


def _section_follows(section_id: str, last_id: str | None) -> bool:
    """Whether section `section_id` is the one the numbering gives right after the number
    `last_id` (a part, a section, or a rule or subrule of a section): `RuleNumber.follows_directly`
    for a section, read from the ids."""
    if last_id is None:
        return False
    section, part = int(section_id), int(section_id[0])
    if len(last_id) == 1:  # a part: its first section
        return section == part * 100 and int(last_id) == part
    last_section = int(last_id[:3])
    return section == last_section + 1 or (section == part * 100 and part == last_section // 100 + 1)


class RuleTree:
    def __init__(self, report: Report):
        self.report = report
        self._source = report.source
        self.rules: list[Rule] = []
        # The parts and sections among them.
        self.titles: list[Rule] = []
        self._first_line: dict[str, int] = {}
        # The last number read in order: its id, the number itself once asked for, and the ids of
        # the rule and subrule the numbering gives right after it (the common case, checked first).
        self._last_id: str | None = None
        self._last_number: RuleNumber | None = None
        self._direct_next: tuple[str | None, str | None, int] = (None, None, 0)
        self._open: Rule | None = None
        # The text lines of the open rule or example, joined once it closes (a text of many
        # thousand lines must not be copied once per line).
        self._target: Rule | Example | None = None
        self._pieces: list[str] = []
        # The line of a skipped number whose continuation and examples are skipped with it.
        self._rejected: int | None = None
        self._after_blank = True
        self._previous_text = ""
        # Whether a rule or subrule was read.
        self._read_a_rule = False
        # One warning per missing parent, not one per orphan under it.
        self._missing_parents: set[str] = set()
        # One warning for a run of stray paragraphs, not one per line.
        self._stray_reported = False

    @property
    def _last(self) -> RuleNumber | None:
        if self._last_number is None and self._last_id is not None:
            self._last_number = RuleNumber.parse(self._last_id)
        return self._last_number

    def _advance(self, number: RuleNumber) -> None:
        self._last_id, self._last_number = number.id, number
        self._direct_next = _successors(number)

    @property
    def has_rules(self) -> bool:
        """Whether any rule or subrule was read (parts and sections alone may be a contents list)."""
        return self._read_a_rule

    def has(self, rule_id: str) -> bool:
        return rule_id in self._first_line

    def starts_paragraph(self) -> bool:
        return self._after_blank

    def blank(self) -> None:
        self._after_blank = True

    # -- lines ----------------------------------------------------------------------------------

    def numbered(self, line: Line) -> None:
        """Open the record a numbered line starts, or take the line as text (see the module)."""
        numbered = line.numbered
        assert numbered is not None
        number = numbered.number
        fit = self._fit(number)
        if not self._after_blank and self._open is not None:
            if fit not in ("direct", "gap") or _DANGLING.search(self._previous_text):
                why = "the text above breaks off" if fit in ("direct", "gap") else self._why(number, fit)
                self.report.warn(
                    line.number,
                    f"{number.id} starts the line but is read as part of the text of "
                    f"{self._open.id} above it ({why})",
                )
                self.text(line)
                return
        if numbered.irregular and fit != "direct":
            # "100. 5 cards" is no rule 100.5 unless the numbering gives 100.5 right there.
            self.malformed(line, numbered.irregular)
            return
        if fit != "direct" and self._last is not None:
            fixed = self._correction(number)
            if fixed is not None:
                written = numbered.irregular or number.id
                self.report.warn(
                    line.number,
                    f"rule number {written} read as {fixed.id}, the number that follows {self._last.id} "
                    f"(a slip in the text: {self._why(number, fit)})",
                )
                number, fit = fixed, "direct"
        self._after_blank = False
        if numbered.irregular:
            self.report.warn(line.number, f"rule number written {numbered.irregular!r}, read as {number.id}")
        if fit == "duplicate":
            copy = 2
            while number.with_copy(copy).id in self._first_line:
                copy += 1
            kept = number.with_copy(copy)
            self.report.error(
                line.number,
                f"duplicate rule number {number.id} (first at line {self._first_line[number.id]}): "
                f"kept as {kept.id}",
            )
            self._check_parent(line, number)
            self._record(line, kept, advance=False)
        elif fit == "backwards":
            self.report.error(
                line.number, f"rule number {number.id} out of order (after {self._last.id}): kept where it stands"
            )
            self._check_parent(line, number)
            self._record(line, number, advance=False)
        else:
            self._check_fit(line, number, fit)
            self._record(line, number, advance=True)

    def read_lines(self, lines: Iterator[tuple[int, str]], number: int,
                   other: Callable[[int, str, str], bool]) -> tuple[int, tuple[int, str] | None]:
        """Read numbered lines `(number, raw)` of the rules until `other` says they are over.

        The common cases are taken here, with the tree's state held in local variables: a blank
        run, a rule or subrule line that starts a paragraph with the number the numbering gives
        next (its parent read, its letter one the rules use), a section title that follows the
        last section directly ("101. The Magic Golden Rules", its part read), an example of the
        open rule, and a line that continues the open rule or example (neither a number nor
        "E...", longer than any heading). Any other line goes to `other(number, raw, text)`, with the state written
        back first and read again after; `other` returns False once the line has ended the rules.
        Returns the last line number read, and then None if `other` ended the rules, else (the
        lines ran out) the first line and raw text of the blank run still open at the end (0 and
        "" if none)."""
        report = self.report
        source, add_skipped = self._source, report.skipped.append
        new_object, example_label = object.__new__, _EXAMPLE.match
        next_letter, skipped_type, rule_type, example_type = _NEXT_LETTER, Skipped, Rule, Example
        heading_max, bom, last_rule = _HEADING_MAX, _BOM_AS_CP1252, _LAST_RULE
        ascii_trimmed, release = report.ascii_trimmed, report.release
        blank_from, blank_raw = 0, ""
        # The tree's state, read into local variables; `last_id` is the last rule opened on the
        # fast path since the state was last written back ("" if none). `pieces` is None while
        # the text of `target`, a rule or example opened here, is its one line as read.
        # `next_subrule`, `next_rule` and `next_rule_number` are what `_successors` gives.
        after_blank, open_rule, target, pieces = self._after_blank, self._open, self._target, self._pieces
        rejected, previous_text = self._rejected, self._previous_text
        next_subrule, next_rule, next_rule_number = self._direct_next
        rules_append, first_line, titles_append = self.rules.append, self._first_line, self.titles.append
        section_title, heading_title_max = SECTION_LINE.match, HEADING_TITLE_MAX
        last_id = ""
        for number, raw in lines:
            # Most blank lines are empty and need no cleaning.
            text = (raw.strip() if (raw.isascii() and (ascii_trimmed or only_trimmed(raw))
                                    or raw.isprintable() and not raw.startswith(bom)) else clean(raw)) if raw else ""
            if not text:
                if not blank_from:
                    blank_from, blank_raw, after_blank = number, raw, True
                continue
            if blank_from:
                # `skipped_entry`, inlined: a release has thousands of blank runs.
                item = new_object(skipped_type)
                fields = item.__dict__
                fields["source"] = source
                fields["line"] = blank_from
                fields["reason"] = "blank"
                fields["text"] = blank_raw
                last = number - 1
                fields["end_line"] = last if last > blank_from else 0
                add_skipped(item)
                blank_from = 0
            first = text[0]
            if first.isdigit():
                if after_blank or open_rule is None:
                    # The number the numbering gives next, followed by what `RULE_START` takes for
                    # the end of a number (a period, a space or the end of the line): the same
                    # reading as that regular expression's, found with a prefix test or two.
                    if next_subrule is not None and text.startswith(next_subrule):
                        rule_id, kind, parent = next_subrule, "subrule", next_subrule[:-1]
                    elif next_rule is not None and text.startswith(next_rule):
                        rule_id, kind, parent = next_rule, "rule", next_rule[:3]
                    else:
                        rule_id = None
                    if rule_id is not None:
                        end = len(rule_id)
                        after = text[end : end + 1]
                        if (after == " " or after == "." or not after) and parent in first_line:
                            if pieces is not None and target is not None and (
                                len(pieces) > 1 or pieces and target.text != pieces[0]
                            ):
                                target.text = "\n".join(pieces)
                            # `Rule(...)`, field by field: half the time of the dataclass's
                            # `__init__` (no call), the same record.
                            open_rule = target = new_object(rule_type)
                            open_rule.id, open_rule.kind, open_rule.parent = rule_id, kind, parent
                            open_rule.text, open_rule.release, open_rule.lang = text[end + 1 :].lstrip(" "), release, "en"
                            open_rule.source, open_rule.line, open_rule.examples = source, number, []
                            open_rule.end_line = number
                            rules_append(open_rule)
                            first_line[rule_id] = number
                            pieces = rejected = None
                            previous_text, after_blank = text, False
                            last_id = rule_id
                            if kind == "rule":
                                next_subrule = rule_id + "a"
                                next_rule_number += 1
                                next_rule = f"{parent}.{next_rule_number}" if next_rule_number <= last_rule else None
                            else:
                                letter = rule_id[-1]
                                next_subrule = parent + next_letter[letter] if letter in next_letter else None
                            continue
                    else:
                        section_line = section_title(text)
                        if section_line is not None and (last_id or self._read_a_rule):
                            # A section title right after the last section's rules: what `numbered`
                            # does with a section that fits directly under its part.
                            section_id, title = section_line.groups()
                            part_id = section_id[0]
                            if (section_id not in first_line and part_id in first_line
                                    and len(title) <= heading_title_max
                                    and _section_follows(section_id, last_id or self._last_id)):
                                if pieces is not None and target is not None and (
                                    len(pieces) > 1 or pieces and target.text != pieces[0]
                                ):
                                    target.text = "\n".join(pieces)
                                title_rule = rule_type(
                                    section_id, "section", part_id, title, release, "en", source, number, [], number
                                )
                                rules_append(title_rule)
                                titles_append(title_rule)
                                first_line[section_id] = number
                                open_rule = target = rejected = None
                                pieces = []
                                previous_text, after_blank = text, False
                                last_id = section_id
                                next_subrule, next_rule, next_rule_number = None, section_id + ".1", 1
                                continue
            elif first == "E":
                if open_rule is not None and rejected is None and text.startswith("Example"):
                    label = example_label(text)
                    if label is not None:
                        # What `example` does with the line.
                        if pieces is not None and target is not None and (
                            len(pieces) > 1 or pieces and target.text != pieces[0]
                        ):
                            target.text = "\n".join(pieces)
                        examples = open_rule.examples
                        target = new_object(example_type)  # `Example(...)`, field by field
                        target.rule, target.number = open_rule.id, len(examples) + 1
                        target.text, target.line = text[label.end() :], number
                        examples.append(target)
                        open_rule.end_line = number
                        pieces, previous_text, after_blank = None, text, False
                        continue
            elif len(text) > heading_max and not after_blank and open_rule is not None and rejected is None:
                if pieces is None:
                    pieces = [target.text, text] if target.text else [text]
                else:
                    pieces.append(text)
                open_rule.end_line = number
                previous_text = text
                continue
            # Any other line: the tree's state written back, the line read the general way.
            direct_next = next_subrule, next_rule, next_rule_number
            self._write_back(after_blank, open_rule, target, pieces, rejected, previous_text, direct_next, last_id)
            last_id = ""
            going_on = other(number, raw, text)
            after_blank, open_rule, target, pieces = self._after_blank, self._open, self._target, self._pieces
            rejected, previous_text = self._rejected, self._previous_text
            next_subrule, next_rule, next_rule_number = self._direct_next
            rules_append, first_line, titles_append = self.rules.append, self._first_line, self.titles.append
            if not going_on:
                return number, None
        direct_next = next_subrule, next_rule, next_rule_number
        self._write_back(after_blank, open_rule, target, pieces, rejected, previous_text, direct_next, last_id)
        return number, (blank_from, blank_raw)

    def _write_back(self, after_blank: bool, open_rule: Rule | None, target: Rule | Example | None,
                    pieces: list[str] | None, rejected: int | None, previous_text: str,
                    direct_next: tuple[str | None, str | None, int], last_id: str) -> None:
        """The state `read_lines` held in local variables, back in the tree."""
        if pieces is None:
            pieces = [target.text] if target.text else []
        self._after_blank, self._open, self._target, self._pieces = after_blank, open_rule, target, pieces
        self._rejected, self._previous_text, self._direct_next = rejected, previous_text, direct_next
        if last_id:
            self._last_id, self._last_number, self._stray_reported = last_id, None, False
            self._read_a_rule = True

    def malformed(self, line: Line, written: str = "") -> None:
        """A line that starts like a rule number the numbering cannot give: skipped, with the lines
        that continue it."""
        self._flush()
        self._after_blank = False
        token = written or line.text.split(" ", 1)[0][:_SHOWN]
        reason = f"not a rule number: {token!r}"
        self.report.skip(line, reason)
        self.report.error(line.number, f"{token!r} looks like a rule number but the numbering has no such number; "
                                       "the line and its continuation are skipped")
        self._open, self._rejected = None, line.number

    def example(self, line: Line) -> None:
        self._after_blank = False
        if self._rejected is not None:
            self.report.skip(line, f"example of the skipped line {self._rejected}")
            return
        if self._open is None:
            self.report.skip(line, "example outside any rule")
            self.report.warn(line.number, "example outside any rule")
            return
        self._flush()
        rule = self._open
        example = Example(rule.id, len(rule.examples) + 1, line.example, line.number)
        rule.examples.append(example)
        rule.end_line = line.number
        self._target, self._pieces = example, [line.example] if line.example else []
        self._previous_text = line.text

    def text(self, line: Line) -> None:
        """A line that is neither numbered nor an example: the continuation of what is above it."""
        after_blank, self._after_blank = self._after_blank, False
        if self._rejected is not None and not after_blank:
            self.report.skip(line, f"continues the skipped line {self._rejected}")
            return
        if self._open is None or after_blank:
            self._flush()
            self.report.skip(line, "text outside any rule")
            if not self._stray_reported:
                self.report.warn(line.number, "text that belongs to no rule (up to the next rule)")
                self._stray_reported = True
            self._open, self._rejected = None, None
            return
        self._pieces.append(line.text)
        self._open.end_line = line.number
        self._previous_text = line.text

    def close(self) -> None:
        """No more lines belong to the open record (a heading or the glossary follows)."""
        self._flush()
        self._open, self._rejected = None, None
        self._after_blank = True

    def reset(self) -> list[Rule]:
        """Forget every record read so far and return them (they were a contents list)."""
        self._flush()
        taken = self.rules
        self.__init__(self.report)
        return taken

    # -- helpers --------------------------------------------------------------------------------

    def _record(self, line: Line, number: RuleNumber, advance: bool) -> None:
        if self._target is not None:
            self._flush()
        text = line.numbered.text
        kind = number.kind
        rule = Rule(number.id, kind, number.parent, text, self.report.release, "en", self.report.source, line.number,
                    [], line.number)
        self.rules.append(rule)
        self._first_line[rule.id] = line.number
        self._rejected = None
        # A part or section line is a title: text right below it is no part of it.
        if kind == "rule" or kind == "subrule":
            self._open = rule
            self._target, self._pieces = rule, [text] if text else []
            self._read_a_rule = True
        else:
            self._open = None
            self.titles.append(rule)
        self._previous_text = line.text
        if advance:
            self._advance(number)
        self._stray_reported = False

    def _flush(self) -> None:
        target = self._target
        if target is not None:
            if len(self._pieces) > 1 or (self._pieces and target.text != self._pieces[0]):
                target.text = "\n".join(self._pieces)
            self._target, self._pieces = None, []

    def _fit(self, number: RuleNumber) -> str:
        """How a number fits after the last one read: "direct" (the next the numbering gives),
        "gap" (later, numbers missing between), "orphan" (later, no parent read), "duplicate" or
        "backwards"."""
        if number.id in self._first_line:
            return "duplicate"
        last = self._last
        if last is None:
            return "direct"
        if not last.sort_key < number.sort_key:
            return "backwards"
        if number.follows_directly(last):
            return "direct"
        if number.parent not in self._first_line and number.kind in ("rule", "subrule"):
            return "orphan"
        return "gap"

    def _why(self, number: RuleNumber, fit: str) -> str:
        last = self._last.id if self._last is not None else "the start"
        return {
            "duplicate": f"{number.id} is taken (line {self._first_line.get(number.id)})",
            "backwards": f"{number.id} comes before {last}",
            "orphan": f"{number.id} has no {number.parent} above it",
            "gap": f"{number.id} leaves numbers missing after {last}",
            "direct": f"{number.id} follows {last}",
        }[fit]

    def _correction(self, number: RuleNumber) -> RuleNumber | None:
        """The one number, one slip away from `number`, that the numbering gives next; or None."""
        last = self._last
        if last is None or number.section is None:
            return None
        section, rule = str(number.section), "" if number.rule is None else str(number.rule)
        readings = {(section[:i] + section[i + 1] + section[i] + section[i + 2 :], rule) for i in range(2)}
        if rule:
            readings |= {(section, rule[:i] + rule[i + 1] + rule[i] + rule[i + 2 :]) for i in range(len(rule) - 1)}
            readings |= {(section, rule[:i] + rule[i + 1 :]) for i in range(len(rule))} if len(rule) > 1 else set()
            if last.section is not None:
                readings.add((str(last.section), rule))
            if number.letter and last.rule is not None and last.section == number.section:
                readings.add((section, str(last.rule)))
        found = set()
        for new_section, new_rule in readings:
            if new_section[0] == "0" or (new_rule and new_rule[0] == "0" and new_rule != "0"):
                continue
            candidate = RuleNumber(
                int(new_section[0]), int(new_section), int(new_rule) if new_rule else None, number.letter
            )
            if candidate.id != number.id and candidate.id not in self._first_line and candidate.follows_directly(last):
                found.add(candidate)
        return found.pop() if len(found) == 1 else None

    def _check_parent(self, line: Line, number: RuleNumber) -> bool:
        """Warn (once per parent) when the parent of `number` was never read; True if it was not."""
        parent = number.parent
        if parent is None or parent in self._first_line:
            return False
        if parent not in self._missing_parents:
            self._missing_parents.add(parent)
            self.report.warn(line.number, f"{number.id} has no {parent} above it")
        return True

    def _check_fit(self, line: Line, number: RuleNumber, fit: str) -> None:
        if number.letter in UNUSED_LETTERS:
            self.report.warn(line.number, f"subrule letter {number.letter!r} is never used by the rules")
        if self._check_parent(line, number):
            return
        last = self._last
        if fit != "direct" and last is not None:
            if number.kind in ("rule", "subrule") and last.kind in ("rule", "subrule"):
                self.report.warn(line.number, f"{number.id} follows {last.id}: numbers missing between them")
