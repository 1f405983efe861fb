"""Rule numbers: recognising them at the start of a line, and ordering them.

The numbering has four levels: part "1", section "100", rule "100.1", subrule "100.1a". Sections
are three digits whose first digit is their part. Subrule letters run a..z but skip "l" and "o"
(easily confused with 1 and 0). Releases write the separator after a number in several ways:
"100.1. Text", "606.5 Text", "119.1d. Text", "901.4.Text", with odd spaces normalised beforehand.
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
_ID = re.compile(r"(?P<part>[1-9])|(?P<section>[1-9]\d\d)(?:\.(?P<rule>\d{1,3})(?P<letter>[a-z])?)?")


class RuleNumberError(ValueError):
    """A string that is not a rule number."""


@total_ordering
class RuleNumber:
    """A position in the numbering; compares in document order (100 < 100.1 < 100.1a < 100.2 < 100.10).
    Treat it as a value: its attributes are read, never set."""

    __slots__ = ("part", "section", "rule", "letter", "id", "kind", "parent", "sort_key")

    def __init__(self, part: int, section: int | None = None, rule: int | None = None,
                 letter: str | None = None):
        self.part, self.section, self.rule, self.letter = part, section, rule, letter
        kind: RuleKind
        if section is None:
            rule_id, kind, parent = str(part), "part", None
        elif rule is None:
            rule_id, kind, parent = str(section), "section", str(part)
        elif letter is None:
            rule_id, kind, parent = f"{section}.{rule}", "rule", str(section)
        else:
            rule_id, kind, parent = f"{section}.{rule}{letter}", "subrule", f"{section}.{rule}"
        self.id: str = rule_id
        self.kind: RuleKind = kind
        self.parent: str | None = parent
        # Unused letters sort where the alphabet puts them, so "l" still falls between "k" and "m".
        self.sort_key: tuple[int, int, int, int] = (
            part,
            -1 if section is None else section,
            -1 if rule is None else rule,
            -1 if letter is None else ord(letter) - ord("a"),
        )

    @classmethod
    def parse(cls, rule_id: str) -> RuleNumber:
        match = _ID.fullmatch(rule_id)
        if match is None:
            raise RuleNumberError(f"{rule_id!r} is not a rule number")
        if match["part"]:
            return cls(int(match["part"]))
        section = int(match["section"])
        rule = int(match["rule"]) if match["rule"] else None
        return cls(section // 100, section, rule, match["letter"])

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


def rule_sort_key(rule_id: str) -> tuple[int, int, int, int]:
    """Document order of a rule id: sort ids with `sorted(ids, key=rule_sort_key)`."""
    return RuleNumber.parse(rule_id).sort_key


@dataclass(slots=True)
class NumberedLine:
    """A line that starts with a rule number: the number, the separator as written, the text after it."""

    number: RuleNumber
    separator: str
    text: str


def match_numbered(text: str) -> NumberedLine | None:
    """The rule number a cleaned line starts with, or None.

    A part or section number counts only in front of a title; a rule or subrule number may stand
    alone (its text then follows on the next lines). A number glued to a word ("100.1ab") or a
    title that starts with a digit ("100. 5 cards") is no rule number."""
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
        if not match["separator"].startswith(".") or not body or body[0].isdigit():
            return None
        if len(body) > HEADING_TITLE_MAX:
            return None
        return NumberedLine(RuleNumber(section // 100, section), match["separator"], body)
    number = RuleNumber(section // 100, section, int(match["rule"]), match["letter"])
    return NumberedLine(number, match["separator"], body)
