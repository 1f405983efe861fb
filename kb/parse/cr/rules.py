"""Rule numbers: recognising them at the start of a line, and ordering them.

The numbering has four levels: part "1", section "100", rule "100.1", subrule "100.1a". Sections
are three digits whose first digit is their part. Subrule letters run a..z but skip "l" and "o"
(easily confused with 1 and 0). Releases write the separator after a number in several ways:
"100.1. Text", "606.5 Text", "119.1d. Text", "901.4.Text", with odd spaces normalised beforehand.
Some releases slip a space into a number ("606. 8b Players ..."); it is read as 606.8b and reported.

A second record under a number already taken keeps the number with a copy mark, "702.30d-2": no
rule of the format is written that way, so the id cannot collide with another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import total_ordering

from kb.model import RuleKind

SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"
UNUSED_LETTERS = frozenset("lo")
# Headings are titles ("Game Concepts", "Spells, Abilities, and Effects"), never sentences.
HEADING_TITLE_MAX = 100

_PART = re.compile(r"(?P<part>[1-9])\.[ ]*(?P<title>[^\d\s.].*)")
_NUMBERED = re.compile(
    r"(?P<section>[1-9]\d\d)(?:\.(?P<rule>\d{1,3})(?P<letter>[a-z])?)?"
    r"(?P<separator>\.[ ]*|[ ]+|$)(?P<text>.*)",
    re.DOTALL,
)
# The common case, tried first: a rule or subrule number and its separator ("100.1a ", "901.4.").
RULE_START = re.compile(r"([1-9]\d\d)\.(0|[1-9]\d{0,2})([a-z]?)(\.[ ]*|[ ]+|$)")
# The common section title, for the parser's hot path: "101. The Magic Golden Rules" (a capital
# after one space, so `match_numbered` reads it as this section and this title): section, title.
SECTION_LINE = re.compile(r"([1-9]\d\d)\. ([A-Z].*)", re.DOTALL)
# "606. 8b Text": a rule or subrule number with a space after the section's period.
_SPACED = re.compile(r"(?P<rule>\d{1,3})(?P<letter>[a-z])?(?P<separator>\.[ ]*|[ ]+|$)(?P<text>.*)", re.DOTALL)
_ID = re.compile(
    r"(?:(?P<part>[1-9])|(?P<section>[1-9]\d\d)(?:\.(?P<rule>\d{1,3})(?P<letter>[a-z])?)?)"
    r"(?:-(?P<copy>[2-9]|[1-9]\d+))?"
)
# What a reader would take for a rule number at the start of a line: a section, a period, digits,
# letters, then a period, a space, the end or a capital; or a subrule letter with no rule number
# ("306.b If ..."). "212.4, ..." and "409.1f-h." are not.
_LOOKS_NUMBERED = re.compile(r"[1-9]\d\d\.(?:[ ]?\d+[a-z]*|[a-z])(?:\.|[ ]|$|(?=[A-Z]))")


class RuleNumberError(ValueError):
    """A string that is not a rule number."""


@total_ordering
class RuleNumber:
    """A position in the numbering; compares in document order (100 < 100.1 < 100.1a < 100.2 < 100.10).
    Treat it as a value: its attributes are read, never set."""

    __slots__ = ("part", "section", "rule", "letter", "copy", "id", "kind", "parent", "sort_key")

    def __init__(self, part: int, section: int | None = None, rule: int | None = None,
                 letter: str | None = None, copy: int = 0):
        self.part, self.section, self.rule, self.letter, self.copy = part, section, rule, letter, copy
        kind: RuleKind
        if section is None:
            rule_id, kind, parent = str(part), "part", None
        elif rule is None:
            rule_id, kind, parent = str(section), "section", str(part)
        elif letter is None:
            rule_id, kind, parent = f"{section}.{rule}", "rule", str(section)
        else:
            rule_id, kind, parent = f"{section}.{rule}{letter}", "subrule", f"{section}.{rule}"
        if copy:
            rule_id = f"{rule_id}-{copy}"
        self.id: str = rule_id
        self.kind: RuleKind = kind
        self.parent: str | None = parent
        # Unused letters sort where the alphabet puts them, so "l" still falls between "k" and "m".
        self.sort_key: tuple[int, int, int, int, int] = (
            part,
            -1 if section is None else section,
            -1 if rule is None else rule,
            -1 if letter is None else ord(letter) - ord("a"),
            copy,
        )

    @classmethod
    def parse(cls, rule_id: str) -> RuleNumber:
        match = _ID.fullmatch(rule_id)
        if match is None:
            raise RuleNumberError(f"{rule_id!r} is not a rule number")
        copy = int(match["copy"]) if match["copy"] else 0
        if match["part"]:
            return cls(int(match["part"]), copy=copy)
        section = int(match["section"])
        rule = int(match["rule"]) if match["rule"] else None
        return cls(section // 100, section, rule, match["letter"], copy)

    @classmethod
    def _of_rule(cls, section: int, rule: int, letter: str, rule_id: str, section_id: str) -> RuleNumber:
        """A rule or subrule number read from a line, `rule_id` as written there: the same value as
        `RuleNumber(section // 100, section, rule, letter or None)`, built for the parser's hot path."""
        number = object.__new__(cls)
        part = section // 100
        number.part, number.section, number.rule, number.copy, number.id = part, section, rule, 0, rule_id
        if letter:
            number.letter, number.kind, number.parent = letter, "subrule", rule_id[:-1]
            number.sort_key = (part, section, rule, ord(letter) - 97, 0)
        else:
            number.letter, number.kind, number.parent = None, "rule", section_id
            number.sort_key = (part, section, rule, -1, 0)
        return number

    def with_copy(self, copy: int) -> RuleNumber:
        """The same number marked as its `copy`-th occurrence (2 for the second)."""
        return RuleNumber(self.part, self.section, self.rule, self.letter, copy)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self.sort_key == other.sort_key

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __hash__(self) -> int:
        return hash(self.sort_key)

    def follows_directly(self, previous: RuleNumber) -> bool:
        """Whether this number is the one the numbering gives right after `previous`
        (the next sibling, or the first child)."""
        if self.kind == "part":
            return self.part == previous.part + 1
        if self.kind == "section":
            if previous.section is None:
                return self.section == self.part * 100 and previous.part == self.part
            return self.section == previous.section + 1 or (
                self.section == self.part * 100 and self.part == previous.part + 1
            )
        if self.kind == "rule":
            if previous.section == self.section and previous.rule is not None:
                return self.rule == previous.rule + 1
            return previous.section == self.section and self.rule == 1
        if previous.section == self.section and previous.rule == self.rule:
            if previous.letter is None:
                return self.letter == "a"
            return _letter_after(previous.letter) == self.letter
        return False

    def __repr__(self) -> str:
        return f"RuleNumber.parse({self.id!r})"


def _letter_after(letter: str) -> str | None:
    if letter not in SUBRULE_LETTERS:
        return chr(ord(letter) + 1)
    index = SUBRULE_LETTERS.index(letter) + 1
    return SUBRULE_LETTERS[index] if index < len(SUBRULE_LETTERS) else None


def rule_sort_key(rule_id: str) -> tuple[int, int, int, int, int]:
    """Document order of a rule id: sort ids with `sorted(ids, key=rule_sort_key)`."""
    return RuleNumber.parse(rule_id).sort_key


@dataclass(slots=True)
class NumberedLine:
    """A line that starts with a rule number: the number, the separator as written, the text after it."""

    number: RuleNumber
    separator: str
    text: str
    # The number as written when it was not written the usual way ("606. 8b"), else "".
    irregular: str = ""


def match_numbered(text: str) -> NumberedLine | None:
    """The rule number a cleaned line starts with, or None.

    A part or section number counts only in front of a title; a rule or subrule number may stand
    alone (its text then follows on the next lines). A number glued to a word ("100.1ab") or a
    title that starts with a digit ("100. 5 cards") is no rule number."""
    match = RULE_START.match(text)
    if match is not None:
        section_id, rule_text, letter, separator = match.groups()
        end = match.end(3)
        number = RuleNumber._of_rule(int(section_id), int(rule_text), letter, text[:end], section_id)
        return NumberedLine(number, separator, text[match.end() :])
    match = _PART.fullmatch(text)
    if match is not None:
        title = match["title"]
        if len(title) > HEADING_TITLE_MAX or title.endswith("."):
            return None
        return NumberedLine(RuleNumber(int(match["part"])), text[1 : match.start("title")], title)
    match = _NUMBERED.fullmatch(text)
    if match is None:
        return None
    section = int(match["section"])
    body = match["text"]
    if match["rule"] is None:
        if body[:1].isdigit() and match["separator"].startswith(". "):
            spaced = _SPACED.fullmatch(body)
            if spaced is not None and spaced["separator"] and not spaced["rule"].startswith("0"):
                number = RuleNumber(section // 100, section, int(spaced["rule"]), spaced["letter"])
                written = text[: len(text) - len(spaced["text"])].rstrip(" .")
                return NumberedLine(number, spaced["separator"], spaced["text"], written)
        if not match["separator"].startswith(".") or not body or body[0].isdigit():
            return None
        if body[0].islower() and body[1:2] in ("", " ", "."):
            return None  # "306.b Text": a subrule letter that lost its rule number, no title
        if len(body) > HEADING_TITLE_MAX:
            return None
        return NumberedLine(RuleNumber(section // 100, section), match["separator"], body)
    number = RuleNumber(section // 100, section, int(match["rule"]), match["letter"])
    return NumberedLine(number, match["separator"], body)


def looks_numbered(text: str) -> bool:
    """Whether a cleaned line starts with what a reader would take for a rule number, even one the
    numbering does not allow ("101.4aaaa Text", "101.99999999."): such a line is never plain text."""
    return _LOOKS_NUMBERED.match(text) is not None
